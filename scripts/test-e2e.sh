#!/usr/bin/env bash
# Browser tests: builds the portal once, then runs the journeys in E2E_SHARDS shards at once (default
# 1). Each shard has its own server, port (E2E_PORT on), fresh PostgreSQL+PostGIS database (the
# tests read a captcha answer as a person reads the image, and change accounts) and data folder, so
# shards share nothing but the build, and two runs with other E2E_PORT/E2E_DATABASE_NAME do not meet.
# On the 2-core CI machine two shards were slower than one (two Chromiums rasterising in software:
# 37 tests in 11.5 min against 96 in 15.4), so CI keeps one; a machine with more cores can raise it.
# Arguments (a file, --grep …) run one shard.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
npm run build --silent

admin_url=${E2E_ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
db_base=${E2E_DATABASE_NAME:-rs_e2e}
port_base=${E2E_PORT:-3100}
shards=${E2E_SHARDS:-1}
[ $# -gt 0 ] && shards=1
run_dir=$(mktemp -d "${TMPDIR:-/tmp}/rs-e2e.XXXXXX")
trap 'rm -rf "$run_dir"' EXIT

fresh_database() {
  psql "$admin_url" -q -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)" -c "CREATE DATABASE $1"
}

# one shard: its database, port, data and output folders; its output prefixed so the logs stay readable
run_shard() {
  local index=$1 db port
  db=$([ "$shards" = 1 ] && echo "$db_base" || echo "${db_base}_$index")
  port=$((port_base + index - 1))
  fresh_database "$db"
  local shard_args=()
  [ "$shards" -gt 1 ] && shard_args=(--shard="$index/$shards")
  E2E_DATABASE_URL="${admin_url%/*}/$db" E2E_PORT=$port E2E_DATA_DIR="$run_dir/data-$index" \
    E2E_OUTPUT_DIR="test-results/shard-$index" npx playwright test "${shard_args[@]}" "${@:2}"
}

if [ "$shards" = 1 ]; then
  run_shard 1 "$@"
  exit
fi

pids=()
for index in $(seq 1 "$shards"); do
  (run_shard "$index" 2>&1 | sed -u "s/^/[shard $index] /"; exit "${PIPESTATUS[0]}") &
  pids+=($!)
done
failed=0
for index in $(seq 1 "$shards"); do
  wait "${pids[$((index - 1))]}" || { echo "shard $index failed"; failed=1; }
done
exit $failed
