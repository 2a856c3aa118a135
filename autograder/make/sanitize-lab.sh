#!/usr/bin/env bash
# sanitize-lab.sh GRADER LOGDIR: re-runs a lab's GPU correctness tests (every suite
# but speed, physics, flock and sanitize, which are slow or run the tools themselves)
# under compute-sanitizer memcheck, racecheck, synccheck and initcheck. Any
# hazard, and any read of memory nothing wrote, fails; so does a race between lanes of
# one warp, which racecheck calls a warning and exits 0 on (the graded sanitizer tests
# count it too: since Volta a warp's lanes need not run together).
# PL_SANITIZE=1 tells the tests to leave out their largest sizes, which the tools
# would take minutes to instrument (grade_under_sanitizer() in autograder/grader).
# SANITIZE_TIMEOUT (seconds, default 600) bounds each tool's run: a run cut there
# fails, and the verdict still comes, naming the tests that never ended, so that a
# caller's own limit (device-check.sh's) never swallows it.
# Prints a line per tool, then a line per test that failed, timed out or never ended.
set -u
bin=$1 logs=$2
tool=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$tool" ] || { echo "compute-sanitizer not found: it ships with the CUDA Toolkit"; exit 1; }
nvidia-smi -L >/dev/null 2>&1 || { echo "sanitize: no GPU visible, nothing to check"; exit 1; }
mkdir -p "$logs"
status=0
tools="memcheck racecheck synccheck initcheck"
limit=${SANITIZE_TIMEOUT:-600}
# the four tools at once, each running SANITIZE_JOBS tests at a time (default: a
# quarter of the cores): nothing here is timed, and every test is a process of its own.
# --verbose logs each test's end as it comes, with its time.
jobs=${SANITIZE_JOBS:-$(($(nproc) / 4))}
[ "$jobs" -ge 1 ] || jobs=1
for t in $tools; do
	(PL_SANITIZE=1 timeout -k 10 "$limit" "$tool" --tool "$t" --error-exitcode 3 \
		--target-processes all "$bin" --jobs "$jobs" --short-filename --verbose \
		--filter '!(speed|physics|flock|sanitize)/*' --xml="$logs/$t.xml" >"$logs/$t.log" 2>&1
	echo $? >"$logs/$t.rc") &
done
wait
for t in $tools; do
	rc=$(cat "$logs/$t.rc")
	summary=$(grep -m 1 -E '(ERROR|RACECHECK) SUMMARY' "$logs/$t.log")
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		verdict=CUT summary="stopped after SANITIZE_TIMEOUT=${limit}s; see $logs/$t.log"
	elif [ "$rc" -eq 0 ] && grep -q '^========= Warning: Race reported' "$logs/$t.log"; then
		verdict=FAILED rc=3 summary="$summary: races between lanes of one warp (a __syncwarp() missing)"
	elif [ "$rc" -eq 0 ]; then
		verdict=clean
	else
		verdict=FAILED
	fi
	printf '  %-10s %s  %s\n' "$t" "$verdict" "${summary:-see $logs/$t.log}"
	[ "$rc" -eq 0 ] && continue
	status=1
	# the tests that failed (with Criterion's reason: timed out, crashed) and, in a
	# run cut short, those that started and never ended
	awk -v tool="$t" '
		/^\[RUN \] / { name = $3; order[++n] = name }
		/^\[(PASS|FAIL|SKIP)\] / { name = $2; sub(/:$/, "", name); ended[name] = 1 }
		/^\[FAIL\] / {
			why = $0; sub(/^\[FAIL\] [^ ]* ?/, "", why)
			printf "    %s: %s failed%s\n", tool, name, why == "" ? "" : ": " why
		}
		END { for (i = 1; i <= n; i++) if (!(order[i] in ended))
			printf "    %s: %s never ended\n", tool, order[i] }
	' "$logs/$t.log" | sed 's/::/\//' | head -n 20
done
exit $status
