#!/usr/bin/env bash
# A first install as docs/deploy.md lays it out, scripted, in the current checkout (a fresh clone,
# after `npm ci` and `npm run build`): `.env`, `npm run setup` fed its answers, the production
# install, `npm run deploy-commands` against the Discord stand-in (Missing Access until the bot is
# invited, then registered), and a production `npm start` whose bot signs in to the stand-in.
# Prints how long each step took. Leaves the checkout as it found it (`.env`, the config, data/).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
standin_pid=""
start_pid=""
cleanup() {
  [ -n "$start_pid" ] && kill -TERM "$start_pid" 2>/dev/null || true
  [ -n "$standin_pid" ] && kill "$standin_pid" 2>/dev/null || true
  rm -rf "$work" .env couple.config.json data
}
trap cleanup EXIT

declare -a table=()
ms() { echo $(($(date +%s%N) / 1000000)); }
timed() {
  local name=$1 started
  shift
  started=$(ms)
  "$@"
  table+=("$name|$(($(ms) - started))")
}
fail() {
  echo "first install: $1" >&2
  [ -f "$work/$2" ] && cat "$work/$2" >&2
  exit 1
}

# The stand-in runs from one bundled file (esbuild, ws inside), so it outlives `--omit=dev`.
npx esbuild e2e/discord/standInMain.ts --bundle --platform=node --format=esm --log-level=warning \
  --external:bufferutil --external:utf-8-validate --outfile="$work/standIn.mjs" \
  --banner:js="import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"
mkfifo "$work/standIn.in"
node "$work/standIn.mjs" 900000000000000001 <"$work/standIn.in" >"$work/standIn.log" 2>&1 &
standin_pid=$!
exec 3>"$work/standIn.in"
for _ in $(seq 1 100); do grep -q '^API ' "$work/standIn.log" && break; sleep 0.1; done
api=$(sed -n 's/^API //p' "$work/standIn.log")
[ -n "$api" ] || fail "the Discord stand-in did not start" standIn.log

port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
write_env() {
  install -m 600 /dev/null .env
  cat >.env <<EOF
NODE_ENV=production
HOST=127.0.0.1
PORT=$port
DISCORD_TOKEN=stand-in-token
DISCORD_APP_ID=900000000000000098
DISCORD_API_URL=$api
DISCORD_MEDIA_HOSTS=
EOF
}
timed ".env written (600)" write_env

# Both partners, the server, the channels left blank, defaults elsewhere: one line per question.
answers=(
  alex "" alex_d 111111111111111111 Europe/Lisbon Lisbon "" "" "" long-password-1 long-password-1
  sam "" sam_k 222222222222222222 America/New_York "" "" "" "09:00-17:00" "" long-password-2 long-password-2
  "" 900000000000000001 "" "" "" "" ""
  no no no no
  ""
)
run_setup() { printf '%s\n' "${answers[@]}" | npm run setup --silent >"$work/setup.log" 2>&1 || fail "setup failed" setup.log; }
timed "npm run setup (scripted answers)" run_setup
[ "$(stat -c %a couple.config.json)" = 600 ] || fail "couple.config.json is not 600" setup.log

timed "npm run build (already built: replayed)" npm run build --silent -- --output-logs=errors-only
timed "npm install --omit=dev" npm install --omit=dev --no-audit --no-fund --silent

deploy() { npm run deploy-commands --silent >"$work/$1" 2>&1 || fail "deploy-commands failed" "$1"; }
deploy_refused() {
  if npm run deploy-commands --silent >"$work/deploy-1.log" 2>&1; then
    fail "deploy-commands registered before the bot was invited" deploy-1.log
  fi
}
timed "npm run deploy-commands (not invited: Missing Access)" deploy_refused
grep -q "Invite the bot with this link, then run this again" "$work/deploy-1.log" || fail "no invite advice on Missing Access" deploy-1.log
[ "$(head -n 1 "$work/deploy-1.log")" = "Invite the bot to your server with this link (once):" ] || fail "the invite link is not first" deploy-1.log
echo invite >&3
for _ in $(seq 1 50); do grep -q '^invited' "$work/standIn.log" && break; sleep 0.1; done
timed "npm run deploy-commands (invited)" deploy deploy-2.log
grep -q "^Registered [0-9]* commands in server 900000000000000001\.$" "$work/deploy-2.log" || fail "commands not registered" deploy-2.log

start_production() {
  setsid npm start >"$work/start.log" 2>&1 &
  start_pid=$!
  for _ in $(seq 1 1200); do
    if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && grep -q "Discord bot signed in" "$work/start.log"; then
      return 0
    fi
    kill -0 "$start_pid" 2>/dev/null || fail "npm start exited" start.log
    sleep 0.1
  done
  fail "npm start never answered with the bot signed in" start.log
}
timed "npm start (production, until /api/health and the bot signed in)" start_production
[ "$(stat -c %a data)" = 700 ] || fail "data/ is not 700" start.log
[ "$(stat -c %a data/spankbank.db)" = 600 ] || fail "the database is not 600" start.log
# Said before anything is built, so a long rebuild after a Node upgrade is never a silent wait.
grep -q "^Spank Bank: building what changed since the last start" "$work/start.log" || fail "npm start did not say it builds first" start.log
kill -TERM "$start_pid"
wait "$start_pid" || fail "npm start did not stop cleanly on SIGTERM" start.log
start_pid=""

echo "First install from a fresh clone, step by step:"
printf '  %-70s %8s\n' "step" "ms"
for row in "${table[@]}"; do printf '  %-70s %8s\n' "${row%%|*}" "${row##*|}"; done
