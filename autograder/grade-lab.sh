#!/usr/bin/env bash
# grade-lab.sh LAB SUBMISSION OUT GRADE_DIR TIMEOUT FILTER MAKE
# Builds LAB of SUBMISSION in OUT and runs its grader, leaving the lab's results
# fragment in GRADE_DIR/LAB.tsv whatever happens: a submission that does not compile,
# that defines symbols outside its lab's API, or whose grader run dies, still gets a
# row per test saying why.
#
# GRADE_USER=name (when run as root): the grader, and so the student's code, runs as
# that unprivileged user; it can write only a scratch folder, never the report.
# GRADE_JOBS=N: tests run N at a time (default: 1 on a GPU, one per core emulated).
set -u
lab=$1 sub=$2 out=$3 dir=$4 limit=$5 filter=$6 make=$7
frag=$dir/$lab.tsv logs=$dir/logs/$lab
bin=$out/grader/grade_$lab
# PL_EMU=1: the lab's kernels emulated on the CPU (autograder/emu), OUT its emulated build
if [ -n "${PL_EMU:-}" ]; then
	bin=$out/grade_emu
	# lab 05 emulated: the sizes of its runs under compute-sanitizer (make emu-grade)
	case $lab in 05-*) export PL_SANITIZE=1 ;; esac
fi
mkdir -p "$logs"
rm -f "$frag"

row() { # status test output
	printf '%s\t%s\t0\t0\t%s\t%s\n' "$lab" "$2" "$1" "$3" >>"$frag"
}
escape() { sed -e 's/\\/\\\\/g' -e 's/\t/\\t/g' | awk '{printf "%s\\n", $0}'; }

# Every test of the lab at 0 of its points, with one reason: the tests and points come
# from the grader built with stubs in place of the submission, so none of it runs.
zero_all() { # reason
	local points=$out/grader/points_$lab test pts
	if $make --no-print-directory SUBMISSION="$sub" "$points" >>"$logs/build.log" 2>&1 &&
		"$points" --points >"$logs/points.txt" 2>>"$logs/build.log"; then
		while IFS=$'\t' read -r test pts; do
			printf '%s\t%s\t0\t%s\tfailed\t%s\n' "$lab" "$test" "$pts" "$1" >>"$frag"
		done <"$logs/points.txt"
	fi
	[ -s "$frag" ] || row failed "(build)" "$1"
}

build_failed() { # what
	local pat='error|Error|undefined reference'
	grep -m 8 -E "$pat" "$logs/build.log" >&2
	local errs=$(grep -m 8 -E "$pat" "$logs/build.log" | escape)
	zero_all "$sub/$lab $1, so this test could not run. First errors:\\n$errs(full log: $logs/build.log)"
}

echo "grading $lab from $sub/${PL_EMU:+, its kernels emulated on the CPU (no GPU here, or EMU=1): the correctness tests only}"
if [ ! -d "$sub/$lab" ]; then
	zero_all "$sub has no $lab folder: nothing was submitted for this lab"
	exit 0
fi
# the submission alone first: its symbols are checked before anything links with it
if ! $make --no-print-directory SUBMISSION="$sub" "$out/lab.a" >"$logs/build.log" 2>&1; then
	build_failed "does not compile"
	exit 0
fi
if [ -f "autograder/$lab/api.txt" ] &&
	! why=$(autograder/check-symbols.sh "$out/lab.a" "autograder/$lab/api.txt"); then
	echo "$why" >&2
	zero_all "integrity: $why"
	exit 0
fi
# the grader never links the submission: the submission's runner does, with its lab's
# given code and nothing else of the course (autograder/rpc/rpc.h)
if ! $make --no-print-directory SUBMISSION="$sub" "$bin" >>"$logs/build.log" 2>&1; then
	build_failed "does not link: it calls a function that is neither its own nor part of the lab's given code (the course's references and baselines are not linked with a submission)"
	exit 0
fi

abs_out=$(cd "$out" && pwd) # the build's ptxas reports, read by the grader
# one test at a time on a GPU (a speed test must have it to itself); emulated, nothing
# is timed and each test is a process of its own: one per core. GRADE_JOBS overrides.
jobs=${GRADE_JOBS:-$([ -n "${PL_EMU:-}" ] && nproc || echo 1)}
args=(--jobs "$jobs" --short-filename)
[ -n "$filter" ] && args+=(--filter "$filter")
run=(timeout -k 10 "$limit" "$PWD/$bin" "${args[@]}")
report=$frag
if [ -n "${GRADE_USER:-}" ] && [ "$(id -u)" -eq 0 ]; then
	# the unprivileged run writes into a scratch folder only; the report is copied
	# from there by this script, and the build tree stays read-only to it
	scratch=$(mktemp -d) && chown "$GRADE_USER" "$scratch" && chmod 700 "$scratch"
	report=$scratch/report.tsv
	run=(runuser -u "$GRADE_USER" -- env HOME="$scratch" "${run[@]}")
fi
# each test's wall time, for finding what makes a grading slow (device-check.sh)
run+=(--xml="${scratch:-$PWD/$logs}/tests.xml")
(cd "${scratch:-.}" 2>/dev/null || true
	PL_GRADE_OUT=$report PL_GRADE_LOGDIR=${scratch:-$logs} PL_LAB_BUILD_DIR=$abs_out "${run[@]}") \
	>"$logs/criterion.log" 2>&1
rc=$?
if [ -n "${scratch:-}" ]; then
	[ -f "$report" ] && cp "$report" "$frag"
	cp "$scratch"/*.log "$scratch"/tests.xml "$logs/" 2>/dev/null
	rm -rf "$scratch"
fi
if [ ! -s "$frag" ]; then
	# an empty report from a clean run: FILTER left out every test of this lab
	if [ $rc -eq 0 ] && [ -n "$filter" ] && [ -f "$frag" ]; then
		echo "no test of $lab matches FILTER=$filter"
		exit 0
	fi
	rm -f "$frag"
	row crashed "(grader)" "the grader of $lab ended (exit $rc) before writing its report; see $logs/criterion.log"
fi
exit 0
