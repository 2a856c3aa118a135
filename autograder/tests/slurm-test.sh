#!/usr/bin/env bash
# slurm-test.sh MAKE: make grade-class SLURM=1 for real, on a single-node Slurm cluster
# this test starts on this machine (autograder/tests/slurm/cluster.sh: munge, MariaDB,
# slurmdbd, slurmctld, slurmd with one GPU), over a made-up class of lab 06
# (autograder/tests/make-class.sh: the reference, a known bug, the skeleton, one that
# does not compile), graded with emulated kernels (EMU=1) so that, GPU or not, the
# students earn different grades. Checks that:
#   - the build job, a job array of one task per student on --gres=gpu:1 and the merge
#     job run, and sacct shows every task COMPLETED;
#   - the merged gradebook.csv equals that of the single-machine run of the same class,
#     summary.txt lists the same failures as its, and the roster's uploads carry every
#     student;
#   - a rerun submits nobody and only merges;
#   - a task that never ran (cancelled here) puts its student in the gradebook with the
#     reason, and the next run resubmits only that student.
# Where the cluster cannot start (no root, packages missing), it says why and fails.
set -u
make=$1
root=$PWD/build/test-slurm
fail() { echo "slurm-test: $*"; autograder/tests/slurm/cluster.sh stop "$root/cluster" >/dev/null; exit 1; }
rm -rf "$root" && mkdir -p "$root"
students=$(autograder/tests/make-class.sh "$root/class" 06) || fail "could not make the class"
n_students=$(echo $students | wc -w)
printf 'student_id,email,name,folder\n' >"$root/roster.csv"
i=0
for s in $students; do
	i=$((i + 1))
	printf 's%03d,%s@example.edu,"%s, Student",%s\n' "$i" "$s" "$s" "$s" >>"$root/roster.csv"
done
printf 's999,absent@example.edu,"Absent, Student",absent\n' >>"$root/roster.csv"

# the single-machine run first: its builds serve the cluster's run too
echo "== the class on this machine"
EMU=1 $make --no-print-directory grade-class DIR="$root/class" LAB=06 CLASS_OUT="$root/local" \
	>"$root/local.log" 2>&1 || fail "the single-machine run failed: see $root/local.log"

echo "== starting a single-node Slurm cluster"
conf=$(autograder/tests/slurm/cluster.sh start "$root/cluster") || fail "no cluster: $conf"
eval "$conf"
sinfo -N -o '%N %P %t %c %m %G' | sed 's/^/   /'

wait_class() { # OUT: waits (at most 10 min) until no job of that class is queued
	local name
	name=particle-labs-$(echo "$1" | sha1sum | cut -c1-8)
	for _ in $(seq 600); do
		[ -z "$(squeue -h -n "$name" -o %i 2>/dev/null)" ] && return 0
		sleep 1
	done
	fail "the class's jobs did not end within 10 minutes: $(squeue -n "$name")"
}
grade_slurm() { # OUT LOG: make grade-class SLURM=1 with the roster
	EMU=1 ROSTER=$root/roster.csv $make --no-print-directory grade-class DIR="$root/class" LAB=06 \
		CLASS_OUT="$1" SLURM=1 SLURM_PARTITION=gpu SLURM_CPUS=2 SLURM_BUILD_CPUS=2 \
		SLURM_TIME=20 >"$2" 2>&1
}

echo "== the class on the cluster"
out=$root/slurm
grade_slurm "$out" "$root/submit.log" || fail "submitting failed: $(cat "$root/submit.log")"
sed 's/^/   /' "$root/submit.log"
wait_class "$out"
array=$(sed -n 's/^array //p' "$out/slurm/jobs")
echo "   sacct -j $array:"
sacct -j "$array" -X -o JobID%14,JobName%24,Partition,AllocTRES%40,State,ExitCode,Elapsed | sed 's/^/   /'
n=$(sacct -j "$array" -X -n -P -o State | grep -c '^COMPLETED$')
[ "$n" -eq "$n_students" ] || fail "want $n_students tasks COMPLETED, sacct shows $n (logs: $out/slurm/)"
sacct -j "$array" -X -n -P -o AllocTRES | grep -qv 'gres/gpu=1' && fail "a task ran without its GPU"
merge_log=$(ls "$out"/slurm/merge-*.log)
grep -q '^gradebook:' "$merge_log" || fail "the merge job wrote no gradebook: $(cat "$merge_log")"
echo "   the merged gradebook beside the single-machine one:"
paste -d'|' "$root/local/gradebook.csv" "$out/gradebook.csv" | column -t -s'|' | sed 's/^/     /'
diff "$root/local/gradebook.csv" "$out/gradebook.csv" >/dev/null ||
	fail "the gradebooks differ: $(diff "$root/local/gradebook.csv" "$out/gradebook.csv")"
