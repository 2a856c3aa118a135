#!/usr/bin/env bash
# release-test.sh MAKE [quick|unpacked]: the student release, checked as a student would
# use it. quick (make test) leaves out lab 04's release unpacked, built and graded on
# its own, a cold build of its own; unpacked (make test-slow) runs that alone; with
# neither, all of it.
# - lab 02's given code holds lab 01's answer: it is refused until PASSED=01, then its
#   file list holds no exercise's answer (no solution code, no CPU reference source, no
#   grader source) and none of the course's own tests;
# - the release builds with the course's rule files, whole: each is shipped unchanged;
# - lab 04's release, unpacked elsewhere, passes its own `make test` (the skeleton
#   grades to 0, emulated without a GPU) and grades the solution to full marks (its naive suite);
# - every lab can be released, alone and all at once.
set -u
# Without a GPU, the releases here are built for sm_90 alone, as the rest of make test's
# build is (toolchain.mk): a release for students gets sm_80 and sm_90, and its own build
# of everything again, which this test does not need.
make=$1 part=${2:-all}
nvidia-smi -L 2>/dev/null | grep -q '^GPU' || make="$make ARCH=sm_90"
root=$PWD/build/test-release
rm -rf "$root" && mkdir -p "$root"
fail() { echo "release-test: $*"; exit 1; }

if [ "$part" != unpacked ]; then
	if $make --no-print-directory release LAB=02 >"$root/refused.log" 2>&1; then
		fail "lab 02 was released without PASSED=01 (its given code holds lab 01's answer)"
	fi
	grep -q "PASSED=01" "$root/refused.log" || fail "the refusal does not say how to release lab 02: $(tail -n 1 "$root/refused.log")"
	$make --no-print-directory release LAB=02 PASSED=01 >"$root/02.log" 2>&1 || fail "make release LAB=02 PASSED=01 failed: see $root/02.log"
	tar tzf build/particle-labs-lab-02.tar.gz | sort >"$root/02-files.txt"
	for f in common/reference/allpairs.cu common/reference/leapfrog.cu common/reference/reference.c common/reference/orbit.c common/reference/ref_boids.c solutions/ autograder/tests/selftest/ \
		autograder/02-tiling/test_ autograder/tests/ autograder/grader/ autograder/emu/tests/ autograder/runner/example/ \
		common/tests/; do
		! grep -q "$f" "$root/02-files.txt" || fail "lab 02's release holds $f"
	done
	echo "release-test: lab 02 refused without PASSED=01; with it, $(wc -l <"$root/02-files.txt") entries, no answer among them"
fi

$make --no-print-directory release LAB=04 >"$root/04.log" 2>&1 || fail "make release LAB=04 failed: see $root/04.log"
tar xzf build/particle-labs-lab-04.tar.gz -C "$root"
rel=$root/particle-labs-lab-04
for f in autograder/make/*.mk common/common.mk autograder/emu/emu.mk handouts/handouts.mk; do
	cmp -s "$f" "$rel/$f" || fail "lab 04's release does not hold the course's $f as it is"
done
if [ "$part" = quick ]; then
	echo "release-test: lab 04's release holds the course's rule files; unpacked, built and graded on its own in make test-slow (release-test.sh MAKE unpacked)"
else
	(cd "$rel" && make test) >"$root/04-test.log" 2>&1 || fail "the release's make test failed: see $root/04-test.log"
	mkdir -p "$rel/mine" && cp -r solutions/04-boids "$rel/mine/"
	# the naive suite: enough to show the release's prebuilt grader and given code at work
	(cd "$rel" && make grade LAB=04 SUBMISSION=mine STRICT=1 FILTER='naive/*') >"$root/04-grade.log" 2>&1 ||
		fail "the reference did not keep full marks in the release: see $root/04-grade.log"
	echo "release-test: lab 04's release: $(grep -h '^04-boids' "$root/04-test.log"); the solution $(grep '^TOTAL' "$root/04-grade.log" | awk '{print $2}')"
fi
[ "$part" = unpacked ] && exit 0

# every lab can be released (each release checks its own files: no answer, nothing it
# cites missing), the whole course too
for l in $(ls -d solutions/[0-9][0-9]-* | sed 's|.*/||; s|-.*||'); do
	$make --no-print-directory release LAB="$l" PASSED=01 >"$root/all-$l.log" 2>&1 ||
		fail "make release LAB=$l PASSED=01 failed: $(tail -n 1 "$root/all-$l.log")"
done
$make --no-print-directory release LAB="$l" UPTO=1 PASSED=01 >"$root/upto.log" 2>&1 ||
	fail "make release LAB=$l UPTO=1 PASSED=01 failed: $(tail -n 1 "$root/upto.log")"
echo "release-test: every lab released alone, and labs 01 to $l at once"
