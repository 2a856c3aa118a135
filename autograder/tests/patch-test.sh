#!/usr/bin/env bash
# patch-test.sh: every patch made against the solutions still applies to
# them: the self-check's (autograder/tests/selftest/LAB/*.patch) and the labs' ablations
# (autograder/*/ablations/*.patch). A solution edited without its patches would
# otherwise be found out only by make selftest (test-slow) or, for the ablations, on the
# GPU, where a failed build costs device time. Without fuzz: a patch whose context no
# longer matches (a renamed variable) may land where it was not meant to. Prints each
# patch that fails and how to remake it; exit 1 if any.
set -u
status=0 n=0
# each patch is applied for real to a copy: a dry run checks every hunk against the
# untouched file, so a hunk repeated in one patch would pass it and fail the self-check
tmp=$(mktemp -d /tmp/patch-test.XXXXXX)/lab
trap 'rm -rf "$(dirname "$tmp")"' EXIT
for p in autograder/tests/selftest/*/*.patch autograder/*/ablations/*.patch; do
	[ -f "$p" ] || continue
	lab=$(basename "$(dirname "$p")")
	[ "$lab" = ablations ] && lab=$(basename "$(dirname "$(dirname "$p")")")
	n=$((n + 1))
	if [ ! -d "solutions/$lab" ]; then
		echo "patch-test: $p: no solutions/$lab to apply it to" && status=1
	elif ! out=$(rm -rf "$tmp" && cp -r "solutions/$lab" "$tmp" &&
		patch -s --batch --forward --fuzz=0 -d "$tmp" -p1 <"$p" 2>&1); then
		echo "patch-test: $p no longer applies to solutions/$lab: ${out//$'\n'/; }"
		status=1
	fi
done
if [ $status -eq 0 ]; then
	echo "patch-test: $n patches apply to solutions/"
else
	echo "patch-test: remake each: apply it to the solution it was made for (git log -- PATCH),"
	echo "  carry the change over to the new solution, and diff -u --label a/FILE --label b/FILE"
	echo "  solutions/LAB/FILE against the result, from solutions/LAB"
fi
exit $status
