#!/usr/bin/env bash
# attack-test.sh MAKE [emu|gpu]: submissions that try to get points without the work
# (autograder/tests/attacks/*/: attack.cu, appended to a file of a copy of the lab, and
# attack.conf: what it tries, what it may score, how the grader must name it). Each is
# graded as a student's would be, and must score no more than it deserves, leave no
# trace of its forgery in the report or the grader's tools, and fail with the reason
# that names what stopped it. Prints a table: attack, score, reason.
#
# emu (default, no GPU needed): lab 06, its kernels emulated (make grade EMU=1).
# gpu: lab 01 on the GPU (make grade), the timing attacks included.
set -u
make=$1 mode=${2:-emu}
case $mode in
emu) lab=06-orbits grade=(EMU=1) ;;
gpu) lab=01-pair grade=() ;;
*) echo "usage: attack-test.sh MAKE [emu|gpu]" && exit 2 ;;
esac
root=build/attacks
tool=$PWD/build/bin/grade_report
status=0 rows=()
rm -rf "$root" && mkdir -p "$root"
$make --no-print-directory build/bin/grade_report >/dev/null || exit 1
tool_sum=$(sha256sum "$tool" | cut -d' ' -f1)

for dir in autograder/tests/attacks/*/; do
	name=$(basename "$dir")
	what= base=labs max_points=0 caught= note= wait=0 gpu_only= speed_fail= mechanism=
	# shellcheck source=/dev/null
	source "$dir/attack.conf"
	if [ -n "$gpu_only" ] && [ "$mode" != gpu ]; then
		rows+=("$(printf '%-19s %-7s %s' "$name" "-" "needs a GPU (its target, the speed tests, is not emulated)")")
		continue
	fi
	sub=$root/$name out=$root/out/$name
	mkdir -p "$sub" "$out"
	cp -r "$base/$lab" "$sub/$lab"
	# appended to a file of the lab, as a student would hide it
	target_cu=$(ls "$sub/$lab"/*.cu | head -n 1)
	cat "$dir"/attack.cu >>"$target_cu"
	# where the runner may write even when the course lies in /tmp (sandbox.c)
	note_file=$([ -d /dev/shm ] && echo /dev/shm || echo /tmp)/particle-labs-attack-$name-$$.txt
	rm -f "$note_file"
	# what an attacker who knew the grader's paths would aim at
	ATTACK_TARGET=$PWD/$out/$lab.tsv ATTACK_LAB=$lab ATTACK_TOOL=$tool ATTACK_NOTE=$note_file \
		$make --no-print-directory grade "${grade[@]}" LAB="${lab%%-*}" SUBMISSION="$sub" \
		GRADE_DIR="$out" >"$out/grade.log" 2>&1
	sleep "$wait" # a process that outlived its test would have struck by now
	frag=$out/$lab.tsv
	score=$(awk -F'\t' '{ s += $3; m += $4 } END { printf "%d/%d", s, m }' "$frag" 2>/dev/null)
	got=${score%%/*}
	why=""
	if [ ! -s "$frag" ]; then
		why="no report was written (see $out/grade.log)"
	elif grep -q FORGED "$frag" "$out/results.json" "$out/grade.log" 2>/dev/null; then
		why="the forgery reached the report"
	elif [ "$(sha256sum "$tool" | cut -d' ' -f1)" != "$tool_sum" ]; then
		why="the grader's report tool was changed"
	elif [ -n "$speed_fail" ]; then
		bad=$(awk -F'\t' -v re="$caught" '$2 ~ /^speed\// && !($5 == "failed" && $6 ~ re)' "$frag")
		[ -n "$bad" ] && why="a speed test was not failed for '$caught': $(echo "$bad" | cut -f2 | tr '\n' ' ')"
	elif [ "$got" -gt "$max_points" ]; then
		why="scored $score, more than the $max_points it deserves"
	elif [ -n "$caught" ] && ! cut -f6 "$frag" | grep -qE "$caught"; then
		why="no test names it ('$caught' in no reason)"
	fi
	if [ -z "$why" ] && [ -n "$note" ] && ! grep -qE "$note" "$note_file" 2>/dev/null; then
		why="the attack's own note lacks '$note': $(tr '\n' ' ' <"$note_file" 2>/dev/null)"
	fi
	reason=$(awk -F'\t' -v re="${caught:-.}" '$5 != "passed" && $6 ~ re { print $6; exit }' "$frag" 2>/dev/null |
		sed 's/\\n.*//' | cut -c1-110)
	[ -n "$note" ] && [ -f "$note_file" ] && reason="$reason [attack saw: $(head -n 1 "$note_file")]"
	rm -f "$note_file"
	if [ -n "$why" ]; then
		status=1
		rows+=("$(printf '%-19s %-7s FAIL: %s' "$name" "$score" "$why")")
	else
		# an attack with nothing to name fails as its code deserves: say what stopped it
		[ -z "$caught" ] && reason="no effect: $mechanism"
		rows+=("$(printf '%-19s %-7s %s' "$name" "$score" "$reason")")
	fi
done

echo "attacks on $lab ($mode): each graded as a student's submission"
printf '%-19s %-7s %s\n' attack score "reason (the report's)"
printf '%s\n' "${rows[@]}"
[ $status -eq 0 ] && echo "attack-test: every attack scored what it deserves" ||
	echo "attack-test: FAILED (logs: $root/out/)"
exit $status
