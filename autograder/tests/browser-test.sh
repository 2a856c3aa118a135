#!/usr/bin/env bash
# browser-test.sh MAKE: the grade's and the class's pages opened in a real browser,
# Debian's headless Chromium (make test-slow; autograder/make/ensure-deps.sh chromium).
# The pages are report-test.sh's (the solutions', the skeletons', a half-done lab 01's graded,
# the H200's lab 03 and a made-up class's, remade here), and those of the class and
# Slurm tests where they ran before (build/test-class/out, build/test-slurm/slurm).
# Each is opened at 1280 and 800 pixels wide with browser-check.js injected into a
# copy, and --dump-dom gives back what it found: each plot drawn, each speed bar
# filled, each link's page loaded and its anchor there, no element past the window or
# overflowing its box. Then a screenshot of each page, 1280 pixels wide, into
# build/test-report/shots/; SHOTS=autograder/instructor/screenshots refreshes the
# instructor's guide's three (the half-done lab 01's, the GPU's and the class's).
set -u
make=$1
root=build/test-report
fail() { echo "browser-test: $*"; exit 1; }
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || fail "chromium not found (autograder/make/ensure-deps.sh chromium)"
HALF=grade autograder/tests/report-test.sh "$make" >"$root.log" 2>&1 || { cat "$root.log"; fail "report-test.sh failed"; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# --no-sandbox: Chromium refuses root without it; the file flags let the check read
# the linked handouts, as a reader's click would
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --disable-dev-shm-usage
	--user-data-dir="$profile/chromium" --allow-file-access-from-files --disable-web-security)
pages=(build/test-grade/solutions build/test-grade/labs "$root/half-grade" "$root/gpu" "$root/class")
for d in build/test-class/out build/test-slurm/slurm; do [ -f "$d/report.html" ] && pages+=("$d"); done
mkdir -p "$root/shots"
n=0 t0=$SECONDS
# the check itself, on a page that breaks each rule: it must find all three
mkdir -p "$root/broken"
printf '%s\n' '<!DOCTYPE html><html><body><div style="width:3000px">wide</div>' \
	'<a href="../../handouts/01-pair.html#step-9.z">9.z</a><svg class="plot" data-plot="empty"></svg>' \
	"<script>$(cat autograder/tests/browser-check.js)</script></body></html>" >"$root/broken/probe.html"
timeout 120 "$browser" "${flags[@]}" --window-size=1280,1600 --virtual-time-budget=5000 \
	--dump-dom "file://$PWD/$root/broken/probe.html" >"$profile/dom" 2>/dev/null
for want in 'px wide in' 'no anchor #step-9.z' 'plot empty not drawn'; do
	grep -q "$want" "$profile/dom" || fail "the check missed a broken page's fault: '$want'"
done
for d in "${pages[@]}"; do
	page=$d/report.html
	probe=$d/.browser-check.html
	python3 -c 'import sys; p, js = open(sys.argv[1]).read(), open(sys.argv[2]).read()
print(p.replace("</body>", "<script>\n" + js + "</script></body>"), end="")' "$page" autograder/tests/browser-check.js >"$probe"
	for width in 1280 800; do
		timeout 120 "$browser" "${flags[@]}" --window-size="$width,1600" --virtual-time-budget=5000 \
			--dump-dom "file://$PWD/$probe" >"$profile/dom" 2>"$profile/log" ||
			{ tail -n 3 "$profile/log"; fail "$page: chromium failed at $width px"; }
		python3 - "$profile/dom" "$page" "$width" <<'PY' || fail "$page at $width px: see above"
import html, json, re, sys
dom, page, width = sys.argv[1:]
m = re.search(r'<pre id="browser-check">(.*?)</pre>', open(dom, encoding="utf-8").read(), re.S)
if not m:
    sys.exit(f"browser-test: {page}: the check did not run")
r = json.loads(html.unescape(m.group(1)))
for p in r["bad"] + r["overflow"]:
    print(f"browser-test: {page} at {width} px: {p}")
if r["bad"] or r["overflow"] or r["drawn"] != r["plots"] or r["resolved"] != r["links"]:
    sys.exit(1)
print(f"browser-test: {page} at {width} px: {r['plots']} plots drawn, {r['bars']} bars, "
      f"{r['links']} links resolved, nothing overflows")
PY
	done
	rm -f "$probe"
	name=$(echo "${d#build/}" | tr / -)
	timeout 120 "$browser" "${flags[@]}" --window-size=1280,1600 --screenshot="$root/shots/$name.png" \
		"file://$PWD/$page" >"$profile/log" 2>&1 && [ -s "$root/shots/$name.png" ] ||
		{ tail -n 3 "$profile/log"; fail "$page: no screenshot"; }
	case ${SHOTS:+$name} in # the instructor's guide's three pictures
	test-report-half-grade) cp "$root/shots/$name.png" "$SHOTS/grade-report-half-done.png" ;;
	test-report-gpu) cp "$root/shots/$name.png" "$SHOTS/grade-report-gpu.png" ;;
	test-report-class) cp "$root/shots/$name.png" "$SHOTS/class-report.png" ;;
	esac
	n=$((n + 1))
done
echo "browser-test: $n pages, each at two widths, in $((SECONDS - t0)) s; screenshots in $root/shots/"
