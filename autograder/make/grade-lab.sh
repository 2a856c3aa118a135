#!/usr/bin/env bash
# grade-lab.sh --lab LAB --submission DIR --out DIR --grader PATH --points PATH
#              --grade-dir DIR [--timeout S] [--filter GLOB] [--make CMD] [--emulated]
#              [--given "OBJECT..."]
# Builds LAB of the submission DIR in --out and runs its grader, leaving the lab's
# results fragment in GRADE_DIR/LAB.tsv whatever happens: a submission that does not
# compile, that defines symbols outside its lab's API, or whose grader run dies, still
# gets a row per test saying why. --make is the make that builds (make grade passes its
# own); --emulated: the lab's kernels emulated on the CPU (autograder/emu), --out its
# emulated build. --grader and --points: the grader and its points program make builds
# for this folder's lab (make grade passes them: autograder/make/layout.mk). A lab's
# EMU_ENV (its lab.mk) comes in the environment. --given: the course's objects the
# submission's runner links (its given code), whose functions the submission may call
# (api-imports.sh). PL_IMPORT_CHECK=off leaves that check out: the
# attack test's way to reach the runner's own defences behind it, never a grade's.
#
# GRADE_USER=name (when run as root): the grader, and so the student's code, runs as
# that unprivileged user; it can write only a scratch folder, never the report.
# GRADE_JOBS=N: tests run N at a time (default: 1 on a GPU, one per core emulated).
# GRADE_SHARE_GPU=1: no turn-taking on the GPU (the lock below), for gradings with no
# timed test that counts: the device check's first phase (its untimed gradings, a
# skeleton's, which must score 0 whatever its timings). Never for a class's grades.
set -u
lab="" sub="" out="" dir="" bin="" points_bin="" limit=1800 filter="" make=make emulated="" given=""
while [ $# -gt 0 ]; do
	case $1 in
	--lab) lab=$2 ;;
	--submission) sub=$2 ;;
	--out) out=$2 ;;
	--grade-dir) dir=$2 ;;
	--grader) bin=$2 ;;
	--points) points_bin=$2 ;;
	--timeout) limit=$2 ;;
	--filter) filter=$2 ;;
	--make) make=$2 ;;
	--given) given=$2 ;;
	--emulated) emulated=1; shift; continue ;;
	*) echo "grade-lab.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
	esac
	[ $# -ge 2 ] || { echo "grade-lab.sh: $1 needs a value" >&2; exit 2; }
	shift 2
done
[ -n "$lab" ] && [ -n "$sub" ] && [ -n "$out" ] && [ -n "$dir" ] && [ -n "$bin" ] && [ -n "$points_bin" ] ||
	{ echo "grade-lab.sh: --lab, --submission, --out, --grader, --points and --grade-dir are required" >&2; exit 2; }
frag=$dir/$lab.tsv logs=$dir/logs/$lab
mkdir -p "$logs"
rm -f "$frag"

row() { # status test output
	printf '%s\t%s\t0\t0\t%s\t%s\n' "$lab" "$2" "$1" "$3" >>"$frag"
}
escape() { sed -e 's/\\/\\\\/g' -e 's/\t/\\t/g' | awk '{printf "%s\\n", $0}'; }

# Every test of the lab at 0 of its points, with one reason: the tests and points come
# from the grader built with stubs in place of the submission, so none of it runs.
zero_all() { # reason
	local points=$points_bin test pts
	if $make --no-print-directory SUBMISSION="$sub" "$points" >>"$logs/build.log" 2>&1 &&
		"$points" --points >"$logs/points.txt" 2>>"$logs/build.log"; then
		# FILTER's tests only, as a run that compiled would report them (Criterion's
		# globs are bash's extended ones: *, @(a|b), !(a|b))
		shopt -s extglob
		while IFS=$'\t' read -r test pts; do
			# shellcheck disable=SC2053
			[ -n "$filter" ] && [[ $test != $filter ]] && continue
			printf '%s\t%s\t0\t%s\tfailed\t%s\n' "$lab" "$test" "$pts" "$1" >>"$frag"
		done <"$logs/points.txt"
	fi
	[ -s "$frag" ] || row failed "(build)" "$1"
}

build_failed() { # what
	local pat='error|Error|undefined reference' why=$1
	grep -m 8 -E "$pat" "$logs/build.log" >&2
	local errs=$(grep -m 8 -E "$pat" "$logs/build.log" | escape)
	# the compiler was refused a file (autograder/grader/confine.c)
	grep -q -E 'error: .*Permission denied' "$logs/build.log" &&
		why="$why: it reads a file outside its own folder ($sub), the course's given code and the toolchain, which a submission's build may not"
	zero_all "$sub/$lab $why, so this test could not run. First errors:\\n$errs(full log: $logs/build.log)"
}

echo "grading $lab from $sub/${emulated:+, its kernels emulated on the CPU (no GPU here, or EMU=1): the correctness and sanitizer tests}"
if [ ! -d "$sub/$lab" ]; then
	zero_all "$sub has no $lab folder: nothing was submitted for this lab"
	exit 0
fi
# a folder's first build says so, so that its wait is not silent: the lab's grader, built
# once for every folder (about a minute on two cores the first time), and the folder's
# own kernels (seconds); later ones rebuild what changed
[ -x "$bin" ] ||
	echo "building $sub/$lab${emulated:+ for the CPU} (the lab's grader too, the first time: about a minute on two cores; then seconds)"
# the submission alone first: its symbols are checked before anything links with it
if ! $make --no-print-directory SUBMISSION="$sub" "$out/lab.a" >"$logs/build.log" 2>&1; then
	build_failed "does not compile"
	exit 0
fi
if [ -f "autograder/$lab/api.txt" ] &&
	! why=$(autograder/make/api-symbols.sh "$out/lab.a" "autograder/$lab/api.txt"); then
	echo "$why" >&2
	zero_all "integrity: $why"
	exit 0
fi
# shellcheck disable=SC2086
if [ "${PL_IMPORT_CHECK:-}" != off ] && ! why=$(autograder/make/api-imports.sh "$out/lab.a" "$lab" $given); then
	echo "$why" >&2
	zero_all "integrity: $why"
	exit 0
fi
[ -x build/bin/confine ] && ! build/bin/confine --probe &&
	echo "note: this kernel has no Landlock (Linux 5.13 or later): the build and the runner are not confined to their folders (the verdicts, the system-call filter and GRADE_USER still hold)"
# the grader never links the submission: the submission's runner does, with its lab's
# given code and nothing else of the course (autograder/runner/rpc.h)
if ! $make --no-print-directory SUBMISSION="$sub" "$bin" >>"$logs/build.log" 2>&1; then
	build_failed "does not link: it calls a function that is neither its own nor part of the lab's given code (the course's references and baselines are not linked with a submission)"
	exit 0
fi

abs_out=$(cd "$out" && pwd) # the build's ptxas reports, read by the grader
# one test at a time on a GPU (a speed test must have it to itself); emulated, nothing
# is timed and each test is a process of its own: one per core. GRADE_JOBS overrides.
jobs=${GRADE_JOBS:-$([ -n "$emulated" ] && nproc || echo 1)}
args=(--jobs "$jobs" --short-filename)
[ -n "$filter" ] && args+=(--filter "$filter")
run=(timeout -k 10 "$limit" "$PWD/$bin" "${args[@]}")
# The runners' scratch folders (one per test, made and removed by the grader), and
# what no runner may read: the course, the submissions beside this one, the grades.
export PL_SCRATCH_ROOT
PL_SCRATCH_ROOT=$(mktemp -d "$abs_out/scratch.XXXXXX") ||
	{ row crashed "(grader)" "no scratch folder could be made in $abs_out (a full disk?)"; exit 0; }
abs_sub=$(cd "$sub" && pwd) abs_dir=$(cd "$dir" && pwd)
export PL_HIDE="$PWD:$(dirname "$abs_sub"):$abs_dir${PL_HIDE_EXTRA:+:$PL_HIDE_EXTRA}"
if [ -n "${GRADE_USER:-}" ] && [ "$(id -u)" -eq 0 ]; then
	# the unprivileged run writes only a scratch folder of its own (never /tmp); the
	# report reaches this script through a descriptor, never a file it could plant
	scratch=$(mktemp -d "$abs_out/grading.XXXXXX") && chown "$GRADE_USER" "$scratch" "$PL_SCRATCH_ROOT" &&
		chmod 700 "$scratch"
	run=(runuser -u "$GRADE_USER" -- env HOME="$scratch" "${run[@]}")
fi
# Gradings on one machine take turns on the GPU: a lab's tests run with the GPU to
# themselves (no other grading's work on it while one is timed or sanitized), and the
# wait is outside every test's time limit. The lock is the GPU's (by its UUID), so
# gradings on other GPUs of a node do not wait; PL_GPU_LOCK_DIR says where it lives.
if [ -z "$emulated" ] && [ "${GRADE_SHARE_GPU:-0}" != 1 ] && command -v flock >/dev/null &&
	uuid=$("$bin" --gpu-uuid 2>/dev/null); then
	lock=${PL_GPU_LOCK_DIR:-/tmp}/particle-labs-$uuid.lock
	(umask 0 && : >>"$lock") 2>/dev/null
	if exec 8<"$lock" && ! flock -n 8; then
		echo "waiting for the GPU: another grading on this machine is using it ($lock)"
		waited=$SECONDS
		flock 8
		echo "the GPU is free after $((SECONDS - waited)) s: grading $lab"
	fi
fi
# each test's wall time, for finding what makes a grading slow (device-check.sh)
run+=(--xml="${scratch:-$PWD/$logs}/tests.xml")
part=$abs_dir/$lab.tsv.part # absolute: the run below starts in its own folder
rm -f "$part"
# the grader's progress lines (progress.c) to this script's own output, on fd 7
exec 7>&1
(cd "${scratch:-.}" 2>/dev/null || true
	PL_GRADE_FD=9 PL_PROGRESS_FD=7 PL_GRADE_LOGDIR=${scratch:-$logs} PL_LAB_BUILD_DIR=$abs_out \
		"${run[@]}" 9>"$part" 8<&-) >"$logs/criterion.log" 2>&1
rc=$?
if [ -n "${scratch:-}" ]; then
	# read as the grading user, never following a link: what the student's processes
	# left there cannot pull in a file only root may read
	for f in "$scratch"/*.log "$scratch"/tests.xml; do
		[ -f "$f" ] && [ ! -L "$f" ] &&
			runuser -u "$GRADE_USER" -- cat "$f" >"$logs/$(basename "$f")" 2>/dev/null
	done
	rm -rf "$scratch"
fi
rm -rf "$PL_SCRATCH_ROOT"
# A report counts only when whole: its last line is the grader's "#complete" mark (a
# full disk or a grader killed while writing leaves none).
if [ -s "$part" ] && [ "$(tail -n 1 "$part" | cut -f1)" = "#complete" ]; then
	grep -v '^#' "$part" >"$frag"
elif [ -s "$part" ]; then
	row crashed "(grader)" "the report of $lab was cut short (exit $rc; a full disk?): no test of it is counted; see $logs/criterion.log"
fi
rm -f "$part"
if [ -s "$frag" ]; then
	:
elif [ -e "$frag" ] && [ -n "$filter" ] && [ $rc -eq 0 ]; then
	echo "no test of $lab matches FILTER=$filter" # a clean run, every test filtered out
elif [ -n "$filter" ] && perr=$(grep -m1 '^pattern error:' "$logs/criterion.log"); then
	# Criterion refused the pattern before running anything: the student's to fix
	echo "FILTER='$filter' is not a pattern the grader reads ($perr): a test is suite/name;" \
		"*, ?, [...], @(a|b) and !(a|b) work, e.g. FILTER='@(j2|sgp4)/*' for two suites" >&2
	rm -f "$frag"
	exit 2
else
	rm -f "$frag"
	row crashed "(grader)" "the grader of $lab ended (exit $rc) before writing its report; see $logs/criterion.log"
fi
exit 0
