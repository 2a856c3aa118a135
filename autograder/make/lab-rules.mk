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

# ---------------------------------------------------------------- one lab of one submission
# $(1) submission folder, $(2) lab (01-pair). Builds in $(call sub_out,$(1),$(2)):
#   lab.a     the submission's kernels (every .cu of the lab folder)
#   driver    the lab's driver (driver.c of the lab folder, and any driver_*.c beside it)
#   grader    the Criterion tests of autograder/<lab>/test_*.c
#   bench     autograder/<lab>/bench.c
# Support files of autograder/<lab>/ (neither test_*.c nor bench.c) go in both.
define LAB_RULES
$(eval o := $(call sub_out,$(1),$(2)))
$(eval d := $(1)/$(2))
$(eval cu := $(wildcard $(d)/*.cu))
$(eval dobjs := $(patsubst $(d)/%.c,$(o)/%.o,$(wildcard $(d)/driver*.c)))
$(eval support := $(filter-out autograder/$(2)/test_%.c autograder/$(2)/bench.c,$(wildcard autograder/$(2)/*.c)))
$(eval gobjs := $(patsubst autograder/%.c,$(o)/grader/%.o,$(support) $(wildcard autograder/$(2)/test_*.c) $(GRADER_RUNTIME)))
$(eval bobjs := $(patsubst autograder/%.c,$(o)/grader/%.o,$(support) $(wildcard autograder/$(2)/bench.c) $(addprefix autograder/grader/,resources.c compare.c csv.c allpairs_run.c)))
$(eval api := $(shell cat autograder/$(2)/api.txt 2>/dev/null))
$(eval refobjs := $(if $(and $(filter $(2),$(BASELINE_LABS)),$(api),$(wildcard solutions/$(2))),$(patsubst solutions/$(2)/%.cu,$(o)/grader/baseline/%.o,$(wildcard solutions/$(2)/*.cu))))
$(eval hdr := $(call api_dir,$(2)))
$(eval rpc_parent := $(patsubst autograder/%.c,$(o)/grader/%.o,$(GRADER_CLIENT)) $(addprefix $(o)/grader/runner/,devmem_cuda.o wire.o) $(o)/grader/gen/api.o $(o)/grader/gen/proxy.o)
$(eval rpc_child := $(addprefix $(o)/grader/runner/,server.o wire.o devmem_cuda.o) $(o)/grader/gen/api.o $(o)/grader/gen/dispatch.o)

# ptxas's resource report of every kernel is kept beside the object (%.o.res): the
# grader reads registers, shared memory and spills from it, not from the source.
$(o)/%.o: $(d)/%.cu $(FLAGS_STAMP) | $(CONFINE)
	$$(call say,NVCC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(call confined,$(1),$(o),$(2)) $(NVCC) $(CUFLAGS) $(LAB_CUFLAGS_$(2)) $(ARCH_FLAGS) $(CPPFLAGS) -I$(d) \
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

# The course's baseline build of the lab, for the grader's same-run comparisons: the
# API symbols listed in autograder/<lab>/api.txt are renamed baseline_<name>.
$(o)/grader/baseline/%.o: solutions/$(2)/%.cu $(FLAGS_STAMP)
	$$(call say,NVCC,$$< (baseline))
	@mkdir -p $$(@D)
	$(Q)$(NVCC) $(CUFLAGS) $(LAB_CUFLAGS_$(2)) $(ARCH_FLAGS) $(CPPFLAGS) -Isolutions/$(2) \
		$(foreach s,$(api),-D$(s)=baseline_$(s)) -c $$< -o $$@

$(dobjs): $(o)/%.o: $(d)/%.c $(FLAGS_STAMP)
	$$(call say,CC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(d) -c $$< -o $$@

# The grader is built from the course's copy of the lab's headers, never from the
# submission's: nothing of the submission reaches the grading process (rpc.h).
$(o)/grader/%.o: autograder/%.c $(FLAGS_STAMP)
	$$(call say,CC,$$<)
	@mkdir -p $$(@D)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS) -I$(hdr) -Iautograder/grader -Iautograder/report -Iautograder/runner \
		-Iautograder/$(2) -DGRADE_LAB='"$(2)"' -DLAB_BUILD_DIR='"$(abspath $(o))"' \
		$(if $(refobjs),-DHAVE_BASELINE) -c $$< -o $$@

$(call RPC_GEN_RULES,$(o)/grader/gen,$(2),$(hdr))

$(o)/lab.a: $(patsubst $(d)/%.cu,$(o)/%.o,$(cu))
	$$(call say,AR,$$@)
	$(Q)rm -f $$@ && $(AR) rcs $$@ $$^

$(o)/driver: $(dobjs) $(o)/lab.a $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ $(PNG_LIBS) $(LDLIBS) -o $$@

# The grader (the parent: tests, references, report) and the submission's runner (the
# child: the submission, and of common/ only what the lab's given code calls).
ifndef RELEASE_TREE
$(o)/grader/grade_$(2): $(gobjs) $(o)/grader/report/fragment.o $(refobjs) $(rpc_parent) $(LIBCOMMON) \
		| $(o)/grader/runner_$(2) $(addprefix $(o)/,$(addsuffix .ptx,$(PTX_$(2))))
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ -lcriterion $(LDLIBS) -ldl -Xlinker $(GRADER_WRAPS) -o $$@
else
# a student release: the course's build of the grader and of its points program
# (below), prebuilt in autograder/prebuilt/<lab>/ (layout.mk's RELEASE_TREE)
$(o)/grader/grade_$(2): autograder/prebuilt/$(2)/grade_$(2) \
		| $(o)/grader/runner_$(2) $(addprefix $(o)/,$(addsuffix .ptx,$(PTX_$(2))))
	@mkdir -p $$(@D) && cp $$< $$@

$(o)/grader/points_$(2): autograder/prebuilt/$(2)/points_$(2)
	@mkdir -p $$(@D) && cp $$< $$@
endif

$(o)/grader/runner_$(2): $(rpc_child) $(o)/lab.a $(addprefix $(BUILD)/obj/common/,$(RUNNER_COMMON_$(2)))
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $(rpc_child) -Xlinker --whole-archive $(o)/lab.a -Xlinker --no-whole-archive \
		$(addprefix $(BUILD)/obj/common/,$(RUNNER_COMMON_$(2))) $(LDLIBS) -o $$@

# The grader with stubs in place of the lab's API (write_glue.py's stubs.c), only to list the
# tests and their points when the submission does not compile: grade-lab.sh then
# scores each of them 0.
ifndef RELEASE_TREE
$(o)/grader/points_$(2): $(gobjs) $(o)/grader/report/fragment.o $(refobjs) $(o)/grader/gen/stubs.o $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ -lcriterion $(LDLIBS) -Xlinker $(VERDICT_WRAPS) -o $$@
endif

$(o)/grader/bench_$(2): $(bobjs) $(refobjs) $(o)/lab.a $(LIBCOMMON)
	$$(call say,LINK,$$@)
	$(Q)$(NVCC) $(ARCH_FLAGS) $$^ $(LDLIBS) -o $$@

-include $(patsubst %.o,%.d,$(gobjs) $(bobjs) $(refobjs) $(rpc_parent) $(rpc_child) $(patsubst $(d)/%.cu,$(o)/%.o,$(cu)) $(dobjs))
endef

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

# every lab of every folder graded or built in this run
$(foreach s,$(ALL_SUBMISSIONS),$(foreach l,$(LABS_ALL),$(if $(wildcard $(s)/$(l)),$(eval $(call LAB_RULES,$(s),$(l))))))

# What make builds of a folder's labs: each one's driver, its grader where it has one
# (its tests, or prebuilt in a release) and its bench where it has one.
lab_targets = $(foreach l,$(LABS_ALL),$(if $(wildcard $(1)/$(l)),$(addprefix $(call sub_out,$(1),$(l))/,driver \
	$(if $(wildcard autograder/$(l)/test_*.c $(if $(RELEASE_TREE),autograder/prebuilt/$(l)/grade_$(l))),grader/grade_$(l)) \
	$(if $(wildcard autograder/$(l)/bench.c),grader/bench_$(l)))))
