#!/usr/bin/env bash
# attack-test.sh MAKE [emu|gpu]: submissions that try to get points without the work
# (autograder/tests/attacks/*/: attack.cu, appended to a file of a copy of the lab, and
# attack.conf: what it tries, what it may score, how the grader must name it). Each is
# graded as a student's would be, and must score no more than it deserves (max_points;
# min_failed=0: a correct submission whose attack failed loses nothing), leave no
# trace of its forgery in the report or the grader's tools, and fail with the reason
# that names what stopped it (caught, in the report; note, in what the attack itself
# printed to the test's log). beside=1: a correct submission is graded at the same
# time and must lose nothing; grade_user=NAME: graded with GRADE_USER=NAME where this
# runs as root. Prints a table: attack, score, reason.
#
# emu (default, no GPU needed): lab 06, its kernels emulated (make grade EMU=1).
# gpu: lab 01 on the GPU (make grade), the timing attacks included: each attack graded
# on the tests it aims at (its filter=, else every untimed test).
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
# the reference's runner, which execs_classmate tries to become
case $mode in
emu) victim_runner=build/emu/solutions/$lab/runner_$lab ;;
gpu) victim_runner=build/sub/solutions/$lab/grader/runner_$lab ;;
esac
$make --no-print-directory build/bin/grade_report "$victim_runner" >"$root/build.log" 2>&1 ||
	{ cat "$root/build.log"; exit 1; }
