# 03-unroll: what the build and the grader know of this lab beyond its sources. The top-level
# Makefile and the student release's include every autograder/*/lab.mk; autograder/DEVELOPING.md's
# "Adding a lab" lists the settings a lab may have.

# graded with its kernels emulated on the CPU where no GPU is visible (autograder/emu/)
EMU_LABS += 03-unroll

# nvcc flags of the lab's documented build (handout 03: flush denormals to zero)
LAB_CUFLAGS_03-unroll := -ftz=true
# make sass: accel_unrolled_kernel<256, 8>, mangled
SASS_KERNEL_03-unroll := accel_unrolled_kernelILi256ELi8E

# make movie's demo: the driver's arguments, and a frame every so many steps
MOVIE_ARGS_03-unroll := --collide -n 65536 --eps 0.05 --steps 1200 --dt 0.025 --orbit 0.2
MOVIE_EVERY_03-unroll := 4
