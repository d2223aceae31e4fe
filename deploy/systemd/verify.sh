#!/usr/bin/env bash
# `systemd-analyze verify` on the shipped units, offline: verify wants every ExecStart program to
# exist and the system's own units (multi-user.target ...) beside them, so it runs on a temporary
# root holding the system units, the units here, and an empty executable at each program path the
# units name. Any word from verify (an unknown key, a bad value) fails. Then each long-running
# unit's `systemd-analyze security` exposure (lower is better; the CI log shows it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/etc/systemd/system" "$root/usr/lib/systemd"
cp -a /usr/lib/systemd/system "$root/usr/lib/systemd/"
cp "$here"/*.service "$here"/*.timer "$root/etc/systemd/system/"
for program in $(sed -n 's/^Exec[A-Za-z]*=[-@:+!]*\(\/[^ ]*\).*/\1/p' "$here"/*.service | sort -u); do
  mkdir -p "$root$(dirname "$program")"
  printf '#!/bin/sh\n' >"$root$program"
  chmod +x "$root$program"
done
units=("$root"/etc/systemd/system/*)
output=$(systemd-analyze verify --root="$root" "${units[@]}" 2>&1) || { echo "$output"; exit 1; }
if [ -n "$output" ]; then echo "$output"; exit 1; fi
echo "systemd-analyze verify: ${#units[@]} units, no findings"
for unit in spankbank-server spankbank-bot; do
  systemd-analyze security --offline=yes --root="$root" "$root/etc/systemd/system/$unit.service" 2>/dev/null | tail -n 1
done
