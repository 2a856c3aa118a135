# 05-octree: what the build and the grader know of this lab beyond its sources. The top-level
# Makefile and the student release's include every autograder/*/lab.mk; autograder/DEVELOPING.md's
# "Adding a lab" lists the settings a lab may have.

# graded with its kernels emulated on the CPU where no GPU is visible (autograder/emu/),
# at the smaller sizes its tests use under compute-sanitizer
EMU_LABS += 05-octree
EMU_ENV_05-octree := PL_SANITIZE=1

# make movie's demo: the driver's arguments, and a frame every so many steps
MOVIE_ARGS_05-octree := --galaxies -n 1048576 --steps 1500 --dt 0.04
MOVIE_EVERY_05-octree := 3

# the grader times the submission's phases against the course's own build of the lab
# (the API of api.txt renamed baseline_<name>): speed/phases_vs_course; the lab's
# kernels must be static
BASELINE_LABS += 05-octree
