#!/usr/bin/env bash
# check-symbols.sh LAB_ARCHIVE API_TXT: a submission may define only its lab's API.
# Lists the global symbols the submission's objects define that are neither in
# API_TXT nor made by the compiler (C++-mangled kernels and their stubs, runtime
# glue), and fails if there is any: a submission that defined time_gpu, median_of or
# grade_register would otherwise replace the grader's own, silently, at link time.
set -u
archive=$1 api=$2
bad=$(nm -g --defined-only "$archive" 2>/dev/null | awk 'NF == 3 { print $3 }' |
	grep -v -x -F -f <(grep -v '^$' "$api") |
	grep -v -E '^(_Z|__cuda|__nv_|__fatbin|__sti__|DW\.ref\.__gxx_personality)' | sort -u)
[ -z "$bad" ] && exit 0
echo "the submission defines $(echo "$bad" | wc -l) symbol(s) outside the lab's API:" \
	"$(echo "$bad" | tr '\n' ' ')— a submission may define only $(tr '\n' ' ' <"$api")(and" \
	"static or C++ helpers of its own); anything else could replace a grader or timer" \
	"function, so the lab is not graded. Make helpers static."
exit 1
