#!/usr/bin/env bash
# submit.sh DIR OUT MAKE: grades a class on a Slurm cluster (make grade-class SLURM=1).
# Submits three jobs from the login node, run from this checkout (which must be on a
# file system the compute nodes share, as DIR and OUT must be):
#   build  every ungraded student's graders at once (make -k graders), no GPU;
#   array  one task per ungraded student, each on one whole GPU (--gres=gpu:1, and the
#          node to itself unless SLURM_EXCLUSIVE=0, so timings stay fair), running
#          grade-class.sh --one: the same grading as on one machine;
#   merge  after every task ended however it ended: merge.sh, which gives each student
#          whose task failed a note with the reason and writes OUT/gradebook.csv and
#          OUT/summary.txt as the single-machine run does.
# Resumes: a student with a `done` mark is never resubmitted; with nobody left to grade
# it only merges, here. It refuses while jobs of the same class are queued.
# Options (environment, or make variables): SLURM_PARTITION, SLURM_ACCOUNT, SLURM_GPU
# (a GPU type: --gres=gpu:TYPE:1), SLURM_TIME (per student, minutes; default the class
# limit CLASS_TIMEOUT plus 10), SLURM_CPUS (per task, default 4), SLURM_MAX_PARALLEL
# (tasks at once), SLURM_EXCLUSIVE (1), SLURM_MODULES ("cuda/12.4 gcc/12": loaded in
# every job), SLURM_CONTAINER (an Apptainer image, autograder/instructor/slurm/particle-labs.def:
# every job runs in it, with --nv), SLURM_ARGS (any other sbatch options, for every job).
set -u
shopt -s nullglob
[ $# -eq 3 ] || { echo "usage: submit.sh DIR OUT MAKE"; exit 2; }
abs() { mkdir -p "$1" && (cd "$1" && pwd); }
dir=$(cd "${1%/}" 2>/dev/null && pwd) || { echo "grade-class: $1 is not a folder"; exit 2; }
out=$(abs "$2") make=$3
command -v sbatch >/dev/null || {
	echo "grade-class: SLURM=1 needs a Slurm login node (sbatch not found); without Slurm,"
	echo "  make grade-class DIR=$1 grades the class on this machine"
	exit 2
}
mkdir -p "$out/students" "$out/slurm"
# one name per class output folder: what squeue and the resume check look for
name=particle-labs-$(echo "$out" | sha1sum | cut -c1-8)
queued=$(squeue -h -n "$name" -o %i 2>/dev/null | sed 's/_.*//' | sort -u | tr '\n' ' ')
if [ -n "$queued" ]; then
	echo "grade-class: jobs of this class are still queued or running: $queued(squeue -n $name);"
	echo "  wait for them to end, or scancel them, then run the same command again"
	exit 2
fi

todo=$out/slurm/todo-$(date -u +%Y%m%dT%H%M%S).txt
for s in "$dir"/*/; do
	s=$(basename "$s")
	[ -f "$out/students/$s/done" ] || echo "$s"
done >"$todo"
n=$(grep -c . "$todo")
if [ "$n" -eq 0 ]; then
	rm -f "$todo"
	echo "grade-class: every student of $dir is graded already: merging only"
	exec autograder/instructor/slurm/merge.sh "$out"
fi

limit=${CLASS_TIMEOUT:-3600}
minutes=${SLURM_TIME:-$((limit / 60 + 10))}
common=(--job-name="$name" --chdir="$PWD" --export=ALL)
[ -n "${SLURM_PARTITION:-}" ] && common+=(--partition="$SLURM_PARTITION")
[ -n "${SLURM_ACCOUNT:-}" ] && common+=(--account="$SLURM_ACCOUNT")
# shellcheck disable=SC2206 # SLURM_ARGS is a list of options
[ -n "${SLURM_ARGS:-}" ] && common+=(${SLURM_ARGS})
gpu=--gres=gpu${SLURM_GPU:+:$SLURM_GPU}:1
exclusive=$([ "${SLURM_EXCLUSIVE:-1}" = 1 ] && echo --exclusive)
# what the jobs need to grade as this make would: the lab and the class limit
export PL_CLASS_DIR=$dir PL_CLASS_OUT=$out PL_CLASS_MAKE="$make${LAB:+ LAB=$LAB}" PL_CLASS_TODO=$todo
export PL_SLURM_MODULES=${SLURM_MODULES:-} PL_SLURM_CONTAINER=${SLURM_CONTAINER:-} CLASS_TIMEOUT=$limit
job=autograder/instructor/slurm/job.sh
build=$(sbatch --parsable "${common[@]}" --cpus-per-task="${SLURM_BUILD_CPUS:-8}" \
	--time="${SLURM_BUILD_TIME:-60}" -o "$out/slurm/build-%j.log" "$job" build) ||
	{ echo "grade-class: sbatch refused the build job (options above)"; exit 1; }
array=$(sbatch --parsable "${common[@]}" --dependency=afterany:"$build" \
	--array=0-$((n - 1))${SLURM_MAX_PARALLEL:+%$SLURM_MAX_PARALLEL} "$gpu" $exclusive \
	--cpus-per-task="${SLURM_CPUS:-4}" --time="$minutes" -o "$out/slurm/task-%A_%a.log" "$job" task) ||
	{ scancel "$build"; echo "grade-class: sbatch refused the array job"; exit 1; }
merge=$(sbatch --parsable "${common[@]}" --dependency=afterany:"$array" --time=30 \
	-o "$out/slurm/merge-%j.log" "$job" merge) ||
	{ scancel "$build" "$array"; echo "grade-class: sbatch refused the merge job"; exit 1; }
printf 'todo %s\nbuild %s\narray %s\nmerge %s\n' "$todo" "$build" "$array" "$merge" >"$out/slurm/jobs"
echo "grade-class: $n students submitted to Slurm as job $array (array 0-$((n - 1)), $gpu${exclusive:+ --exclusive},"
echo "  ${minutes} min each), after build job $build; merge job $merge writes $out/gradebook.csv"
echo "  follow: squeue -n $name; sacct -j $array -X; logs in $out/slurm/"
echo "  run the same command again to merge now, or to resubmit any student left unfinished"
