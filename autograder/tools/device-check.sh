#!/usr/bin/env bash
# device-check.sh [LAB...]: the GPU verification of the course, for the lent GPU
# machine (autograder/DEVELOPING.md, "Developing the course"). Builds, then runs the steps named in STEPS
# for the labs given (default: every lab):
#   grade     grade solutions/ (must score full marks) and labs/ (must score 0), one
#             lab at a time: a solution's untimed tests beside its skeleton's grade,
#             then its speed tests on an idle GPU
#   sanitize  make sanitize on the solution: the correctness tests under four tools
#   sass      make sass, instructions per interaction (labs 01 to 03)
#   selftest  make selftest: every known-wrong and alternative patch (all labs at once,
#             so that their builds share the cores)
#   class     autograder/tests/class-test.sh: a made-up class graded end to end
#   attacks   autograder/tests/attack-test.sh gpu: forgeries and cheats, each graded on
#             its lab on the GPU (lab 01 unless its attack.conf names another), each must
#             score what it deserves (the timing attacks need the GPU)
#   load      autograder/tests/device/load-test.sh, a lab at a time: the solution graded
#             alone, then three gradings of it at once; every copy must keep full marks
#             (not in the default plan: about four gradings' time per lab)
#   bench     make bench (not in the default plan: minutes per lab)
#   course    the whole course in one call, alone (STEPS=course): first, sharing the
#             GPU, COURSE_JOBS (default 4) at a time, every lab's solution
#             graded but its speed tests, its skeleton graded, make sanitize on it, and
#             the self-check's GPU-only patches (those whose .expect says gpu-only);
#             then every lab's speed tests, one lab at a time on an idle GPU; then one
#             table: lab, solution, skeleton, sanitizers, patches judged right, time
# STEPS=course is the first call of a session with a GPU; STEPS=bench (LAB...) the second.
# With the submission in a runner process of its own, the whole course does not fit
# two calls: grade and sanitize the labs a few at a time, e.g.
#   STEPS="grade sass" autograder/tools/device-check.sh   (every lab, one at a time)
#   STEPS=sanitize autograder/tools/device-check.sh 01 02 03
#   STEPS="class attacks" autograder/tools/device-check.sh
#   STEPS=selftest autograder/tools/device-check.sh 05
#   STEPS=load autograder/tools/device-check.sh 01 02
# BUDGET (seconds, default 540) keeps a call inside the machine's 10-minute limit: a
# step that would start after it is skipped and says so, and each step has a timeout,
# cut to end by BUDGET + 30 s, so that the logs and the table always come back.
# Logs and data go to one archive, $OUT/logs.tgz (or build/device/logs.tgz); a short
# table is printed last, with the slowest tests (from Criterion's XML report).
set -u
all=$(ls -d solutions/[0-9][0-9]-* 2>/dev/null | sed 's|.*/||; s|-.*||')
labs=("$@")
[ ${#labs[@]} -gt 0 ] || read -r -a labs <<<"$(echo $all)"
steps=" ${STEPS:-grade sanitize sass class attacks} "
budget=${BUDGET:-540}
want() { [[ $steps == *" $1 "* ]]; }
out=${OUT:-build/device}
logs=build/device-logs
# every timed run's figures, for calibrating autograder/grader/timing_confirm.h (client_timing.c)
export PL_TIMING_LOG=$PWD/$logs/timing.tsv
rm -rf "$logs" && mkdir -p "$logs" "$out"
[ -f .devdeps/env.sh ] && source .devdeps/env.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >"$logs/gpu.txt" 2>&1
# the commit as the caller names it (COMMIT=...): a copy of a working tree made for the
# GPU machine may carry a stale .git, whose HEAD is not what was copied
if [ -n "${COMMIT:-}" ]; then
	echo "commit $COMMIT (as the caller says)" >>"$logs/gpu.txt"
else
	echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' (with uncommitted changes)') (from this copy's .git: pass COMMIT= where it may be stale)" >>"$logs/gpu.txt"
fi
summary=()
over_budget() { # name: records a step skipped for lack of time
	[ "$SECONDS" -lt "$budget" ] && return 1
	summary+=("$(printf '%-26s skipped: the call had used %ss of its %ss budget' "$1" "$SECONDS" "$budget")")
}
run_step() { # name limit command...: runs a step under a timeout, logs it, prints how it ended
	local name=$1 limit=$2 t0=$SECONDS rc how
	shift 2
	[ $((SECONDS + limit)) -le $((budget + 30)) ] || limit=$((budget + 30 - SECONDS))
	timeout -k 10 "$limit" "$@" >"$logs/$name.log" 2>&1
	rc=$?
	how="exit $rc"
	[ $rc -eq 124 ] && how="TIMED OUT after ${limit}s"
	printf '%-26s %-22s %4ss' "$name" "$how" "$((SECONDS - t0))"
	return $rc
}
step() { # name limit command...: one step, now
	over_budget "$1" && return 1
	local line rc
	line=$(run_step "$@")
	rc=$?
	summary+=("$line")
	return $rc
}
bstep() { # name limit command...: the same in the background (untimed work only); see collect
	over_budget "$1" && return 1
	(echo "$(run_step "$@") (in parallel)" >"$logs/$1.step") &
}
collect() { # waits for the background steps and records how they ended
	wait
	local f
	for f in "$logs"/*.step; do
		[ -f "$f" ] && summary+=("$(cat "$f")") && rm -f "$f"
	done
}
lab_dir() { ls -d "solutions/$1"-* 2>/dev/null | sed 's|.*/||'; }
# grade_speed LAB: the solution's speed tests alone on the GPU, then its grade: the
# untimed part's fragment and this one's together, in the logs
grade_speed() {
	local lab=$1 name g=build/grade-solutions/$1
	name=$(lab_dir "$lab")
	step "$lab-grade-solutions-speed" 240 make grade SUBMISSION=solutions LAB="$lab" \
		FILTER='speed/*' GRADE_DIR="$g-speed"
	rm -rf "$g" && mkdir -p "$g/logs/$name"
	cat "$g-untimed/$name.tsv" "$g-speed/$name.tsv" >"$g/$name.tsv" 2>/dev/null
	build/bin/grade_report --strict --json "$g/results.json" "$g/$name.tsv" \
		>"$logs/$lab-grade-solutions.log" 2>&1
	cp "$g/results.json" "$logs/$lab-results-solutions.json" 2>/dev/null
	cp -r "$g-untimed/logs/$name" "$logs/$lab-solutions-logs" 2>/dev/null
	cp "$g-speed/logs/$name/tests.xml" "$logs/$lab-solutions-logs/tests-speed.xml" 2>/dev/null
}
total() { sed -n 's/^TOTAL *\([0-9]*\/[0-9]*\).*/\1/p' "$1" 2>/dev/null; }

step build 300 make -j"$(nproc)" all
# the CPU emulation's warp functions and shared memory, their expected answers checked on
# the GPU
step gpu-warp-test 60 build/bin/gpu_warp_test
step gpu-shared-test 60 build/bin/gpu_shared_test
step gpu-intrinsics-test 60 build/bin/gpu_intrinsics_test
# the emulated sanitizer checks' cases under the real compute-sanitizer: each flagged,
# each fixed twin not, as sanitizer-test.sh expects of the emulation
san=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
step gpu-sanitizer-test 120 autograder/emu/tests/sanitizer-test.sh build/bin/gpu_sanitizer_test - "$san"
# the renderer's GPU path against its CPU path, every byte within 1 (render_test.c)
step gpu-render-test 60 build/bin/gpu_render_test
# One lab at a time. Every test is two processes with a CUDA context each (the grader
# and the submission's runner): six labs' grades and sanitizers at once make contexts
# wait past the tests' 30 s limits (autograder/NOTES.md, "GPU checks"). Per lab: the
# solution's untimed tests beside the skeleton's grade (it must score 0 whatever its
# timings) and the SASS count; then the solution's speed tests on an otherwise idle GPU; then the sanitizers. A
# solution's grade is its two parts' fragments together.
if want course; then
	# the untimed work of every lab at once, COURSE_JOBS jobs at a time (each test is two
	# processes with a CUDA context: more at once made contexts wait past the tests'
	# limits), then the timed work alone
	t_course=$SECONDS
	pjobs=${COURSE_JOBS:-4}
	gpu_only=$(grep -l '^# gpu-only' autograder/tests/selftest/*/*.expect 2>/dev/null | xargs -r -n1 basename | sed 's/\.expect$//')
	# Nothing in this phase is timed, so its gradings share the GPU (GRADE_SHARE_GPU=1):
	# with grade-lab.sh's turn-taking they ran one after another (at 461e576, H100: the
	# phase 471 s, a grading waiting up to 109 s for its turn). The sanitizers first,
	# the longest (lab 04's 123 s) before the rest.
	queue=()
	for lab in "${labs[@]}"; do
		queue+=("$lab-sanitize 300 env SANITIZE_JOBS=1 SANITIZE_TIMEOUT=240 make sanitize LAB=$lab SUBMISSION=solutions")
	done
	for lab in "${labs[@]}"; do
		queue+=("$lab-grade-solutions-untimed 300 env GRADE_JOBS=2 GRADE_SHARE_GPU=1 make grade SUBMISSION=solutions LAB=$lab FILTER=!(speed)/* GRADE_DIR=build/grade-solutions/$lab-untimed")
		queue+=("$lab-grade-labs 300 env GRADE_JOBS=2 GRADE_SHARE_GPU=1 make grade SUBMISSION=labs LAB=$lab SKELETON_CHECK=1 GRADE_DIR=build/grade-labs/$lab")
	done
	gpu_labs=$(for p in $gpu_only; do ls autograder/tests/selftest/*/"$p.expect" | sed 's|.*/selftest/||; s|/.*||'; done | sort -u | tr '\n' ' ')
	# first, as one of the jobs (their skeletons are graded in the queue already)
	# shellcheck disable=SC2086
	[ -n "$gpu_only" ] && bstep selftest-gpu-only 300 env GRADE_SHARE_GPU=1 SELFTEST_PATCHES="$(echo $gpu_only)" \
		SELFTEST_SKELETONS=0 SELFTEST_JOBS=4 SELFTEST_OUT=build/selftest-gpu-only \
		autograder/tests/selftest.sh $gpu_labs
	for job in "${queue[@]}"; do
		while [ "$(jobs -rp | wc -l)" -ge "$pjobs" ]; do wait -n; done
		read -r -a argv <<<"$job"
		bstep "${argv[@]}"
	done
	collect
	for lab in "${labs[@]}"; do
		grade_speed "$lab"
		cp "build/grade-labs/$lab/results.json" "$logs/$lab-results-labs.json" 2>/dev/null
	done
	cp -r build/sanitize build/selftest-gpu-only "$logs/" 2>/dev/null
	tar czf "$out/logs.tgz" -C build device-logs
	echo "== GPU"
	cat "$logs/gpu.txt"
	echo "== the course in one call: solutions full marks, skeletons 0, sanitizers clean, GPU-only patches caught"
	printf '%-4s %-10s %-9s %-34s %-9s %s\n' lab solution skeleton "sanitizers (mem race sync init)" patches "job-seconds"
	ok=0
	for lab in "${labs[@]}"; do
		s=$(total "$logs/$lab-grade-solutions.log") k=$(total "$logs/$lab-grade-labs.log")
		san=$(grep -E '^ +(memcheck|racecheck|synccheck|initcheck) ' "$logs/$lab-sanitize.log" 2>/dev/null | awk '{ printf "%s ", $2 }')
		name=$(lab_dir "$lab")
		# the verdict table only: the first that starts "lab patch" (the causes' follows)
		pt=$(awk -v lab="$name" '/^lab  *patch/ { t++; next } t == 1 && $1 == lab && $2 != "(the" {
			n++; if ($0 ~ /  ok/) k++ } END { if (n) printf "%d/%d", k, n; else print "-" }' \
			"$logs/selftest-gpu-only.log" 2>/dev/null)
		secs=$(printf '%s\n' "${summary[@]}" | awk -v lab="$lab" '$1 ~ "^" lab "-" {
			for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+s$/) t += $i } END { print t + 0 }')
		printf '%-4s %-10s %-9s %-34s %-9s %s\n' "$lab" "${s:--}" "${k:--}" "${san:--}" "${pt:--}" "$secs"
		[ -n "$s" ] && [ "${s%/*}" = "${s#*/}" ] && [ "${k%/*}" = 0 ] && [ "$(echo $san)" = "clean clean clean clean" ] || ok=1
	done
	grep -q FAIL "$logs/selftest-gpu-only.log" 2>/dev/null && ok=1
	[ -f "$logs/selftest-gpu-only.log" ] && sed -n '/^lab  *patch/,/^$/p' "$logs/selftest-gpu-only.log"
	echo "== steps (total ${SECONDS}s; the course's $((SECONDS - t_course))s after the build)"
	printf '%s\n' "${summary[@]}"
	[ $ok -eq 0 ] && echo "course: every lab as it must be" || echo "course: NOT as it must be (see the rows above and $out/logs.tgz)"
	exit $ok
fi
for lab in "${labs[@]}"; do
	name=$(lab_dir "$lab")
	if want grade; then
		# nothing here is timed: UNTIMED_JOBS tests at a time in each (default 4)
		bstep "$lab-grade-solutions-untimed" 300 env GRADE_JOBS="${UNTIMED_JOBS:-4}" \
			make grade SUBMISSION=solutions LAB="$lab" \
			FILTER='!(speed)/*' GRADE_DIR="build/grade-solutions/$lab-untimed"
		bstep "$lab-grade-labs" 300 env GRADE_JOBS="${UNTIMED_JOBS:-4}" \
			make grade SUBMISSION=labs LAB="$lab" \
			SKELETON_CHECK=1 GRADE_DIR="build/grade-labs/$lab"
	fi
	# the SASS count is of the all-pairs hot loop: labs 01 to 03 only
	want sass && [[ $lab == 0[123] ]] && bstep "$lab-sass" 120 make sass LAB="$lab" SUBMISSION=solutions
	collect
	want grade && grade_speed "$lab"
	# the four tools at once, two tests at a time each; their own limit ends 30 s
	# before the step's, so that their verdict comes even from a run cut short
	if want sanitize; then
		lim=$((budget + 30 - SECONDS))
		[ "$lim" -le 300 ] || lim=300
		SANITIZE_JOBS=${SANITIZE_JOBS:-2} SANITIZE_TIMEOUT=$((lim > 60 ? lim - 30 : 30)) \
			step "$lab-sanitize" 300 make sanitize LAB="$lab" SUBMISSION=solutions
	fi
	want bench && step "$lab-bench" 300 make bench LAB="$lab"
	# three gradings at once: each grading's own timeout lets the solo one and the
	# three end, and the table print, before the step's
	if want load; then
		lim=$((budget + 30 - SECONDS))
		[ "$lim" -le 480 ] || lim=480
		LOAD_TIMEOUT=$((lim > 90 ? (lim - 30) / 2 : 30)) \
			step "$lab-load" 480 autograder/tests/device/load-test.sh "$lab"
	fi
done
for lab in "${labs[@]}"; do
	name=$(lab_dir "$lab")
	cp "build/grade-labs/$lab/results.json" "$logs/$lab-results-labs.json" 2>/dev/null
	cp -r "build/grade-labs/$lab/logs/$name" "$logs/$lab-labs-logs" 2>/dev/null
done
if want selftest; then
	if [ "${labs[*]}" = "$(echo $all)" ]; then
		step selftest 560 make selftest
	else
		for lab in "${labs[@]}"; do step "$lab-selftest" 300 make selftest LAB="$lab"; done
	fi
fi
want class && step class 300 autograder/tests/class-test.sh make
want attacks && step attacks 420 autograder/tests/attack-test.sh make gpu
[ "${DEMO:-}" ] && step demo 120 bash -c "$DEMO" # anything else worth a log, e.g. a driver run
cp -r build/bench build/sanitize build/load "$logs/" 2>/dev/null
for d in build/selftest/*/; do [ -d "$d" ] && mkdir -p "$logs/selftest/$(basename "$d")" &&
	cp -r "$d"grade "$d"grade.log "$logs/selftest/$(basename "$d")/" 2>/dev/null; done
tar czf "$out/logs.tgz" -C build device-logs

echo "== GPU"
cat "$logs/gpu.txt"
if want grade; then
	echo "== grades: solutions/ must have full marks, labs/ (the skeletons) 0"
	printf '%-4s %-12s %-12s %s\n' lab solutions skeleton verdict
	for lab in "${labs[@]}"; do
		s=$(total "$logs/$lab-grade-solutions.log") k=$(total "$logs/$lab-grade-labs.log")
		skipped=$(sed -n 's/^TOTAL.* \([0-9]*\) skipped.*/\1/p' "$logs/$lab-grade-solutions.log" 2>/dev/null)
		v=ok
		if [ "${skipped:-0}" -gt 0 ]; then
			v="NOT JUDGED: $skipped tests of the solution skipped (no GPU?)"
		elif [ -z "$s" ] || [ "${s%/*}" != "${s#*/}" ]; then
			v="FAIL: the solution lost points"
		fi
		[ -n "$k" ] && [ "${k%/*}" = 0 ] || v="FAIL: the skeleton earned points"
		printf '%-4s %-12s %-12s %s\n' "$lab" "${s:--}" "${k:--}" "$v"
		[ "$v" = ok ] && continue
		for who in solutions labs; do # the rows that went wrong
			awk -v who=$who '/^lab /{on=1; next} /^TOTAL/{on=0} on && ((who == "solutions" && $4 ~ /^(failed|crashed|timeout)$/) ||
				(who == "labs" && $3 !~ /^0\//)) { print "     " who ": " substr($0, 1, 150) }' \
				"$logs/$lab-grade-$who.log"
		done
	done
	echo "== slowest tests (solutions/)"
	for lab in "${labs[@]}"; do
		for f in "$logs/$lab-solutions-logs"/tests*.xml; do [ -f "$f" ] && awk -v lab="$lab" -F'"' '/<testsuite /{ suite = $2 }
			/<testcase / && !/status="SKIPPED"/ { for (i = 1; i < NF; i++) if ($i ~ /time=$/) t = $(i + 1)
				printf "%8.1f s  %s %s/%s\n", t, lab, suite, $2 }' "$f"; done
	done | sort -rn | head -n 12
fi
if want sanitize; then
	echo "== sanitize (the solutions' correctness tests under each tool)"
	for lab in "${labs[@]}"; do
		[ -f "$logs/$lab-sanitize.log" ] &&
			grep -E '^ +(memcheck|racecheck|synccheck|initcheck)' "$logs/$lab-sanitize.log" | sed "s/^/$lab/"
	done
	echo "== slowest tests under a tool"
	for f in build/sanitize/*/*.xml; do
		[ -f "$f" ] && awk -v what="$(basename "$(dirname "$f")") $(basename "$f" .xml)" -F'"' '/<testsuite /{ suite = $2 }
			/<testcase / && !/status="SKIPPED"/ { for (i = 1; i < NF; i++) if ($i ~ /time=$/) t = $(i + 1)
				printf "%8.1f s  %s %s/%s\n", t, what, suite, $2 }' "$f"
	done | sort -rn | head -n 8
fi
if want sass; then
	for lab in "${labs[@]}"; do
		[[ $lab == 0[123] ]] && [ -f "$logs/$lab-sass.log" ] && echo "== $lab: sass" &&
			grep -A6 'hot loop' "$logs/$lab-sass.log" | head -n 8
	done
fi
if want selftest; then
	echo "== selftest"
	for f in "$logs"/selftest.log "$logs"/*-selftest.log; do
		[ -f "$f" ] && sed -n '/^lab  *patch/,$p' "$f"
	done
fi
want class && echo "== class test" && tail -n 25 "$logs/class.log"
if want attacks && [ -f "$logs/attacks.log" ]; then # the table, or the rows of a run cut short
	echo "== attacks"
	if grep -q '^attacks on' "$logs/attacks.log"; then
		sed -n '/^attacks on/,$p' "$logs/attacks.log"
	else
		tail -n 25 "$logs/attacks.log"
	fi
fi
if want load; then
	echo "== load: the solution alone, then three gradings at once (every copy full marks)"
	head=1 # the columns' names once, then each lab's row and the tests it lost
	for lab in "${labs[@]}"; do
		[ -f "$logs/$lab-load.log" ] || continue
		sed -n '/^load test:/,$p' "$logs/$lab-load.log" | sed "1,$((head ? 1 : 2))d" | grep -v '^load-test:'
		head=0
	done
fi
[ "${DEMO:-}" ] && echo "== demo" && tail -n 40 "$logs/demo.log"
if want bench; then
	for lab in "${labs[@]}"; do
		[ -f "$logs/$lab-bench.log" ] && echo "== $lab: bench" && sed -n '/^|/p' "$logs/$lab-bench.log"
	done
fi
echo "== steps (total ${SECONDS}s)"
printf '%s\n' "${summary[@]}"
