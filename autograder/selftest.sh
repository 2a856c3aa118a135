#!/usr/bin/env bash
# selftest.sh LAB...: grades known-wrong and alternative-correct copies of the
# reference solution and checks that the grader judged each as it should. For every
# autograder/selftest/LAB/NAME.patch: copy solutions/LAB, apply the patch, grade it,
# and compare each test's status with NAME.expect (tests not listed must pass; "any"
# accepts whatever happens, for a fault whose effect on a result is up to timing).
# A patch named alt_* is a correct submission written differently: it must lose
# nothing. Any other patch is a plausible student bug: it must lose points on the
# tests its .expect names as failed, and never score full marks.
# Without a GPU the GPU tests skip: only the tests that ran are judged.
# PL_SELFTEST_EMU=1 (selftest-emu.sh): the lab's kernels emulated on the CPU instead
# (make emu-grade: correctness tests only), patches whose .expect says "# gpu-only: why"
# left out, and each lab's skeleton graded the same way.
set -u
emu=${PL_SELFTEST_EMU:-}
out=build/selftest${emu:+-emu}
status=0
rows=()
row() { # lab patch expected result verdict
	rows+=("$(printf '%-10s %-24s %-34s %-22s %s' "$1" "$2" "$3" "$4" "$5")")
}
for lab in "$@"; do
	for p in autograder/selftest/"$lab"/*.patch; do
		[ -e "$p" ] || continue
		name=$(basename "$p" .patch) expf=${p%.patch}.expect
		sub=$out/$lab-$name
		named=$(awk -F'\t' '!/^#/ && $2 ~ /^(failed|crashed|timeout)$/ { n++; if (!t) t = $1 }
			END { if (n > 1) printf "%s +%d more", t, n - 1; else if (n) print t; else print "none: must pass" }' "$expf")
		gpu_only=$(sed -n 's/^# gpu-only: //p' "$expf")
		if [ -n "$emu" ] && [ -n "$gpu_only" ]; then
			row "$lab" "$name" "$named" "-" "not judged here: $gpu_only"
			continue
		fi
		rm -rf "$sub" && mkdir -p "$sub"
		cp -r "solutions/$lab" "$sub/$lab"
		if ! patch -s -p1 -d "$sub/$lab" <"$p"; then
			row "$lab" "$name" "$named" "-" "FAIL: the patch no longer applies"
			status=1
			continue
		fi
		if [ -n "$emu" ]; then
			make --no-print-directory emu-grade SUBMISSION="$sub" LAB="${lab%%-*}" \
				EMU_OUT="$sub/emu.tsv" >"$sub/grade.log" 2>&1
			frag=$sub/emu.tsv
		else
			make --no-print-directory grade SUBMISSION="$sub" LAB="${lab%%-*}" \
				GRADE_DIR="$sub/grade" >"$sub/grade.log" 2>&1
			frag=$sub/grade/$lab.tsv
		fi
		if [ ! -s "$frag" ]; then
			row "$lab" "$name" "$named" "no report" "FAIL: see $sub/grade.log"
			status=1
			continue
		fi
		verdict=$(awk -F'\t' -v expf="$expf" -v alt="${name#alt_}" -v name="$name" -v emu="$emu" '
			BEGIN { while ((getline l < expf) > 0) if (l !~ /^#/ && l != "") { split(l, a, "\t"); want[a[1]] = a[2] } }
			{ w = ($2 in want) ? want[$2] : "passed"
			  score += $3; max += $4
			  if ($5 == "skipped") { skipped++; next }
			  ran++
			  if (w != "any" && $5 != w) bad = bad sprintf("%s got %s, want %s; ", $2, $5, w) }
			END {
			  printf "%d/%d%s\t", score, max, skipped ? sprintf(" (%d skipped)", skipped) : ""
			  if (bad != "") print "FAIL: " bad
			  else if (alt == name && !skipped && score == max) print "FAIL: a wrong submission scored full marks"
			  else if (!ran) print emu ? "not judged: every test skipped" : "not judged: no GPU, every test skipped"
			  else if (skipped) print emu ? "ok: the emulated tests (speed, sanitizers, long runs need the GPU)" : "ok so far: the tests that ran (no GPU for the rest)"
			  else print "ok" }' "$frag")
		row "$lab" "$name" "$named" "${verdict%%$'\t'*}" "${verdict#*$'\t'}"
		case ${verdict#*$'\t'} in FAIL*) status=1 ;; esac
	done
done
for lab in "$@"; do
	[ -n "$emu" ] || break
	make --no-print-directory emu-grade SUBMISSION=labs LAB="${lab%%-*}" \
		EMU_OUT="$out/$lab-skeleton.tsv" >/dev/null 2>&1
	v=$(awk -F'\t' '$5 != "skipped" { n++; s += $3; m += $4; p += $5 == "passed" }
		END { printf "%d/%d\t%d of %d emulated tests passed", s, m, p, n }' "$out/$lab-skeleton.tsv" 2>/dev/null)
	row "$lab" "(the skeleton)" "fails cleanly" "${v%%$'\t'*}" "${v#*$'\t'}"
done
printf '%-10s %-24s %-34s %-22s %s\n' lab patch "expected to fail" "score" verdict
printf '%s\n' "${rows[@]}"
exit $status
