#!/usr/bin/env bash
# make-release.sh DIR LAB UPTO PASSED: writes in DIR the student release of lab LAB
# (UPTO=1: of labs 01 to LAB), run by `make release` once the course is built.
#
# What a student gets: the lab's skeleton, its handout, its grader prebuilt (the
# grader never links a submission, so it ships as a program: its tests, references
# and thresholds' checks stay out of sight), the runner's sources to build around
# their code, the course's helpers as sources and its CPU references and baselines
# compiled (common/prebuilt/), the course's own make rules, whole, and a README and a
# Makefile of their own that includes those rules (they build from autograder/prebuilt/
# and common/prebuilt/ what does not ship as source: autograder/make/layout.mk).
# Never an exercise's answer: a lab whose given code holds an earlier lab's answer
# (answers.txt) is released only when PASSED names that lab (its deadline is over);
# common/interaction.cuh, lab 01's body_body_interaction, ships only with a lab that
# includes it.
set -euo pipefail
[ -f build/layout.sh ] || make --no-print-directory -s build/layout.sh >/dev/null
. build/layout.sh # pl_*: where make puts a folder's lab (autograder/make/layout.mk)
dir=$1 lab=$2 upto=$3 passed=$4
die() { echo "release: $*" >&2; exit 1; }

all=$(ls -d solutions/[0-9][0-9]-* | sed 's|.*/||')
want=$(for l in $all; do
	n=${l%%-*}
	if [ "$n" = "$lab" ] || { [ -n "$upto" ] && [ "$n" \< "$lab" ]; }; then echo "$l"; fi
done)
[ -n "$want" ] || die "no lab $lab (labs: $(echo $all))"

