#!/usr/bin/env bash
# Starts PgBouncer in transaction mode (as Neon's and Supabase's poolers run) in front of the local PostgreSQL,
# for the pooled leg of .ci/run: `scripts/ci/pgbouncer.sh start [port]` (default 6432), `... stop`.
# Every database of 127.0.0.1:5432 is reachable through it under its own name; local trust, like the server.
set -euo pipefail
action="${1:-start}"
port="${2:-6432}"
dir=/tmp/otto-pgbouncer

if [[ "$action" == stop ]]; then
  [[ -f "$dir/pgbouncer.pid" ]] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  exit 0
fi

if ! command -v pgbouncer >/dev/null && [[ ! -x /usr/sbin/pgbouncer ]]; then
  echo "[pgbouncer] installing Debian's pgbouncer..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
fi
bin="$(command -v pgbouncer || echo /usr/sbin/pgbouncer)"

"$0" stop "$port"
mkdir -p "$dir"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
; Few server connections, so concurrent clients really share them (and interleave) as on a hosted pooler.
default_pool_size = 4
max_client_conn = 200
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
printf '"root" ""\n"postgres" ""\n' >"$dir/users.txt"
chown -R postgres "$dir"
# PgBouncer refuses to run as root.
su postgres -s /bin/sh -c "$bin -d $dir/pgbouncer.ini"
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p "$port" -q && break
  sleep 0.2
done
pg_isready -h 127.0.0.1 -p "$port"
