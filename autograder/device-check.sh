#!/usr/bin/env bash
# device-check.sh LAB...: the whole GPU verification in one call, for the lent GPU
# machine (see README, "Developing the course"): build, then for each lab grade
# solutions/ (full marks expected), grade labs/ (skeletons must fail cleanly), make
# sanitize, make selftest, make sass and make bench. Logs and data go to one archive,
# $OUT/logs.tgz (or build/device/logs.tgz); a short table is printed last.
set -u
labs=("${@:-01}")
steps=" ${STEPS:-grade sanitize selftest sass bench} " # a subset, e.g. STEPS="grade sanitize"
want() { [[ $steps == *" $1 "* ]]; }
out=${OUT:-build/device}
logs=build/device-logs
rm -rf "$logs" && mkdir -p "$logs" "$out"
[ -f .devdeps/env.sh ] && source .devdeps/env.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >"$logs/gpu.txt" 2>&1
summary=()
step() { # name command...: runs a step, logs it, remembers how it ended
	local name=$1
	shift
	local t0=$SECONDS
	"$@" >"$logs/$name.log" 2>&1
	local rc=$?
	summary+=("$(printf '%-26s exit %-3s %4ss' "$name" "$rc" "$((SECONDS - t0))")")
}
step build make -j"$(nproc)" all
for lab in "${labs[@]}"; do
	if want grade; then
		step "$lab-grade-solutions" make grade SUBMISSION=solutions LAB="$lab" STRICT=1
		cp build/grade/results.json "$logs/$lab-results-solutions.json" 2>/dev/null
		step "$lab-grade-labs" make grade SUBMISSION=labs LAB="$lab" SKELETON_CHECK=1
		cp build/grade/results.json "$logs/$lab-results-labs.json" 2>/dev/null
	fi
	want sanitize && step "$lab-sanitize" make sanitize LAB="$lab" SUBMISSION=solutions
	want selftest && step "$lab-selftest" make selftest LAB="$lab"
	# the SASS count is of the all-pairs hot loop: labs 01 to 03 only
	want sass && [[ $lab == 0[123]* ]] && step "$lab-sass" make sass LAB="$lab"
	want bench && step "$lab-bench" make bench LAB="$lab"
done
[ "${DEMO:-}" ] && step demo bash -c "$DEMO"
cp -r build/grade/logs build/bench build/sanitize "$logs/" 2>/dev/null
for d in build/selftest/*/; do [ -d "$d" ] && mkdir -p "$logs/selftest/$(basename "$d")" &&
	cp -r "$d"grade "$d"grade.log "$logs/selftest/$(basename "$d")/" 2>/dev/null; done
tar czf "$out/logs.tgz" -C build device-logs
echo "== GPU"; cat "$logs/gpu.txt"
for lab in "${labs[@]}"; do
	want grade || continue
	echo "== $lab: grade solutions/"; sed -n '/^lab /,/^TOTAL/p' "$logs/$lab-grade-solutions.log" | cut -c1-160
	echo "== $lab: grade labs/"; sed -n '/^lab /,/^TOTAL/p' "$logs/$lab-grade-labs.log" | cut -c1-120
	want sanitize && echo "== $lab: sanitize" && grep -E '^  (memcheck|racecheck|synccheck|initcheck)' "$logs/$lab-sanitize.log"
	want selftest && echo "== $lab: selftest" && sed -n '/^lab  *patch/,$p' "$logs/$lab-selftest.log"
	want sass && [[ $lab == 0[123]* ]] && echo "== $lab: sass" && grep -A6 'hot loop' "$logs/$lab-sass.log" | head -n 8
	want bench && echo "== $lab: bench" && sed -n '/^|/p' "$logs/$lab-bench.log"
done
echo "== steps"; printf '%s\n' "${summary[@]}"
