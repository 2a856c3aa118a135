#!/usr/bin/env bash
# make-class.sh DIR: the small made-up class of the class tests (lab 01 only), one
# folder a student in DIR: the reference, an alternative correct version, the skeleton,
# one that does not compile, one that defines a symbol outside the API, and one with a
# hanging kernel, a sticky CUDA error and a host segfault
# (autograder/selftest/01-pair/faults.patch). Prints the students' names.
set -eu
root=$1
students="reference alternative skeleton broken cheat faults"
for s in $students; do rm -rf "${root:?}/$s" && mkdir -p "$root/$s"; done
cp -r solutions/01-pair "$root/reference/"
cp -r solutions/01-pair "$root/alternative/"
patch -s -p1 -d "$root/alternative/01-pair" <autograder/selftest/01-pair/alt_grid_stride_128.patch
cp -r solutions/01-pair "$root/faults/"
patch -s -p1 -d "$root/faults/01-pair" <autograder/selftest/01-pair/faults.patch
cp -r labs/01-pair "$root/skeleton/"
cp -r labs/01-pair "$root/broken/" && echo 'not C at all' >>"$root/broken/01-pair/pair.cu"
cp -r labs/01-pair "$root/cheat/"
printf '\nextern "C" double wall_ms(void) { return 0.0; }\n' >>"$root/cheat/01-pair/pair.cu"
echo "$students"
