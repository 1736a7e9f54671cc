#!/usr/bin/env bash
# Browser tests: builds the portal, gives it a fresh PostgreSQL+PostGIS database (so the tests can
# read a captcha answer as a person reads the image) and drives it in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
npm run build --silent

admin_url=${E2E_ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
db_name=${E2E_DATABASE_NAME:-rs_e2e}
psql "$admin_url" -q -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" -c "CREATE DATABASE $db_name"
export E2E_DATABASE_URL="${admin_url%/*}/$db_name"

npx playwright test "$@"
