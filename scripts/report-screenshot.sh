#!/bin/sh
# Opens an HTML report in headless Chromium: runs the page's self-test (status, folder, rule and text
# filters, the details toggle, JavaScript errors), prints what it saw, and saves a screenshot.
#
# Usage: scripts/report-screenshot.sh [report.html] [screenshot.png]
#        (defaults: Reports/report.html and report.png beside it)
# Exit:  0 self-test clean, 1 JavaScript errors or no self-test output, 2 no Chromium or no report.
set -eu

html=${1:-Reports/report.html}
[ -f "$html" ] || { echo "error: $html not found (run 'conform run Corpus/' first)" >&2; exit 2; }
dir=$(cd "$(dirname "$html")" && pwd)
png=${2:-$dir/report.png}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "error: Chromium not found; install it with: apt-get install chromium" >&2; exit 2; }

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
url="file://$dir/$(basename "$html")"
set -- --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --no-default-browser-check --disable-extensions --hide-scrollbars --user-data-dir="$profile"

"$browser" "$@" --window-size=1400,1000 --screenshot="$png" "$url" >/dev/null 2>&1
[ -s "$png" ] || { echo "error: no screenshot written" >&2; exit 1; }
echo "screenshot: $png"

"$browser" "$@" --virtual-time-budget=10000 --dump-dom "$url#selftest" 2>/dev/null | python3 -c '
import html, json, re, sys
match = re.search(r"<pre id=\"selftest\">(.*?)</pre>", sys.stdin.read(), re.S)
if not match:
    sys.exit("error: the page wrote no self-test output")
result = json.loads(html.unescape(match.group(1)))
print("cases: %d, first render: %d ms" % (result["total"], result["firstRenderMs"]))
for step in result["steps"]:
    print("  %-40s %6d rows drawn, %6d matching" % (step["name"], step["rows"], step["matching"]))
print("details: %d opened, %d after closing" % (result.get("detailsOpened", 0), result.get("detailsAfterClose", 0)))
if result["errors"]:
    print("JavaScript errors:", *result["errors"], sep="\n  ")
    sys.exit(1)
print("no JavaScript errors")
'