# the same failures, counted alike; their example reasons differ, as each grading draws
# fresh inputs (a seed per test)
keys() { cut -c1-55 "$1" | sed 's/ *$//'; }
diff <(keys "$root/local/summary.txt") <(keys "$out/summary.txt") >/dev/null ||
	fail "the summaries differ: $(diff <(keys "$root/local/summary.txt") <(keys "$out/summary.txt"))"
for s in $students; do
	[ -s "$out/students/$s/results.json" ] || fail "$s: no results.json from the cluster"
done
# the grades differ, so equal gradebooks say something: the reference earns points, the
# known bug fewer, the skeleton and the broken copy none
total() { awk -F, -v s="$1" '$1 == s { print $(NF - 1) }' "$out/gradebook.csv"; }
[ "$(total reference)" -gt 0 ] && [ "$(total wrong)" -lt "$(total reference)" ] &&
	[ "$(total skeleton)" -eq 0 ] && [ "$(total broken)" -eq 0 ] ||
	fail "the class's grades are not what the students deserve: $(cat "$out/gradebook.csv")"
grep -q 'Slurm job' "$out/students/reference/done" || fail "the done mark names no Slurm task"
[ "$(grep -c . "$out/upload.csv")" -eq $((n_students + 2)) ] ||
	fail "upload.csv: want a header and $((n_students + 1)) students: $(cat "$out/upload.csv")"
grep -q "^\"reference, Student\",s001,reference@example.edu,$(total reference),$(total reference),\$" "$out/upload.csv" ||
	fail "upload.csv: the reference's row: $(grep s001 "$out/upload.csv")"
grep -q '^"Absent, Student",s999,absent@example.edu,0,0,no submission$' "$out/upload.csv" ||
	fail "upload.csv: the absent student: $(grep s999 "$out/upload.csv")"
grep -q '^Points Possible,' "$out/canvas.csv" || fail "canvas.csv has no Points Possible row"

echo "== the same command again: nobody to submit"
jobs_before=$(sacct -n -X -P -o JobID | grep -vc _)
grade_slurm "$out" "$root/rerun.log" || fail "the rerun failed: $(cat "$root/rerun.log")"
grep -q 'graded already: merging only' "$root/rerun.log" || fail "the rerun submitted: $(cat "$root/rerun.log")"
[ "$(sacct -n -X -P -o JobID | grep -vc _)" -eq "$jobs_before" ] || fail "the rerun submitted jobs"
echo "   $(grep 'graded already' "$root/rerun.log")"

echo "== a task that never ran"
rm -rf "$out/students/wrong"
grade_slurm "$out" "$root/cancel.log" || fail "submitting one student failed: $(cat "$root/cancel.log")"
array=$(sed -n 's/^array //p' "$out/slurm/jobs")
scancel "$array" # still waiting on its build job
wait_class "$out"
grep -q '^wrong,0,0,"Slurm task [0-9_]* cancelled' "$out/gradebook.csv" ||
	fail "the cancelled student's row: $(grep '^wrong' "$out/gradebook.csv")"
grep -q 'wrong: not graded to the end' "$out/summary.txt" || fail "summary lacks the cancelled student"
echo "   $(grep '^wrong' "$out/gradebook.csv")"
grade_slurm "$out" "$root/resubmit.log" || fail "resubmitting failed: $(cat "$root/resubmit.log")"
grep -q '1 students submitted' "$root/resubmit.log" || fail "want one student resubmitted: $(cat "$root/resubmit.log")"
wait_class "$out"
diff "$root/local/gradebook.csv" "$out/gradebook.csv" >/dev/null ||
	fail "after the resubmission the gradebooks differ: $(diff "$root/local/gradebook.csv" "$out/gradebook.csv")"
echo "   resubmitted: $(grep '^wrong' "$out/gradebook.csv")"
autograder/tests/slurm/cluster.sh stop "$root/cluster"
echo "slurm-test: the job array, sacct, the merged gradebook equal to the single-machine one, the roster's uploads, resume and a failed task as expected"
