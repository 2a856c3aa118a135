# ablation-copies.sh, sourced by autograder/NN-name/ablations.sh. ablation_copy LAB OUT makes
# OUT/solution/LAB, a copy of solutions/LAB, and OUT/NAME/LAB for each
# autograder/LAB/ablations/NAME.patch, that copy with the patch applied; it sets the array
# names to (solution NAME...), in the patches' order.
ablation_copy() {
	local lab=$1 out=$2 p name
	names=(solution)
	rm -rf "$out" && mkdir -p "$out/solution"
	cp -r "solutions/$lab" "$out/solution/"
	for p in autograder/$lab/ablations/*.patch; do
		name=$(basename "$p" .patch)
		mkdir -p "$out/$name" && cp -r "solutions/$lab" "$out/$name/"
		patch -s -d "$out/$name/$lab" -p1 <"$p"
		names+=("$name")
	done
}
[ -f build/layout.sh ] || make --no-print-directory -s build/layout.sh >/dev/null
. build/layout.sh # pl_*: where make puts a folder's lab (autograder/make/layout.mk)

# ablation_build LAB OUT TARGET: after ablation_copy, builds TARGET (a path under a graded
# folder's build tree, e.g. driver) of every copy in one make -j; sets the array dirs to
# each copy's build folder, in the order of names. Prints the log's tail and fails if
# the build fails.
ablation_build() {
	local lab=$1 out=$2 target=$3 name targets=()
	dirs=()
	for name in "${names[@]}"; do
		dirs+=("$(pl_sub_out "${out//\//_}_$name" "$lab")")
		targets+=("$(pl_sub_out "${out//\//_}_$name" "$lab")/$target")
	done
	make --no-print-directory -j"$(nproc)" SUBMISSIONS="${names[*]/#/$out/}" "${targets[@]}" \
		>"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; return 1; }
}
