#!/usr/bin/env bash
# grade-class.sh DIR OUT MAKE: grades every subfolder of DIR (one student each, laid
# out like labs/) in turn, each in its own build tree, one at a time so that timings
# are fair (their builds run first, all at once). Writes OUT/students/NAME/ (the
# student's results.json, fragments and logs), OUT/gradebook.csv, OUT/summary.txt and
# OUT/report.html, the class's page (class_report.py; NAMES=1 names the students).
# A student whose grading finished has a `done` mark and is not graded again: an
# interrupted run resumes where it stopped.
# CLASS_TIMEOUT (seconds, default 3600) limits one student's whole grading.
#
# grade-class.sh --build DIR OUT MAKE: only builds every student not graded yet (the
# build job of a cluster's run: autograder/instructor/slurm/).
# grade-class.sh --one DIR OUT MAKE NAME: grades student NAME only, already built (a
# task of a cluster's job array), and writes no gradebook.
#
# grade-class.sh --report OUT: only rewrites OUT/gradebook.csv, summary.txt and report.html from
# the results already in OUT/students/*/ (every student there), grading nobody.
#
# ROSTER=file.csv (a header, then folder,id,email[,name] a line) adds OUT/upload.csv and
# OUT/canvas.csv, the gradebook keyed by student id and email (autograder/instructor/roster.py).
set -u
shopt -s nullglob
students=()
one=
if [ "${1:-}" = --report ]; then
	out=$2
	for s in "$out"/students/*/; do students+=("$(basename "$s")"); done
	[ ${#students[@]} -gt 0 ] || { echo "grade-class: no graded students in $out/students"; exit 2; }
elif [ "${1:-}" = --build ]; then
	dir=${2%/} out=$3 make=$4 build_only=1
	mkdir -p "$out/students"
	for s in "$dir"/*/; do students+=("$(basename "$s")"); done
elif [ "${1:-}" = --one ]; then
	dir=${2%/} out=$3 make=$4 one=$5
	[ -d "$dir/$one" ] || { echo "grade-class: no submission $dir/$one"; exit 2; }
	students=("$one")
	mkdir -p "$out/students"
