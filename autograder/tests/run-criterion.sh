#!/usr/bin/env bash
# run-criterion.sh BINARY [ARGS...]: runs a Criterion test program and fails if it
# fails or if it ran no test at all (an empty suite must never look like a pass).
set -o pipefail
bin=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$bin" --short-filename "$@" 2>&1 | tee "$log"
rc=$?
tested=$(sed -n 's/.*Synthesis: Tested: \([0-9]*\).*/\1/p' "$log" | tail -n 1)
if [ "${tested:-0}" -eq 0 ]; then
	echo "$bin: no test ran" >&2
	exit 1
fi
exit $rc
