#!/usr/bin/env bash
# The production server must run from a production install: `npm ci --omit=dev && npm run serve`.
# Copies the tracked files into a temporary folder, installs without devDependencies, serves the
# existing build from there and checks a page, the 404 and a form POST. Needs a build (npm run build).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/client/index.html ] || { echo "check:prod: build/client is missing, run npm run build first" >&2; exit 1; }

tmp=$(mktemp -d)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

git ls-files -z | xargs -0 -I{} cp --parents {} "$tmp"/
cp -r build "$tmp"/
cd "$tmp"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
port=${CHECK_PROD_PORT:-4199}
# node itself (not npm run serve), so the cleanup stops the server and not only npm.
PORT=$port HOST=127.0.0.1 node --import tsx server/index.ts >server.log 2>&1 &
pid=$!
for _ in $(seq 1 50); do curl -fsS -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break; sleep 0.2; done

fail() { echo "check:prod: $1" >&2; cat server.log >&2; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")" = 200 ] || fail "/ did not answer 200"
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/no-such-page")" = 404 ] || fail "an unknown path did not answer 404"
form=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -d 'email=a%40b.org' -H 'Referer: http://127.0.0.1:'"$port"'/about-us' "http://127.0.0.1:$port/api/forms/newsletter")
[ "$form" = "303 http://127.0.0.1:$port/about-us#sent-newsletter" ] || fail "the form POST answered '$form'"
echo "check:prod: the server runs from npm ci --omit=dev (/, 404 and a form POST answer as expected)."
