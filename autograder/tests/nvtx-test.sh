#!/usr/bin/env bash
# nvtx-test.sh [BUILD]: no submission's runner carries CUB's NVTX ranges. With them,
# the runner's first sort under compute-sanitizer (2025.3.1, CUDA 13.0, --target-processes
# all) waited forever inside the tool, and make sanitize LAB=04 never ended (autograder/DEVELOPING.md,
# "Developing the course"); common/keysort.cu defines CCCL_DISABLE_NVTX to leave them out.
# NVTX's hook for an injected tool, InitializeInjectionNvtx2_fnptr, marks a binary
# that has them. Needs the runners built (make all).
set -u
build=${1:-build}
. "$build/layout.sh" # pl_runner_bin: make's layout (autograder/make/layout.mk)
# shellcheck disable=SC2086 # a glob: every folder's, every lab's
runners=$(ls $(pl_runner_bin '*' '*') 2>/dev/null)
if [ -z "$runners" ]; then
	echo "nvtx-test: FAIL: no runner built at $(pl_runner_bin '*' '*') (make all builds them)"
	exit 1
fi
bad=0
for r in $runners; do
	if nm "$r" 2>/dev/null | grep -q 'InitializeInjectionNvtx2_fnptr'; then
		echo "nvtx-test: FAIL: $r links NVTX ranges (expected none): a header included" \
			"before common/keysort.cu's CCCL_DISABLE_NVTX, or a new CUB call elsewhere," \
			"brings them back, and make sanitize hangs in the runner's first sort"
		bad=1
	fi
done
[ $bad -eq 0 ] && echo "nvtx-test: $(echo "$runners" | wc -w) runners, none with NVTX ranges"
exit $bad
