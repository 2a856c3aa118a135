# rules.mk: the course's build, whole, as the course's Makefile and the student
# release's (autograder/instructor/release/Makefile) both include it: the toolchain, the
# layout and each lab's settings (layout.mk, which reads autograder/NN-name/lab.mk), then
# the rules, each kind in its own fragment beside what it builds. In a release,
# layout.mk sees autograder/prebuilt/ and the graders are copied from it, not built.

.DEFAULT_GOAL := all
SHELL := /bin/bash
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:
# a recipe that fails leaves no half-written target behind to look up to date
.DELETE_ON_ERROR:

include autograder/make/help.mk
include autograder/make/toolchain.mk
include autograder/make/layout.mk
# (lab-rules.mk and emu.mk make theirs for every lab of every folder of ALL_SUBMISSIONS)
include common/common.mk
include autograder/make/tools.mk
include autograder/make/lab-rules.mk
include autograder/emu/emu.mk
include handouts/handouts.mk
