#!/usr/bin/env bash
# levers.sh: what each lever of the force walk buys, on the GPU (handout 05, "Opening
# four cells at once"). Each autograder/05-octree/levers/NAME.patch turns the
# solution (its force.cu, or build.cu) back into an earlier version; every variant and
# the solution get the lab's bench built (one make -j), then `bench --levers` runs for
# each in turn on the idle GPU, and a Markdown table is printed: at N = 2^20 (theta 0.5,
# Plummer) the whole step, the walk in tree order and in index order, the mean error
# against the direct sum; at 10,000 the step against all pairs. LEVERS_OUT: where the
# copies go.
set -eu
out=${LEVERS_OUT:-build/levers}
lab=05-octree
# the GPU's architecture (90 on the H200), else the newest the build targets
ARCH=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d .)
ARCH=${ARCH:-90}
names=(solution)
rm -rf "$out" && mkdir -p "$out/solution"
cp -r "solutions/$lab" "$out/solution/"
for p in autograder/$lab/levers/*.patch; do
	name=$(basename "$p" .patch)
	mkdir -p "$out/$name" && cp -r "solutions/$lab" "$out/$name/"
	patch -s -d "$out/$name/$lab" -p1 <"$p"
	names+=("$name")
done
targets=()
for name in "${names[@]}"; do
	targets+=("build/sub/${out//\//_}_$name/$lab/grader/bench_$lab")
done
make --no-print-directory -j"$(nproc)" SUBMISSIONS="${names[*]/#/$out/}" "${targets[@]}" >"$out/build.log" 2>&1 ||
	{ tail -30 "$out/build.log"; exit 1; }
rows=()
for k in "${!names[@]}"; do
	# ptxas's report of the walk for the GPU's own architecture: registers, shared memory
	res=$(dirname "${targets[$k]}")/../force.o.res
	use=$(grep -A4 "force_kernel.*sm_$ARCH" "$res" | sed -n 's/.*Used \([0-9]*\) registers.* \([0-9]*\) bytes smem.*/\1 regs, \2 B shared/p')
	line=$("${targets[$k]}" --levers | sed -n 's/^levers: //p') || true
	echo "${names[$k]} ($use): ${line:-FAILED}"
	[ -n "$line" ] || { rows+=("| ${names[$k]} | $use | failed: see above |"); continue; }
	read -r _ step _ forces _ unsorted _ err _ small _ pairs <<<"$line"
	rows+=("$(printf '| %s | %s | %s | %s | %s | %.1fx | %s | %s | %s |' "${names[$k]}" "$use" "$step" \
		"$forces" "$unsorted" "$(awk -v a="$unsorted" -v b="$forces" 'BEGIN { print a / b }')" "$err" \
		"$small" "$pairs")")
done
echo
echo "| walk | ptxas | step ms (2^20) | forces ms, tree order | index order | sort's gain | mean error | step ms (10k) | all pairs ms (10k) |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
