#!/usr/bin/env bash
# job.sh build|task|merge: one of submit.sh's Slurm jobs (its environment carries the
# class: PL_CLASS_DIR, PL_CLASS_OUT, PL_CLASS_MAKE, PL_CLASS_TODO). Loads the modules
# asked for and runs in the container asked for.
set -u
mode=$1
dir=$PL_CLASS_DIR out=$PL_CLASS_OUT make=$PL_CLASS_MAKE todo=$PL_CLASS_TODO
# the submitting make's jobserver and flags are not this job's
unset MAKEFLAGS MFLAGS MAKELEVEL
if [ -n "${PL_SLURM_MODULES:-}" ]; then
	if ! command -v module >/dev/null; then
		for f in /etc/profile.d/lmod.sh /etc/profile.d/modules.sh /usr/share/lmod/lmod/init/bash; do
			# shellcheck source=/dev/null
			[ -f "$f" ] && source "$f" && break
		done
	fi
	# shellcheck disable=SC2086 # a list of modules
	module load $PL_SLURM_MODULES || { echo "job: module load $PL_SLURM_MODULES failed"; exit 1; }
fi
run() {
	if [ -n "${PL_SLURM_CONTAINER:-}" ]; then
		apptainer exec --nv --bind "$PWD,$dir,$out" "$PL_SLURM_CONTAINER" "$@"
	else
		"$@"
	fi
}
echo "job $mode on $(hostname), Slurm job ${SLURM_JOB_ID:-?}, $(date -u +%FT%TZ)"
case $mode in
build)
	# every ungraded student at once (-k: one whose lab does not build is told so
	# when graded); its log is $out/build.log
	run autograder/instructor/grade-class.sh --build "$dir" "$out" "$make"
	exit 0
	;;
task)
	s=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" "$todo")
	[ -n "$s" ] || { echo "task: no student $SLURM_ARRAY_TASK_ID in $todo"; exit 1; }
	echo "task $SLURM_ARRAY_TASK_ID: $s"
	run autograder/instructor/grade-class.sh --one "$dir" "$out" "$make" "$s"
	;;
merge)
	autograder/instructor/slurm/merge.sh "$out"
	;;
*)
	echo "usage: job.sh build|task|merge" && exit 2
	;;
esac