else
	dir=${1%/} out=$2 make=$3
	mkdir -p "$out/students"
	for s in "$dir"/*/; do students+=("$(basename "$s")"); done
	[ ${#students[@]} -gt 0 ] || { echo "grade-class: no submissions (subfolders) in $dir"; exit 2; }
fi
limit=${CLASS_TIMEOUT:-3600}
unfinished=() status=0

# incomplete DIR RC: why a student's grading is not a whole grade (nothing when it is)
incomplete() {
	local d=$1 rc=$2 f
	[ "$rc" -eq 124 ] && return 0 # the class limit: a verdict, noted
	[ "$rc" -eq 0 ] || { echo "make grade exited $rc (see $d/grade.log)"; return 0; }
	[ -s "$d/results.json" ] || { echo "no results.json was written (a full disk?)"; return 0; }
	grep -q '^TOTAL' "$d/grade.log" || { echo "the report's table was not printed (see $d/grade.log)"; return 0; }
	for f in "$d"/*.tsv; do
		[ -s "$f" ] || { echo "$(basename "$f") is empty"; return 0; }
		grep -q $'\t(grader)\t' "$f" && { echo "the grader of $(basename "$f" .tsv) ended before its report was whole"; return 0; }
	done
	ls "$d"/*.tsv >/dev/null 2>&1 || echo "no lab was graded"
}

# Every build first, all at once over the cores (building is not timed, grading is);
# -k: a student whose lab does not build is told so when graded, the others still build.
if [ -n "${make:-}" ] && [ -z "$one" ]; then
	todo=()
	for s in "${students[@]}"; do [ -f "$out/students/$s/done" ] || todo+=("$dir/$s"); done
	if [ ${#todo[@]} -gt 0 ]; then
		echo "== building ${#todo[@]} submissions at once (log: $out/build.log)"
		$make -k -j"${SLURM_CPUS_PER_TASK:-$(nproc)}" --no-print-directory graders SUBMISSIONS="${todo[*]}" >"$out/build.log" 2>&1
	fi
fi
[ -n "${build_only:-}" ] && exit 0

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
	PL_HIDE_EXTRA=$(cd "$out" && pwd) timeout -k 30 "$limit" $make --no-print-directory grade SUBMISSION="$dir/$s" \
		EMU="${EMU:-0}" GRADE_DIR="$d" >"$d/grade.log" 2>&1
	rc=$?
	if [ $rc -eq 124 ]; then
		echo "stopped after the class limit of $limit s (CLASS_TIMEOUT)" >"$d/note"
		sed 's/^/   /' "$d/note" | tee -a "$d/grade.log"
	fi
	grep -E '^TOTAL' "$d/grade.log" | sed 's/^/   /'
	# done only when the grade is whole: a full disk, a killed make or a grader that
	# died before its report leaves the student to be graded again, never zeros
	why=$(incomplete "$d" "$rc")
	if [ -n "$why" ]; then
		echo "not graded to the end: $why; a rerun grades again" | tee "$d/note" | sed 's/^/   /'
		unfinished+=("$s")
		continue
	fi
	where=${SLURM_JOB_ID:+, Slurm job ${SLURM_ARRAY_JOB_ID:-$SLURM_JOB_ID}_${SLURM_ARRAY_TASK_ID:-0} on $(hostname)}
	echo "$(date -u +%FT%TZ), $((SECONDS - t0)) s, exit $rc$where" >"$d/done"
done
if [ ${#unfinished[@]} -gt 0 ]; then
	echo "grade-class: ${#unfinished[@]} student(s) not graded to the end: ${unfinished[*]} (their notes say why; a rerun grades them)" >&2
	status=1
fi
[ -n "$one" ] && exit $status

# The gradebook: one row per student, one column per lab, and the total.
labs=$(cat "$out"/students/*/*.tsv 2>/dev/null | cut -f1 | sort -u | tr '\n' ' ')
{
	printf 'student'
	for l in $labs; do printf ',%s' "$l"; done
	printf ',total,note\n'
	for s in "${students[@]}"; do
		printf '%s' "$s"
		total=0
		for l in $labs; do
			f=$out/students/$s/$l.tsv
			score=$( [ -f "$f" ] && awk -F'\t' '{ t += $3 } END { print t + 0 }' "$f" || echo 0)
			total=$((total + score))
			printf ',%s' "$score"
		done
		# why a student's grade is not a grader's verdict: a class limit, a cluster
		# task that failed (autograder/instructor/slurm/merge.sh), quoted for CSV
		note=$(head -n 1 "$out/students/$s/note" 2>/dev/null | sed 's/"/""/g')
		printf ',%s,%s\n' "$total" "${note:+\"$note\"}"
	done
	printf 'max_score'
	total=0
	for l in $labs; do
		m=$(cat "$out"/students/*/"$l".tsv | awk -F'\t' '{ m[$2] = $4 } END { for (k in m) t += m[k]; print t + 0 }')
		total=$((total + m))
		printf ',%s' "$m"
	done
	printf ',%s,\n' "$total"
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
# students whose grading did not end as a grader's verdict come first, with the reason
for s in "${students[@]}"; do
	[ -f "$out/students/$s/note" ] && echo "  $s: not graded to the end: $(head -n 1 "$out/students/$s/note")"
done | cat - "$out/summary.txt" >"$out/summary.tmp" && mv "$out/summary.tmp" "$out/summary.txt"
echo
echo "gradebook: $out/gradebook.csv"
column -t -s, "$out/gradebook.csv" 2>/dev/null || cat "$out/gradebook.csv"
echo
echo "failures: each lab-level one, then the most common tests ($out/summary.txt):"
cat "$out/summary.txt"
# the page: build/class/report.html (class_report.py; NAMES=1 names the students)
python3 autograder/instructor/class_report.py "$out" || echo "grade-class: the class's page was not written" >&2
# the uploads last: a roster that misses a graded folder fails the run, the gradebook
# and the summary written all the same
if [ -n "${ROSTER:-}" ]; then
	echo
	python3 autograder/instructor/roster.py "$ROSTER" "$out/gradebook.csv" "$out" || exit 1
fi
exit $status
