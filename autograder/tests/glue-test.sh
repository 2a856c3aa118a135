#!/usr/bin/env bash
# glue-test.sh: the checked-in example of the runner glue (autograder/runner/example/)
# is what write_glue.py writes today for its lab, so that the page a maintainer reads is true.
set -euo pipefail
lab=02-tiling
hdr=solutions/$lab
[ -d "$hdr" ] || hdr=labs/$lab
out=$(mktemp -d /tmp/glue-test.XXXXXX)
trap 'rm -rf "$out"' EXIT
python3 autograder/runner/write_glue.py "$hdr" "autograder/$lab/api.txt" common "$out"
for f in api.c proxy.c dispatch.c stubs.c; do
	cmp -s "$out/$f" "autograder/runner/example/$lab/$f" || {
		echo "glue-test: autograder/runner/example/$lab/$f is not what write_glue.py writes now: write it again with" >&2
		echo "  python3 autograder/runner/write_glue.py $hdr autograder/$lab/api.txt common autograder/runner/example/$lab" >&2
		exit 1
	}
done
echo "glue-test: the example glue of $lab is write_glue.py's"
