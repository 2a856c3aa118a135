# 07-scale: what the build and the grader know of this lab beyond its sources (the
# throwaway lab of autograder/tests/new-lab-test.sh).

# graded with its kernel emulated on the CPU where no GPU is visible (autograder/emu/)
EMU_LABS += 07-scale
