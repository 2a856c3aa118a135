#!/usr/bin/env bash
# grade-lab.sh LAB SUBMISSION OUT GRADE_DIR TIMEOUT FILTER MAKE
# Builds LAB of SUBMISSION in OUT and runs its grader, leaving the lab's results
# fragment in GRADE_DIR/LAB.tsv whatever happens: a submission that does not
# compile, or a grader run that dies, still gets a row saying why.
set -u
lab=$1 sub=$2 out=$3 dir=$4 limit=$5 filter=$6 make=$7
frag=$dir/$lab.tsv logs=$dir/logs/$lab
bin=$out/grader/grade_$lab
mkdir -p "$logs"
rm -f "$frag"

row() { # status test output
	printf '%s\t%s\t0\t0\t%s\t%s\n' "$lab" "$2" "$1" "$3" >>"$frag"
}
escape() { sed -e 's/\\/\\\\/g' -e 's/\t/\\t/g' | awk '{printf "%s\\n", $0}'; }

echo "grading $lab from $sub/"
if ! $make --no-print-directory SUBMISSION="$sub" "$bin" >"$logs/build.log" 2>&1; then
	errs=$(grep -m 8 -E 'error|Error' "$logs/build.log" | escape)
	why="$sub/$lab does not compile, so this test could not run. First errors:\\n$errs(full log: $logs/build.log)"
	grep -m 8 -E 'error|Error' "$logs/build.log" >&2
	# every test scores 0 out of its points, listed by the grader built without the lab
	points=$out/grader/points_$lab
	if $make --no-print-directory SUBMISSION="$sub" "$points" >>"$logs/build.log" 2>&1 &&
		"$points" --points >"$logs/points.txt" 2>>"$logs/build.log"; then
		while IFS=$'\t' read -r test pts; do
			printf '%s\t%s\t0\t%s\tfailed\t%s\n' "$lab" "$test" "$pts" "$why" >>"$frag"
		done <"$logs/points.txt"
	fi
	[ -s "$frag" ] || row failed "(build)" "$why"
	exit 0
fi
args=(--jobs 1 --short-filename)
[ -n "$filter" ] && args+=(--filter "$filter")
PL_GRADE_OUT=$frag PL_GRADE_LOGDIR=$logs timeout -k 10 "$limit" "$bin" "${args[@]}" \
	>"$logs/criterion.log" 2>&1
rc=$?
if [ ! -s "$frag" ]; then
	rm -f "$frag"
	row crashed "(grader)" "the grader of $lab ended (exit $rc) before writing its report; see $logs/criterion.log"
fi
exit 0
