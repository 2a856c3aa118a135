# 06-orbits: what the build and the grader know of this lab beyond its sources. The top-level
# Makefile and the student release's include every autograder/*/lab.mk; autograder/DEVELOPING.md's
# "Adding a lab" lists the settings a lab may have.

# graded with its kernels emulated on the CPU where no GPU is visible (autograder/emu/)
EMU_LABS += 06-orbits
# the grader times the submission against the course's own build of the lab (the API
# of api.txt renamed baseline_<name>): the baseline of speed/integrated_vs_modular and
# the yardstick of speed/integrated_vs_baseline; the lab's kernels must be static
BASELINE_LABS += 06-orbits

# resources/state_in_registers reads nvcc's PTX of integrated.cu: the loads and stores
# inside its loop of steps (autograder/grader/ptx_traffic.h)
PTX_06-orbits := integrated

# make movie's demo: the driver's arguments, and a frame every so many steps
MOVIE_ARGS_06-orbits := --constellation --steps 6400
MOVIE_EVERY_06-orbits := 14
