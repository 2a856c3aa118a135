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
# runs as root; imports=REGEX: the functions the import check (api-imports.sh, which
# refuses a submission before anything links it) must name when it refuses the attack;
# max_seconds=S: its grading must end within S seconds.
# Each attack is graded with that check off (PL_IMPORT_CHECK=off), so that the runner's
# own defences behind it are tested too, and the check is then run on its objects
# alone: the row says what it would have refused. Prints a table: attack, score,
# reason (and the lab, where the attacks span several).
#
# An attack's copy: base (labs, the skeleton, or solutions, the solution) of
# its lab (lab=NN-name; default: 06-orbits emulated, 01-pair on the GPU); then, where
# the attack has one, attack.sed, a sed script applied to each .cu file of the copy
# (for an attack that replaces a function of the solution, which appending cannot
# redefine: rename the course's out of the way; a script that changes nothing is a
# failure, as the solution it aimed at has moved); then attack.cu, appended to the
# copy's first .cu file, as a student would hide it (@VICTIM@: a file of a classmate's
# copy of the lab; @SOLUTION@: the course's own answer; @VICTIM_RUNNER@, @TARGET@,
# @LAB@, @TOOL@: what ATTACK_VICTIM_RUNNER, ATTACK_TARGET, ATTACK_LAB and ATTACK_TOOL
# say, for a static constructor, which finds the environment empty: server.c).
#
# emu (default, no GPU needed): the emulated labs, 06-orbits unless an attack names
# another (make grade EMU=1); an attack on a lab without emulation, or gpu_only=1 (its
# target, the speed tests, is not emulated), says it needs a GPU.
# gpu: on the GPU (make grade), the timing attacks included: each attack graded on the
# tests it aims at (its filter=, else every untimed test).
# ATTACKS="name ...": those attacks only (default: every one).
set -u
[ -f build/layout.sh ] || make --no-print-directory -s build/layout.sh >/dev/null
. build/layout.sh # pl_*: where make puts a folder's lab (autograder/make/layout.mk)
make=$1 mode=${2:-emu}
case $mode in
emu) default_lab=06-orbits grade=(EMU=1) ;;
gpu) default_lab=01-pair grade=() ;;
*) echo "usage: attack-test.sh MAKE [emu|gpu]" && exit 2 ;;
esac
root=build/attacks
tool=$PWD/build/bin/grade_report
status=0 rows=()
rm -rf "$root" && mkdir -p "$root"
dirs=()
for name in ${ATTACKS:-}; do
	[ -f "autograder/tests/attacks/$name/attack.conf" ] || { echo "no attack named $name"; exit 2; }
	dirs+=("autograder/tests/attacks/$name/")
