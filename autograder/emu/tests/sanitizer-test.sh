#!/usr/bin/env bash
# sanitizer-test.sh CHECKED PLAIN [TOOL]: the emulation's checks (autograder/emu/emu_sanitizer.c)
# on sanitizer_test.cu's kernels. Each case must draw exactly the hazards its line below
# names (none for a fixed twin), in compute-sanitizer's words; last_writer's result
# must differ between the plain build (threads first to last) and the checked one
# (last to first). With TOOL (a compute-sanitizer path), the nvcc build CHECKED runs
# under the real tool instead, on a GPU, each case under the tool its line names
# (device-check.sh): the same expectations, the real tool's verdict.
set -u
checked=$1 plain=$2 tool=${3:-}
# case, its tool, whether that tool flags it emulated and on a GPU, the first words of
# its report (a twin named *_fixed, in_bounds, init_read or dynamic_in must draw nothing).
# A race between lanes of one warp is a warning (the real tool's word); a return before
# a barrier that the other threads still reach is undefined in CUDA's guide and a hang
# before Volta: the emulation flags it, synccheck on sm_90 does not.
cases=(
	"race_block racecheck yes yes Error: Race reported"
	"race_block_fixed racecheck no no"
	"race_warp racecheck yes yes Warning: Race reported"
	"race_warp_fixed racecheck no no"
	"last_writer racecheck yes yes Error: Race reported"
	"oob_read memcheck yes yes Invalid __global__ read"
	"in_bounds memcheck no no"
	"uninit_read initcheck yes yes Uninitialized __global__ memory read"
	"init_read initcheck no no"
	"dynamic_oob memcheck yes yes Invalid __shared__ read"
	"dynamic_in memcheck no no"
	"early_return synccheck yes no Barrier error"
)
fails=0
for c in "${cases[@]}"; do
	read -r name t flag gpu_flag words <<<"$c"
	if [ -n "$tool" ]; then
		flag=$gpu_flag
		out=$("$tool" --tool "$t" --error-exitcode 3 "$checked" "$name" 2>&1)
		# the real tool's summary: "ERROR SUMMARY: N errors", racecheck's "RACECHECK
		# SUMMARY: N hazards displayed (E errors, W warnings)"
		got=$(sed -n 's/^========= \(ERROR\|RACECHECK\) SUMMARY: \([0-9]*\) \(error\|hazard\).*/\2/p' <<<"$out")
		got=${got:-0}
	else
		out=$("$checked" "$name" 2>&1)
		got=$(grep -c '^========= [A-Z]' <<<"$out" | head -n 1)
	fi
	want=none
	[ "$flag" = yes ] && want=$t
	verdict=ok
	if [ "$want" = none ]; then
		[ "$got" = 0 ] || verdict="FAIL: flagged ($got), want no hazard"
	elif [ "$got" = 0 ] || ! grep -q "^========= $words" <<<"$out"; then
		verdict="FAIL: want $want's \"$words\", got none"
	fi
	printf '  %-18s %-10s %-4s %s\n' "$name" "$want" "$got" "$verdict"
	[ "$verdict" = ok ] || { fails=$((fails + 1)); sed 's/^/      /' <<<"$out" | head -n 12; }
done
if [ -z "$tool" ]; then
	a=$("$plain" last_writer 2>&1 | sed -n 's/^last_writer: //p')
	b=$("$checked" last_writer 2>/dev/null | sed -n 's/^last_writer: //p')
	if [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ]; then
		printf '  %-18s the threads in either order give %s and %s: ok\n' last_writer "$a" "$b"
	else
		echo "  last_writer: FAIL: the result does not depend on the order ($a, $b)"
		fails=$((fails + 1))
	fi
fi
[ $fails -eq 0 ] && echo "sanitizer-test: the emulated compute-sanitizer checks flag what they must, and nothing else" ||
	{ echo "sanitizer-test: $fails case(s) FAILED"; exit 1; }