# an earlier lab's answer inside a given file: only after that lab's deadline
while read -r l earlier where; do
	[[ $l == \#* || -z $l ]] && continue
	echo "$want" | grep -qx "$l" || continue
	for e in ${earlier//,/ }; do
		[[ ,$passed, == *,${e%%-*},* ]] ||
			die "$l's given code holds $e's answer ($where): release it with PASSED=${e%%-*} once $e's deadline has passed"
	done
done <autograder/instructor/release/answers.txt

rm -rf "$dir" && mkdir -p "$dir"
copy() { mkdir -p "$dir/$(dirname "$1")" && cp -r "$1" "$dir/$1"; }
# copy_dir DIR [EXCLUDE...]: the folder DIR whole, but what an EXCLUDE names (a glob on
# the path from the top, tar's --exclude) and Python's caches
copy_dir() {
	local d=$1
	shift
	tar -cf - --anchored --exclude='*/__pycache__' "${@/#/--exclude=}" "$d" | tar -xf - -C "$dir"
}

# common/: whole, its helpers (common/NN-name/: one lab's) as sources and its rules
# (common.mk), but its tests; common/reference/: the CPU references and baselines, each
# of which transcribes an exercise (leapfrog.cu, the drivers' integrator of labs 02 and
# 03, is lab 01's leapfrog_step), as objects only (common/prebuilt/), beside their
# headers; common/interaction.cuh, lab 01's answer, only with a lab that includes it
# (below)
copy_dir common common/tests 'common/reference/*.c' 'common/reference/*.cu' common/interaction.cuh
mkdir -p "$dir/common/prebuilt"
for f in common/reference/*.c common/reference/*.cu; do
	obj=build/obj/${f%.c}.o
	[[ $f == *.cu ]] && obj=build/obj/$f.o
	[ -f "$obj" ] || die "$obj is not built"
	strip --strip-debug -o "$dir/common/prebuilt/$(basename "$obj")" "$obj"
done

# the build (the release's Makefile and the course's rules and scripts it includes,
# make/), the report, the runner's sources, less the example page of its glue for
# maintainers, and the emulation, less its own tests (emu.mk is among the rules)
cp autograder/instructor/release/Makefile "$dir/Makefile"
copy_dir autograder/make
copy_dir autograder/report
copy_dir autograder/runner autograder/runner/example
copy_dir autograder/emu autograder/emu/tests
# the skeletons as the generator writes them from solutions/, never labs/ as this
# checkout holds it (a student's clone has their work there)
skel=$(mktemp -d)
trap 'rm -rf "$skel"' EXIT
build/bin/skelgen generate solutions "$skel" >/dev/null || die "the skeletons could not be generated"
emu=""
for l in $want; do
	mkdir -p "$dir/labs" && cp -r "$skel/$l" "$dir/labs/$l"
	copy "autograder/$l/api.txt"
	copy "autograder/$l/thresholds.h"
	copy "autograder/$l/lab.mk"
	p=$dir/autograder/prebuilt/$l
	mkdir -p "$p"
	strip --strip-debug -o "$p/grade_$l" "$(pl_grader_bin solutions "$l")"
	strip --strip-debug -o "$p/points_$l" "$(pl_points_bin solutions "$l")"
	if [ -f "$(pl_emu_bin solutions "$l")" ]; then
		strip --strip-debug -o "$p/grade_emu" "$(pl_emu_bin solutions "$l")"
		strip --strip-debug -o "$p/points_emu" "$(pl_emu_points_bin solutions "$l")"
		emu="$emu $l"
	fi
	# the handout without its instructor-only passages (::: instructor ... :::)
	mkdir -p "$dir/handouts"
	awk '/^::: instructor$/ { skip = 1; next } skip && /^:::$/ { skip = 0; next } !skip' \
		"handouts/$l.md" | cat -s >"$dir/handouts/$l.md"
	for g in handouts/plots/"$l"-*.gp; do [ -e "$g" ] && copy "$g"; done
	[ -d "handouts/data/$l" ] && copy "handouts/data/$l"
done
# lab 01's answer, given from lab 02 on: only with a lab that includes it (answers.txt
# made sure PASSED=01), so never in a release of lab 01 alone
given_pair=common/interaction.cuh
pair_users=$(for l in $want; do
	if grep -rqs '#include "interaction.cuh"' "$dir/labs/$l"; then echo "$l"; fi
done)
[ -z "$pair_users" ] || copy "$given_pair"
# the references' kernels built for the CPU emulation too, for the emulated drivers
# (make run without a GPU: the drivers of labs 01 to 03 integrate with leapfrog.cu's)
if [ -n "$emu" ]; then
	mkdir -p "$dir/common/prebuilt/emu"
	for f in common/reference/*.cu; do
		obj=build/emu/${f%.cu}.o
		[ -f "$obj" ] || die "$obj is not built"
		strip --strip-debug -o "$dir/common/prebuilt/emu/$(basename "$obj")" "$obj"
	done
fi
copy handouts/handouts.mk
copy handouts/style.css
copy handouts/plot.sh
copy handouts/nav.sh
copy handouts/step-anchors.lua
for f in handouts/syntax/*.xml; do copy "$f"; done

labs_list=$(for l in $want; do printf -- '- `labs/%s/`: handout `handouts/%s.md`%s\n' "$l" "$l" \
	"$([[ " $emu " == *" $l "* ]] && echo ', an emulated grader too (no GPU needed)')"; done)
awk -v labs="$labs_list" '{ if ($0 == "@LABS@") print labs; else print }' \
	autograder/instructor/release/README.md >"$dir/README.md"

# nothing of an answer, nothing that names a file the release does not hold
leak=$(grep -rlE 'BEGIN SOLUTION|END SOLUTION' "$dir" --include='*.cu' --include='*.cuh' --include='*.c' --include='*.h' || true)
[ -z "$leak" ] || die "solution markers in: $leak"
for f in "$dir"/common/reference/*.c "$dir"/common/reference/*.cu; do
	[ ! -e "$f" ] || die "${f#"$dir"/} is an exercise's answer and must not ship as source"
done
for f in "$dir"/autograder/grader "$dir"/autograder/[0-9][0-9]-*/test_*.c "$dir"/solutions; do
	[ ! -e "$f" ] || die "${f#"$dir"/} is the grader's or the answers' source and must not ship"
done
for l in $pair_users; do
	grep -Eq "^$l[[:space:]]+([^[:space:]]*,)?01-pair" autograder/instructor/release/answers.txt ||
		die "labs/$l includes $given_pair, lab 01's answer: give it a row naming 01-pair in autograder/instructor/release/answers.txt"
done
if [ -e "$dir/$given_pair" ]; then
	[ -n "$pair_users" ] || die "$given_pair ships, but no lab of this release includes it"
	[[ ,$passed, == *,01,* ]] || die "$given_pair is lab 01's answer: release it with PASSED=01 once lab 01's deadline has passed"
fi
cited=$(grep -rhoE '(solutions/|autograder/tests/selftest|autograder/[0-9][0-9]-[a-z]+/[a-z_0-9]+\.[ch]|COURSE\.md)[A-Za-z0-9_./-]*' \
	"$dir" --include='*.md' --include='*.cu' --include='*.cuh' --include='*.h' --include='*.c' --include=Makefile |
	sort -u | while read -r path; do [ -e "$dir/${path%%[.,:;)]}" ] || [ -e "$dir/$path" ] || echo "$path"; done)
[ -z "$cited" ] || die "the release cites files it does not hold: $(echo $cited)"
echo "release: $dir ($(echo $want))"
