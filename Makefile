# Particle Labs: the one entry point.
#
#   make                      build everything: common/, tools, every lab's solution and
#                             skeleton, drivers, graders and benches
#   make test                 the project's own test suite (what CI runs)
#   make grade [LAB=NN] [SUBMISSION=dir]
#                             grade a submission (default labs/): a table, and
#                             build/grade/results.json in the Gradescope format
#   make grade-class DIR=dir [LAB=NN] [SLURM=1] [ROSTER=roster.csv]
#                             grade every subfolder of dir (one student each) in turn:
#                             build/class/gradebook.csv, summary.txt, each results.json;
#                             an interrupted run resumes where it stopped. SLURM=1: one
#                             Slurm job array, a task per student (autograder/slurm/)
#   make run LAB=NN ARGS=...  a lab's driver on a chosen N (make run LAB=01 ARGS=--help)
#   make movie LAB=NN [ARGS=...] [EVERY=K] [FORMAT=mp4|gif] [FPS=30] [FRAMES=dir] [OUT=base]
#                             the lab's demo (or ARGS) with a frame every K steps, then
#                             build/movie/<lab>.mp4 (ffmpeg) or .gif (png2gif, where
#                             ffmpeg is missing); FRAMES=dir: those frames, no run;
#                             OUT=base: base.mp4, its frames in base/frames
#   make skeletons            regenerate labs/ from solutions/ (never edit labs/ by hand)
#   make handouts             handouts/*.md to standalone HTML in build/handouts/
#   make docs                 Doxygen over common/, warnings are errors (build/docs/)
#   make bench LAB=NN         benchmark sweeps: CSV and gnuplot figures in build/bench/
#   make sanitize LAB=NN      the lab's GPU tests under compute-sanitizer
#   make sass LAB=NN          instructions per interaction of the lab's hot kernel, from
#                             its SASS (needs cuobjdump, which ships with the toolkit)
#   make selftest [LAB=NN]    grade known-broken copies of solutions/ and check the grader
#                             caught each fault in its own test, and that every skeleton
#                             scores 0 (copies built in parallel, graded one at a time)
#   make format               clang-format the host C (.clang-format); make test checks it
#   make release LAB=NN [UPTO=1] [PASSED=01,...]
#                             build/particle-labs-lab-NN.tar.gz: a lab for students, its
#                             grader prebuilt, no exercise's answer (see README)
#   make clean
#
# Options:
#   V=1           show every command
#   ARCH=sm_90    build for this architecture only (default: the visible GPU, or a
#                 list of real architectures plus PTX when none is visible)
#   NVCC=path     the CUDA compiler (default: nvcc on PATH, then /usr/local/cuda/bin)
#   FILTER=glob   grade only the tests matching a Criterion filter (e.g. 'accel/*',
#                 '@(accel/n_2|leapfrog/*)'); the others are left out of the report
#   STRICT=1      make grade fails unless every test that ran passed

.DEFAULT_GOAL := all
SHELL := /bin/bash
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:

# ---------------------------------------------------------------- toolchain
include autograder/toolchain.mk

# Labs whose grader times the submission against the course's own build of the lab
# (solutions/<lab>, API renamed reference_<name>); their kernels must be static.
REFERENCE_LABS := 02-tiling

# ---------------------------------------------------------------- layout
BUILD := build
LABS_ALL := $(sort $(notdir $(wildcard solutions/[0-9][0-9]-* labs/[0-9][0-9]-*)))
lab_named = $(filter $(1)-%,$(LABS_ALL))
SELECTED := $(if $(LAB),$(call lab_named,$(LAB)),$(LABS_ALL))
SUBMISSION ?= labs
# build/sub/<tag>/<lab>/: one build tree per graded folder, so grades never mix
tag = $(subst /,_,$(patsubst $(CURDIR)/%,%,$(abspath $(1))))
sub_out = $(BUILD)/sub/$(call tag,$(1))/$(2)

# A change of compiler or flags rebuilds everything (git's flags stamp).
FLAGS_NOW := $(NVCC) $(CUFLAGS) $(ARCH_FLAGS) | $(CC) $(CFLAGS) $(CPPFLAGS) | \
	$(foreach v,$(sort $(filter LAB_CUFLAGS_%,$(.VARIABLES))),$(v)=$($(v)))
FLAGS_STAMP := $(BUILD)/.flags
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' > $@

