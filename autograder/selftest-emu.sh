#!/usr/bin/env bash
# selftest-emu.sh LAB...: selftest.sh with the lab's kernels emulated on the CPU
# (autograder/emu/): no GPU needed, only the correctness tests judged (speed, sanitizer
# and long many-step tests are left out, see EMU_FILTER in the Makefile), and the
# skeleton of each lab graded the same way. Labs 04, 05 and 06 only.
#
# What selftest.sh does: For every
# autograder/selftest/LAB/NAME.patch: copy solutions/LAB, apply the patch, grade it,
# and compare each test's status with NAME.expect (tests not listed must pass; "any"
# accepts whatever happens, for a fault whose effect on a result is up to timing).
# A patch named alt_* is a correct submission written differently: it must lose
# nothing. Any other patch is a plausible student bug: it must lose points on the
# tests its .expect names as failed, and never score full marks.
# Without a GPU the GPU tests skip: only the tests that ran are judged.
set -u
status=0
rows=()
row() { # lab patch expected result verdict
	rows+=("$(printf '%-10s %-24s %-34s %-22s %s' "$1" "$2" "$3" "$4" "$5")")
}
for lab in "$@"; do
	for p in autograder/selftest/"$lab"/*.patch; do
		[ -e "$p" ] || continue
		name=$(basename "$p" .patch) expf=${p%.patch}.expect
		sub=build/selftest-emu/$lab-$name
		named=$(awk -F'\t' '!/^#/ && $2 ~ /^(failed|crashed|timeout)$/ { n++; if (!t) t = $1 }
			END { if (n > 1) printf "%s +%d more", t, n - 1; else if (n) print t; else print "none: must pass" }' "$expf")
		gpu_only=$(sed -n 's/^# gpu-only: //p' "$expf")
		if [ -n "$gpu_only" ]; then
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
		make --no-print-directory emu-grade SUBMISSION="$sub" LAB="${lab%%-*}" \
			EMU_OUT="$sub/emu.tsv" >"$sub/grade.log" 2>&1
		frag=$sub/emu.tsv
		if [ ! -s "$frag" ]; then
			row "$lab" "$name" "$named" "no report" "FAIL: see $sub/grade.log"
			status=1
			continue
		fi
		verdict=$(awk -F'\t' -v expf="$expf" -v alt="${name#alt_}" -v name="$name" '
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
			  else if (!ran) print "not judged: every test skipped"
			  else if (skipped) print "ok: the emulated tests (speed, sanitizers, long runs need the GPU)"
			  else print "ok" }' "$frag")
		row "$lab" "$name" "$named" "${verdict%%$'\t'*}" "${verdict#*$'\t'}"
		case ${verdict#*$'\t'} in FAIL*) status=1 ;; esac
	done
done
for lab in "$@"; do
	make --no-print-directory emu-grade SUBMISSION=labs LAB="${lab%%-*}" \
		EMU_OUT="build/selftest-emu/$lab-skeleton.tsv" >/dev/null 2>&1
	f=build/selftest-emu/$lab-skeleton.tsv
	v=$(awk -F'\t' '$5 != "skipped" { n++; s += $3; m += $4; p += $5 == "passed" }
		END { printf "%d/%d\t%d of %d emulated tests passed", s, m, p, n }' "$f" 2>/dev/null)
	row "$lab" "(the skeleton)" "fails cleanly" "${v%%$'\t'*}" "${v#*$'\t'}"
done
printf '%-10s %-24s %-34s %-22s %s\n' lab patch "expected to fail" "score" verdict
printf '%s\n' "${rows[@]}"
exit $status
