#!/usr/bin/env bash
# load-test.sh [LAB...]: three students graded on one GPU at the same time. For each lab
# (default: all six), the solution graded alone, then three gradings of it
# started at once (separate GRADE_DIR each: build/load/NN/{solo,c1,c2,c3}). Gradings on
# one machine take turns on the GPU (grade-lab.sh's lock: "waiting for the GPU"), so
# every copy must keep full marks, its timings as fair as alone. LOAD_TIMEOUT (seconds,
# default 600) bounds one grading: the one alone gets it, each of the three at once
# three times it, since it may wait for the other two (H200: lab 03 holds the GPU about
# 100 s, so the last of three starts after some 200 s). Prints a table (lab, the scores alone and at
# once, how many of the three waited for the GPU, wall seconds alone and at once) and
# the failing tests of any copy that lost points; exits 1 if any copy is below full
# marks. LOAD_SOLO=0 leaves out the grading alone (device-check.sh's grade step has
# it), which saves a quarter of the time. Needs a GPU (labs 01 to 03 would skip, 04 to
# 06 be emulated).
set -u
cd "$(dirname "$0")/../../.." || exit 2
# shellcheck source=/dev/null
[ -f .devdeps/env.sh ] && source .devdeps/env.sh
limit=${LOAD_TIMEOUT:-600}
[ $# -gt 0 ] || set -- solutions/[0-9][0-9]-*
labs=()
for d in "$@"; do # NN or NN-name
	d=${d##*/} && labs+=("${d%%-*}")
done
nvidia-smi -L 2>/dev/null | grep -q '^GPU' ||
	{ echo "load-test: no GPU visible; it measures gradings sharing one"; exit 2; }
root=build/load
mkdir -p "$root"
# built once, so that the three gradings do not race on the build
make -j"$(nproc)" all >"$root/build.log" 2>&1 || { tail -n 20 "$root/build.log"; exit 1; }

# grade LAB NAME: one grading of the reference, under the timeout, into $root/LAB/NAME
grade() {
	local d=$root/$1/$2 lim=$limit
	[ "$2" = solo ] || lim=$((3 * limit))
	rm -rf "$d" && mkdir -p "$d"
	timeout -k 10 "$lim" make --no-print-directory grade LAB="$1" SUBMISSION=solutions \
		GRADE_DIR="$d" >"$d.log" 2>&1
	echo $? >"$d.rc"
}
# score FRAGMENT: "got/max" from a grading's report fragment, or "-" where none was written
score() {
	[ -s "$1" ] && awk -F'\t' '{ s += $3; m += $4 } END { printf "%d/%d", s, m }' "$1" || echo -
}
full() { [[ $1 == */* ]] && [ "${1%/*}" = "${1#*/}" ]; }

status=0 rows=() lost=()
for lab in "${labs[@]}"; do
	name=$(basename "$(compgen -G "solutions/$lab-*" | head -n 1)")
	t0=$SECONDS copies=(c1 c2 c3)
	if [ "${LOAD_SOLO:-1}" != 0 ]; then
		grade "$lab" solo
		copies=(solo c1 c2 c3)
	fi
	alone=$((SECONDS - t0))
	t0=$SECONDS
	for c in c1 c2 c3; do grade "$lab" $c & done
	wait
	together=$((SECONDS - t0))
	scores=() waited=0
	[ "${copies[0]}" = solo ] || scores+=(-) alone=-
	for c in "${copies[@]}"; do
		s=$(score "$root/$lab/$c/$name.tsv")
		scores+=("$s")
		[ $c != solo ] && grep -q '^waiting for the GPU' "$root/$lab/$c.log" && waited=$((waited + 1))
		full "$s" && continue
		status=1
		how="rc $(cat "$root/$lab/$c.rc")"
		[ "$(cat "$root/$lab/$c.rc")" = 124 ] && how="timed out"
		[ "$s" = - ] && lost+=("$(printf '   %-4s %-5s no report (%s; see %s)' "$lab" $c "$how" "$root/$lab/$c.log")")
		while IFS=$'\t' read -r _ test got max st reason; do
			lost+=("$(printf '   %-4s %-5s %-34s %5s  %-8s %s' "$lab" $c "$test" "$got/$max" "$st" \
				"$(echo "$reason" | sed 's/\\n.*//' | cut -c1-110)")")
		done < <(awk -F'\t' '$5 != "passed"' "$root/$lab/$c/$name.tsv" 2>/dev/null)
	done
	rows+=("$(printf '%-10s %-7s %-7s %-7s %-7s %-6s %6ss %8ss' "${name:-$lab}" "${scores[@]}" \
		"$waited/3" "$alone" "$together")")
	echo "${rows[-1]}" >&2 # as it ends, so that a run cut short still shows its rows
done

echo "load test: the solution graded alone, then three gradings of it at once on the one GPU"
printf '%-10s %-7s %-7s %-7s %-7s %-6s %7s %9s\n' lab solo c1 c2 c3 waited alone "at once"
printf '%s\n' "${rows[@]}"
if [ ${#lost[@]} -gt 0 ]; then
	echo "tests lost (lab, copy, test, points, status, reason):"
	printf '%s\n' "${lost[@]}"
fi
[ $status -eq 0 ] && echo "load-test: every copy kept full marks" ||
	echo "load-test: FAILED: a copy lost points (logs: $root/)"
exit $status
