// The systemd server unit's ExecStartPost: returns once the server systemd started ($MAINPID)
// answers /api/health, so the unit is "started" only then and the bot unit (After= it) starts
// after the server's migrations, as `npm start` does. The server names itself in its pid file;
// a health answer alone could come from another program on the port. systemd's
// TimeoutStartSec bounds the wait.
import "@spankbank/shared/nodeVersion";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

if (existsSync(".env")) process.loadEnvFile(".env");
const { MAINPID, PORT = "3000", HOST = "127.0.0.1", DATABASE_PATH = "data/spankbank.db" } = process.env;
const database = resolve(DATABASE_PATH);
const pidFile = join(dirname(database), "run", `${basename(database)}.server.pid`);
// Listening on every interface includes loopback.
const host = HOST === "0.0.0.0" ? "127.0.0.1" : HOST === "::" ? "::1" : HOST;
const url = `http://${host.includes(":") ? `[${host}]` : host}:${PORT}/api/health`;

const ours = () => !MAINPID || (existsSync(pidFile) && readFileSync(pidFile, "utf8") === MAINPID);
const answers = () =>
  fetch(url)
    .then((response) => response.ok)
    .catch(() => false);

for (;;) {
  if (MAINPID) {
    try {
      process.kill(Number(MAINPID), 0);
    } catch {
      console.error(`The server (pid ${MAINPID}) stopped before it answered ${url}.`);
      process.exit(1);
    }
  }
  if (ours() && (await answers())) break;
  await sleep(200);
}
console.log(`The server answers ${url}.`);
