#!/usr/bin/env bash
# api-test.sh: each lab's autograder/NN-name/api.txt names exactly the functions that
# the lab's header in solutions/NN-name/ declares (the driver's own headers, driver*.h,
# are not the API). A function declared but not listed
# is a symbol outside the API to the integrity check (every submission would score 0);
# one listed but not declared breaks the runner's proxies, generated from the list. Then
# the integrity check on small archives of what it must accept and refuse.
set -u
CC=${CC:-gcc}
fail=0
for api in autograder/[0-9][0-9]-*/api.txt; do
	lab=$(basename "$(dirname "$api")")
	[ -d "solutions/$lab" ] || continue
	# the header's text without comments (-fpreprocessed: no macro expanded), then
	# every lower-case name followed by "(": the functions it declares
	declared=$(for h in "solutions/$lab"/*.h; do [[ $h == */driver*.h ]] && continue
		 "$CC" -fpreprocessed -dD -E -P -x c "$h"; done |
		tr '\n' ' ' | grep -oE '\b[a-z_][a-z_0-9]*[[:space:]]*\(' | sed 's/[[:space:]]*($//' | sort -u)
	listed=$(grep -v '^[[:space:]]*$' "$api" | sort -u)
	if [ -z "$declared" ] || [ "$declared" != "$listed" ]; then
		echo "api-test: $api does not name what solutions/$lab/*.h declares:"
		comm -23 <(echo "$declared") <(echo "$listed") | sed 's/^/  declared, not in api.txt: /'
		comm -13 <(echo "$declared") <(echo "$listed") | sed 's/^/  in api.txt, not declared: /'
		fail=1
	fi
done
[ $fail -eq 0 ] && echo "api-test: every lab's api.txt names the functions its header declares"

# The integrity check itself (autograder/make/api-symbols.sh), on small archives: the API and
# what thrust's and CUB's NVTX ranges leave (weak nvtx..._v3 definitions) pass; a weak or
# strong definition of a course or grader name, or a strong one of an NVTX name, does not.
api=autograder/01-pair/api.txt
fn=$(grep -v '^[[:space:]]*$' "$api" | head -n 1)
dir=build/api-test
rm -rf "$dir" && mkdir -p "$dir"
symbols() { # name C-source: an archive of one object that defines what the source does
	echo "$2" | "$CC" -x c -c - -o "$dir/$1.o" && ar rcs "$dir/$1.a" "$dir/$1.o"
}
symbols api "void $fn(void) {}"
weak="__attribute__((weak))"
symbols nvtx "void $fn(void) {} $weak int nvtxMarkA_impl_init_v3(void) { return 0; }
$weak int nvtxGlobals_v3; $weak void *InitializeInjectionNvtx2_fnptr;"
symbols weak_timer "$weak double wall_ms(void) { return 0.0; }"
symbols timer "double wall_ms(void) { return 0.0; }"
symbols strong_nvtx "int nvtxGlobals_v3 = 1;"
for a in api nvtx; do
	autograder/make/api-symbols.sh "$dir/$a.a" "$api" >/dev/null 2>&1 ||
		{ echo "api-test: api-symbols.sh refuses $a, which it must accept"; fail=1; }
done
for a in weak_timer timer strong_nvtx; do
	autograder/make/api-symbols.sh "$dir/$a.a" "$api" >/dev/null 2>&1 &&
		{ echo "api-test: api-symbols.sh accepts $a, which it must refuse"; fail=1; }
done
[ $fail -eq 0 ] &&
	echo "api-test: api-symbols.sh accepts the API and NVTX's weak symbols, refuses the rest"
exit $fail
