# Where things are, each lab's settings and the flags stamp: the course's Makefile and
# the student release's (autograder/instructor/release/Makefile) both include this file,
# after toolchain.mk and before the rules (common/common.mk, tools.mk, lab-rules.mk,
# autograder/emu/emu.mk), which they include whole.

# ---------------------------------------------------------------- course or release
# The one switch of the rules: a student release (make release) holds prebuilt what
# transcribes an answer or tests one, and builds the rest as the course does.
# - autograder/prebuilt/<lab>/: each lab's grader and points program (grade_<lab>,
#   points_<lab>; emulated: grade_emu, points_emu), copied where the course would link
#   them from autograder/<lab>/test_*.c and autograder/grader/, which do not ship
#   (lab-rules.mk, emu.mk);
# - common/prebuilt/*.o, common/prebuilt/emu/*.o: common/reference/'s objects, built
#   and emulated, linked where the course compiles its sources (common.mk, emu.mk);
# - a submission's compiler is not confined (autograder/grader/confine.c stays in the
#   course; tools.mk): a student builds their own code on their own machine.
RELEASE_TREE := $(if $(wildcard autograder/prebuilt),1)

# ---------------------------------------------------------------- layout
BUILD := build
LABS_ALL := $(sort $(notdir $(wildcard solutions/[0-9][0-9]-* labs/[0-9][0-9]-*)))
lab_named = $(filter $(1)-%,$(LABS_ALL))
SELECTED := $(if $(LAB),$(call lab_named,$(LAB)),$(LABS_ALL))
SUBMISSION ?= labs
# every folder of labs built or graded in this run (those that exist)
ALL_SUBMISSIONS := $(sort solutions labs $(SUBMISSION) $(SUBMISSIONS))
# build/sub/<tag>/<lab>/: one build tree per graded folder, so grades never mix
tag = $(subst /,_,$(patsubst $(CURDIR)/%,%,$(abspath $(1))))
sub_out = $(BUILD)/sub/$(call tag,$(1))/$(2)

# ---------------------------------------------------------------- each lab's settings
# A lab's own settings, all in autograder/<lab>/lab.mk (autograder/DEVELOPING.md, "Adding a lab"): is it
# emulated (EMU_LABS), timed against the course's build (BASELINE_LABS), its nvcc
# flags, what its runner links of common/, its make sass kernel and make movie demo.
EMU_LABS :=
BASELINE_LABS :=
include $(wildcard autograder/[0-9][0-9]-*/lab.mk)

# A change of compiler or flags rebuilds everything (git's flags stamp).
FLAGS_NOW := $(NVCC) $(CUFLAGS) $(ARCH_FLAGS) | $(CC) $(CFLAGS) $(CPPFLAGS) | \
	$(foreach v,$(sort $(filter LAB_CUFLAGS_%,$(.VARIABLES))),$(v)=$($(v)))
FLAGS_STAMP := $(BUILD)/.flags
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@

.PHONY: FORCE clean
FORCE:

clean:
	rm -rf $(BUILD)
