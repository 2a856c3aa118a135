#!/usr/bin/env bash
# class-test.sh MAKE: make grade-class on a small made-up class (lab 01 only,
# autograder/tests/make-class.sh): the reference, an alternative correct version, the
# skeleton, one that does not compile, one that defines a symbol outside the API, and
# one with a hanging kernel, a sticky CUDA error and a host segfault. Checks the
# gradebook's shape, the summary, the class's page (report_check.py) and that a second
# run resumes instead of regrading.
# On a machine without a GPU the GPU tests skip; on one (nvidia-smi -L lists it) the
# faults are exercised too, and the gradebook and summary must show what each earned:
# the reference and the alternative full marks, the skeleton, broken and cheat 0, the
# faults student all but the points of its three faulted tests, each fault counted for
# one student. First, the summary's logic alone on hand-made results (no GPU needed).
set -u
make=$1
root=build/test-class
rm -rf "$root" && mkdir -p "$root/class"
fail() { echo "class-test: $*"; exit 1; }

# ---------------------------------------------------------------- the summary, hand-made
# a: 20 wrong results (more than the summary's 15 test lines); b: the faults student's
# timeout, crash and CUDA error, and one wrong result that a also has; c: the integrity
# rule broken (every test zeroed, in two labs); d: does not compile; e: submitted
# nothing; f: everything passed.
fake=$root/fake/students
for s in a b c d e f; do mkdir -p "$fake/$s"; done
row() { printf '%s\t%s\t0\t1\t%s\t%s\n' "$@"; }
for i in $(seq -w 1 20); do row 01-pair "t/n_$i" failed 'body 3 is wrong\nhint: 1.b'; done >"$fake/a/01-pair.tsv"
{
	row 01-pair t/n_01 timeout 'timed out after 30 s: does a loop never end?'
	row 01-pair t/n_02 crashed 'crashed with signal 11 (Segmentation fault)'
	row 01-pair t/n_03 failed 'accel_on_gpu() failed: cudaErrorIllegalAddress (an illegal memory access)'
	row 01-pair t/n_04 failed 'body 9 is wrong'
} >"$fake/b/01-pair.tsv"
for l in 01-pair 02-tiling; do
	for i in 01 02 03; do row $l "t/n_$i" failed 'integrity: lab.a defines wall_ms'; done >"$fake/c/$l.tsv"
done
for i in 01 02 03; do row 01-pair "t/n_$i" failed 'x/01-pair does not compile, so this test could not run'; done >"$fake/d/01-pair.tsv"
for i in 01 02 03; do row 01-pair "t/n_$i" failed 'x has no 01-pair folder: nothing was submitted for this lab'; done >"$fake/e/01-pair.tsv"
for i in 01 02 03; do printf '01-pair\tt/n_%s\t1\t1\tpassed\tok\n' $i; done >"$fake/f/01-pair.tsv"
autograder/instructor/grade-class.sh --report "$root/fake" >"$root/fake.log" 2>&1 || fail "grade-class.sh --report failed: see $root/fake.log"
sum=$root/fake/summary.txt
for want in '1 of 6  01-pair t/n_01 (timed out)' '1 of 6  01-pair t/n_02 (crashed)' \
	'1 of 6  01-pair t/n_03 (CUDA error)' '2 of 6  01-pair t/n_04 ' '1 of 6  01-pair (integrity' \
	'1 of 6  02-tiling (integrity' '1 of 6  01-pair (the lab does not build)' '1 of 6  01-pair (not submitted)'; do
	grep -qF -- "$want" "$sum" || fail "hand-made summary lacks '$want': $(cat "$sum")"
done
[ "$(grep -cvE '\((integrity|the lab does not build|not submitted)' "$sum")" -eq 15 ] ||
	fail "hand-made summary: want the lab-level lines and 15 test lines, got: $(cat "$sum")"
head -n 4 "$sum" | grep -qvE '\((integrity|the lab does not build|not submitted)' &&
	fail "hand-made summary: the lab-level failures must come first: $(cat "$sum")"
sed -n 5p "$sum" | grep -qF '2 of 6  01-pair t/n_04 ' || fail "hand-made summary: the most common test first: $(cat "$sum")"
sed -n 6,8p "$sum" | grep -c -E '\((timed out|crashed|CUDA error)\)' | grep -qx 3 ||
	fail "hand-made summary: at equal counts a timeout, crash or CUDA error comes first: $(cat "$sum")"
grep -q '^f,3,0,3,$' "$root/fake/gradebook.csv" || fail "hand-made gradebook: $(cat "$root/fake/gradebook.csv")"

