#!/usr/bin/env bash
# selftest-emu.sh LAB...: selftest.sh with the labs' kernels emulated on the CPU
# (autograder/emu/): no GPU needed, the correctness tests judged (speed and long
# many-step tests are left out, see EMU_FILTER in emu.mk), the sanitizer tests too for
# the patches that expect one to fail and the alternatives (a checked run each, see
# emu_sanitizer.c), and each lab's skeleton graded the same way. The labs whose lab.mk puts
# them in EMU_LABS (all six).
PL_SELFTEST_EMU=1 exec "$(dirname "$0")/selftest.sh" "$@"
