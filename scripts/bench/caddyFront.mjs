// The front a partner's phone reaches the app through (docs/deploy.md, "https with Caddy"): Caddy
// over https, with HTTP/2 and the Caddyfile's `encode` and `reverse_proxy`, for the page benches.
// A phone never talks to Node's plain HTTP/1.1 listener: measured there, a first load waited on
// six connections' round trips that the phone's one multiplexed connection does not have.
// The certificate is Caddy's own (`tls internal`): the bench's Chromium ignores certificate errors.
import { spawn, spawnSync } from "node:child_process";
import { openSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import { freePort } from "../freePort.mjs";

/** Chromium's flag for the certificate of Caddy's own authority, which no browser trusts. */
export const TRUST_BENCH_CERTIFICATE = "--ignore-certificate-errors";

/** Fails at once, saying what to install, when Caddy is not on this machine. */
export function requireCaddy() {
  if (spawnSync("caddy", ["version"], { stdio: "ignore" }).status !== 0) {
    throw new Error(
      "bench:web measures through Caddy, as the app is deployed: install it first (apt-get install caddy)",
    );
  }
}

/**
 * Starts Caddy in `dir` in front of the app at `appPort` and waits until it answers; resolves to
 * its https origin (the app's PUBLIC_URL) and a stop. The port is chosen before the app starts, so
 * the app can be told its public origin: `origin` then `start()`.
 */
export async function caddyFront(dir) {
  const port = await freePort();
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    async start(appPort) {
      const caddyfile = join(dir, "Caddyfile");
      writeFileSync(
        caddyfile,
        `{
	admin off
	auto_https disable_redirects
	skip_install_trust
	http_port ${await freePort()}
	storage file_system ${join(dir, "caddy")}
	log {
		level ERROR
	}
}
${origin} {
	tls internal
	encode zstd gzip
	reverse_proxy 127.0.0.1:${appPort}
}
`,
      );
      // Its own log (a line at every start) is kept in `dir` and shown only if it fails to start.
      const log = join(dir, "caddy.log");
      const caddy = spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
        cwd: dir,
        stdio: ["ignore", "ignore", openSync(log, "w")],
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, "xdg"), XDG_CONFIG_HOME: join(dir, "xdg") },
      });
      const exited = new Promise((resolve) => caddy.once("exit", resolve));
      try {
        await answers(`${origin}/api/health`, exited);
      } catch (error) {
        caddy.kill("SIGTERM");
        throw new Error(`${error.message}\n${readFileSync(log, "utf8")}`);
      }
      return {
        async stop() {
          caddy.kill("SIGTERM");
          await exited;
        },
      };
    },
  };
}

/** Waits up to 60 s for a 200 from `target` through Caddy (its certificate is its own). */
async function answers(target, exited) {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && !gone; ) {
    const status = await new Promise((resolve) => {
      const asked = request(target, { rejectUnauthorized: false }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      asked.once("error", () => resolve(0));
      asked.end();
    });
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(gone ? "Caddy stopped at start, saying:" : `${target} did not answer within 60 s; Caddy's log:`);
}
