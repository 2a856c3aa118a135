# 02-tiling: what the build and the grader know of this lab beyond its sources. The top-level
# Makefile and the student release's include every autograder/*/lab.mk; autograder/DEVELOPING.md's
# "Adding a lab" lists the settings a lab may have.

# graded with its kernels emulated on the CPU where no GPU is visible (autograder/emu/)
EMU_LABS += 02-tiling

# the grader times the submission against the course's own build of the lab (the API
# of api.txt renamed baseline_<name>): the lab's kernels must be static
BASELINE_LABS += 02-tiling
# make sass: the kernel whose inner loop it dissects (a regular expression on the
# mangled name: accel_tiled_kernel<256>)
SASS_KERNEL_02-tiling := accel_tiled_kernelILi256E

# make movie's demo: the driver's arguments, and a frame every so many steps
MOVIE_ARGS_02-tiling := --collide -n 65536 --eps 0.05 --steps 1200 --dt 0.025 --orbit 0.2
MOVIE_EVERY_02-tiling := 4
