#!/usr/bin/env bash
# make-class.sh DIR [LAB]: a small made-up class for the class tests, one folder a
# student in DIR, laid out like labs/; prints the students' names.
#   01 (default): the reference, an alternative correct version, the skeleton, one that
#       does not compile, one that defines a symbol outside the API, and one with a
#       hanging kernel, a sticky CUDA error and a host segfault
#       (autograder/tests/selftest/01-pair/faults.patch);
#   06: the reference, one with a known bug (j2_wrong_power.patch), the skeleton and
#       one that does not compile: lab 06 has emulated tests, so without a GPU the
#       class still earns different grades.
set -eu
root=$1 lab=${2:-01}
copy() { # student source-folder lab-folder [patch]
	rm -rf "${root:?}/$1" && mkdir -p "$root/$1" && cp -r "$2/$3" "$root/$1/"
	[ -z "${4:-}" ] || patch -s -p1 -d "$root/$1/$3" <"autograder/tests/selftest/$3/$4.patch"
}
case $lab in
01)
	students="reference alternative skeleton broken cheat faults"
	copy reference solutions 01-pair
	copy alternative solutions 01-pair alt_grid_stride_128
	copy faults solutions 01-pair faults
	copy skeleton labs 01-pair
	copy broken labs 01-pair && echo 'not C at all' >>"$root/broken/01-pair/pair.cu"
	copy cheat labs 01-pair
	printf '\nextern "C" double wall_ms(void) { return 0.0; }\n' >>"$root/cheat/01-pair/pair.cu"
	;;
06)
	students="reference wrong skeleton broken"
	copy reference solutions 06-orbits
	copy wrong solutions 06-orbits j2_wrong_power
	copy skeleton labs 06-orbits
	copy broken labs 06-orbits && echo 'not C at all' >>"$root/broken/06-orbits/j2.cu"
	;;
*) echo "make-class: LAB is 01 or 06" >&2 && exit 2 ;;
esac
echo "$students"