# ---------------------------------------------------------------- a made-up class, graded
students=$(autograder/tests/make-class.sh "$root/class") || fail "could not make the class"
$make --no-print-directory grade-class DIR="$root/class" LAB=01 CLASS_OUT="$root/out" \
	>"$root/first.log" 2>&1 || fail "grade-class failed: see $root/first.log"
book=$root/out/gradebook.csv
[ "$(head -n 1 "$book")" = "student,01-pair,total,note" ] || fail "gradebook header: $(head -n 1 "$book")"
[ "$(grep -c . "$book")" -eq 8 ] || fail "gradebook: want a header, 6 students and max_score"
# the lab's points, from the tests the reference was graded on
frag=$root/out/students/reference/01-pair.tsv
max=$(awk -F'\t' '{ m += $4 } END { print m + 0 }' "$frag")
[ "$max" -gt 0 ] || fail "the reference's results list no test: $frag"
grep -q "^max_score,$max,$max,\$" "$book" || fail "max_score row: $(tail -n 1 "$book"), want $max"
grep -q '^broken,0,0,$' "$book" || fail "broken: $(grep '^broken' "$book")"
grep -q '01-pair (the lab does not build)' "$root/out/summary.txt" || fail "summary lacks the build failure"
grep -q '01-pair (integrity' "$root/out/summary.txt" || fail "summary lacks the integrity failure"
grep -q 'wall_ms' "$root/out/students/cheat/results.json" || fail "cheat's report does not name wall_ms"
for s in $students; do
	[ -f "$root/out/students/$s/results.json" ] || fail "no results.json for $s"
done
# the class's page (autograder/instructor/class_report.py): its numbers the gradebook's
python3 autograder/tests/report_check.py class "$root/out/report.html" "$root/out" >"$root/page.log" ||
	fail "the class's page: $(cat "$root/page.log")"
if nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
	# faults.patch's three faults, each its own test (autograder/tests/selftest/01-pair/faults.expect)
	lost=0
	for t in accel/n_2 accel/n_127 leapfrog/kick; do
		p=$(awk -F'\t' -v t="$t" '$2 == t { print $4 }' "$frag")
		[ -n "$p" ] || fail "the reference's results have no test $t"
		lost=$((lost + p))
	done
	for want in "reference,$max,$max," "alternative,$max,$max," skeleton,0,0, broken,0,0, cheat,0,0, \
		"faults,$((max - lost)),$((max - lost)),"; do
		grep -qx "$want" "$book" || fail "gradebook: want $want, got $(grep "^${want%%,*}," "$book")"
	done
	for want in '1 of 6  01-pair accel/n_2 (timed out)' '1 of 6  01-pair accel/n_127 (CUDA error)' \
		'1 of 6  01-pair leapfrog/kick (crashed)'; do
		grep -qF -- "$want" "$root/out/summary.txt" ||
			fail "summary lacks '$want': $(cat "$root/out/summary.txt")"
	done
	gpu_checked="; on the GPU: every student's score and the three faults, one student each"
fi
$make --no-print-directory grade-class DIR="$root/class" LAB=01 CLASS_OUT="$root/out" \
	>"$root/second.log" 2>&1 || fail "second run failed"
[ "$(grep -c 'graded already' "$root/second.log")" -eq 6 ] || fail "the second run regraded someone"
# a student stopped by the class limit: graded 0, with the reason in the note column
mkdir -p "$root/slow" && cp -r "$root/class/reference" "$root/slow/"
CLASS_TIMEOUT=1 $make --no-print-directory grade-class DIR="$root/slow" LAB=01 CLASS_OUT="$root/slow-out" \
	>"$root/slow.log" 2>&1 || fail "grade-class with CLASS_TIMEOUT=1 failed: see $root/slow.log"
# (no lab finished, so no lab column: a gradebook's labs are those some student has)
grep -qE '^reference(,0)+,"stopped after the class limit of 1 s \(CLASS_TIMEOUT\)"$' "$root/slow-out/gradebook.csv" ||
	fail "the class limit's note: $(grep '^reference' "$root/slow-out/gradebook.csv")"
grep -q 'reference: not graded to the end: stopped after the class limit' "$root/slow-out/summary.txt" ||
	fail "the summary does not name the student the class limit stopped: $(cat "$root/slow-out/summary.txt")"
echo "class-test: summary logic, gradebook, summary, integrity, resume and the class limit's note as expected${gpu_checked:-}"
sed -n '/^gradebook:/,$p' "$root/second.log"
