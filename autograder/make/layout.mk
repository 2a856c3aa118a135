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
# Every output path of a lab's build, here and nowhere else: the rules (lab-rules.mk,
# emu.mk, grade.mk) use these functions, and the scripts the same names from
# $(BUILD)/layout.sh, which this file writes (LAYOUT_SH).
# build/sub/<tag>/<lab>/: one build tree per graded folder, so grades never mix;
# build/emu/<tag>/<lab>/: the same, its kernels emulated on the CPU
tag = $(subst /,_,$(patsubst $(CURDIR)/%,%,$(abspath $(1))))
sub_out = $(BUILD)/sub/$(call tag,$(1))/$(2)
emu_out = $(BUILD)/emu/$(call tag,$(1))/$(2)
# one lab's grader, built once for every folder (its tests, runtime and baseline)
grader_out = $(BUILD)/grader/$(1)
emu_grader_out = $(BUILD)/grader-emu/$(1)
# a folder's lab's programs: the grader (and its points program) beside the runner it
# starts; emulated, the grader and the two runners (plain and checked) side by side
grader_bin = $(call sub_out,$(1),$(2))/grader/grade_$(2)
points_bin = $(call sub_out,$(1),$(2))/grader/points_$(2)
runner_bin = $(call sub_out,$(1),$(2))/grader/runner_$(2)
emu_bin = $(call emu_out,$(1),$(2))/grade_emu
emu_points_bin = $(call emu_out,$(1),$(2))/grader/points_$(2)
emu_runner_bin = $(call emu_out,$(1),$(2))/runner_$(2)

# The same for scripts (selftest.sh, attack-test.sh, reuse-objects.sh, make-release.sh):
# shell functions of a tag (a folder's path, / as _) and a lab.
LAYOUT_SH := $(BUILD)/layout.sh
$(LAYOUT_SH): autograder/make/layout.mk
	@mkdir -p $(@D)
	@{ echo '# written by autograder/make/layout.mk: where make puts a folder'"'"'s lab (TAG LAB)'; \
	  echo 'pl_sub_out() { echo "$(call sub_out,$$1,$$2)"; }'; \
	  echo 'pl_emu_out() { echo "$(call emu_out,$$1,$$2)"; }'; \
	  echo 'pl_grader_bin() { echo "$(call grader_bin,$$1,$$2)"; }'; \
	  echo 'pl_points_bin() { echo "$(call points_bin,$$1,$$2)"; }'; \
	  echo 'pl_runner_bin() { echo "$(call runner_bin,$$1,$$2)"; }'; \
	  echo 'pl_emu_bin() { echo "$(call emu_bin,$$1,$$2)"; }'; \
	  echo 'pl_emu_points_bin() { echo "$(call emu_points_bin,$$1,$$2)"; }'; \
	  echo 'pl_emu_runner_bin() { echo "$(call emu_runner_bin,$$1,$$2)"; }'; } >$@

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
