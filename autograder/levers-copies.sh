# levers-copies.sh, sourced by autograder/NN-name/levers.sh: levers_copy LAB OUT makes
# OUT/solution/LAB, a copy of solutions/LAB, and OUT/NAME/LAB for each
# autograder/LAB/levers/NAME.patch, that copy with the patch applied; it sets the array
# names to (solution NAME...), in the patches' order.
levers_copy() {
	local lab=$1 out=$2 p name
	names=(solution)
	rm -rf "$out" && mkdir -p "$out/solution"
	cp -r "solutions/$lab" "$out/solution/"
	for p in autograder/$lab/levers/*.patch; do
		name=$(basename "$p" .patch)
		mkdir -p "$out/$name" && cp -r "solutions/$lab" "$out/$name/"
		patch -s -d "$out/$name/$lab" -p1 <"$p"
		names+=("$name")
	done
}
