#!/usr/bin/env bash
# device-check.sh [LAB]: the whole GPU verification in one call, for the lent GPU
# machine (see README, "Working on the GPU"): build, grade solutions/ (full marks
# expected), grade labs/ (skeletons must fail cleanly), make sanitize and make bench.
# Full logs go to $OUT (or build/device), a short table is printed last.
set -u
lab=${1:-01}
out=${OUT:-build/device}
mkdir -p "$out"
[ -f .devdeps/env.sh ] && source .devdeps/env.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >"$out/gpu.txt" 2>&1
step() { # name command...: runs a step, logs it, remembers how it ended
	local name=$1
	shift
	local t0=$SECONDS
	"$@" >"$out/$name.log" 2>&1
	local rc=$?
	summary+=("$(printf '%-22s exit %-3s %4ss' "$name" "$rc" "$((SECONDS - t0))")")
}
summary=()
step build make -j"$(nproc)" all
step grade-solutions make grade SUBMISSION=solutions LAB="$lab" STRICT=1
cp build/grade/results.json "$out/results-solutions.json" 2>/dev/null
step grade-labs make grade SUBMISSION=labs LAB="$lab" SKELETON_CHECK=1
cp build/grade/results.json "$out/results-labs.json" 2>/dev/null
step sanitize make sanitize LAB="$lab" SUBMISSION=solutions
step selftest make selftest LAB="$lab"
step demo-coincident make run LAB="$lab" SUBMISSION=solutions ARGS="--coincident --eps 0"
make run LAB="$lab" SUBMISSION=solutions ARGS="--coincident --eps 0.01" >>"$out/demo-coincident.log" 2>&1
step bench make bench LAB="$lab"
tar czf "$out/logs.tgz" build/grade/logs build/bench build/sanitize build/selftest/*/grade build/selftest/*/grade.log "$out"/*.log 2>/dev/null
echo "== GPU"; cat "$out/gpu.txt"
echo "== grade solutions/"; sed -n '/^lab /,/^TOTAL/p' "$out/grade-solutions.log"
echo "== grade labs/"; sed -n '/^lab /,/^TOTAL/p' "$out/grade-labs.log" | cut -c1-150
echo "== sanitize"; grep -E '^  (memcheck|racecheck|synccheck)' "$out/sanitize.log"
echo "== selftest"; grep '^selftest' "$out/selftest.log"
echo "== demo"; grep 'two bodies' "$out/demo-coincident.log"
echo "== bench"; sed -n '/^| figure/,$p' "$out/bench.log"
echo "== steps"; printf '%s\n' "${summary[@]}"
