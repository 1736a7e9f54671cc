#!/usr/bin/env bash
# npm start: builds the web pages (and the page renderer, dist-ssr/) when they are missing or older than their sources, then starts the server.
set -euo pipefail
cd "$(dirname "$0")/.."
index=apps/web/dist/index.html
if [ ! -f "$index" ] || [ ! -f apps/web/dist-ssr/entry-server.js ] || [ -n "$(find apps/web/src apps/web/index.html apps/web/vite.config.ts packages/shared/src -newer "$index" -print -quit 2>/dev/null)" ]; then
  echo "构建前端页面 / building the web pages…"
  npm run build --silent
fi
exec node_modules/.bin/tsx apps/server/src/server.ts
