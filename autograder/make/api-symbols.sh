#!/usr/bin/env bash
# api-symbols.sh LAB_ARCHIVE API_TXT: a submission may define only its lab's API.
# Lists the global symbols the submission's objects define that are neither in
# API_TXT nor made by the compiler (C++-mangled kernels and their stubs, runtime
# glue), and fails if there is any: a submission that defined time_gpu, median_of or
# grade_register would otherwise replace the grader's own, silently, at link time.
# NVTX's functions and globals, which a submission gets by including thrust or CUB
# (their ranges), pass too: weak definitions (nm's W and V), named nvtx..._v3 or
# InitializeInjectionNvtx2_fnptr, names that nothing of the grader or the course has;
# a strong definition of such a name, or a weak one of any other, is refused.
set -u
archive=$1 api=$2
nvtx='^[WV] (nvtx[A-Za-z0-9_]*_v3|InitializeInjectionNvtx2_fnptr)$'
defined=$(nm -g --defined-only "$archive" 2>/dev/null | awk 'NF == 3 { print $2, $3 }')
bad=$(echo "$defined" | grep -v -E "$nvtx" | awk 'NF == 2 { print $2 }' |
	grep -v -x -F -f <(grep -v '^$' "$api") |
	grep -v -E '^(_Z|__cuda|__nv_|__fatbin|__sti__|DW\.ref\.__gxx_personality)' | sort -u)
# NVTX's ranges: the graded tests ran with them (sanitize/* too), but make sanitize, which
# runs every test under compute-sanitizer, waited forever in the runner's first sort
# (autograder/DEVELOPING.md)
echo "$defined" | grep -q -E "$nvtx" &&
	echo "note: the submission carries NVTX ranges (thrust or CUB included without" \
		"#define CCCL_DISABLE_NVTX before them, as common/keysort.cu has it): graded as it" \
		"is, but make sanitize may hang in its first sort" >&2
[ -z "$bad" ] && exit 0
echo "the submission defines $(echo "$bad" | wc -l) symbol(s) outside the lab's API:" \
	"$(echo "$bad" | tr '\n' ' ')— a submission may define only $(tr '\n' ' ' <"$api")(and" \
	"static or C++ helpers of its own); anything else could replace a grader or timer" \
	"function, so the lab is not graded. Make helpers static."
exit 1