# ---------------------------------------------------------------- common/ and tools
COMMON_SRCS := $(wildcard common/*.c)
# common/*.cu: library calls that need nvcc (CUB's sort); linked into the labs only.
COMMON_CU := $(wildcard common/*.cu)
COMMON_OBJS := $(COMMON_SRCS:%.c=$(BUILD)/obj/%.o) $(COMMON_CU:%.cu=$(BUILD)/obj/%.cu.o)
LIBCOMMON := $(BUILD)/lib/libcommon.a
# libpng: the drivers' frames (frames.o, png_io.o) and test_common only; libcommon.a is
# an archive, so the graders and runners, which pull neither, never need it.
PNG_LIBS := -lpng

$(BUILD)/obj/%.o: %.c $(FLAGS_STAMP)
	$(call say,CC,$<)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -c $< -o $@

$(BUILD)/obj/common/%.cu.o: common/%.cu $(FLAGS_STAMP)
	$(call say,NVCC,$<)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(CUFLAGS) -Xcompiler -Werror $(ARCH_FLAGS) $(CPPFLAGS) -c $< -o $@

$(LIBCOMMON): $(COMMON_OBJS)
	$(call say,AR,$@)
	@mkdir -p $(@D)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

SKELGEN := $(BUILD)/bin/skelgen
SKELGEN_LIB := $(filter-out autograder/skelgen/main.c,$(wildcard autograder/skelgen/*.c))
REPORT := $(BUILD)/bin/grade_report
REPORT_LIB := $(filter-out autograder/report/main.c,$(wildcard autograder/report/*.c))

$(SKELGEN): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/skelgen/*.c))
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -o $@

$(REPORT): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/report/*.c))
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -o $@

# make movie's GIF encoder (where ffmpeg is missing); of libcommon.a only png_io.o
PNG2GIF := $(BUILD)/bin/png2gif
$(PNG2GIF): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/movie/*.c)) $(LIBCOMMON) | deps-png
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ $(PNG_LIBS) $(LDLIBS) -o $@

$(BUILD)/obj/autograder/skelgen/%.o $(BUILD)/obj/autograder/tests/%.o: \
	CPPFLAGS += -Iautograder/skelgen -Iautograder/report -Iautograder/lib -Iautograder/rpc \
		-Iautograder/movie

# The project's own Criterion tests: common/ and the grading tools.
TEST_COMMON := $(BUILD)/bin/test_common
TEST_TOOLS := $(BUILD)/bin/test_tools

$(TEST_COMMON): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard common/tests/*.c)) $(LIBCOMMON)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -lcriterion $(PNG_LIBS) $(LDLIBS) -o $@

$(TEST_TOOLS): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/tests/*.c) \
		$(SKELGEN_LIB) $(REPORT_LIB) autograder/lib/resources.c autograder/rpc/confirm.c \
		autograder/movie/gif.c)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -lcriterion $(LDLIBS) -o $@

# ---------------------------------------------------------------- one lab of one submission
# $(1) submission folder, $(2) lab (01-pair). Builds in $(call sub_out,$(1),$(2)):
#   lab.a     the submission's kernels (every .cu of the lab folder)
#   driver    the lab's driver (driver.c of the lab folder)
#   grader    the Criterion tests of autograder/<lab>/test_*.c
#   bench     autograder/<lab>/bench.c
# Support files of autograder/<lab>/ (neither test_*.c nor bench.c) go in both.
define LAB_RULES
$(eval o := $(call sub_out,$(1),$(2)))
$(eval d := $(1)/$(2))
$(eval cu := $(wildcard $(d)/*.cu))
$(eval support := $(filter-out autograder/$(2)/test_%.c autograder/$(2)/bench.c,$(wildcard autograder/$(2)/*.c)))
$(eval gobjs := $(patsubst autograder/%.c,$(o)/grader/%.o,$(support) $(wildcard autograder/$(2)/test_*.c) $(wildcard autograder/lib/*.c)))
$(eval bobjs := $(patsubst autograder/%.c,$(o)/grader/%.o,$(support) $(wildcard autograder/$(2)/bench.c) autograder/lib/resources.c))
$(eval api := $(shell cat autograder/$(2)/api.txt 2>/dev/null))
$(eval refobjs := $(if $(and $(filter $(2),$(REFERENCE_LABS)),$(api),$(wildcard solutions/$(2))),$(patsubst solutions/$(2)/%.cu,$(o)/grader/reference/%.o,$(wildcard solutions/$(2)/*.cu))))
$(eval hdr := $(call api_dir,$(2)))
$(eval rpc_parent := $(addprefix $(o)/grader/rpc/,client.o confirm.o sandbox.o devmem_cuda.o wire.o) $(o)/grader/gen/api.o $(o)/grader/gen/proxy.o)
$(eval rpc_child := $(o)/grader/rpc/server.o $(o)/grader/rpc/wire.o $(o)/grader/rpc/devmem_cuda.o $(o)/grader/gen/api.o $(o)/grader/gen/dispatch.o)

# ptxas's resource report of every kernel is kept beside the object (%.o.res): the
# grader reads registers, shared memory and spills from it, not from the source.
$(o)/%.o: $(d)/%.cu $(FLAGS_STAMP)
	$$(call say,NVCC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(CUFLAGS) $(LAB_CUFLAGS_$(2)) $(ARCH_FLAGS) $(CPPFLAGS) -I$(d) \
		--resource-usage -c $$< -o $$@ 2>$$@.res; rc=$$$$?; \
		grep -v -e '^ptxas info' -e 'bytes stack frame' $$@.res >&2; exit $$$$rc

# The course's reference build of the lab, for the grader's same-run comparisons: the
# API symbols listed in autograder/<lab>/api.txt are renamed reference_<name>.
$(o)/grader/reference/%.o: solutions/$(2)/%.cu $(FLAGS_STAMP)
	$$(call say,NVCC,$$< (reference))
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(CUFLAGS) $(LAB_CUFLAGS_$(2)) $(ARCH_FLAGS) $(CPPFLAGS) -Isolutions/$(2) \
		$(foreach s,$(api),-D$(s)=reference_$(s)) -c $$< -o $$@

$(o)/driver.o: $(d)/driver.c $(FLAGS_STAMP)
	$$(call say,CC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(d) -c $$< -o $$@

# The grader is built from the course's copy of the lab's headers, never from the
# submission's: nothing of the submission reaches the grading process (rpc.h).
$(o)/grader/%.o: autograder/%.c $(FLAGS_STAMP)
	$$(call say,CC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(hdr) -Iautograder/lib -Iautograder/report -Iautograder/rpc \
		-Iautograder/$(2) -DGRADE_LAB='"$(2)"' -DLAB_BUILD_DIR='"$(abspath $(o))"' \
		$(if $(refobjs),-DHAVE_REFERENCE) -c $$< -o $$@

$(call RPC_GEN_RULES,$(o)/grader/gen,$(2),$(hdr))

$(o)/lab.a: $(patsubst $(d)/%.cu,$(o)/%.o,$(cu))
	$$(call say,AR,$$@)
	$(Q)rm -f $$@ && $(AR) rcs $$@ $$^

$(o)/driver: $(o)/driver.o $(o)/lab.a $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ $(PNG_LIBS) $(LDLIBS) -o $$@

# The grader (the parent: tests, references, report) and the submission's runner (the
# child: the submission, and of common/ only what the lab's given code calls).
$(o)/grader/grade_$(2): $(gobjs) $(o)/grader/report/fragment.o $(refobjs) $(rpc_parent) $(LIBCOMMON) \
		| $(o)/grader/runner_$(2)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ -lcriterion $(LDLIBS) -ldl -Xlinker --wrap=cudaFree,--wrap=cudaMemcpy,--wrap=cudaMemset -o $$@

$(o)/grader/runner_$(2): $(rpc_child) $(o)/lab.a $(addprefix $(BUILD)/obj/common/,$(RUNNER_COMMON_$(2)))
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $(rpc_child) -Xlinker --whole-archive $(o)/lab.a -Xlinker --no-whole-archive \
		$(addprefix $(BUILD)/obj/common/,$(RUNNER_COMMON_$(2))) $(LDLIBS) -o $$@

# The grader with stubs in place of the lab's API (autograder/<lab>/api.txt), only to
# list the tests and their points when the submission does not compile: grade-lab.sh
# then scores each of them 0. The stubs are never called.
$(o)/grader/stubs.c: autograder/$(2)/api.txt
	@mkdir -p $$(@D)
	$(Q)awk 'BEGIN { print "#include <stdlib.h>" } NF { printf "void %s(void);\nvoid %s(void)\n{\n\tabort();\n}\n", $$$$1, $$$$1 }' $$< >$$@

$(o)/grader/stubs.o: $(o)/grader/stubs.c
	$(Q)$(CC) $(CFLAGS) -c $$< -o $$@

$(o)/grader/points_$(2): $(gobjs) $(o)/grader/report/fragment.o $(refobjs) $(o)/grader/stubs.o $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ -lcriterion $(LDLIBS) -o $$@

$(o)/grader/bench_$(2): $(bobjs) $(refobjs) $(o)/lab.a $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ $(LDLIBS) -o $$@

-include $(patsubst %.o,%.d,$(gobjs) $(bobjs) $(refobjs) $(rpc_parent) $(rpc_child) $(patsubst $(d)/%.cu,$(o)/%.o,$(cu)) $(o)/driver.o)
endef

# The course's copy of a lab's headers (the API the grader is built against).
api_dir = $(firstword $(wildcard solutions/$(1) labs/$(1)))

# Of common/, what a lab's runner links beside the submission: the given code's needs
# and nothing else (no CPU reference, no baseline a submission could call instead).
RUNNER_COMMON_04-boids := keysort.cu.o boids_radius.o

# $(1) folder, $(2) lab, $(3) the lab's headers: the runner glue gen.py writes (rpc.h).
define RPC_GEN_RULES
$(1)/api.c $(1)/proxy.c $(1)/dispatch.c &: autograder/rpc/gen.py autograder/$(2)/api.txt \
		$(wildcard $(3)/*.h) $(wildcard common/*.h)
	$$(call say,GEN,$(1))
	@mkdir -p $(1)
	$(Q)python3 autograder/rpc/gen.py $(3) autograder/$(2)/api.txt common $(1)

$(1)/%.o: $(1)/%.c $(FLAGS_STAMP)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(3) -Iautograder/rpc -c $$< -o $$@
endef

ALL_SUBMISSIONS := $(sort solutions labs $(SUBMISSION) $(SUBMISSIONS))
$(foreach s,$(ALL_SUBMISSIONS),$(foreach l,$(LABS_ALL),$(if $(wildcard $(s)/$(l)),$(eval $(call LAB_RULES,$(s),$(l))))))

# The graders of the SELECTED labs of every folder in SUBMISSIONS, in one make so that
# -j spreads all their builds over the cores (selftest.sh's patched copies).
graders: $(foreach s,$(SUBMISSIONS),$(foreach l,$(SELECTED),$(if $(and $(wildcard $(s)/$(l)),$(wildcard \
	autograder/$(l)/test_*.c)),$(call sub_out,$(s),$(l))/grader/grade_$(l))))

lab_targets = $(foreach l,$(LABS_ALL),$(if $(wildcard $(1)/$(l)),$(addprefix $(call sub_out,$(1),$(l))/,driver \
	$(if $(wildcard autograder/$(l)/test_*.c),grader/grade_$(l)) $(if $(wildcard autograder/$(l)/bench.c),grader/bench_$(l)))))

# ---------------------------------------------------------------- CPU emulation
# The labs' kernels run on the CPU, a block's threads taking turns at barriers and warp
# votes (autograder/emu/): the solutions' correctness tests of these labs run in
# `make test`, without a GPU. Speed, sanitizer and long many-step tests are left out;
# lab 05 runs at the smaller sizes its tests use under compute-sanitizer (PL_SANITIZE).
EMU_LABS := 04-boids 05-octree 06-orbits
EMU_FILTER := !(speed|flock|sanitize)/*
EMU_OUT ?= $(BUILD)/emu/out/$(SELECTED).tsv
EMU_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wno-attributes -Wno-unknown-pragmas -Wno-sign-compare \
	-include autograder/emu/emu.h
# common/*.cu emulated too, but for CUB's sort, which emu_runtime.c replaces
EMU_COMMON := $(patsubst common/%.cu,$(BUILD)/emu/common/%.o,$(filter-out common/keysort.cu,$(COMMON_CU)))

$(BUILD)/emu/common/%.cc: common/%.cu autograder/emu/launch.py
	@mkdir -p $(@D)
	$(Q)python3 autograder/emu/launch.py $< $@

$(BUILD)/emu/common/%.o: $(BUILD)/emu/common/%.cc autograder/emu/emu.h $(FLAGS_STAMP)
	$(call say,CXX,$< (emulated))
	$(Q)g++ $(EMU_CXXFLAGS) $(CPPFLAGS) -MMD -MP -c $< -o $@
-include $(EMU_COMMON:%.o=%.d)

$(BUILD)/obj/autograder/emu/%.o: CPPFLAGS += -Icommon

# The emulation's own test: its votes, ballots and shuffles as a GPU computes them, the
# same .cu built emulated (run in make test-units) and by nvcc (run by device-check.sh)
EMU_WARP_TEST := $(BUILD)/bin/emu_warp_test
GPU_WARP_TEST := $(BUILD)/bin/gpu_warp_test
$(BUILD)/emu/tests/warp_test.cc: autograder/emu/tests/warp_test.cu autograder/emu/launch.py
	@mkdir -p $(@D)
	$(Q)python3 autograder/emu/launch.py $< $@
$(EMU_WARP_TEST): $(BUILD)/emu/tests/warp_test.cc autograder/emu/emu.h autograder/emu/emu_warp.h \
		$(BUILD)/obj/autograder/emu/emu_runtime.o $(BUILD)/obj/autograder/emu/emu_memory.o
	$(call say,LINK,$@ (emulated))
	@mkdir -p $(@D)
	$(Q)g++ $(EMU_CXXFLAGS) $(CPPFLAGS) $< $(filter %.o,$^) -o $@
$(GPU_WARP_TEST): autograder/emu/tests/warp_test.cu $(FLAGS_STAMP)
	$(call say,NVCC,$<)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(ARCH_FLAGS) $(CUFLAGS) $(CPPFLAGS) $< -o $@

# The renderer's GPU path against its CPU path (render_gpu.cu, render.c) on the same
# points, the same check built emulated (make test-units) and by nvcc (device-check.sh)
EMU_RENDER_TEST := $(BUILD)/bin/emu_render_test
GPU_RENDER_TEST := $(BUILD)/bin/gpu_render_test
$(EMU_RENDER_TEST): $(BUILD)/obj/autograder/emu/tests/render_test.o $(BUILD)/emu/common/render_gpu.o \
		$(BUILD)/obj/common/render.o $(BUILD)/obj/common/rng.o \
		$(BUILD)/obj/autograder/emu/emu_runtime.o $(BUILD)/obj/autograder/emu/emu_memory.o
	$(call say,LINK,$@ (emulated))
	@mkdir -p $(@D)
	$(Q)g++ $^ -lm -o $@
$(GPU_RENDER_TEST): $(BUILD)/obj/autograder/emu/tests/render_test.o $(BUILD)/obj/common/render_gpu.cu.o \
		$(BUILD)/obj/common/render.o $(BUILD)/obj/common/rng.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(NVCC) $(ARCH_FLAGS) $^ $(LDLIBS) -o $@

define EMU_RULES
$(eval e := $(BUILD)/emu/$(call tag,$(1))/$(2))
$(eval ecu := $(wildcard $(1)/$(2)/*.cu))
$(eval esupport := $(filter-out autograder/$(2)/bench.c,$(wildcard autograder/$(2)/*.c)))
$(eval elab := $(patsubst $(1)/$(2)/%.cu,$(e)/lab/%.o,$(ecu)))
$(eval egrader := $(patsubst autograder/%.c,$(e)/grader/%.o,$(esupport) $(wildcard autograder/lib/*.c) \
	autograder/report/fragment.c $(addprefix autograder/rpc/,client.c confirm.c sandbox.c devmem_emu.c wire.c)) \
	$(e)/gen/api.o $(e)/gen/proxy.o)
$(eval erunner := $(e)/grader/rpc/server.o $(e)/grader/rpc/wire.o $(e)/grader/rpc/devmem_emu.o $(e)/gen/api.o $(e)/gen/dispatch.o)
$(eval ehdr := $(call api_dir,$(2)))
$(eval emu_rt := $(BUILD)/obj/autograder/emu/emu_runtime.o $(BUILD)/obj/autograder/emu/emu_memory.o)

$(e)/lab/%.cc: $(1)/$(2)/%.cu autograder/emu/launch.py
	@mkdir -p $$(@D)
	$(Q)python3 autograder/emu/launch.py $$< $$@

$(e)/lab/%.o: $(e)/lab/%.cc autograder/emu/emu.h $(FLAGS_STAMP)
	$$(call say,CXX,$$< (emulated))
	$(Q)g++ $(EMU_CXXFLAGS) $(CPPFLAGS) -I$(1)/$(2) -MMD -MP -c $$< -o $$@

$(e)/grader/%.o: autograder/%.c $(FLAGS_STAMP)
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(ehdr) -Iautograder/lib -Iautograder/report -Iautograder/rpc \
		-Iautograder/emu -Iautograder/$(2) -DGRADE_LAB='"$(2)"' -DLAB_BUILD_DIR='"$(abspath $(e))"' -DPL_EMU \
		-c $$< -o $$@

$(call RPC_GEN_RULES,$(e)/gen,$(2),$(ehdr))

$(e)/grade_emu: $(egrader) $(EMU_COMMON) $(emu_rt) $(LIBCOMMON) | $(e)/runner_$(2)
	$$(call say,LINK,$$@)
	$(Q)g++ $$^ -lcriterion -lm -Wl,--wrap=cudaFree,--wrap=cudaMemcpy,--wrap=cudaMemset -o $$@

# what grade-lab.sh needs of an emulated grading (make grade EMU=1): the submission's
# objects to check, and the tests' list and points when it does not build
$(e)/lab.a: $(elab)
	$(Q)rm -f $$@ && $(AR) rcs $$@ $$^

$(e)/grader/points_$(2): $(filter-out $(e)/gen/proxy.o,$(egrader)) $(call sub_out,$(1),$(2))/grader/stubs.o \
		$(EMU_COMMON) $(emu_rt) $(LIBCOMMON)
	$(Q)g++ $$^ -lcriterion -lm -Wl,--wrap=cudaFree,--wrap=cudaMemcpy,--wrap=cudaMemset -o $$@

# the driver, its kernels emulated: make run without a GPU
$(e)/driver: $(call sub_out,$(1),$(2))/driver.o $(elab) $(EMU_COMMON) $(emu_rt) $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)g++ $$^ $(PNG_LIBS) -lm -o $$@

$(e)/runner_$(2): $(erunner) $(elab) $(emu_rt) $(addprefix $(BUILD)/obj/common/,$(filter-out keysort.cu.o,$(RUNNER_COMMON_$(2))))
	$$(call say,LINK,$$@)
	$(Q)g++ $$^ -lm -o $$@

.SECONDARY: $(patsubst $(1)/$(2)/%.cu,$(e)/lab/%.cc,$(ecu))
-include $(patsubst %.o,%.d,$(elab) $(egrader) $(erunner))
endef
EMU_SUBS := $(sort solutions labs $(SUBMISSION) $(SUBMISSIONS))
$(foreach s,$(EMU_SUBS),$(foreach l,$(EMU_LABS),$(if $(wildcard $(s)/$(l)),$(eval $(call EMU_RULES,$(s),$(l))))))
.SECONDARY: $(EMU_COMMON:%.o=%.cc)
emu_bin = $(BUILD)/emu/$(call tag,$(1))/$(2)/grade_emu
# graders, emulated (selftest-emu.sh)
emu-graders: $(foreach s,$(SUBMISSIONS),$(foreach l,$(filter $(SELECTED),$(EMU_LABS)),$(if \
	$(wildcard $(s)/$(l)),$(call emu_bin,$(s),$(l)))))

emu-test: $(foreach l,$(EMU_LABS),$(call emu_bin,solutions,$(l)))
	$(Q)for l in $(EMU_LABS); do echo "== $$l: the solution's correctness tests, kernels emulated on the CPU"; \
		small=$$(case $$l in 05-*) echo 1;; esac); \
		PL_SANITIZE=$$small autograder/run-criterion.sh $(BUILD)/emu/solutions/$$l/grade_emu --jobs 2 \
			--filter '$(EMU_FILTER)' || exit 1; done

# One submission's lab graded with emulated kernels (correctness tests only), its
# report fragment in EMU_OUT: what selftest-emu.sh judges.
emu-grade: $(if $(filter $(SELECTED),$(EMU_LABS)),$(call emu_bin,$(SUBMISSION),$(SELECTED)))
	@test -n "$(filter $(SELECTED),$(EMU_LABS))" || { echo "emu-grade: LAB=NN, one of $(EMU_LABS)"; exit 2; }
	$(Q)mkdir -p $(dir $(EMU_OUT)) && rm -f $(EMU_OUT)
	$(Q)PL_GRADE_OUT=$(EMU_OUT) PL_SANITIZE=$(if $(filter 05-%,$(SELECTED)),1) \
		timeout 1200 $(call emu_bin,$(SUBMISSION),$(SELECTED)) --jobs 2 --filter '$(EMU_FILTER)' \
		--short-filename >$(EMU_OUT).log 2>&1; true

# Known-wrong and alternative-correct submissions of labs 04-06 judged with emulated
# kernels: their correctness tests, without a GPU. Slow (minutes per patch of lab 05).
selftest-emu:
	$(Q)autograder/selftest-emu.sh $(filter $(EMU_LABS),$(SELECTED))

# ---------------------------------------------------------------- top-level targets
.PHONY: all test test-slow grade grade-class run movie skeletons handouts docs bench sanitize selftest sass release format \
	check-format clean deps-grade deps-png deps-test \
	check-skeletons test-units test-grade emu-test emu-grade selftest-emu graders emu-graders FORCE

all: $(LIBCOMMON) $(SKELGEN) $(REPORT) $(PNG2GIF) $(TEST_COMMON) $(TEST_TOOLS) $(EMU_WARP_TEST) $(GPU_WARP_TEST) \
	$(EMU_RENDER_TEST) $(GPU_RENDER_TEST) \
	$(call lab_targets,solutions) $(call lab_targets,labs)

DEPS := autograder/ensure-deps.sh
deps-grade:
	@$(DEPS) criterion
deps-png:
	@$(DEPS) libpng
deps-test:
	@$(DEPS) criterion libpng pandoc doxygen gnuplot

skeletons: $(SKELGEN)
	$(Q)$(SKELGEN) generate solutions labs

HAVE_SOLUTIONS := $(wildcard solutions)

check-skeletons: $(SKELGEN)
ifdef HAVE_SOLUTIONS
	$(call say,CHECK,labs/ against solutions/)
	$(Q)$(SKELGEN) check solutions labs
else
	@echo "no solutions/ here (a student release): skeleton drift check skipped"
endif

test-units: $(TEST_COMMON) $(TEST_TOOLS) $(EMU_WARP_TEST) $(EMU_RENDER_TEST)
	$(Q)autograder/run-criterion.sh $(TEST_COMMON)
	$(Q)autograder/run-criterion.sh $(TEST_TOOLS)
	$(Q)$(EMU_WARP_TEST)
	$(Q)$(EMU_RENDER_TEST)

# The grader on solutions/ must lose nothing (GPU tests skip without a GPU); on the
# skeletons it must finish with a report, no test hanging. make test leaves out the
# suites that take minutes emulated (TEST_GRADE_FILTER); make test-slow runs them all.
TEST_GRADE_FILTER ?= !(forces|step|modular)/*
test-grade: all
	$(Q)$(if $(HAVE_SOLUTIONS),$(MAKE) --no-print-directory grade SUBMISSION=solutions STRICT=1 \
		$(if $(TEST_GRADE_FILTER),FILTER='$(TEST_GRADE_FILTER)'))
	$(Q)$(MAKE) --no-print-directory grade SUBMISSION=labs SKELETON_CHECK=1 \
		$(if $(TEST_GRADE_FILTER),FILTER='$(TEST_GRADE_FILTER)')

# Host C is kept formatted; the kernels' solution files keep their markers at column 0,
# where clang-format would indent them, so they are left out.
FORMATTED = $(shell git ls-files 'autograder/*.c' 'autograder/*.h' 'common/*.c' 'common/*.h' \
	'solutions/*/driver.c' 'solutions/*/*.h' 2>/dev/null)
# (outside a git checkout the list is empty: clang-format, given no file, would read
# the terminal)
format:
	$(Q)$(if $(FORMATTED),clang-format -i $(FORMATTED) </dev/null,echo "not a git checkout: nothing to format")
check-format:
	@if ! command -v clang-format >/dev/null; then echo "clang-format not found: format check skipped"; \
	elif [ -z "$(strip $(FORMATTED))" ]; then echo "not a git checkout: format check skipped"; \
	elif ! clang-format --dry-run -Werror $(FORMATTED) </dev/null 2>/dev/null; then \
		echo "some files are not formatted: run 'make format' (files: $$(for f in $(FORMATTED); do \
		clang-format --dry-run -Werror $$f >/dev/null 2>&1 || printf '%s ' $$f; done))"; exit 1; fi

# Each part of make test in turn, its time printed after it (make test's last lines
# say where the time went). make test-slow (CI runs it after make test): every emulated
# test of the solutions and skeletons, the forgeries, the self-check, the class test and
# the class on a Slurm cluster started for the test.
TEST_PARTS := "$(MAKE) --no-print-directory check-format" "$(MAKE) --no-print-directory all" \
	"$(MAKE) --no-print-directory test-units" "$(MAKE) --no-print-directory check-skeletons" \
	"autograder/tests/formula-test.sh" $(if $(HAVE_SOLUTIONS),"autograder/tests/patch-test.sh" "autograder/tests/api-test.sh") \
	"$(MAKE) --no-print-directory handouts docs" "$(MAKE) --no-print-directory test-grade" \
	"autograder/tests/movie-test.sh $(MAKE)" $(if $(HAVE_SOLUTIONS),"autograder/tests/release-test.sh $(MAKE)")
TEST_SLOW_PARTS := "$(MAKE) --no-print-directory all" \
	"$(MAKE) --no-print-directory test-grade TEST_GRADE_FILTER=" \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/attack-test.sh $(MAKE)") \
	"$(MAKE) --no-print-directory selftest" \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/class-test.sh $(MAKE)") \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/slurm-test.sh $(MAKE)")
run_parts = t0=$$SECONDS; times=(); for part in $(1); do t=$$SECONDS; \
		$$part || { echo "make $@: failed in: $$part"; exit 1; }; \
		times+=("$$(printf '%5ds  %s' $$((SECONDS - t)) "$${part\#$(MAKE) --no-print-directory }")"); \
	done; printf 'make $@: %s\n' "$${times[@]}"; \
	echo "make $@: all passed in $$((SECONDS - t0)) s"
test: deps-test
	+$(Q)$(call run_parts,$(TEST_PARTS))
test-slow: deps-test
	@$(DEPS) slurm
	+$(Q)$(call run_parts,$(TEST_SLOW_PARTS))

GRADE_DIR := $(BUILD)/grade
GRADE_TIMEOUT ?= 1800
# Emulated or not: EMU=1 always (labs 04-06), EMU=0 never; unset, a lab that has an
# emulated grader is graded with it where no GPU is visible.
HAVE_GPU := $(shell nvidia-smi -L 2>/dev/null | grep -c '^GPU')
lab_emulated = case "$(EMU)" in 1) echo 1;; 0) ;; *) [ "$(HAVE_GPU)" = 0 ] && \
	[[ " $(EMU_LABS) " == *" $(1) "* ]] && echo 1;; esac
grade: deps-grade $(REPORT)
	@test -n "$(SELECTED)" || { echo "no lab matches LAB=$(LAB) (labs: $(LABS_ALL))"; exit 2; }
	@test -d "$(SUBMISSION)" || { echo "SUBMISSION=$(SUBMISSION) is not a folder"; exit 2; }
	@mkdir -p $(GRADE_DIR) && rm -f $(GRADE_DIR)/*.tsv $(GRADE_DIR)/*.emulated $(GRADE_DIR)/results.json
	@test "$(EMU)" != 1 -o -z "$(filter-out $(EMU_LABS),$(SELECTED))" || \
		{ echo "EMU=1: only labs $(EMU_LABS) have emulated tests (LAB=NN)"; exit 2; }
	$(Q)for lab in $(SELECTED); do \
		emu=$$($(call lab_emulated,$$lab)); \
		out=$(BUILD)/$$([ -n "$$emu" ] && echo emu || echo sub)/$(call tag,$(SUBMISSION))/$$lab; \
		[ -n "$$emu" ] && touch $(GRADE_DIR)/$$lab.emulated; \
		PL_EMU=$$emu autograder/grade-lab.sh "$$lab" "$(SUBMISSION)" "$$out" "$(GRADE_DIR)" \
			"$(GRADE_TIMEOUT)" "$(FILTER)" "$(MAKE)"; \
	done
	$(Q)$(REPORT) $(if $(STRICT),--strict) $$(ls $(GRADE_DIR)/*.emulated >/dev/null 2>&1 && echo --emulated) \
		--json $(GRADE_DIR)/results.json $(foreach l,$(SELECTED),$(GRADE_DIR)/$(l).tsv)
	$(Q)$(if $(SKELETON_CHECK),! grep -lE "	(timeout	|\(grader\)	)" $(GRADE_DIR)/*.tsv || \
		{ echo "a skeleton hung or broke the grader: skeletons must fail fast and cleanly"; exit 1; })

# The kernel whose inner loop `make sass` dissects (a regular expression on its name).
SASS_KERNEL_02-tiling := accel_tiled_kernelILi256E
SASS_KERNEL_03-unroll := accel_unrolled_kernelILi256ELi8E
sass:
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make sass LAB=NN (labs: $(LABS_ALL))"; exit 2; }
	$(Q)$(MAKE) --no-print-directory SUBMISSION=$(BENCH_SUBMISSION) $(call sub_out,$(BENCH_SUBMISSION),$(SELECTED))/lab.a
	$(Q)autograder/sass.sh $(call sub_out,$(BENCH_SUBMISSION),$(SELECTED))/lab.a \
		'$(or $(KERNEL),$(SASS_KERNEL_$(SELECTED)),.)'

selftest: deps-grade $(REPORT)
ifdef HAVE_SOLUTIONS
	$(Q)autograder/selftest.sh $(SELECTED)
else
	@echo "no solutions/ here (a student release): the grader's self-check needs them, skipped"
endif

# The student release of lab LAB (UPTO=1: of labs 01 to LAB), its grader prebuilt
# (autograder/release/make-release.sh says what ships and what never does). PASSED
# lists the labs whose deadline is over, whose answers a later lab's given code may hold.
release: deps-grade
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make release LAB=NN [UPTO=1] [PASSED=01,02] (labs: $(LABS_ALL))"; exit 2; }
	$(Q)$(MAKE) --no-print-directory SUBMISSION=solutions $(LIBCOMMON) \
		$(foreach l,$(LABS_ALL),$(addprefix $(call sub_out,solutions,$(l))/grader/,grade_$(l) points_$(l)) \
		$(if $(filter $(l),$(EMU_LABS)),$(call emu_bin,solutions,$(l)) $(BUILD)/emu/solutions/$(l)/grader/points_$(l)))
	$(eval rel_name := particle-labs-$(if $(UPTO),labs-01-to-$(LAB),lab-$(LAB)))
	$(Q)autograder/release/make-release.sh $(BUILD)/release/$(rel_name) "$(LAB)" "$(UPTO)" "$(PASSED)"
	$(Q)tar czf $(BUILD)/$(rel_name).tar.gz -C $(BUILD)/release $(rel_name)
	@echo "release: $(BUILD)/$(rel_name).tar.gz"

CLASS_OUT ?= $(BUILD)/class
grade-class: deps-grade $(REPORT)
	@test -n "$(DIR)" -a -d "$(DIR)" || { echo "usage: make grade-class DIR=folder-of-submissions [LAB=NN] [SLURM=1] [ROSTER=roster.csv]"; exit 2; }
	$(Q)autograder/$(if $(filter 1,$(SLURM)),slurm/submit.sh,grade-class.sh) "$(DIR)" "$(CLASS_OUT)" "$(MAKE)"

run: deps-grade
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make run LAB=NN ARGS=... (labs: $(LABS_ALL))"; exit 2; }
	@$(DEPS) libpng
	$(Q)if [ -n "$$($(call lab_emulated,$(SELECTED)))" ]; then \
		$(MAKE) --no-print-directory $(BUILD)/emu/$(call tag,$(SUBMISSION))/$(SELECTED)/driver && \
		echo "run: no GPU here: the kernels are emulated on the CPU (correct, far slower; times mean nothing)" && \
		$(BUILD)/emu/$(call tag,$(SUBMISSION))/$(SELECTED)/driver $(ARGS); \
	else \
		$(MAKE) --no-print-directory $(call sub_out,$(SUBMISSION),$(SELECTED))/driver && \
		$(call sub_out,$(SUBMISSION),$(SELECTED))/driver $(ARGS); \
	fi

# make movie: the lab's demo (MOVIE_ARGS_<lab>, or ARGS) run as make run runs it, a
# frame every MOVIE_EVERY_<lab> (or EVERY) steps into build/movie/<lab>/frames, then
# autograder/movie.sh makes them build/movie/<lab>.mp4 or .gif (OUT=base: base/frames,
# base.mp4). FRAMES=dir: only that last step, on the frames in dir.
MOVIE_ARGS_01-pair := --collide -n 65536 --eps 0.05 --steps 1200 --dt 0.025 --orbit 0.2
MOVIE_ARGS_02-tiling := --collide -n 65536 --eps 0.05 --steps 1200 --dt 0.025 --orbit 0.2
MOVIE_ARGS_03-unroll := --collide -n 65536 --eps 0.05 --steps 1200 --dt 0.025 --orbit 0.2
MOVIE_ARGS_04-boids := -n 200000 --steps 600 --orbit 0.1
MOVIE_ARGS_05-octree := --galaxies -n 1048576 --steps 1500 --dt 0.04
MOVIE_ARGS_06-orbits := --constellation --steps 6400
MOVIE_EVERY_01-pair := 4
MOVIE_EVERY_02-tiling := 4
MOVIE_EVERY_03-unroll := 4
MOVIE_EVERY_04-boids := 2
MOVIE_EVERY_05-octree := 3
MOVIE_EVERY_06-orbits := 14
FORMAT ?= mp4
FPS ?= 30
movie_dir = $(or $(OUT),$(BUILD)/movie/$(SELECTED))
movie_args = $(or $(ARGS),$(MOVIE_ARGS_$(SELECTED))) --frames $(movie_dir)/frames \
	--every $(or $(EVERY),$(MOVIE_EVERY_$(SELECTED)),1)
movie: $(PNG2GIF)
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make movie LAB=NN [ARGS=...] [EVERY=K] [FORMAT=mp4|gif] [FPS=30] [FRAMES=dir] [OUT=base] (labs: $(LABS_ALL))"; exit 2; }
	@test -z "$(FRAMES)" -o -d "$(FRAMES)" || { echo "movie: FRAMES=$(FRAMES) is not a folder"; exit 2; }
	$(Q)if [ -z "$(FRAMES)" ]; then rm -rf $(movie_dir)/frames && mkdir -p $(movie_dir) && set -o pipefail && \
		$(MAKE) --no-print-directory run ARGS='$(movie_args)' | tee $(movie_dir)/driver.log; fi
	$(Q)$(if $(filter mp4,$(FORMAT)),{ $(DEPS) ffmpeg || true; } &&) autograder/movie.sh \
		$(or $(FRAMES),$(movie_dir)/frames) $(movie_dir) $(FORMAT) $(FPS) $(PNG2GIF) \
		$(if $(FRAMES),,$(movie_dir)/driver.log)

BENCH_SUBMISSION := $(if $(filter command line,$(origin SUBMISSION)),$(SUBMISSION),$(if $(wildcard solutions),solutions,labs))
bench:
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make bench LAB=NN (labs: $(LABS_ALL))"; exit 2; }
	$(Q)$(MAKE) --no-print-directory SUBMISSION=$(BENCH_SUBMISSION) \
		$(call sub_out,$(BENCH_SUBMISSION),$(SELECTED))/grader/bench_$(SELECTED)
	@mkdir -p $(BUILD)/bench/$(SELECTED)
	$(Q)$(call sub_out,$(BENCH_SUBMISSION),$(SELECTED))/grader/bench_$(SELECTED) \
		$(BUILD)/bench/$(SELECTED) $(ARGS)
	$(Q)handouts/plot.sh $(SELECTED) $(BUILD)/bench/$(SELECTED) $(BUILD)/bench/$(SELECTED)

sanitize: deps-grade
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make sanitize LAB=NN (labs: $(LABS_ALL))"; exit 2; }
	$(Q)$(MAKE) --no-print-directory $(call sub_out,$(SUBMISSION),$(SELECTED))/grader/grade_$(SELECTED)
	$(Q)autograder/sanitize-lab.sh $(call sub_out,$(SUBMISSION),$(SELECTED))/grader/grade_$(SELECTED) \
		$(BUILD)/sanitize/$(SELECTED)

# Every lab's handout and the course's front page (handouts/index.md), one standalone
# HTML file each that works offline: figures, stills and styles embedded, math as
# MathML. Each page gets a navigation bar (handouts/nav.sh) and its C and CUDA listings
# highlighted (the ```cuda and ```console syntaxes are in handouts/syntax/).
HANDOUTS := $(wildcard handouts/[0-9][0-9]-*.md)
handouts: $(HANDOUTS:handouts/%.md=$(BUILD)/handouts/%.html) $(BUILD)/handouts/index.html

# pandoc 2.19 renamed --self-contained to --embed-resources (with --standalone)
PANDOC_EMBED = $(shell pandoc --help 2>/dev/null | grep -q -e --embed-resources && \
	echo --embed-resources || echo --self-contained)
PANDOC_SYNTAX := $(wildcard handouts/syntax/*.xml)
HANDOUT_TOC := --toc --toc-depth=2
$(BUILD)/handouts/index.html: HANDOUT_TOC :=

# a page's navigation bar, rewritten only when it changes (a lab added or retitled)
.PRECIOUS: $(BUILD)/obj/handouts/%.nav.html
$(BUILD)/obj/handouts/%.nav.html: FORCE
	@mkdir -p $(@D)
	@handouts/nav.sh $* >$@.tmp && { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }

$(BUILD)/handouts/%.html: handouts/%.md $(BUILD)/obj/handouts/%.nav.html handouts/style.css handouts/plot.sh \
		handouts/nav.sh $(PANDOC_SYNTAX) $(wildcard handouts/plots/*) $(wildcard handouts/data/*/*)
	$(call say,PANDOC,$<)
	@mkdir -p $(@D)/figures
	$(Q)handouts/plot.sh $* handouts/data/$* $(@D)/figures
	$(Q)pandoc --standalone $(PANDOC_EMBED) --mathml --css handouts/style.css \
		--resource-path=$(@D):handouts $(HANDOUT_TOC) --highlight-style=pygments \
		$(addprefix --syntax-definition=,$(PANDOC_SYNTAX)) \
		--include-before-body=$(BUILD)/obj/handouts/$*.nav.html \
		--include-after-body=$(BUILD)/obj/handouts/$*.nav.html \
		--metadata=lang:en -f markdown -t html5 $< -o $@

docs: $(BUILD)/docs/.stamp
$(BUILD)/docs/.stamp: Doxyfile $(wildcard common/*.h common/*.c)
	$(call say,DOXYGEN,common/)
	@mkdir -p $(@D)
	$(Q)doxygen Doxyfile > $(BUILD)/docs/doxygen.log 2>&1 || { cat $(BUILD)/docs/doxygen.log; exit 1; }
	@touch $@

clean:
	rm -rf $(BUILD)

FORCE:

-include $(wildcard $(BUILD)/obj/*/*.d $(BUILD)/obj/*/*/*.d $(BUILD)/obj/*/*/*/*.d)
