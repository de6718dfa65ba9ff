#!/bin/sh
# Run by the nginx image's entrypoint (/docker-entrypoint.d/) before nginx starts: writes the console's
# runtime settings, read by apps/web/src/app/runtime-config.ts (the same shape scripts/serve.mjs serves).
set -eu
api_url="${API_URL:-http://localhost:8080}"
escaped=$(printf '%s' "$api_url" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')
printf 'window.__JAROG__ = {"apiUrl":"%s"};\n' "$escaped" > /usr/share/nginx/html/config.js
echo "jarog: /config.js points the console at $api_url"
