#!/usr/bin/env bash
# screenshots.sh [HTML_DIR]: pictures of the built handouts, to check their look without
# opening a browser. For every page of HTML_DIR (default build/handouts, what make
# handouts writes): NAME.png, the top of the page with its navigation bar and the demo's
# still, and for the labs NAME-tools.png (the Tools section, highlighted listings) and
# NAME-results.png (the H200 results and their first figure); for the front page
# index-work.png. All in HTML_DIR/shots/, by headless Chromium, 1280 pixels wide.
#
#   make handouts && handouts/screenshots.sh
#   make BUILD=build-x handouts && handouts/screenshots.sh build-x/handouts
set -eu
dir=${1:-build/handouts}
[ -f "$dir/index.html" ] || { echo "screenshots: no $dir/index.html: run make handouts first"; exit 1; }
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "screenshots: chromium not found (apt-get install -y chromium)"; exit 1; }
abs=$(cd "$dir" && pwd)
out=$abs/shots
mkdir -p "$out"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT

# shot PAGE SECTION NAME HEIGHT: one window of PAGE.html; with SECTION (an element's id)
# a copy of the page whose body starts at that element, its navigation bar kept
# (headless Chromium paints nothing when a screenshot's URL scrolls to a #fragment)
shot() {
	local src="$abs/$1.html"
	if [ -n "$2" ]; then
		src="$profile/$1-$2.html"
		sed "s|</body>|<script>(function () {\
var t = document.getElementById('$2'); if (!t) return;\
while (t.parentNode !== document.body) t = t.parentNode;\
for (var c of Array.from(document.body.children)) {\
if (c === t) break; if (!c.matches('nav.course-nav')) c.remove(); }\
})();</script></body>|" "$abs/$1.html" >"$src"
	fi
	# --no-sandbox: Chromium refuses to run as root without it
	if timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--no-first-run --disable-dev-shm-usage --user-data-dir="$profile/chromium" \
		--window-size="1280,$4" --screenshot="$out/$3.png" "file://$src" >"$profile/log" 2>&1 &&
		[ -s "$out/$3.png" ]; then
		echo "  $out/$3.png"
	else
		echo "screenshots: $src${2:+ (#$2)} failed:" >&2
		tail -n 3 "$profile/log" >&2
		return 1
	fi
}

status=0
shot index "" index 1800 || status=1
shot index working-on-a-lab index-work 1400 || status=1
for html in "$abs"/[0-9][0-9]-*.html; do
	page=$(basename "$html" .html)
	shot "$page" "" "$page" 1800 || status=1
	shot "$page" tools "$page-tools" 1600 || status=1
	shot "$page" results-on-the-h200 "$page-results" 1600 || status=1
done
exit $status
