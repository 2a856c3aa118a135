#!/usr/bin/env bash
# A first GPU check after a change to the grader/runner split (about 140 s on the H200):
# build, lab 01 whole, its skeleton, the speed tests of every lab, and lab 05's
# per-thread-stack alternative. Logs under $OUT. run(command="bash
# autograder/tests/device/smoke.sh", carry=[".devdeps"]).
cd "$(dirname "$0")/../../.."
source .devdeps/env.sh
OUT=${OUT:-build/smoke/out} && mkdir -p "$OUT"
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
for l in 02 03 04 05 06; do g $l-speed 150 LAB=$l SUBMISSION=solutions FILTER='speed/*'; done
mkdir -p build/alt && rm -rf build/alt/05-octree && cp -r solutions/05-octree build/alt/ &&
	patch -s -p1 -d build/alt/05-octree <autograder/selftest/05-octree/alt_thread_stacks.patch
g 05-alt-speed 150 LAB=05 SUBMISSION=build/alt FILTER='speed/*'
echo "== speed lines"
grep -h -E 'speed/|sanitize/|TOTAL' $OUT/*.log | cut -c1-260
