#!/usr/bin/env bash
# new-lab-test.sh [MAKE]: adds a throwaway lab, 07-scale (autograder/tests/newlab/), to
# a copy of the course by following autograder/DEVELOPING.md's "Adding a lab" checklist step by step,
# then grades it: the reference scores full marks and its generated skeleton 0, its
# kernel emulated on the CPU, and on the GPU too where one is visible. A checklist that
# misses a step fails here, not in a maintainer's afternoon.
set -euo pipefail
make=${1:-make}
src=$PWD/autograder/tests/newlab
lab=07-scale
root=$(mktemp -d /tmp/new-lab-test.XXXXXX)
trap 'rm -rf "$root"' EXIT
fail() {
	echo "new-lab-test: $*" >&2
	exit 1
}

# the course as this checkout has it, with what is built already (times kept, so that
# make rebuilds none of it)
{
	git ls-files -co --exclude-standard | while read -r f; do [ ! -e "$f" ] || echo "$f"; done
	ls -d build/.flags build/.emu-flags build/obj/common build/obj/autograder build/lib build/bin build/emu/common \
		2>/dev/null || true
} | tar cf - -T - | tar xf - -C "$root"
cd "$root"
log=$root/log
# labs/ as the generator writes it, whatever this checkout's labs/ holds: a student's
# clone has their work there, which make skeletons rightly refuses to overwrite
rm -rf labs autograder/tools/skelgen/labs.manifest

# autograder/DEVELOPING.md, "Adding a lab", steps 1 to 4: the solution, the grader's folder, the handout
mkdir -p "solutions/$lab" "autograder/$lab"
cp "$src/scale.h" "$src/scale.cu" "$src/driver.c" "solutions/$lab/"
cp "$src/api.txt" "$src/lab.mk" "$src/test_1scale.c" "autograder/$lab/"
cp "$src/$lab.md" handouts/

# step 5: the skeleton, generated; step 6: what make test checks of every lab
$make --no-print-directory skeletons >"$log" 2>&1 || fail "make skeletons failed: $(tail -5 "$log")"
grep -q 'TODO(lab7.a)' "labs/$lab/scale.cu" || fail "labs/$lab/scale.cu lacks the skeleton's TODO"
! grep -q '^[[:space:]]*x\[i\] \*= a;' "labs/$lab/scale.cu" || fail "labs/$lab/scale.cu holds the answer"
autograder/tests/api-test.sh >"$log" 2>&1 || fail "api-test: $(cat "$log")"
$make --no-print-directory check-skeletons >"$log" 2>&1 || fail "check-skeletons: $(tail -5 "$log")"
if command -v pandoc >/dev/null; then
	$make --no-print-directory "build/handouts/$lab.html" build/handouts/06-orbits.html >"$log" 2>&1 ||
		fail "the handouts: $(tail -5 "$log")"
	grep -q "$lab.html" build/handouts/06-orbits.html || fail "lab 06's page does not link to lab 07's"
else
	echo "new-lab-test: no pandoc here: the handout's build is left out"
fi

# step 7: grade it, the reference and the skeleton
grade() { # label expected-total make-arguments...
	local label=$1 want=$2
	shift 2
	$make --no-print-directory grade LAB=07 "$@" >"$log" 2>&1 || fail "$label: make grade failed: $(tail -20 "$log")"
	grep -qE "^TOTAL +$want " "$log" || fail "$label: expected TOTAL $want: $(cat "$log")"
	echo "new-lab-test: $label: $(grep '^TOTAL' "$log" | awk '{print $2}')"
}
grade "the reference, emulated" 3/3 SUBMISSION=solutions EMU=1 STRICT=1
grade "the skeleton, emulated" 0/3 EMU=1
if [ "$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')" != 0 ]; then
	grade "the reference, on the GPU" 3/3 SUBMISSION=solutions EMU=0 STRICT=1
	grade "the skeleton, on the GPU" 0/3 EMU=0
	$make --no-print-directory run LAB=07 SUBMISSION=solutions >"$log" 2>&1 && grep -q '^0 3 6 9 12 15 18 21$' "$log" ||
		fail "make run LAB=07: $(tail -5 "$log")"
fi
echo "new-lab-test: lab $lab added by the checklist of autograder/DEVELOPING.md and graded"
