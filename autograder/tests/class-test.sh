#!/usr/bin/env bash
# class-test.sh MAKE: make grade-class on a small made-up class (lab 01 only): the
# reference, an alternative correct version, the skeleton, one that does not compile,
# one that defines a symbol outside the API, and one with a hanging kernel, a sticky
# CUDA error and a host segfault (autograder/selftest/01-pair/faults.patch). Checks the
# gradebook's shape, the summary and that a second run resumes instead of regrading.
# On a machine without a GPU the GPU tests skip; on one, the faults are exercised too
# and the gradebook shows what the class earned.
set -u
make=$1
root=build/test-class
rm -rf "$root" && mkdir -p "$root/class"
students="reference alternative skeleton broken cheat faults"
for s in $students; do mkdir -p "$root/class/$s"; done
cp -r solutions/01-pair "$root/class/reference/"
cp -r solutions/01-pair "$root/class/alternative/" &&
	patch -s -p1 -d "$root/class/alternative/01-pair" <autograder/selftest/01-pair/alt_grid_stride_128.patch
cp -r solutions/01-pair "$root/class/faults/" &&
	patch -s -p1 -d "$root/class/faults/01-pair" <autograder/selftest/01-pair/faults.patch
cp -r labs/01-pair "$root/class/skeleton/"
cp -r labs/01-pair "$root/class/broken/" && echo 'not C at all' >>"$root/class/broken/01-pair/pair.cu"
cp -r labs/01-pair "$root/class/cheat/" &&
	printf '\nextern "C" double wall_ms(void) { return 0.0; }\n' >>"$root/class/cheat/01-pair/pair.cu"
fail() { echo "class-test: $*"; exit 1; }

$make --no-print-directory grade-class DIR="$root/class" LAB=01 CLASS_OUT="$root/out" \
	>"$root/first.log" 2>&1 || fail "grade-class failed: see $root/first.log"
book=$root/out/gradebook.csv
[ "$(head -n 1 "$book")" = "student,01-pair,total" ] || fail "gradebook header: $(head -n 1 "$book")"
[ "$(grep -c . "$book")" -eq 8 ] || fail "gradebook: want a header, 6 students and max_score"
grep -q '^max_score,31,31$' "$book" || fail "max_score row: $(tail -n 1 "$book")"
grep -q '^broken,0,0$' "$book" || fail "broken: $(grep '^broken' "$book")"
grep -q '01-pair (the lab does not build)' "$root/out/summary.txt" || fail "summary lacks the build failure"
grep -q '01-pair (integrity' "$root/out/summary.txt" || fail "summary lacks the integrity failure"
grep -q 'wall_ms' "$root/out/students/cheat/results.json" || fail "cheat's report does not name wall_ms"
for s in $students; do
	[ -f "$root/out/students/$s/results.json" ] || fail "no results.json for $s"
done
$make --no-print-directory grade-class DIR="$root/class" LAB=01 CLASS_OUT="$root/out" \
	>"$root/second.log" 2>&1 || fail "second run failed"
[ "$(grep -c 'graded already' "$root/second.log")" -eq 6 ] || fail "the second run regraded someone"
echo "class-test: gradebook, summary, integrity and resume as expected"
sed -n '/^gradebook:/,$p' "$root/second.log"