done
[ ${#dirs[@]} -gt 0 ] || dirs=(autograder/tests/attacks/*/)

# conf DIR: an attack's settings, each defaulted first
conf() {
	# shellcheck disable=SC2034 # what= documents the attack; the rest are read below
	what='' base=labs lab=$default_lab max_points=0 min_failed='' max_log_kb='' caught='' note=''
	wait=0 gpu_only='' speed_fail='' mechanism='' beside='' filter='' grade_user='' imports='' max_seconds=''
	# shellcheck source=/dev/null
	source "$1/attack.conf"
}
# not_here: why the attack just read cannot be graded in this mode (nothing if it can)
not_here() {
	[ "$mode" = gpu ] && return
	if ! grep -qsE "^EMU_LABS *\+= *$lab *$" "autograder/$lab/lab.mk"; then
		echo "needs a GPU (lab $lab is not emulated)"
	elif [ -n "$gpu_only" ]; then
		echo "needs a GPU (its target, the speed tests, is not emulated)"
	fi
}

first_cu() { local f=("$1"/*.cu) && echo "${f[0]}"; } # a lab's first .cu file, by name

# the labs the attacks graded here aim at, and for each: the reference's runner, which
# execs_classmate tries to become, a classmate's copy of the lab, which
# includes_classmate tries to compile in, and the course's own answer
declare -A victim_runner victim_cu solution_cu
for dir in "${dirs[@]}"; do
	conf "$dir"
	[ -z "$(not_here)" ] && victim_runner[$lab]=
done
labs=()
[ ${#victim_runner[@]} -gt 0 ] && mapfile -t labs < <(printf '%s\n' "${!victim_runner[@]}" | sort)
for lab in "${labs[@]}"; do
	case $mode in
	emu) victim_runner[$lab]=$(pl_emu_runner_bin solutions "$lab") ;;
	gpu) victim_runner[$lab]=$(pl_runner_bin solutions "$lab") ;;
	esac
	mkdir -p "$root/classmate" && cp -r "solutions/$lab" "$root/classmate/"
	victim_cu[$lab]=$(first_cu "$PWD/$root/classmate/$lab")
	solution_cu[$lab]=$(first_cu "$PWD/solutions/$lab")
done
$make --no-print-directory build/bin/grade_report "${victim_runner[@]}" >"$root/build.log" 2>&1 ||
	{ cat "$root/build.log"; exit 1; }
tool_sum=$(sha256sum "$tool" | cut -d' ' -f1)

# not_deserved FRAGMENT: the tests of a correct submission that did not pass
not_deserved() { awk -F'\t' '$5 != "passed" && $5 != "skipped" { print $2 }' "$1" | tr '\n' ' '; }

# every attack's copy first, all built by one make over the cores (each copy holds its
# one lab, so the graders built are its lab's; the grading is one at a time); a copy
# whose build fails is graded, and scored, as such
subs=()
declare -A sed_missed
for dir in "${dirs[@]}"; do
	name=$(basename "$dir")
	conf "$dir"
	[ -n "$(not_here)" ] && continue
	copy=$root/$name/$lab
	mkdir -p "$root/$name"
	cp -r "$base/$lab" "$copy"
	if [ -f "$dir/attack.sed" ]; then
		before=$(cat "$copy"/*.cu | sha256sum)
		sed -i -f "$dir/attack.sed" "$copy"/*.cu
		[ "$(cat "$copy"/*.cu | sha256sum)" = "$before" ] && sed_missed[$name]=1
	fi
	# appended to a file of the lab, as a student would hide it
	target_cu=$(first_cu "$copy")
	sed -e "s|@VICTIM@|${victim_cu[$lab]}|g" -e "s|@SOLUTION@|${solution_cu[$lab]}|g" \
		-e "s|@VICTIM_RUNNER@|$PWD/${victim_runner[$lab]}|g" -e "s|@TARGET@|$PWD/$root/out/$name/$lab.tsv|g" \
		-e "s|@LAB@|$lab|g" -e "s|@TOOL@|$tool|g" "$dir"/attack.cu >>"$target_cu"
	subs+=("$root/$name")
done
# the copies' .cu files that are their base's, byte for byte, take the base's objects
# (reuse-objects.sh): the bases built first
bases=$(for dir in "${dirs[@]}"; do conf "$dir"; [ -z "$(not_here)" ] && echo "$base"; done | sort -u)
$make --no-print-directory -k -j"$(nproc)" "$([ "$mode" = gpu ] && echo graders || echo emu-graders)" \
	SUBMISSIONS="$(echo $bases)" >"$root/build-bases.log" 2>&1
for dir in "${dirs[@]}"; do
	conf "$dir"
	[ -z "$(not_here)" ] && autograder/tests/reuse-objects.sh "$root/$(basename "$dir")" "$lab" "$mode" "$base"
done
# LAB= where there is one lab (as before); with several, every copy's own
one_lab=()
[ ${#labs[@]} -eq 1 ] && one_lab=(LAB="${labs[0]%%-*}")
$make --no-print-directory -k -j"$(nproc)" "$([ "$mode" = gpu ] && echo graders || echo emu-graders)" \
	"${one_lab[@]}" SUBMISSIONS="${subs[*]}" >"$root/build-all.log" 2>&1

# a row of the table: attack, its lab where the attacks span several, score, text
row() {
	if [ ${#labs[@]} -gt 1 ]; then
		rows+=("$(printf '%-19s %-9s %-7s %s' "$1" "$2" "$3" "$4")")
	else
		rows+=("$(printf '%-19s %-7s %s' "$1" "$3" "$4")")
	fi
}

for dir in "${dirs[@]}"; do
	name=$(basename "$dir")
	conf "$dir"
	# on a GPU, the tests an attack aims at (filter=; default: the untimed ones, which
	# keeps the whole table within a few minutes)
	args=("${grade[@]}")
	[ "$mode" = gpu ] && args+=("FILTER=${filter:-!(sanitize|speed)/*}")
	why=$(not_here)
	if [ -n "$why" ]; then
		row "$name" "$lab" "-" "$why"
		continue
	fi
	if [ -n "${sed_missed[$name]:-}" ]; then
		status=1
		row "$name" "$lab" "-" "FAIL: its attack.sed changed nothing in $base/$lab (the code it edits has moved)"
		echo "${rows[-1]}" >&2
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
	t_grade=$SECONDS
	GRADE_USER=$user PL_IMPORT_CHECK=off ATTACK_TARGET=$PWD/$out/$lab.tsv ATTACK_LAB=$lab ATTACK_TOOL=$tool \
		ATTACK_VICTIM_RUNNER=$PWD/${victim_runner[$lab]} \
		$make --no-print-directory grade "${args[@]}" LAB="${lab%%-*}" SUBMISSION="$sub" \
		GRADE_DIR="$out" >"$out/grade.log" 2>&1
	t_grade=$((SECONDS - t_grade))
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
	elif [ -n "$max_seconds" ] && [ "$t_grade" -gt "$max_seconds" ]; then
		why="its grading took ${t_grade}s, more than the ${max_seconds}s allowed"
	elif find /tmp -maxdepth 1 -type d -name 'criterion_*.sock' 2>/dev/null | grep -q .; then
		why="a folder named like Criterion's socket was left in /tmp"
	fi
	# the import check on the attack's objects, as make grade runs it before linking
	built=build/$([ "$mode" = gpu ] && echo sub || echo emu)/${sub//\//_}/$lab/lab.a
	refused=$(autograder/make/api-imports.sh "$built" "$lab" build/obj/common/*.o build/obj/common/*/*.o \
		build/obj/autograder/emu/*.o 2>&1 | sed -n 's/^the submission calls [0-9]* function(s) a lab.s code may not: \(.*\) — .*/\1/p')
	[ -f "$built" ] || refused="(not built)"
	if [ -z "$why" ] && [ -n "$imports" ] && ! grep -qE "$imports" <<<"$refused"; then
		why="the import check did not refuse '$imports' (it refused: ${refused:-nothing})"
	fi
	if [ -z "$why" ] && [ -n "$note" ] && ! grep -qE "$note" "$log" 2>/dev/null; then
		why="the attack's own note lacks '$note': $(grep -h attack-note "$log" 2>/dev/null | sort -u | head -n 3 | tr '\n' ' ')"
	fi
	reason=$(re=${caught:-.} awk -F'\t' '$5 != "passed" && $6 ~ ENVIRON["re"] { print $6; exit }' "$frag" 2>/dev/null |
		sed 's/\\n.*//' | cut -c1-110)
	[ -n "$note" ] && reason="$reason [attack saw: $(grep -h -m 1 -E "$note" "$log" 2>/dev/null | sed 's/^attack-note: //' | cut -c1-80)]"
	if [ -n "$why" ]; then
		status=1
		row "$name" "$lab" "$score" "FAIL: $why"
	else
		# an attack with nothing to name fails as its code deserves: say what stopped it
		[ -z "$caught" ] && reason="no effect: $mechanism${note:+ [attack saw: $(grep -h -m 1 -E "$note" "$log" | sed 's/^attack-note: //' | cut -c1-80)]}"
		row "$name" "$lab" "$score" "$reason${refused:+ [imports refused: $(cut -c1-60 <<<"$refused")]}"
	fi
	echo "${rows[-1]}" >&2 # as it ends, so that a run cut short still shows its rows
done

if [ ${#labs[@]} -gt 1 ]; then
	echo "attacks on ${labs[*]} ($mode): each graded as a student's submission"
	printf '%-19s %-9s %-7s %s\n' attack lab score "reason (the report's)"
else
	echo "attacks on ${labs[0]:-$default_lab} ($mode): each graded as a student's submission"
	printf '%-19s %-7s %s\n' attack score "reason (the report's)"
fi
printf '%s\n' "${rows[@]}"
[ $status -eq 0 ] && echo "attack-test: every attack scored what it deserves" ||
	echo "attack-test: FAILED (logs: $root/out/)"
exit $status
