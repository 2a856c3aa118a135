#!/usr/bin/env bash
# merge.sh OUT: after a class's Slurm job array (submit.sh), gives every student of the
# array who has no `done` mark a note with what became of their task (from sacct, or
# squeue's silence), then writes OUT/gradebook.csv and OUT/summary.txt from all the
# results in OUT/students/ (grade-class.sh --report): the files a single-machine run
# writes, plus the notes. A noted student is resubmitted by the next run.
set -u
out=${1%/}
jobs=$out/slurm/jobs
if [ -f "$jobs" ]; then
	todo=$(sed -n 's/^todo //p' "$jobs") array=$(sed -n 's/^array //p' "$jobs")
	mapfile -t students <"$todo"
	rows=$out/slurm/sacct-$array.txt
	# task i's accounting line; tasks that never started share one, "ARRAY_[0-5,7%2]"
	task_row() {
		awk -F'|' -v a="$array" -v i="$1" '
			$1 == a "_" i { print; found = 1; exit }
			index($1, a "_[") == 1 && !found {
				r = substr($1, length(a) + 3); sub(/\].*/, "", r); sub(/%.*/, "", r)
				n = split(r, part, ",")
				for (k = 1; k <= n; k++) {
					m = split(part[k], ends, "-"); lo = ends[1]; hi = m > 1 ? ends[2] : lo
					if (i + 0 >= lo + 0 && i + 0 <= hi + 0) { keep = $0; break }
				}
			}
			END { if (!found && keep != "") print keep }' "$rows"
	}
	# slurmctld reports to the accounting daemon a moment after a task ends
	for _ in $(seq 30); do
		sacct -j "$array" -X -n -P -o JobID,State,ExitCode,Elapsed,NodeList >"$rows" 2>/dev/null
		pending=0
		for i in "${!students[@]}"; do
			[ -f "$out/students/${students[$i]}/done" ] && continue
			state=$(task_row "$i" | cut -d'|' -f2)
			case $state in "" | PENDING | RUNNING | REQUEUED | RESIZING | SUSPENDED) pending=1 ;; esac
		done
		[ $pending -eq 0 ] && break
		sleep 1
	done
	for i in "${!students[@]}"; do
		s=${students[$i]} d=$out/students/${students[$i]}
		[ -f "$d/done" ] && continue
		IFS='|' read -r _ state code elapsed node < <(task_row "$i")
		case ${state:-} in
		TIMEOUT*) why="stopped by the cluster's time limit after $elapsed (SLURM_TIME)" ;;
		OUT_OF_ME*) why="ran out of memory after $elapsed" ;;
		CANCELLED*) why="cancelled ($state) after ${elapsed:-0}" ;;
		NODE_FAIL*) why="its node $node failed" ;;
		FAILED*) why="failed with exit code $code after $elapsed on $node" ;;
		"") why="no record of the task in sacct" ;;
		*) why="ended $state (exit code $code) without a result" ;;
		esac
		mkdir -p "$d"
		echo "Slurm task ${array}_$i $why: not graded; the next run resubmits it" >"$d/note"
		echo "merge: $s: $(cat "$d/note")"
	done
fi
exec autograder/instructor/grade-class.sh --report "$out"
