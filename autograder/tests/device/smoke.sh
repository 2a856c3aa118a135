#!/usr/bin/env bash
# A first GPU check after a change to the grader/runner split or the timing (about 4
# minutes on the H200): build, lab 01 whole, its skeleton, the speed tests of every lab
# (SMOKE_LABS, default 02 to 06), and lab 06's state kept in global memory
# (state_in_global.patch, which parity cannot see: thresholds.h) on its parity test and
# on resources/state_in_registers, which sees it.
# Every timed run's figures (batch sizes included) land in $OUT/timing.tsv. Logs under $OUT. run(command="bash autograder/tests/device/smoke.sh",
# carry=[".devdeps"]).
cd "$(dirname "$0")/../../.."
source .devdeps/env.sh
OUT=${OUT:-build/smoke/out} && mkdir -p "$OUT"
export PL_TIMING_LOG=$(cd "$OUT" && pwd)/timing.tsv
t0=$SECONDS
log() { echo "[$((SECONDS - t0))s] $*"; }
make -j"$(nproc)" all >$OUT/build.log 2>&1; log "build rc=$?"
g() { # name limit make-args...
	local name=$1 lim=$2; shift 2
	timeout "$lim" make grade GRADE_DIR=build/smoke/$name "$@" >$OUT/$name.log 2>&1
	log "$name rc=$? $(grep TOTAL $OUT/$name.log)"
	cp -r build/smoke/$name/logs $OUT/$name-logs 2>/dev/null
}
g 01-sol 200 LAB=01 SUBMISSION=solutions
g 01-skel 120 LAB=01 SUBMISSION=labs
for l in ${SMOKE_LABS:-02 03 04 05 06}; do g $l-speed 200 LAB=$l SUBMISSION=solutions FILTER='speed/*'; done
mkdir -p build/alt && rm -rf build/alt/06-orbits && cp -r solutions/06-orbits build/alt/ &&
	patch -s -p1 -d build/alt/06-orbits <autograder/tests/selftest/06-orbits/state_in_global.patch
g 06-state-in-global 150 LAB=06 SUBMISSION=build/alt FILTER='@(speed/integrated_vs_baseline|resources/state_in_registers)'
echo "== batches (lab, runs, K: smallest median largest, believed)"
awk -F'\t' '{ n[$1]++; k[$1] = k[$1] " " $5; ok[$1] += $8 } END { for (l in n) print l, n[l], k[l], ok[l] }' \
	"$PL_TIMING_LOG" 2>/dev/null | awk '{ printf "%s %d runs, K:", $1, $2; split("", c);
	for (i = 3; i < NF; i++) c[$i]++; for (v in c) printf " %sx%d", v, c[v]; printf ", believed %d\n", $NF }'
echo "== speed lines"
grep -h -E 'speed/|sanitize/|TOTAL' $OUT/*.log | cut -c1-260
