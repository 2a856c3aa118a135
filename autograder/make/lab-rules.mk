# The rules that build one lab of one submission: its kernels, driver, grader, runner
# and bench, made at the end of this file for every lab of every folder (included by
# the top-level Makefile and the student release's, where the grader comes prebuilt).

# The grader: its runtime (the tests' library, the verdict channel, the sanitizer and
# resources checks, the report hook) and its client of the submission's runner (the
# runner's lifecycle, its sandbox, its timing's check); confine.c is a program of its
# own (tools.mk). Both never link a submission.
GRADER_CLIENT := $(addprefix autograder/grader/,client.c client_calls.c client_batch.c client_timing.c client_guard.c client_initcheck.c timing_confirm.c sandbox.c landlock.c runner_io.c)
GRADER_RUNTIME := $(filter-out $(GRADER_CLIENT) autograder/grader/confine.c,$(wildcard autograder/grader/*.c))

# The grader's links: every cudaFree through the runner (autograder/grader/client_calls.c),
# every cudaMemcpy and cudaMemset too (client_initcheck.c), every cudaMalloc with a guard
# zone after it (client_guard.c), every check and skip through the verdict channel
# (autograder/grader/verdict.c).
VERDICT_WRAPS := --wrap=criterion_send_assert,--wrap=criterion_skip_test
GRADER_WRAPS := --wrap=cudaMalloc,--wrap=cudaFree,--wrap=cudaMemcpy,--wrap=cudaMemset,$(VERDICT_WRAPS)

# ---------------------------------------------------------------- one lab's grader, once
# $(1) lab. The grader, its points program, the course's baseline build and the runner's
# own objects are the course's, the same for every submission of the lab: they are built
# once, in $(call grader_out,$(1)), and each submission's build links to them (a copy
# of the self-check, a class's student or an attack differs only in the lab's .cu files).
define LAB_GRADER_RULES
$(eval g := $(call grader_out,$(1)))
$(eval support := $(filter-out autograder/$(1)/test_%.c autograder/$(1)/bench.c,$(wildcard autograder/$(1)/*.c)))
$(eval gobjs := $(patsubst autograder/%.c,$(g)/%.o,$(support) $(wildcard autograder/$(1)/test_*.c) $(GRADER_RUNTIME)))
$(eval api := $(shell cat autograder/$(1)/api.txt 2>/dev/null))
$(eval refobjs := $(call baseline_objs,$(1)))
$(eval hdr := $(call api_dir,$(1)))
$(eval rpc_parent := $(patsubst autograder/%.c,$(g)/%.o,$(GRADER_CLIENT)) $(addprefix $(g)/runner/,devmem_cuda.o wire.o) $(g)/gen/api.o $(g)/gen/proxy.o)

# The course's baseline build of the lab, for the grader's same-run comparisons: the
# API symbols listed in autograder/<lab>/api.txt are renamed baseline_<name>.
$(g)/baseline/%.o: solutions/$(1)/%.cu $(FLAGS_STAMP)
	$$(call say,NVCC,$$< (baseline))
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(CUFLAGS) $(LAB_CUFLAGS_$(1)) $(ARCH_FLAGS) $(CPPFLAGS) -Isolutions/$(1) \
		$(foreach s,$(api),-D$(s)=baseline_$(s)) -c $$< -o $$@

# The grader is built from the course's copy of the lab's headers, never from a
# submission's: nothing of the submission reaches the grading process (rpc.h).
$(g)/%.o: autograder/%.c $(FLAGS_STAMP)
	$$(call say,CC,$$< ($(1)))
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(hdr) -Iautograder/grader -Iautograder/report -Iautograder/runner \
		-Iautograder/$(1) -DGRADE_LAB='"$(1)"' $(if $(refobjs),-DHAVE_BASELINE) -c $$< -o $$@

$(call RPC_GEN_RULES,$(g)/gen,$(1),$(hdr))

# The grader (the parent: tests, references, report) and, with stubs in place of the
# lab's API (write_glue.py's stubs.c), its points program, only to list the tests and
# their points when a submission does not compile: grade-lab.sh then scores each 0.
ifndef RELEASE_TREE
$(g)/grade_$(1): $(gobjs) $(g)/report/fragment.o $(refobjs) $(rpc_parent) $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ -lcriterion $(LDLIBS) -ldl -Xlinker $(GRADER_WRAPS) -o $$@

$(g)/points_$(1): $(gobjs) $(g)/report/fragment.o $(refobjs) $(g)/gen/stubs.o $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ -lcriterion $(LDLIBS) -Xlinker $(VERDICT_WRAPS) -o $$@
else
# a student release: the course's build of both, prebuilt in autograder/prebuilt/<lab>/
# (layout.mk's RELEASE_TREE)
$(g)/grade_$(1): autograder/prebuilt/$(1)/grade_$(1)
	@mkdir -p $$(@D) && cp $$< $$@
$(g)/points_$(1): autograder/prebuilt/$(1)/points_$(1)
	@mkdir -p $$(@D) && cp $$< $$@
endif

-include $(patsubst %.o,%.d,$(gobjs) $(refobjs) $(rpc_parent) $(g)/runner/server.o $(g)/gen/dispatch.o)
endef
# the baseline's objects of lab $(1), where it is timed against the course's build
baseline_objs = $(if $(and $(filter $(1),$(BASELINE_LABS)),$(wildcard autograder/$(1)/api.txt),$(wildcard \
	solutions/$(1))),$(patsubst solutions/$(1)/%.cu,$(call grader_out,$(1))/baseline/%.o,$(wildcard solutions/$(1)/*.cu)))
# the runner's objects but the submission's: the server end of the wire and the glue
runner_objs = $(addprefix $(call grader_out,$(1))/runner/,server.o wire.o devmem_cuda.o) \
	$(call grader_out,$(1))/gen/api.o $(call grader_out,$(1))/gen/dispatch.o

# ---------------------------------------------------------------- one lab of one submission
# $(1) submission folder, $(2) lab (01-pair). Builds in $(call sub_out,$(1),$(2)):
#   lab.a     the submission's kernels (every .cu of the lab folder)
#   driver    the lab's driver (driver.c of the lab folder, and any driver_*.c beside it)
#   grader/   the submission's runner, and the lab's grader and points program linked
#             to from $(call grader_out,LAB) (hard links: the grader finds the runner
#             beside itself)
#   bench     autograder/<lab>/bench.c
define LAB_RULES
$(eval o := $(call sub_out,$(1),$(2)))
$(eval d := $(1)/$(2))
$(eval cu := $(wildcard $(d)/*.cu))
$(eval dobjs := $(patsubst $(d)/%.c,$(o)/%.o,$(wildcard $(d)/driver*.c)))
$(eval support := $(filter-out autograder/$(2)/test_%.c autograder/$(2)/bench.c,$(wildcard autograder/$(2)/*.c)))
$(eval bobjs := $(patsubst autograder/%.c,$(o)/grader/%.o,$(support) $(wildcard autograder/$(2)/bench.c) $(addprefix autograder/grader/,resources.c compare.c csv.c allpairs_run.c)))
$(eval refobjs := $(call baseline_objs,$(2)))
$(eval hdr := $(call api_dir,$(2)))

# ptxas's resource report of every kernel is kept beside the object (%.o.res): the
# grader reads registers, shared memory and spills from it, not from the source.
# CCCL_DISABLE_NVTX: thrust and CUB without NVTX's ranges, which call getenv and
# dlopen (refused by api-imports.sh) and hang make sanitize (nvtx-test.sh)
$(o)/%.o: $(d)/%.cu $(FLAGS_STAMP) | $(CONFINE)
	$$(call say,NVCC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(call confined,$(1),$(o),$(2)) $(NVCC) $(CUFLAGS) -DCCCL_DISABLE_NVTX $(LAB_CUFLAGS_$(2)) $(ARCH_FLAGS) $(CPPFLAGS) -I$(d) \
		--resource-usage -c $$< -o $$@ 2>$$@.res; rc=$$$$?; \
		grep -v -e '^ptxas info' -e 'bytes stack frame' $$@.res >&2; exit $$$$rc

# nvcc's PTX of the files whose PTX the lab's grader reads (lab.mk's PTX_<lab>: lab 06's
# loop of steps, autograder/grader/ptx_traffic.h). Compiled only, for one virtual
# architecture (the loads and stores a loop makes are the same in each); made after
# the object, so that whatever rebuilds the object (a header) rebuilds it too.
$(o)/%.ptx: $(d)/%.cu $(o)/%.o $(FLAGS_STAMP) | $(CONFINE)
	$$(call say,PTX,$$<)
	$(Q)$(call confined,$(1),$(o),$(2)) $(NVCC) $(filter-out -MMD -MP,$(CUFLAGS)) $(LAB_CUFLAGS_$(2)) \
		-arch=compute_80 $(CPPFLAGS) -I$(d) -ptx $$< -o $$@

$(dobjs): $(o)/%.o: $(d)/%.c $(FLAGS_STAMP)
	$$(call say,CC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(d) -c $$< -o $$@

# the bench's objects (it links the submission): built per submission, since bench.c
# reads this build's ptxas reports (LAB_BUILD_DIR)
$(o)/grader/%.o: autograder/%.c $(FLAGS_STAMP)
	$$(call say,CC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(hdr) -Iautograder/grader -Iautograder/report -Iautograder/runner \
		-Iautograder/$(2) -DGRADE_LAB='"$(2)"' -DLAB_BUILD_DIR='"$(abspath $(o))"' \
		$(if $(refobjs),-DHAVE_BASELINE) -c $$< -o $$@

$(o)/lab.a: $(patsubst $(d)/%.cu,$(o)/%.o,$(cu))
	$$(call say,AR,$$@)
	$(Q)rm -f $$@ && $(AR) rcs $$@ $$^

$(o)/driver: $(dobjs) $(o)/lab.a $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ $(PNG_LIBS) $(LDLIBS) -o $$@

# The grader and its points program: the lab's, linked to (link_or_copy)
$(call grader_bin,$(1),$(2)): $(call grader_out,$(2))/grade_$(2) \
		| $(call runner_bin,$(1),$(2)) $(addprefix $(o)/,$(addsuffix .ptx,$(PTX_$(2))))
	$(Q)$$(call link_or_copy,$$<,$$@)
$(call points_bin,$(1),$(2)): $(call grader_out,$(2))/points_$(2)
	$(Q)$$(call link_or_copy,$$<,$$@)

# The submission's runner (the child: the submission, and of common/ only what the
# lab's given code calls).
$(call runner_bin,$(1),$(2)): $(call runner_objs,$(2)) $(o)/lab.a $(addprefix $(BUILD)/obj/common/,$(RUNNER_COMMON_$(2)))
	$$(call say,LINK,$$@)
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(ARCH_FLAGS) $(call runner_objs,$(2)) -Xlinker --whole-archive $(o)/lab.a -Xlinker --no-whole-archive \
		$(addprefix $(BUILD)/obj/common/,$(RUNNER_COMMON_$(2))) $(LDLIBS) -o $$@

$(o)/grader/bench_$(2): $(bobjs) $(refobjs) $(o)/lab.a $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ $(LDLIBS) -o $$@

-include $(patsubst %.o,%.d,$(bobjs) $(patsubst $(d)/%.cu,$(o)/%.o,$(cu)) $(dobjs))
endef

# $(1) to $(2), a hard link where the file system allows one (a grader is megabytes, and
# the self-check links it into a hundred copies), else a copy
link_or_copy = mkdir -p $(dir $(2)) && { ln -f $(1) $(2) 2>/dev/null || cp $(1) $(2); }

# The course's copy of a lab's headers (the API the grader is built against).
api_dir = $(firstword $(wildcard solutions/$(1) labs/$(1)))

# $(1) folder, $(2) lab, $(3) the lab's headers: the runner glue write_glue.py writes (rpc.h).
define RPC_GEN_RULES
$(1)/api.c $(1)/proxy.c $(1)/dispatch.c $(1)/stubs.c &: autograder/runner/write_glue.py autograder/$(2)/api.txt \
		$(wildcard $(3)/*.h) $(wildcard common/*.h common/[0-9][0-9]-*/*.h common/reference/*.h)
	$$(call say,GEN,$(1))
	@mkdir -p $(1)
	$(Q)python3 autograder/runner/write_glue.py $(3) autograder/$(2)/api.txt common $(1)

$(1)/%.o: $(1)/%.c $(FLAGS_STAMP)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(3) -Iautograder/runner -c $$< -o $$@
endef

# every lab's grader, once; every lab of every folder graded or built in this run
$(foreach l,$(LABS_ALL),$(eval $(call LAB_GRADER_RULES,$(l))))
$(foreach s,$(ALL_SUBMISSIONS),$(foreach l,$(LABS_ALL),$(if $(wildcard $(s)/$(l)),$(eval $(call LAB_RULES,$(s),$(l))))))

# What make builds of a folder's labs: each one's driver, its grader where it has one
# (its tests, or prebuilt in a release) and its bench where it has one.
lab_targets = $(foreach l,$(LABS_ALL),$(if $(wildcard $(1)/$(l)),$(call sub_out,$(1),$(l))/driver \
	$(if $(wildcard autograder/$(l)/test_*.c $(if $(RELEASE_TREE),autograder/prebuilt/$(l)/grade_$(l))),$(call grader_bin,$(1),$(l))) \
	$(if $(wildcard autograder/$(l)/bench.c),$(call sub_out,$(1),$(l))/grader/bench_$(l))))