tool_sum=$(sha256sum "$tool" | cut -d' ' -f1)
# a classmate's copy of the lab, which includes_classmate tries to compile in
mkdir -p "$root/classmate" && cp -r solutions/$lab "$root/classmate/"
victim_cu=$PWD/$(ls "$root/classmate/$lab"/*.cu | head -n 1)
solution_cu=$PWD/$(ls solutions/$lab/*.cu | head -n 1) # and the course's own answer

# not_deserved FRAGMENT: the tests of a correct submission that did not pass
not_deserved() { awk -F'\t' '$5 != "passed" && $5 != "skipped" { print $2 }' "$1" | tr '\n' ' '; }

# every attack's copy first, all built at once over the cores (the grading is one at
# a time); a copy whose build fails is graded, and scored, as such
subs=()
for dir in autograder/tests/attacks/*/; do
	name=$(basename "$dir") base=labs gpu_only=
	# shellcheck source=/dev/null
	source "$dir/attack.conf"
	[ -n "$gpu_only" ] && [ "$mode" != gpu ] && continue
	mkdir -p "$root/$name"
	cp -r "$base/$lab" "$root/$name/$lab"
	# appended to a file of the lab, as a student would hide it
	target_cu=$(ls "$root/$name/$lab"/*.cu | head -n 1)
	sed -e "s|@VICTIM@|$victim_cu|g" -e "s|@SOLUTION@|$solution_cu|g" "$dir"/attack.cu >>"$target_cu"
	subs+=("$root/$name")
done
$make --no-print-directory -k -j"$(nproc)" "$([ "$mode" = gpu ] && echo graders || echo emu-graders)" \
	LAB="${lab%%-*}" SUBMISSIONS="${subs[*]}" >"$root/build-all.log" 2>&1

for dir in autograder/tests/attacks/*/; do
	name=$(basename "$dir")
	what= base=labs max_points=0 min_failed= max_log_kb= caught= note= wait=0 gpu_only= speed_fail= mechanism= beside= filter= grade_user=
	# shellcheck source=/dev/null
	source "$dir/attack.conf"
	# on a GPU, the tests an attack aims at (filter=; default: the untimed ones, which
	# keeps the whole table within a few minutes)
	args=("${grade[@]}")
	[ "$mode" = gpu ] && args+=("FILTER=${filter:-!(sanitize|speed)/*}")
	if [ -n "$gpu_only" ] && [ "$mode" != gpu ]; then
		rows+=("$(printf '%-19s %-7s %s' "$name" "-" "needs a GPU (its target, the speed tests, is not emulated)")")
		continue
	fi
	sub=$root/$name out=$root/out/$name
	mkdir -p "$out"
	if [ -n "$beside" ]; then # a classmate graded at the same time, on the same machine
		mkdir -p "$root/out/$name-classmate"
		$make --no-print-directory grade "${args[@]}" LAB="${lab%%-*}" SUBMISSION=solutions \
			GRADE_DIR="$root/out/$name-classmate" >"$root/out/$name-classmate/grade.log" 2>&1 &
		classmate=$!
		sleep 2 # its grading under way when the attack starts
	fi
	# grade_user=: graded as that user where this runs as root (GRADE_USER), as a class is
	user=
	[ -n "$grade_user" ] && [ "$(id -u)" -eq 0 ] && id "$grade_user" >/dev/null 2>&1 && user=$grade_user
	# what an attacker who knew the grader's paths would aim at
	GRADE_USER=$user ATTACK_TARGET=$PWD/$out/$lab.tsv ATTACK_LAB=$lab ATTACK_TOOL=$tool \
		ATTACK_VICTIM_RUNNER=$PWD/$victim_runner \
		$make --no-print-directory grade "${args[@]}" LAB="${lab%%-*}" SUBMISSION="$sub" \
		GRADE_DIR="$out" >"$out/grade.log" 2>&1
	[ -n "$beside" ] && wait "$classmate"
	sleep "$wait" # a process that outlived its test would have struck by now
	frag=$out/$lab.tsv log=$out/logs/$lab/criterion.log
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
		bad=$(re=$caught awk -F'\t' '$2 ~ /^speed\// && !($5 == "failed" && $6 ~ ENVIRON["re"])' "$frag")
		[ -n "$bad" ] && why="a speed test was not failed for '$caught': $(echo "$bad" | cut -f2 | tr '\n' ' ')"
	elif [ "$got" -gt "$max_points" ]; then
		why="scored $score, more than the $max_points it deserves"
	elif [ -n "$min_failed" ] && [ -n "$(not_deserved "$frag")" ]; then
		why="a correct submission whose attack failed lost $(not_deserved "$frag")"
	elif [ -n "$caught" ] && ! cut -f6 "$frag" | grep -qE "$caught"; then
		why="no test names it ('$caught' in no reason)"
	elif [ -n "$max_log_kb" ] && [ "$(du -k "$log" | cut -f1)" -gt "$max_log_kb" ]; then
		why="its test log grew to $(du -k "$log" | cut -f1) KiB (limit $max_log_kb)"
	elif [ -n "$beside" ] && [ -n "$(not_deserved "$root/out/$name-classmate/$lab.tsv" 2>/dev/null)$([ -s "$root/out/$name-classmate/$lab.tsv" ] || echo none)" ]; then
		why="the classmate graded beside it lost $(not_deserved "$root/out/$name-classmate/$lab.tsv" 2>/dev/null)"
	elif find /tmp -maxdepth 1 -type d -name 'criterion_*.sock' 2>/dev/null | grep -q .; then
		why="a folder named like Criterion's socket was left in /tmp"
	fi
	if [ -z "$why" ] && [ -n "$note" ] && ! grep -qE "$note" "$log" 2>/dev/null; then
		why="the attack's own note lacks '$note': $(grep -h attack-note "$log" 2>/dev/null | sort -u | head -n 3 | tr '\n' ' ')"
	fi
	reason=$(re=${caught:-.} awk -F'\t' '$5 != "passed" && $6 ~ ENVIRON["re"] { print $6; exit }' "$frag" 2>/dev/null |
		sed 's/\\n.*//' | cut -c1-110)
	[ -n "$note" ] && reason="$reason [attack saw: $(grep -h -m 1 -E "$note" "$log" 2>/dev/null | sed 's/^attack-note: //' | cut -c1-80)]"
	if [ -n "$why" ]; then
		status=1
		rows+=("$(printf '%-19s %-7s FAIL: %s' "$name" "$score" "$why")")
	else
		# an attack with nothing to name fails as its code deserves: say what stopped it
		[ -z "$caught" ] && reason="no effect: $mechanism${note:+ [attack saw: $(grep -h -m 1 -E "$note" "$log" | sed 's/^attack-note: //' | cut -c1-80)]}"
		rows+=("$(printf '%-19s %-7s %s' "$name" "$score" "$reason")")
	fi
	echo "${rows[-1]}" >&2 # as it ends, so that a run cut short still shows its rows
done

echo "attacks on $lab ($mode): each graded as a student's submission"
printf '%-19s %-7s %s\n' attack score "reason (the report's)"
printf '%s\n' "${rows[@]}"
[ $status -eq 0 ] && echo "attack-test: every attack scored what it deserves" ||
	echo "attack-test: FAILED (logs: $root/out/)"
exit $status
