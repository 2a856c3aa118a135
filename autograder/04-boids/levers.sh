#!/usr/bin/env bash
# levers.sh: what each choice of the staged search buys, on the GPU (handout 04,
# "Going further"). Each autograder/04-boids/levers/NAME.patch changes one thing in the
# solution's fast.cu; every variant and the solution get the lab's driver built (one
# make -j), then each runs the staged step at 1M and 5M boids on the 27-cell grid, and
# a Markdown table is printed: registers and shared memory (ptxas), the whole step's
# median (CUDA events) and the first step's worst error on sampled boids. LEVERS_OUT:
# where the copies go.
set -eu
out=${LEVERS_OUT:-build/levers}
lab=04-boids
source "$(dirname "$0")/../levers-copies.sh"
levers_copy "$lab" "$out"
dirs=() targets=()
for name in "${names[@]}"; do
	dirs+=("build/sub/${out//\//_}_$name/$lab")
	targets+=("build/sub/${out//\//_}_$name/$lab/driver")
done
make --no-print-directory -j"$(nproc)" SUBMISSIONS="${names[*]/#/$out/}" "${targets[@]}" >"$out/build.log" 2>&1 ||
	{ tail -30 "$out/build.log"; exit 1; }
rows=()
for k in "${!names[@]}"; do
	# the kernel's registers and shared memory for this GPU, from ptxas's report
	use=$(grep -A3 "velocity_fast_kernel.*for 'sm_" "${dirs[$k]}/fast.o.res" | sed -n 's/.*Used \([0-9]*\) registers.*/\1 regs/p' | tail -1)
	smem=$(grep -A3 "velocity_fast_kernel.*for 'sm_" "${dirs[$k]}/fast.o.res" | sed -n 's/.* \([0-9]*\) bytes smem.*/\1/p' | tail -1)
	use+=", ${smem:-0} B shared"
	row="| ${names[$k]} | ${use:-?} |"
	for n in 1000000 5000000; do
		log=$("${targets[$k]}" -n $n --method fast --cells 27 --steps 30 2>&1) || true
		echo "${names[$k]} N=$n: $(echo "$log" | tr '\n' ' ')"
		ms=$(echo "$log" | sed -n 's/^step (events, median of [0-9]*): \([0-9.]*\) ms.*/\1/p')
		err=$(echo "$log" | sed -n 's/.*double: \([0-9.e+-]*\) of max speed.*/\1/p')
		row+=" ${ms:-failed} | ${err:-?} |"
	done
	rows+=("$row")
done
echo
echo "| fast search variant | ptxas | step ms, 1M | worst err, 1M | step ms, 5M | worst err, 5M |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
