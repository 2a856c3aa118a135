#!/usr/bin/env bash
# sanitize-lab.sh GRADER LOGDIR: re-runs a lab's GPU correctness tests (every suite
# but speed, physics, flock and sanitize, which are slow or run the tools themselves)
# under compute-sanitizer memcheck, racecheck, synccheck and initcheck. Any
# hazard, and any read of memory nothing wrote, fails.
# PL_SANITIZE=1 tells the tests to leave out their largest sizes, which the tools
# would take minutes to instrument (grade_under_sanitizer() in autograder/lib).
set -u
bin=$1 logs=$2
tool=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$tool" ] || { echo "compute-sanitizer not found: it ships with the CUDA Toolkit"; exit 1; }
nvidia-smi -L >/dev/null 2>&1 || { echo "sanitize: no GPU visible, nothing to check"; exit 1; }
mkdir -p "$logs"
status=0
tools="memcheck racecheck synccheck initcheck"
# the four tools at once, each running SANITIZE_JOBS tests at a time (default: a
# quarter of the cores): nothing here is timed, and every test is a process of its own.
# --verbose logs each test's time as it ends, so a run cut short still shows where
# its time went.
jobs=${SANITIZE_JOBS:-$(($(nproc) / 4))}
[ "$jobs" -ge 1 ] || jobs=1
for t in $tools; do
	(PL_SANITIZE=1 "$tool" --tool "$t" --error-exitcode 3 --target-processes all "$bin" \
		--jobs "$jobs" --short-filename --verbose --filter '!(speed|physics|flock|sanitize)/*' --xml="$logs/$t.xml" \
		>"$logs/$t.log" 2>&1
	echo $? >"$logs/$t.rc") &
done
wait
for t in $tools; do
	rc=$(cat "$logs/$t.rc")
	summary=$(grep -m 1 -E '(ERROR|RACECHECK) SUMMARY' "$logs/$t.log")
	printf '  %-10s %s  %s\n' "$t" "$([ $rc -eq 0 ] && echo clean || echo FAILED)" \
		"${summary:-see $logs/$t.log}"
	[ $rc -eq 0 ] || status=1
done
exit $status
