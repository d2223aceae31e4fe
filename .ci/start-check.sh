#!/usr/bin/env bash
# `npm start` in the current checkout (demo mode, a temp database, a free port) answers
# /api/health and serves the page, then stops on SIGTERM. Used by .ci/run for a production install.
set -euo pipefail
dir=$(mktemp -d)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
PORT=$port HOST=127.0.0.1 DATABASE_PATH="$dir/app.db" SPANKBANK_CONFIG="$dir/none.json" DISCORD_TOKEN= \
  setsid npm start >"$dir/start.log" 2>&1 &
pid=$!
started=$(date +%s%N)
for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$dir/start.log"; echo "npm start exited"; exit 1; fi
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null || { cat "$dir/start.log"; echo "npm start never answered"; exit 1; }
echo "npm start answered /api/health after $((($(date +%s%N) - started) / 1000000)) ms"
# Read whole, then searched: `curl | grep -q` fails under pipefail when grep stops reading early.
curl -fsS "http://127.0.0.1:$port/" -o "$dir/page.html" || { echo "the page is not served"; exit 1; }
grep -q '<div id="root">' "$dir/page.html" || { echo "the page has no app root"; exit 1; }
kill -TERM -- -"$pid"
wait "$pid" || true
rm -rf "$dir"
