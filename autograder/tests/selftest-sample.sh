#!/usr/bin/env bash
# selftest-sample.sh [--gpu-free] LAB...: the self-check's sample that make test-slow (CI)
# runs emulated, one name a line on stdout, and what it leaves out on stderr.
# The full emulated self-check (make selftest-emu, every patch) takes too long for CI;
# the sample is fixed and stated: every alternative (alt_*), every skeleton (selftest.sh
# grades them whatever the sample), and the known-wrong patches listed in
# autograder/tests/selftest/LAB/sample, which must between them target every suite that
# any of the lab's wrong patches targets among those the emulation runs (all but speed,
# resources and flock: EMU_FILTER). A suite left uncovered, or a listed patch that does
# not exist, fails with its name (exit 1).
# --gpu-free: instead, the patches whose .expect names a failing test that needs nvcc's
# build and no GPU (resources/*): selftest.sh judges them without a GPU.
set -u
mode=emu
[ "${1:-}" = --gpu-free ] && mode=nvcc && shift
status=0
# the suites a wrong patch targets (what it must fail), as the emulation runs them
targets() { awk -F'\t' '!/^#/ && $2 ~ /^(failed|crashed|timeout)$/ { split($1, a, "/"); print a[1] }' "$1" |
	grep -vxE 'speed|resources|flock' | sort -u; }
for lab in "$@"; do
	d=autograder/tests/selftest/$lab
	[ -d "$d" ] || continue
	if [ $mode = nvcc ]; then
		grep -l -E '^resources/[^	]*	(failed|crashed|timeout)' "$d"/*.expect 2>/dev/null |
			xargs -r -n1 basename | sed 's/\.expect$//'
		continue
	fi
	sampled=() all_wrong=()
	while read -r name; do
		case $name in '' | '#'*) continue ;; esac
		if [ ! -f "$d/$name.patch" ]; then
			echo "selftest-sample: $d/sample names $name, which is not a patch of $lab" >&2
			status=1
			continue
		fi
		sampled+=("$name")
	done < <(sed 's/[[:space:]]*#.*//' "$d/sample" 2>/dev/null)
	declare -A covered=() wanted=()
	for p in "$d"/*.patch; do
		name=$(basename "$p" .patch)
		case $name in alt_*) echo "$name"; continue ;; esac
		all_wrong+=("$name")
		for s in $(targets "${p%.patch}.expect"); do wanted[$s]+="$name "; done
	done
	for name in "${sampled[@]}"; do
		echo "$name"
		for s in $(targets "$d/$name.expect"); do covered[$s]=1; done
	done
	left=()
	for s in "${!wanted[@]}"; do
		[ -n "${covered[$s]:-}" ] && continue
		echo "selftest-sample: $lab's sample ($d/sample) targets no patch of suite $s, which ${wanted[$s]% }targets: add one" >&2
		status=1
	done
	for name in "${all_wrong[@]}"; do
		[[ " ${sampled[*]} " == *" $name "* ]] || left+=("$name")
	done
	echo "selftest-sample: $lab: ${#sampled[@]} of ${#all_wrong[@]} wrong patches (suites $(printf '%s\n' "${!wanted[@]}" | sort | paste -sd' ')), every alternative and the skeleton; left to make selftest-emu: ${left[*]:-none}" >&2
	unset covered wanted
done
exit $status
