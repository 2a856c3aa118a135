#!/usr/bin/env bash
# verdict-test.sh: the report follows each test's own process, never what Criterion
# heard (autograder/grader/verdict.c, fragment_writer.c). Builds a small grader
# (autograder/tests/verdict/tests.c) with the labs' grading library and checks each
# row: a pass, a failed check, a process that ends midway with status 0, a skip, and a
# pass Criterion was told of with no verdict behind it. No GPU needed.
set -u
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
out=build/verdict-test
rm -rf "$out" && mkdir -p "$out"
fail() { echo "verdict-test: $*"; exit 1; }
# the toolkit's headers: CUDA_HOME (make test passes the toolchain's), else beside nvcc
cuda=${CUDA_HOME:-$(dirname "$(dirname "$(readlink -f "$nvcc")")")}
inc="-Iautograder/grader -Iautograder/report -Icommon -I$cuda/include"
for f in autograder/grader/grade.c autograder/grader/fragment_writer.c autograder/grader/verdict.c \
	autograder/report/fragment.c autograder/tests/verdict/tests.c; do
	gcc -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -Wall -Werror $inc -DGRADE_LAB='"verdict"' \
		-DLAB_BUILD_DIR='"."' -c "$f" -o "$out/$(basename "$f" .c).o" 2>>"$out/build.log" ||
		fail "cannot build $f (see $out/build.log)"
done
"$nvcc" "$out"/*.o -lcriterion -Xlinker --wrap=criterion_send_assert,--wrap=criterion_skip_test \
	-o "$out/grade_verdict" 2>>"$out/build.log" || fail "cannot link (see $out/build.log)"
PL_GRADE_FD=9 "$out/grade_verdict" --jobs 2 >"$out/criterion.log" 2>&1 9>"$out/report.tsv"
[ "$(tail -n 1 "$out/report.tsv" | cut -f1)" = "#complete" ] || fail "no #complete line: $(cat "$out/report.tsv")"
row() { awk -F'\t' -v t="verdict/$1" '$2 == t { print $3 "\t" $5 "\t" $6 }' "$out/report.tsv"; }
expect() { # test score status reason-pattern
	local got
	got=$(row "$1")
	echo "$got" | grep -qE "^$2	$3	$4" ||
		fail "$1: want score $2, $3, a reason matching '$4'; got '$got'"
	printf '%-16s %s\n' "$1" "$got" | cut -c1-150
}
expect honest_pass 1 passed "measured 42"
expect failed_check 0 failed "want 1, got 0"
expect exits_midway 0 "(failed|crashed)" ".*before its checks did|.*crashed"
expect skipped 0 skipped "no usable CUDA device"
expect unframed_pass 0 failed "integrity: the grader's own record of this test is missing .*yet a pass was reported"
echo "verdict-test: every row follows its test's own process"
