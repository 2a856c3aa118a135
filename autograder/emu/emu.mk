# The rules that build a lab with its kernels emulated on the CPU, made at the end of
# this file for each lab of EMU_LABS of every folder (included by the top-level
# Makefile and the student release's, where the grader comes prebuilt).

# The labs' kernels run on the CPU, a block's threads taking turns at barriers and warp
# votes (autograder/emu/): the solutions' correctness tests of these labs run in
# `make test`, without a GPU, and their sanitizer tests against the checking runner
# (emu_sanitizer.c). Speed and long many-step tests are left out, and the resources tests,
# which read ptxas's report of nvcc's build; a lab's EMU_ENV_<lab>
# (its lab.mk) is set for its emulated runs (lab 05: smaller sizes).
EMU_FILTER ?= !(speed|flock|resources)/*
EMU_OUT ?= $(BUILD)/emu/out/$(SELECTED).tsv
# -fno-math-errno: sqrtf is one instruction, not a call that may set errno (no kernel
# reads errno; the results are the same), a third off an all-pairs loop's time
EMU_CXXFLAGS := -std=c++17 -O2 -g -fno-math-errno -Wall -Wno-attributes -Wno-unknown-pragmas \
	-Wno-sign-compare -include autograder/emu/emu.h -Iautograder/emu
# The checking runner's lab objects: g++ calls emu_sanitizer.c before every load and store
# (-fsanitize=thread's calls, without its runtime), for the sanitizer tests emulated
EMU_CHECK_FLAGS := -fsanitize=thread -DEMU_CHECKED
# a change of these flags rebuilds what they compiled (the flags stamp of the Makefile,
# for g++'s emulated builds)
EMU_FLAGS_STAMP := $(BUILD)/.emu-flags
$(EMU_FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(EMU_CXXFLAGS) $(EMU_CHECK_FLAGS)' | cmp -s - $@ || echo '$(EMU_CXXFLAGS) $(EMU_CHECK_FLAGS)' > $@
# The emulation's runtime, linked into every emulated program: the block scheduler
# (emu_sched.c), the CUDA runtime calls (emu_runtime.c), device memory (emu_memory.c),
# keysort.cu's sort (emu_keysort.c) and the fast-math intrinsics (emu_fastmath.c)
EMU_RT := $(addprefix $(BUILD)/obj/autograder/emu/,emu_sched.o emu_runtime.o emu_memory.o \
	emu_keysort.o emu_fastmath.o)
# common/*.cu emulated too, but for CUB's sort, which emu_keysort.c replaces; in a
# student release common/reference/'s kernels come emulated, prebuilt (common/prebuilt/emu/)
EMU_COMMON_BUILT := $(patsubst common/%.cu,$(BUILD)/emu/common/%.o,$(filter-out common/keysort.cu,$(COMMON_CU)))
EMU_COMMON := $(EMU_COMMON_BUILT) $(if $(RELEASE_TREE),$(wildcard common/prebuilt/emu/*.o))
.SECONDARY: $(EMU_COMMON_BUILT:%.o=%.cc)

$(BUILD)/emu/common/%.cc: common/%.cu autograder/emu/launch.py
	@mkdir -p $(@D)
	$(Q)python3 autograder/emu/launch.py $< $@

$(BUILD)/emu/common/%.o: $(BUILD)/emu/common/%.cc autograder/emu/emu.h $(FLAGS_STAMP) $(EMU_FLAGS_STAMP)
	$(call say,CXX,$< (emulated))
	$(Q)g++ $(EMU_CXXFLAGS) $(CPPFLAGS) -MMD -MP -c $< -o $@
-include $(EMU_COMMON_BUILT:%.o=%.d)

$(BUILD)/obj/autograder/emu/%.o: CPPFLAGS += -Icommon

# The emulation's own tests: its votes, ballots and shuffles (warp_test), its static and
# dynamic shared memory (shared_test), its device math, intrinsics, atomics, runtime
# calls and library sorts (intrinsics_test) as a GPU computes them, each .cu built
# emulated (run in make test-units) and by nvcc (run by device-check.sh)
EMU_SELF_TESTS := warp_test shared_test intrinsics_test
EMU_TESTS := $(EMU_SELF_TESTS:%=$(BUILD)/bin/emu_%)
GPU_TESTS := $(EMU_SELF_TESTS:%=$(BUILD)/bin/gpu_%)
$(EMU_SELF_TESTS:%=$(BUILD)/emu/tests/%.cc): $(BUILD)/emu/tests/%.cc: autograder/emu/tests/%.cu \
		autograder/emu/launch.py
	@mkdir -p $(@D)
	$(Q)python3 autograder/emu/launch.py $< $@
$(EMU_TESTS): $(BUILD)/bin/emu_%: $(BUILD)/emu/tests/%.cc $(wildcard autograder/emu/*.h) \
		$(EMU_FLAGS_STAMP) $(EMU_RT)
	$(call say,LINK,$@ (emulated))
	@mkdir -p $(@D)
	$(Q)g++ $(EMU_CXXFLAGS) $(CPPFLAGS) $< $(filter %.o,$^) -o $@
$(GPU_TESTS): $(BUILD)/bin/gpu_%: autograder/emu/tests/%.cu $(FLAGS_STAMP)
	$(call say,NVCC,$<)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(ARCH_FLAGS) $(CUFLAGS) $(CPPFLAGS) $< -o $@

# The checks (emu_sanitizer.c) on kernels that compute-sanitizer flags and their fixed
# twins (sanitizer-test.sh): built checked and plain (the threads' order differs), and by
# nvcc (device-check.sh runs it under the real tool)
EMU_SANITIZER_TEST := $(BUILD)/bin/emu_sanitizer_test
EMU_SANITIZER_TEST_PLAIN := $(BUILD)/bin/emu_sanitizer_test_plain
GPU_SANITIZER_TEST := $(BUILD)/bin/gpu_sanitizer_test
$(BUILD)/emu/tests/sanitizer_test.cc: autograder/emu/tests/sanitizer_test.cu autograder/emu/launch.py
	@mkdir -p $(@D)
	$(Q)python3 autograder/emu/launch.py $< $@
$(BUILD)/emu/tests/sanitizer_test.checked.o: $(BUILD)/emu/tests/sanitizer_test.cc $(wildcard autograder/emu/*.h) \
		$(EMU_FLAGS_STAMP)
	$(call say,CXX,$< (emulated, checked))
	$(Q)g++ $(EMU_CXXFLAGS) $(EMU_CHECK_FLAGS) $(CPPFLAGS) -c $< -o $@
# linked without -fsanitize=thread: emu_sanitizer.o is the runtime its calls reach
$(EMU_SANITIZER_TEST): $(BUILD)/emu/tests/sanitizer_test.checked.o $(EMU_RT) \
		$(BUILD)/obj/autograder/emu/emu_sanitizer.o
	$(call say,LINK,$@ (emulated, checked))
	@mkdir -p $(@D)
	$(Q)g++ $^ -o $@
$(EMU_SANITIZER_TEST_PLAIN): $(BUILD)/emu/tests/sanitizer_test.cc autograder/emu/emu.h $(EMU_FLAGS_STAMP) \
		$(EMU_RT)
	$(call say,LINK,$@ (emulated))
	@mkdir -p $(@D)
	$(Q)g++ $(EMU_CXXFLAGS) $(CPPFLAGS) $< $(filter %.o,$^) -o $@
$(GPU_SANITIZER_TEST): autograder/emu/tests/sanitizer_test.cu $(FLAGS_STAMP)
	$(call say,NVCC,$<)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(ARCH_FLAGS) $(CUFLAGS) $(CPPFLAGS) $< -o $@

# The renderer's GPU path against its CPU path (render_gpu.cu, render.c) on the same
# points, the same check built emulated (make test-units) and by nvcc (device-check.sh)
EMU_RENDER_TEST := $(BUILD)/bin/emu_render_test
GPU_RENDER_TEST := $(BUILD)/bin/gpu_render_test
$(EMU_RENDER_TEST): $(BUILD)/obj/autograder/emu/tests/render_test.o $(BUILD)/emu/common/render_gpu.o \
		$(BUILD)/obj/common/render.o $(BUILD)/obj/common/rng.o $(EMU_RT)
	$(call say,LINK,$@ (emulated))
	@mkdir -p $(@D)
	$(Q)g++ $^ -lm -o $@
$(GPU_RENDER_TEST): $(BUILD)/obj/autograder/emu/tests/render_test.o $(BUILD)/obj/common/render_gpu.cu.o \
		$(BUILD)/obj/common/render.o $(BUILD)/obj/common/rng.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(ARCH_FLAGS) $^ $(LDLIBS) -o $@

# One lab's emulated grader, once ($(1) lab): the grader, its points program and the
# runner's own objects are the same for every submission of the lab (lab-rules.mk's
# LAB_GRADER_RULES for nvcc's build); each submission's emulated build links to them.
define EMU_GRADER_RULES
$(eval ge := $(call emu_grader_out,$(1)))
$(eval esupport := $(filter-out autograder/$(1)/bench.c,$(wildcard autograder/$(1)/*.c)))
$(eval egrader := $(patsubst autograder/%.c,$(ge)/%.o,$(esupport) $(GRADER_RUNTIME) \
	autograder/report/fragment.c $(GRADER_CLIENT) $(addprefix autograder/runner/,devmem_emu.c wire.c)) \
	$(ge)/gen/api.o $(ge)/gen/proxy.o)
$(eval ehdr := $(call api_dir,$(1)))

$(ge)/%.o: autograder/%.c $(FLAGS_STAMP)
	$$(call say,CC,$$< (emulated))
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(ehdr) -Iautograder/grader -Iautograder/report -Iautograder/runner \
		-Iautograder/emu -Iautograder/$(1) -DGRADE_LAB='"$(1)"' -DPL_EMU -c $$< -o $$@

$(call RPC_GEN_RULES,$(ge)/gen,$(1),$(ehdr))

ifndef RELEASE_TREE
$(ge)/grade_emu: $(egrader) $(EMU_COMMON) $(EMU_RT) $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)g++ $$^ -lcriterion -lm -Wl,$(GRADER_WRAPS) -o $$@

$(ge)/points_$(1): $(filter-out $(ge)/gen/proxy.o,$(egrader)) $(ge)/gen/stubs.o \
		$(EMU_COMMON) $(EMU_RT) $(LIBCOMMON)
	$(Q)g++ $$^ -lcriterion -lm -Wl,$(GRADER_WRAPS) -o $$@
else
# a student release: the course's build of both, prebuilt in autograder/prebuilt/<lab>/
# (layout.mk's RELEASE_TREE)
$(ge)/grade_emu: autograder/prebuilt/$(1)/grade_emu
	@mkdir -p $$(@D) && cp $$< $$@
$(ge)/points_$(1): autograder/prebuilt/$(1)/points_emu
	@mkdir -p $$(@D) && cp $$< $$@
endif

-include $(patsubst %.o,%.d,$(egrader) $(ge)/runner/server.o $(ge)/gen/dispatch.o)
endef
# the emulated runner's objects but the submission's
emu_runner_objs = $(addprefix $(call emu_grader_out,$(1))/runner/,server.o wire.o devmem_emu.o) \
	$(call emu_grader_out,$(1))/gen/api.o $(call emu_grader_out,$(1))/gen/dispatch.o

define EMU_RULES
$(eval e := $(call emu_out,$(1),$(2)))
$(eval ecu := $(wildcard $(1)/$(2)/*.cu))
$(eval elab := $(patsubst $(1)/$(2)/%.cu,$(e)/lab/%.o,$(ecu)))
$(eval elabcheck := $(patsubst $(1)/$(2)/%.cu,$(e)/lab-check/%.o,$(ecu)))
$(eval erunner := $(call emu_runner_objs,$(2)))

$(e)/lab/%.cc: $(1)/$(2)/%.cu autograder/emu/launch.py
	@mkdir -p $$(@D)
	$(Q)python3 autograder/emu/launch.py $$< $$@

$(e)/lab/%.o: $(e)/lab/%.cc autograder/emu/emu.h $(FLAGS_STAMP) $(EMU_FLAGS_STAMP) | $(CONFINE)
	$$(call say,CXX,$$< (emulated))
	$(Q)$(call confined,$(1),$(e),$(2)) g++ $(EMU_CXXFLAGS) $(CPPFLAGS) -I$(1)/$(2) -MMD -MP -c $$< -o $$@

$(e)/lab-check/%.o: $(e)/lab/%.cc autograder/emu/emu.h $(FLAGS_STAMP) $(EMU_FLAGS_STAMP) | $(CONFINE)
	@mkdir -p $$(@D)
	$$(call say,CXX,$$< (emulated, checked))
	$(Q)$(call confined,$(1),$(e),$(2)) g++ $(EMU_CXXFLAGS) $(EMU_CHECK_FLAGS) $(CPPFLAGS) -I$(1)/$(2) -MMD -MP -c $$< -o $$@

# the lab's emulated grader and points program, linked to (the grader finds the runners
# beside itself)
$(call emu_bin,$(1),$(2)): $(call emu_grader_out,$(2))/grade_emu | $(call emu_runner_bin,$(1),$(2)) $(e)/runner_check_$(2)
	$(Q)$$(call link_or_copy,$$<,$$@)
$(call emu_points_bin,$(1),$(2)): $(call emu_grader_out,$(2))/points_$(2)
	$(Q)$$(call link_or_copy,$$<,$$@)

# what grade-lab.sh needs of an emulated grading (make grade EMU=1): the submission's
# objects to check, and the tests' list and points when it does not build
$(e)/lab.a: $(elab)
	$(Q)rm -f $$@ && $(AR) rcs $$@ $$^

# the driver, its kernels emulated: make run without a GPU
$(e)/driver: $(patsubst $(1)/$(2)/%.c,$(call sub_out,$(1),$(2))/%.o,$(wildcard $(1)/$(2)/driver*.c)) $(elab) $(EMU_COMMON) $(EMU_RT) $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)g++ $$^ $(PNG_LIBS) -lm -o $$@

$(call emu_runner_bin,$(1),$(2)): $(erunner) $(elab) $(EMU_RT) $(addprefix $(BUILD)/obj/common/,$(filter-out keysort.cu.o,$(RUNNER_COMMON_$(2))))
	$$(call say,LINK,$$@)
	$(Q)g++ $$^ -lm -o $$@

# the same, its lab objects checked (emu_sanitizer.c): the emulated sanitizer tests' runner
$(e)/runner_check_$(2): $(erunner) $(elabcheck) $(EMU_RT) $(BUILD)/obj/autograder/emu/emu_sanitizer.o \
		$(addprefix $(BUILD)/obj/common/,$(filter-out keysort.cu.o,$(RUNNER_COMMON_$(2))))
	$$(call say,LINK,$$@)
	$(Q)g++ $$^ -lm -o $$@

.SECONDARY: $(patsubst $(1)/$(2)/%.cu,$(e)/lab/%.cc,$(ecu))
-include $(patsubst %.o,%.d,$(elab) $(elabcheck))
endef

# every emulated lab's grader, once; every lab of EMU_LABS of every folder graded or built
# in this run
$(foreach l,$(EMU_LABS),$(eval $(call EMU_GRADER_RULES,$(l))))
$(foreach s,$(ALL_SUBMISSIONS),$(foreach l,$(EMU_LABS),$(if $(wildcard $(s)/$(l)),$(eval $(call EMU_RULES,$(s),$(l))))))
