# 04-boids: what the build and the grader know of this lab beyond its sources. The top-level
# Makefile and the student release's include every autograder/*/lab.mk; autograder/DEVELOPING.md's
# "Adding a lab" lists the settings a lab may have.

# graded with its kernels emulated on the CPU where no GPU is visible (autograder/emu/)
EMU_LABS += 04-boids
# of common/, what the submission's runner links beside it: the given code's needs and
# nothing else (no CPU reference, no baseline a submission could call instead)
RUNNER_COMMON_04-boids := keysort.cu.o 04-boids/boids_radius.o

# make movie's demo: the driver's arguments, and a frame every so many steps
MOVIE_ARGS_04-boids := -n 200000 --steps 600 --orbit 0.1
MOVIE_EVERY_04-boids := 2
