#!/usr/bin/env bash
# grade-class.sh DIR OUT MAKE: grades every subfolder of DIR (one student each, laid
# out like labs/) in turn, each in its own build tree, one at a time so that timings
# are fair (their builds run first, all at once). Writes OUT/students/NAME/ (the
# student's results.json, fragments and logs), OUT/gradebook.csv and OUT/summary.txt.
# A student whose grading finished has a `done` mark and is not graded again: an
# interrupted run resumes where it stopped.
# CLASS_TIMEOUT (seconds, default 3600) limits one student's whole grading.
#
# grade-class.sh --report OUT: only rewrites OUT/gradebook.csv and OUT/summary.txt from
# the results already in OUT/students/*/ (every student there), grading nobody.
set -u
shopt -s nullglob
students=()
if [ "${1:-}" = --report ]; then
	out=$2
	for s in "$out"/students/*/; do students+=("$(basename "$s")"); done
	[ ${#students[@]} -gt 0 ] || { echo "grade-class: no graded students in $out/students"; exit 2; }
else
	dir=${1%/} out=$2 make=$3
	mkdir -p "$out/students"
	for s in "$dir"/*/; do students+=("$(basename "$s")"); done
	[ ${#students[@]} -gt 0 ] || { echo "grade-class: no submissions (subfolders) in $dir"; exit 2; }
fi
limit=${CLASS_TIMEOUT:-3600}

# Every build first, all at once over the cores (building is not timed, grading is);
# -k: a student whose lab does not build is told so when graded, the others still build.
if [ -n "${make:-}" ]; then
	todo=()
	for s in "${students[@]}"; do [ -f "$out/students/$s/done" ] || todo+=("$dir/$s"); done
	if [ ${#todo[@]} -gt 0 ]; then
		echo "== building ${#todo[@]} submissions at once (log: $out/build.log)"
		$make -k -j"$(nproc)" --no-print-directory graders SUBMISSIONS="${todo[*]}" >"$out/build.log" 2>&1
	fi
fi

for s in "${students[@]}"; do
	[ -n "${make:-}" ] || break # --report: nobody is graded
	d=$out/students/$s
	if [ -f "$d/done" ]; then
		echo "== $s: graded already ($(cat "$d/done")), skipped"
		continue
	fi
	rm -rf "$d" && mkdir -p "$d"
	echo "== $s"
	t0=$SECONDS
	# a gradebook holds GPU grades: emulated grading only when asked for (EMU=1)
	timeout -k 30 "$limit" $make --no-print-directory grade SUBMISSION="$dir/$s" \
		EMU="${EMU:-0}" GRADE_DIR="$d" >"$d/grade.log" 2>&1
	rc=$?
	[ $rc -eq 124 ] && echo "   stopped after the class limit of $limit s (CLASS_TIMEOUT)" |
		tee -a "$d/grade.log"
	grep -E '^TOTAL' "$d/grade.log" | sed 's/^/   /'
	echo "$(date -u +%FT%TZ), $((SECONDS - t0)) s, exit $rc" >"$d/done"
done

# The gradebook: one row per student, one column per lab, and the total.
labs=$(cat "$out"/students/*/*.tsv 2>/dev/null | cut -f1 | sort -u | tr '\n' ' ')
{
	printf 'student'
	for l in $labs; do printf ',%s' "$l"; done
	printf ',total\n'
	for s in "${students[@]}"; do
		printf '%s' "$s"
		total=0
		for l in $labs; do
			f=$out/students/$s/$l.tsv
			score=$( [ -f "$f" ] && awk -F'\t' '{ t += $3 } END { print t + 0 }' "$f" || echo 0)
			total=$((total + score))
			printf ',%s' "$score"
		done
		printf ',%s\n' "$total"
	done
	printf 'max_score'
	total=0
	for l in $labs; do
		m=$(cat "$out"/students/*/"$l".tsv | awk -F'\t' '{ m[$2] = $4 } END { for (k in m) t += m[k]; print t + 0 }')
		total=$((total + m))
		printf ',%s' "$m"
	done
	printf ',%s\n' "$total"
} >"$out/gradebook.csv"

# The failures across the class, with one student's reason for each, counted in
# students. First every lab-level failure (a lab that did not build, broke the
# integrity rule, was not submitted or whose grader died: one line per lab, however
# many tests it zeroed), then the 15 most common test failures. A test is keyed with
# how it failed: a timeout, a crash or a CUDA error is not counted with wrong results;
# at equal counts those come first.
for s in "${students[@]}"; do
	for f in "$out/students/$s"/*.tsv; do
		awk -F'\t' -v who="$s" '$5 != "passed" && $5 != "skipped" {
			r = $6; lab = 1; rank = 0
			if (r ~ /does not (compile|link)/) k = $1 " (the lab does not build)"
			else if (r ~ /^integrity:/) k = $1 " (integrity: symbols outside the API)"
			else if (r ~ /has no .* folder/) k = $1 " (not submitted)"
			else if ($2 == "(grader)") k = $1 " (the grader died before its report)"
			else {
				lab = 0; rank = 1; k = $1 " " $2
				if ($5 == "timeout") k = k " (timed out)"
				else if ($5 == "crashed") k = k " (crashed)"
				else if (r ~ /cudaError[A-Za-z]/) k = k " (CUDA error)"
				else rank = 0
			}
			sub(/\\n.*/, "", r)
			print lab "\t" rank "\t" k "\t" who "\t" substr(r, 1, 100) }' "$f"
	done
done | sort -u -t$'\t' -k3,4 | awk -F'\t' -v n="${#students[@]}" '
	{ count[$3]++; lab[$3] = $1; rank[$3] = $2; if (!($3 in why)) why[$3] = $5 }
	END { for (k in count) printf "%d\t%d\t%d\t%3d of %d  %-45s %s\n", lab[k], count[k], rank[k],
		count[k], n, k, why[k] }' |
	sort -t$'\t' -k1,1nr -k2,2nr -k3,3nr -k4 | awk -F'\t' '$1 == 1 || ++tests <= 15' |
	cut -f4- >"$out/summary.txt"
echo
echo "gradebook: $out/gradebook.csv"
column -t -s, "$out/gradebook.csv" 2>/dev/null || cat "$out/gradebook.csv"
echo
echo "failures: each lab-level one, then the most common tests ($out/summary.txt):"
cat "$out/summary.txt"
