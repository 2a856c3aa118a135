#!/usr/bin/env bash
# ablations.sh: what each lever of the force walk buys, on the GPU (handout 05, "Opening
# four cells at once"). Each autograder/05-octree/ablations/NAME.patch turns the
# solution (its force.cu, or build.cu) back into an earlier version; every variant and
# the solution get the lab's bench built (one make -j), then `bench --ablations` runs for
# each in turn on the idle GPU, and a Markdown table is printed: at N = 2^20 (theta 0.5,
# Plummer) the whole step, the walk in tree order and in index order, the mean error
# against the direct sum; at 10,000 the step against all pairs. ABLATIONS_OUT: where the
# copies go.
set -eu
out=${ABLATIONS_OUT:-build/ablations}
lab=05-octree
source "$(dirname "$0")/../tools/ablation-copies.sh"
ablation_copy "$lab" "$out"
ablation_build "$lab" "$out" "grader/bench_$lab"
rows=()
for k in "${!names[@]}"; do
	line=$("${dirs[$k]}/grader/bench_$lab" --ablations | sed -n 's/^ablations: //p') || true
	echo "${names[$k]}: ${line:-FAILED}"
	[ -n "$line" ] || { rows+=("| ${names[$k]} | failed: see above |"); continue; }
	# the walk's registers and shared memory: ptxas's report, read by the bench
	read -r _ step _ forces _ unsorted _ err _ small _ pairs _ regs _ smem <<<"$line"
	use="$regs regs, $smem B shared"
	rows+=("$(printf '| %s | %s | %s | %s | %s | %.1fx | %s | %s | %s |' "${names[$k]}" "$use" "$step" \
		"$forces" "$unsorted" "$(awk -v a="$unsorted" -v b="$forces" 'BEGIN { print a / b }')" "$err" \
		"$small" "$pairs")")
done
echo
echo "| walk | ptxas | step ms (2^20) | forces ms, tree order | index order | sort's gain | mean error | step ms (10k) | all pairs ms (10k) |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
