#!/usr/bin/env bash
# selftest.sh LAB...: grades known-broken copies of the reference solution and checks
# that the grader saw exactly what each one breaks. For every
# autograder/selftest/LAB/NAME.patch: copy solutions/LAB, apply the patch, grade it,
# and compare each test's status with NAME.expect (tests not listed must pass; "any"
# accepts whatever happens, for a fault whose effect on a result is up to timing).
# Without a GPU the GPU tests skip, so only "the report is written" is checked.
set -u
root=$(pwd)
status=0
results=()
for lab in "$@"; do
	for p in autograder/selftest/"$lab"/*.patch; do
		[ -e "$p" ] || continue
		name=$(basename "$p" .patch)
		sub=build/selftest/$lab-$name
		rm -rf "$sub" && mkdir -p "$sub"
		cp -r "solutions/$lab" "$sub/$lab"
		if ! patch -s -p1 -d "$sub/$lab" <"$p"; then
			results+=("$lab $name: the patch no longer applies to solutions/$lab")
			status=1
			continue
		fi
		make --no-print-directory grade SUBMISSION="$sub" LAB="${lab%%-*}" \
			GRADE_DIR="$sub/grade" >"$sub/grade.log" 2>&1
		frag=$sub/grade/$lab.tsv
		if [ ! -s "$frag" ]; then
			results+=("$lab $name: FAIL, no report written (see $sub/grade.log)")
			status=1
			continue
		fi
		bad=$(awk -F'\t' -v expf="autograder/selftest/$lab/$name.expect" '
			BEGIN { while ((getline l < expf) > 0) if (l !~ /^#/ && l != "") { split(l, a, "\t"); want[a[1]] = a[2] } }
			{ w = ($2 in want) ? want[$2] : "passed"
			  if ($5 != "skipped" && w != "any" && $5 != w) printf "%s: got %s, want %s; ", $2, $5, w
			  if ($5 != "skipped") ran++; else skipped++ }
			END { if (!ran) printf "(no GPU: every GPU test skipped, report written)"
			      else if (skipped) printf "(no GPU: %d GPU tests skipped; the %d that ran are as expected)", skipped, ran }' "$frag")
		case $bad in
		"") results+=("$lab $name: ok, each fault failed its own test alone") ;;
		"(no GPU"*) results+=("$lab $name: $bad") ;;
		*) results+=("$lab $name: FAIL $bad"); status=1 ;;
		esac
	done
done
printf 'selftest: %s\n' "${results[@]}"
exit $status
