// What the benchmarks that start the built server share: its environment and a real sign-in.

/** The built server's environment for a bench database: production, quiet, no bot. */
export function serverEnv(databasePath, configPath) {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_PATH: databasePath,
    SPANKBANK_CONFIG: configPath,
    LOG_LEVEL: "warn",
    DISCORD_TOKEN: "",
  };
}

/** Signs in as a partner (the password's real cost) and returns the session cookie, `name=value`. */
export async function signIn(url, { username, password }) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0].split(";")[0];
}
