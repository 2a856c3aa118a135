#!/usr/bin/env bash
# ablations.sh: what each choice of the fast search buys, on the GPU (handout 04,
# "Going further"). Each autograder/04-boids/ablations/NAME.patch changes one thing in the
# solution's fast.cu; every variant and the solution get the lab's driver built (one
# make -j), then each runs the fast step at 1M and 5M boids on the grid of cells r_max / 2
# wide (--cells 125, the row cull's grid), and a Markdown table is printed: registers and
# shared memory (ptxas), the whole step's median (CUDA events) and the first step's worst
# error on sampled boids. ABLATIONS_OUT: where the copies go; ABLATIONS_CELLS: the
# driver's --cells (125; 27 for the grid of cells r_max wide).
set -eu
out=${ABLATIONS_OUT:-build/ablations}
lab=04-boids
cells=${ABLATIONS_CELLS:-125}
source "$(dirname "$0")/../tools/ablation-copies.sh"
ablation_copy "$lab" "$out"
ablation_build "$lab" "$out" driver
rows=()
for k in "${!names[@]}"; do
	# the kernel's registers and shared memory for this GPU, from ptxas's report
	ptxas=$(grep -A3 "velocity_fast_kernel.*for 'sm_" "${dirs[$k]}/fast.o.res" | grep 'Used' | tail -1)
	regs=$(echo "$ptxas" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p')
	smem=$(echo "$ptxas" | sed -n 's/.* \([0-9]*\) bytes smem.*/\1/p')
	use="${regs:-?} regs, ${smem:-0} B shared"
	row="| ${names[$k]} | ${use:-?} |"
	for n in 1000000 5000000; do
		log=$("${dirs[$k]}/driver" -n $n --method fast --cells "$cells" --steps 30 2>&1) || true
		echo "${names[$k]} N=$n: $(echo "$log" | tr '\n' ' ')"
		ms=$(echo "$log" | sed -n 's/^step (events, median of [0-9]*): \([0-9.]*\) ms.*/\1/p')
		err=$(echo "$log" | sed -n 's/.*double: \([0-9.e+-]*\) of max speed.*/\1/p')
		row+=" ${ms:-failed} | ${err:-?} |"
	done
	rows+=("$row")
done
echo
echo "Cells: --cells $cells"
echo
echo "| fast search variant | ptxas | step ms, 1M | worst err, 1M | step ms, 5M | worst err, 5M |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
