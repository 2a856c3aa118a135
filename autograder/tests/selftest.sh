#!/usr/bin/env bash
# selftest.sh LAB...: grades known-wrong and alternative-correct copies of the
# solution and checks that the grader judged each as it should, and grades
# each lab's skeleton (labs/) on every test: it must score 0.
#
# For every autograder/tests/selftest/LAB/NAME.patch: copy solutions/LAB and apply the patch.
# Every copy (and labs/, solutions/) is built first, by one `make -j` over all cores
# (SELFTEST_JOBS, default nproc). Then every copy's tests but speed/* run, all copies
# at once (SELFTEST_GPU_JOBS at a time, default 8: nothing there is timed); then the
# speed tests, one copy at a time on an otherwise idle GPU. Each test's status is
# compared with NAME.expect ("any" accepts whatever happens, for a fault whose effect on
# a result is up to timing):
#   alt_*   a correct submission written differently: every test runs, every test
#           must pass.
#   others  a plausible student bug: only the tests its .expect names as failed,
#           crashed or timeout run (they must end so: it cannot score full marks), with
#           the lab's smoke set (autograder/tests/selftest/LAB/smoke: a few cheap tests that
#           must still pass unless the .expect says otherwise), through make grade
#           FILTER='@(a|b|...)'; of its named speed tests only when no untimed test
#           is named (a failing untimed test already proves the points lost, and the
#           speed phase is the costly one). A patch that names no failing test runs
#           every test and must not score full marks.
# The skeleton runs every test, its speed tests in the first phase (each checks the
# timed function's output: no GPU load makes a skeleton pass), and fails the lab if any
# test earns it a point (the table names them) or times out. Without a GPU the GPU tests skip: only the tests that ran are judged.
# Prints a line per copy and phase as it goes, then the table, then the time of each
# lab and phase, and the total.
# SELFTEST_OUT: where the copies and logs go (default build/selftest, -emu when emulated).
# SELFTEST_PATCHES="name ...": only these patches (of any of the labs), and the skeletons.
#
# PL_SELFTEST_EMU=1 (selftest-emu.sh): the lab's kernels emulated on the CPU instead
# (make emu-grade): an alternative and the skeleton run every emulated test, a wrong
# patch the tests it names that the emulation runs and the smoke set (one it names
# none of is not judged here), and patches whose .expect says "# gpu-only: why" are
# left out.
set -u
[ -f build/layout.sh ] || make --no-print-directory -s build/layout.sh >/dev/null
. build/layout.sh # pl_*: where make puts a folder's lab (autograder/make/layout.mk)
emu=${PL_SELFTEST_EMU:-}
out=${SELFTEST_OUT:-build/selftest${emu:+-emu}} # copies, builds and logs
jobs=${SELFTEST_JOBS:-$(nproc)}
status=0
rows=()
declare -A prepared=() lab_untimed=() lab_speed=() patches=()
mkdir -p "$out"

row() { # lab patch expected tests score seconds verdict: kept for the table
	rows+=("$(printf '%-10s %-29s %-36s %-7s %-15s %9s  %s' "$@")")
	case $7 in FAIL*) status=1 ;; esac
}

# "suite/name<TAB>points" of every test of LAB, from the solution's grader (the tests
# and their points come from autograder/LAB, so every copy of the lab has the same).
tests_of() {
	if [ -n "$emu" ]; then
		"$(pl_emu_bin solutions "$1")" --points
	else
		"$(pl_grader_bin solutions "$1")" --points
	fi
}

