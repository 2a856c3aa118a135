#!/usr/bin/env bash
# report-test.sh MAKE: the grade's and the class's pages, checked for structure
# (autograder/tests/report_check.py: self-contained, every link's anchor exists, every
# number the results'). Reuses the gradings make test-grade made (build/test-grade/:
# the solutions and the skeletons, every lab) and a half-done lab 01 (below: HALF=grade
# grades a real one); a GPU grading is the H200's of lab 03
# (handouts/data/03-unroll/results-solutions.json, as fragment rows), for the speed
# bars. Then a made-up class of those (and one student the class limit stopped), its
# page written by grade-class.sh --report. Pages in build/test-report/ (the browser
# check, autograder/tests/browser-test.sh, opens the same).
set -u
make=$1
root=build/test-report
fail() { echo "report-test: $*"; exit 1; }
check=autograder/tests/report_check.py
[ -f build/handouts/01-pair.html ] || $make --no-print-directory handouts >/dev/null || fail "make handouts failed"
for d in solutions labs; do
	[ -f build/test-grade/$d/report.html ] || fail "no build/test-grade/$d/report.html: run make test-grade first"
done
rm -rf "$root" && mkdir -p "$root"

# the half-done submission. HALF=grade (browser-test.sh, make test-slow): graded, the
# solution with its exercises after the first two put back to the skeleton's (step 1.a
# and 1.b's kernel written, not launched); building its emulated copy takes about 30 s,
# so make test (HALF unset) puts it together from the gradings it has: the solution's
# rows of step 1.a's tests (pair/*) and the skeleton's of the rest, each as the grader
# wrote it, what a student who has done step 1.a alone is told.
half=$root/half-grade
if [ "${HALF:-}" = grade ]; then
	mkdir -p "$root/half/01-pair"
	cp solutions/01-pair/*.h solutions/01-pair/driver.c "$root/half/01-pair/"
	awk '/^\/\* BEGIN SOLUTION \*\/$/ { k++; drop = k > 2; next }
		/^\/\* END SOLUTION \*\/$/ { drop = 0; next }
		/^\/\* SKELETON$/ { skel = 1; next }
		skel && /^\*\/$/ { skel = 0; next }
		skel { if (k > 2) print; next }
		!drop' solutions/01-pair/pair.cu >"$root/half/01-pair/pair.cu"
	$make --no-print-directory grade LAB=01 SUBMISSION="$root/half" GRADE_DIR="$half" \
		>"$root/half.log" 2>&1 || fail "grading the half-done submission failed: see $root/half.log"
else
	mkdir -p "$half"
	{ grep -P '^01-pair\tpair/' build/test-grade/solutions/01-pair.tsv
	  grep -vP '^01-pair\tpair/' build/test-grade/labs/01-pair.tsv; } >"$half/01-pair.tsv"
	build/bin/grade_report --emulated --json "$half/results.json" --html "$half/report.html" \
		--handouts ../../handouts "$half/01-pair.tsv" >"$root/half.log" || fail "the half-done page: see $root/half.log"
fi
grep -q '	passed	' "$half/01-pair.tsv" && grep -q '	failed	' "$half/01-pair.tsv" ||
	fail "the half-done submission should pass some tests and fail others: $half/01-pair.tsv"

# the GPU grading: the H200's results of lab 03 as fragment rows, then its page
mkdir -p "$root/gpu"
python3 - handouts/data/03-unroll/results-solutions.json >"$root/gpu/03-unroll.tsv" <<'PY' || fail "no GPU rows"
import json, sys
for t in json.load(open(sys.argv[1]))["tests"]:
    lab, test = t["name"].split(": ", 1)
    out, status = t["output"], t.get("extra_data", {}).get("outcome", t["status"])
    for s in ("skipped", "crashed", "timeout"):
        if out.startswith(s + ": "):
            status, out = s, out[len(s) + 2:]
    esc = out.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
    print(f"{lab}\t{test}\t{t['score']}\t{t['max_score']}\t{status}\t{esc}")
PY
build/bin/grade_report --json "$root/gpu/results.json" --html "$root/gpu/report.html" \
	--handouts ../../handouts "$root/gpu/03-unroll.tsv" >"$root/gpu.log" || fail "the GPU page: see $root/gpu.log"

pages=0
for d in build/test-grade/solutions build/test-grade/labs "$root/half-grade" "$root/gpu"; do
	python3 $check grade "$d/report.html" "$d/results.json" || fail "$d/report.html: see above"
	pages=$((pages + 1))
done
grep -q 'class="bar"' "$root/gpu/report.html" || fail "the GPU page has no speed bar"

# the made-up class: those gradings as students, and one the class limit stopped
class=$root/class
for s in ada:build/test-grade/solutions bo:build/test-grade/labs cy:$root/half-grade di:$root/gpu; do
	mkdir -p "$class/students/${s%%:*}" && cp "${s#*:}"/*.tsv "$class/students/${s%%:*}/"
	echo "made up" >"$class/students/${s%%:*}/done"
done
mkdir -p "$class/students/ed" && echo "stopped after the class limit of 1 s (CLASS_TIMEOUT)" >"$class/students/ed/note"
autograder/instructor/grade-class.sh --report "$class" >"$root/class.log" 2>&1 || fail "grade-class.sh --report: see $root/class.log"
python3 $check class "$class/report.html" "$class" || fail "$class/report.html: see above"
grep -q 'data-plot="ratios"' "$class/report.html" || fail "the class page has no plot of the speed ratios"
cp -r "$class" "$root/class-names" && NAMES=1 python3 autograder/instructor/class_report.py "$root/class-names" >/dev/null
python3 $check class "$root/class-names/report.html" "$root/class-names" names || fail "the NAMES=1 page: see above"
grep -q '>ed: stopped' "$root/class-names/report.html" || fail "NAMES=1 does not name the student the limit stopped"
echo "report-test: $pages graded pages and the made-up class's (with and without NAMES=1) are whole"
