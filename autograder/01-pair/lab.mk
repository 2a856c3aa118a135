# 01-pair: what the build and the grader know of this lab beyond its sources. The top-level
# Makefile and the student release's include every autograder/*/lab.mk; autograder/DEVELOPING.md's
# "Adding a lab" lists the settings a lab may have.

# graded with its kernels emulated on the CPU where no GPU is visible (autograder/emu/)
EMU_LABS += 01-pair

# make movie's demo: the driver's arguments, and a frame every so many steps
MOVIE_ARGS_01-pair := --collide -n 65536 --eps 0.05 --steps 1200 --dt 0.025 --orbit 0.2
MOVIE_EVERY_01-pair := 4

# the kernel whose inner loop make sass dissects (a regular expression on its mangled
# name): the all-pairs loop, not the test hook that comes first in the object
SASS_KERNEL_01-pair := accel_naive_kernel