# judge KIND EXPECT SELECTED TESTS FRAGMENT: prints "tests<TAB>score<TAB>verdict", and
# for a wrong patch appends "lab<TAB>patch<TAB>cause<TAB>first failing test<TAB>verdict"
# to $out/causes.tsv (CAUSE_LAB, CAUSE_PATCH).
# KIND: alt, wrong or skeleton. SELECTED: the tests that were meant to run, one a line
# (empty: whatever the fragment holds, as under emulation). TESTS: the lab's tests.
# A wrong patch's "# cause: STEP PHRASE" (its .expect) is what a student must be told:
# the first failing test's reason must name the handout step STEP (- for none: a fault
# no step of the handout makes) and hold PHRASE (case aside); one that does not fails
# the patch, naming what it said instead. "# cause (emulated): " and "# cause (gpu): "
# apply to one kind of run only.
judge() {
	awk -F'\t' -v kind="$1" -v expf="$2" -v self="$3" -v known_f="$4" -v emu="$emu" \
		-v causes="$out/causes.tsv" -v lab="${CAUSE_LAB:-}" -v patch="${CAUSE_PATCH:-}" '
		BEGIN {
			while ((getline l < known_f) > 0) { split(l, a, "\t"); known[a[1]] = 1; nknown++ }
			while (expf != "" && (getline l < expf) > 0) {
				# "# cause (emulated): " or "# cause (gpu): ": where the message is the
				# emulation (a barrier after a return) or the GPU alone
				if (l ~ /^# cause: / || (emu && l ~ /^# cause \(emulated\): /) || (!emu && l ~ /^# cause \(gpu\): /)) {
					c = l; sub(/^# cause[^:]*: /, "", c); cause_step = c; sub(/ .*/, "", cause_step)
					cause_phrase = c; sub(/^[^ ]* */, "", cause_phrase)
				}
				if (l ~ /^#/ || l == "") continue
				split(l, a, "\t"); want[a[1]] = a[2]
				if (!(a[1] in known)) unknown = unknown (unknown == "" ? "" : ", ") a[1]
			}
			while (self != "" && (getline l < self) > 0) if (l != "") { sel[l] = 1; nsel++ }
		}
		self != "" && !($2 in sel) { next }  # not selected: no row of it is judged
		{
			rows++; seen[$2] = 1; score += $3; max += $4
			if ($5 == "skipped") { skipped++; next }
			ran++
			if (kind == "skeleton") {
				if ($3 > 0) earned = earned sprintf("%s %d/%d, ", $2, $3, $4)
				if ($5 == "timeout") bad = bad $2 " timed out; "
				next
			}
			w = ($2 in want) ? want[$2] : "passed"
			if (w != "any" && $5 != w) bad = bad sprintf("%s got %s, want %s; ", $2, $5, w)
			if (first_fail == "" && $5 ~ /^(failed|crashed|timeout)$/) { first_fail = $2; first_reason = $6 }
		}
		END {
			for (t in sel) if (!(t in seen)) missing = missing (missing == "" ? "" : ", ") t
			n = self != "" ? nsel : rows
			printf "%d/%d\t%d/%d%s\t", n, nknown, score, max, skipped ? sprintf(" (%d skip)", skipped) : ""
			why = ""
			if (unknown != "") why = why "the .expect names tests the lab lacks: " unknown "; "
			if (missing != "") why = why "no result for " missing "; "
			if (bad != "") why = why bad
			if (earned != "") why = why "the skeleton earned points: " earned
			if (kind == "wrong" && n == nknown && !skipped && rows && score == max)
				why = why "a wrong submission scored full marks"
			named = ""
			if (kind == "wrong" && cause_step != "") {
				r = tolower(first_reason); st = cause_step; gsub(/\./, "\\.", st)
				if (first_fail == "")
					cv = "no test failed"
				else if ((cause_step != "-" && r !~ ("(^|[^0-9.])" st "([^0-9]|$)")) || index(r, tolower(cause_phrase)) == 0)
					cv = sprintf("wrong: it says \"%s\"", substr(first_reason, 1, 160))
				else
					cv = "named"
				if (cv != "named")
					why = why sprintf("the first failing test, %s, does not name the cause (step %s, \"%s\"): %s; ",
						first_fail == "" ? "none" : first_fail, cause_step, cause_phrase, cv)
				else
					named = sprintf("; cause named (step %s)", cause_step)
			} else if (kind == "wrong") cv = "not declared"
			if (kind == "wrong" && causes != "" && lab != "")
				printf "%s\t%s\t%s\t%s\t%s\n", lab, patch, cause_step == "" ? "-" : "step " cause_step ": " cause_phrase,
					first_fail == "" ? "-" : first_fail, cv >> causes
			sub(/[;, ]+$/, "", why)
			scope = sprintf("the %d %stests", n, n == nknown ? "" : "selected ")
			if (why != "") print "FAIL: " why
			else if (!ran) print emu ? "not judged: every test skipped" : "not judged: no GPU, every selected test skipped"
			else if (kind == "skeleton" && skipped) printf "ok so far: 0 points from the %d of %d tests that ran (no GPU for the rest)\n", ran, n
			else if (kind == "skeleton") printf "ok: 0 points from %s\n", emu ? "the emulated tests" : "every test"
			else if (emu && self != "") printf "ok: %s, emulated%s\n", scope, named
			else if (emu && n < nknown) print "ok: the emulated tests (speed and long runs need the GPU)"
			else if (skipped) printf "ok so far: %d of %s ran (no GPU for the rest)\n", ran, scope
			else printf "ok: %s%s\n", n == nknown ? "every test" : scope, named
		}' "$5"
}

# ---------------------------------------------------------------- 1: the patched copies
copies=(labs solutions)
for lab in "$@"; do
	for p in autograder/tests/selftest/"$lab"/*.patch; do
		[ -e "$p" ] || continue
		name=$(basename "$p" .patch)
		[ -z "${SELFTEST_PATCHES:-}" ] || [[ " $SELFTEST_PATCHES " == *" $name "* ]] || continue
		sub=$out/$lab-$name
		patches[$lab]+="$p "
		prepared[$lab/$name]=
		if [ ! -f "${p%.patch}.expect" ]; then
			prepared[$lab/$name]="FAIL: ${p%.patch}.expect is missing"
			continue
		fi
		if [ -n "$emu" ] && grep -q '^# gpu-only: ' "${p%.patch}.expect"; then
			prepared[$lab/$name]="not judged here: $(sed -n 's/^# gpu-only: //p' "${p%.patch}.expect")"
			continue
		fi
		rm -rf "$sub" && mkdir -p "$sub" && cp -r "solutions/$lab" "$sub/$lab"
		if ! patch -s -p1 --no-backup-if-mismatch -d "$sub/$lab" <"$p" >"$out/$lab-$name.patch.log" 2>&1; then
			prepared[$lab/$name]="FAIL: the patch no longer applies ($out/$lab-$name.patch.log)"
			continue
		fi
		copies+=("$sub")
	done
done

# ---------------------------------------------------------------- 2: build them all at once
# -k: a copy that does not build is reported when it is graded, the others still build.
# The solution first: a copy differs from it in one or two files, and a file that is
# byte for byte the solution's, in a folder whose headers are all the solution's,
# compiles to the solution's object, which the copy's build then takes (reuse-objects.sh).
t0=$SECONDS
lab_arg=()
[ $# -eq 1 ] && lab_arg=(LAB="${1%%-*}")
target=$([ -n "$emu" ] && echo emu-graders || echo graders)
echo "selftest: building ${#copies[@]} folders (labs/, solutions/ and the patched copies) with make -j$jobs; log: $out/build.log"
make -k -j"$jobs" --no-print-directory "${lab_arg[@]}" SUBMISSIONS=solutions "$target" >"$out/build.log" 2>&1
for c in "${copies[@]}"; do
	case $c in labs | solutions) continue ;; esac
	for lab in "$@"; do autograder/tests/reuse-objects.sh "$c" "$lab" "${emu:+emu}"; done
done
make -k -j"$jobs" --no-print-directory "${lab_arg[@]}" SUBMISSIONS="${copies[*]}" "$target" >>"$out/build.log" 2>&1 ||
	echo "selftest: some builds failed (see $out/build.log): those copies fail below"
build_time=$((SECONDS - t0))
echo "selftest: built in ${build_time}s"

# ---------------------------------------------------------------- 3: what each copy runs
# Every copy's tests but speed/* run at once, SELFTEST_GPU_JOBS copies at a time (default
# 8; nothing there is timed, and the GPU and the cores are shared); then the speed tests,
# one copy at a time on an otherwise idle GPU. Emulated, there are no speed tests: every
# copy runs in the first phase, one per core.
gpu_jobs=${SELFTEST_GPU_JOBS:-8}
[ -n "$emu" ] && gpu_jobs=$jobs
[ "$gpu_jobs" -gt "$jobs" ] && gpu_jobs=$jobs
copy_list=() # "lab<TAB>name<TAB>folder<TAB>kind<TAB>what it is expected to fail"
declare -A all_of=()
for lab in "$@"; do
	all=$out/$lab.tests
	if ! tests_of "$lab" >"$all" 2>"$out/$lab.tests.log" || [ ! -s "$all" ]; then
		row "$lab" "(every patch)" - - - - "FAIL: the grader of solutions/$lab did not build (see $out/build.log)"
		continue
	fi
	all_of[$lab]=$all
	# the smoke set, without the names that are not tests of the lab
	smoke=()
	if [ -f "autograder/tests/selftest/$lab/smoke" ]; then
		while read -r t; do
			case $t in '' | '#'*) continue ;; esac
			if cut -f1 "$all" | grep -qxF "$t"; then
				smoke+=("$t")
			else
				row "$lab" "(smoke list)" - - - - "FAIL: $t, in autograder/tests/selftest/$lab/smoke, is not a test of $lab"
			fi
		done <"autograder/tests/selftest/$lab/smoke"
	fi
	[ -n "$emu" ] || [ ${#smoke[@]} -gt 0 ] ||
		row "$lab" "(smoke list)" - - - - "FAIL: autograder/tests/selftest/$lab/smoke lists no test of $lab"
	for p in ${patches[$lab]:-}; do # the patches copied above, not any added since
		name=$(basename "$p" .patch)
		expf=${p%.patch}.expect sub=$out/$lab-$name
		named=$(awk -F'\t' '!/^#/ && $2 ~ /^(failed|crashed|timeout)$/ { n++; if (!t) t = $1 }
			END { if (n > 1) printf "%s +%d more", t, n - 1; else if (n) print t; else print "none: must pass" }' "$expf" 2>/dev/null)
		if [ -n "${prepared[$lab/$name]}" ]; then
			row "$lab" "$name" "$named" - - - "${prepared[$lab/$name]}"
			continue
		fi
		kind=wrong
		[ "${name#alt_}" != "$name" ] && kind=alt
		# what runs: every test, or the tests named as failing (those the lab has) and
		# the smoke set; a patch that names none runs every test
		selected=$sub/selected.txt
		awk -F'\t' '!/^#/ && $2 ~ /^(failed|crashed|timeout)$/ { print $1 }' "$expf" |
			grep -xFf <(cut -f1 "$all") >"$selected"
		if [ -n "$emu" ] && { [ "$kind" = alt ] || [ ! -s "$selected" ]; }; then
			: >"$selected" # every emulated test runs (EMU_FILTER)
		elif [ -n "$emu" ]; then
			# the named tests the emulation runs, and the smoke set
			grep -vE '^(speed|resources|flock)/' "$selected" >"$selected.emu"
			if [ ! -s "$selected.emu" ]; then
				row "$lab" "$name" "$named" - - - "not judged here: only tests the emulation does not run (speed, resources) catch it"
				continue
			fi
			printf '%s\n' "${smoke[@]}" | sort -u - "$selected.emu" -o "$selected"
			rm -f "$selected.emu"
		elif [ "$kind" = alt ] || [ ! -s "$selected" ]; then
			cut -f1 "$all" >"$selected"
		else
			# a speed test needs the GPU to itself: it runs only when it is the patch's
			# one witness (one failing untimed test already proves the points lost)
			grep -qv '^speed/' "$selected" && sed -i '/^speed\//d' "$selected"
			printf '%s\n' "${smoke[@]}" | sort -u - "$selected" -o "$selected"
		fi
		copy_list+=("$lab	$name	$sub	$kind	$named")
	done
	# the skeleton: every test, and not one point (SELFTEST_SKELETONS=0: left out, where
	# the caller grades it anyway, as device-check.sh's course plan does)
	[ "${SELFTEST_SKELETONS:-1}" = 0 ] && continue
	sk=$out/$lab-skeleton
	rm -rf "$sk" && mkdir -p "$sk"
	if [ -n "$emu" ]; then : >"$sk/selected.txt"; else cut -f1 "$all" >"$sk/selected.txt"; fi
	copy_list+=("$lab	(the skeleton)	$sk	skeleton	scores 0")
done

# filter_for LIST ALL PART: the Criterion filter that runs the tests of LIST, which are
# of one PART of ALL (untimed: all but speed/*; speed): the part's own glob when LIST is
# the whole part, else @(a|b|...).
filter_for() {
	local n
	if [ "$3" = speed ]; then n=$(cut -f1 "$2" | grep -c '^speed/'); else n=$(cut -f1 "$2" | grep -vc '^speed/'); fi
	if [ "$(grep -c . "$1")" -lt "$n" ]; then
		echo "@($(paste -sd'|' "$1"))"
	elif [ "$3" = speed ]; then
		echo 'speed/*'
	elif [ "$n" -lt "$(grep -c . "$2")" ]; then
		echo '!(speed)/*'
	fi # else every test: no filter
}
# grade_part LAB FOLDER SUB PART FILTER: one make grade (or emu-grade) of a copy, its
# report fragment in FOLDER/PART.tsv, its time in FOLDER/PART.secs.
grade_part() {
	local lab=$1 dir=$2 sub=$3 part=$4 filter=$5 t0=$SECONDS
	if [ -n "$emu" ]; then
		make --no-print-directory emu-grade SUBMISSION="$sub" LAB="${lab%%-*}" \
			EMU_OUT="$dir/$part.tsv" ${filter:+EMU_FILTER="$filter"} >"$dir/$part.log" 2>&1
	else
		# EMU=0: this is the GPU self-check (selftest-emu.sh is the emulated one)
		make --no-print-directory grade SUBMISSION="$sub" LAB="${lab%%-*}" EMU=0 \
			GRADE_DIR="$dir/$part" FILTER="$filter" >"$dir/$part.log" 2>&1
		cp "$dir/$part/$lab.tsv" "$dir/$part.tsv" 2>/dev/null
	fi
	echo $((SECONDS - t0)) >"$dir/$part.secs"
}

# ---------------------------------------------------------------- 4: untimed, all at once
t0=$SECONDS
echo "selftest: ${#copy_list[@]} copies; every test but speed/* first, $gpu_jobs copies at a time"
for c in "${copy_list[@]}"; do
	IFS=$'\t' read -r lab name dir kind named <<<"$c"
	sub=$dir
	[ "$kind" = skeleton ] && sub=labs
	rm -f "$dir"/untimed.* "$dir"/speed.* && rm -rf "$dir/untimed" "$dir/speed"
	filter=
	if [ "$kind" = skeleton ]; then
		# a skeleton cannot pass a speed test however busy the GPU: each checks the
		# timed function's own output afterwards. Every test runs here.
		cp "$dir/selected.txt" "$dir/untimed.txt" && : >"$dir/speed.txt"
	else
		grep -v '^speed/' "$dir/selected.txt" >"$dir/untimed.txt"
		grep '^speed/' "$dir/selected.txt" >"$dir/speed.txt"
		[ -n "$emu" ] || [ -s "$dir/untimed.txt" ] || continue
		[ -z "$emu" ] || [ ! -s "$dir/untimed.txt" ] || filter="@($(paste -sd'|' "$dir/untimed.txt"))"
		[ -n "$emu" ] || filter=$(filter_for "$dir/untimed.txt" "${all_of[$lab]}" untimed)
		# emulated, a wrong patch that names no test runs every one but the sanitizer tests
		# (a checked run each): those run for the patches that name one, and the
		# alternatives, which must pass them all
		[ -n "$emu" ] && [ "$kind" = wrong ] && [ -z "$filter" ] &&
			filter='!(speed|flock|resources|sanitize)/*'
	fi
	while [ "$(jobs -rp | wc -l)" -ge "$gpu_jobs" ]; do wait -n; done
	(grade_part "$lab" "$dir" "$sub" untimed "$filter"
	printf '  %-10s %-29s %4ss\n' "$lab" "$name" "$(cat "$dir/untimed.secs")") &
done
wait
untimed_time=$((SECONDS - t0))

# ---------------------------------------------------------------- 5: speed, one at a time
t0=$SECONDS
if [ -z "$emu" ]; then
	echo "selftest: the speed tests, one copy at a time"
	for c in "${copy_list[@]}"; do
		IFS=$'\t' read -r lab name dir kind named <<<"$c"
		sub=$dir
		[ "$kind" = skeleton ] && sub=labs
		[ -s "$dir/speed.txt" ] || continue
		grade_part "$lab" "$dir" "$sub" speed "$(filter_for "$dir/speed.txt" "${all_of[$lab]}" speed)"
		printf '  %-10s %-29s %4ss\n' "$lab" "$name" "$(cat "$dir/speed.secs")"
	done
fi
speed_time=$((SECONDS - t0))

# ---------------------------------------------------------------- 6: judge every copy
rm -f "$out/causes.tsv"
for c in "${copy_list[@]}"; do
	IFS=$'\t' read -r lab name dir kind named <<<"$c"
	u=$(cat "$dir/untimed.secs" 2>/dev/null || echo 0) s=$(cat "$dir/speed.secs" 2>/dev/null || echo 0)
	lab_untimed[$lab]=$((${lab_untimed[$lab]:-0} + u))
	lab_speed[$lab]=$((${lab_speed[$lab]:-0} + s))
	secs=$u+$s
	frag=$dir/graded.tsv
	cat "$dir"/untimed.tsv "$dir"/speed.tsv >"$frag" 2>/dev/null
	if [ ! -s "$frag" ]; then
		row "$lab" "$name" "$named" - "no report" "$secs" "FAIL: see $dir/untimed.log and $dir/speed.log"
		continue
	fi
	# no patch is meant to break the build: say so rather than list every test
	if [ "$kind" != skeleton ] &&
		why=$(cut -f6 "$frag" | grep -m1 -E 'does not (compile|link with the grader)|^integrity: '); then
		row "$lab" "$name" "$named" - - "$secs" "FAIL: ${why%%\\n*} (see $dir/untimed.log)"
		continue
	fi
	expf=
	[ "$kind" = skeleton ] || expf=autograder/tests/selftest/$lab/$name.expect
	v=$(CAUSE_LAB=$lab CAUSE_PATCH=$name judge "$kind" "$expf" "$([ -s "$dir/selected.txt" ] && echo "$dir/selected.txt")" "${all_of[$lab]}" "$frag")
	IFS=$'\t' read -r n score verdict <<<"$v"
	row "$lab" "$name" "$named" "$n" "$score" "$secs" "$verdict"
done

echo
printf '%-10s %-29s %-36s %-7s %-15s %9s  %s\n' lab patch "expected to fail" tests score "secs u+s" verdict
printf '%s\n' "${rows[@]}"
if [ -s "$out/causes.tsv" ]; then # what each wrong patch's student is told first
	echo
	printf '%-10s %-29s %-44s %-30s %s\n' lab patch "the cause a student must be told" "first failing test" verdict
	awk -F'\t' '{ printf "%-10s %-29s %-44s %-30s %s\n", $1, $2, substr($3, 1, 44), $4, $5 }' "$out/causes.tsv"
	awk -F'\t' '{ n++; if ($5 == "named") k++; if ($3 != "-") d++ }
		END { printf "causes: %d of %d wrong patches judged declare one; %d named right\n", d, n, k }' "$out/causes.tsv"
fi
echo
printf '%-10s %7s  %s\n' time seconds ""
printf '%-10s %7s  %s\n' build "$build_time" "${#copies[@]} folders, make -j$jobs"
for lab in "$@"; do
	printf '%-10s %7s  %s\n' "$lab" "${lab_untimed[$lab]:-0}+${lab_speed[$lab]:-0}" \
		"$(wc -w <<<"${patches[$lab]:-}") patches and the skeleton: untimed tests (summed, run $gpu_jobs at a time) + speed tests"
done
printf '%-10s %7s  %s\n' untimed "$untimed_time" "wall time of the untimed phase"
printf '%-10s %7s  %s\n' speed "$speed_time" "wall time of the speed phase"
printf '%-10s %7s\n' total "$SECONDS"
exit $status
