# The targets that work on one folder's labs, the same in the course's Makefile and the
# student release's (both include this file): make grade, run, sanitize and sass, and
# the packages they check for. make grade: each selected lab of SUBMISSION graded by
# grade-lab.sh, with its kernels emulated where no GPU is visible and the lab has an
# emulated grader (or EMU=1), then the report: the table, results.json and the page,
# report.html (autograder/report/html.h). Uses BUILD, SELECTED, LABS_ALL,
# EMU_LABS, EMU_ENV_<lab>, REPORT, tag and sub_out (layout.mk, tools.mk).
# a FILTER run reports beside the last whole grade, never over it
GRADE_DIR := $(BUILD)/grade$(if $(FILTER),/filtered)
GRADE_TIMEOUT ?= 1800
# Emulated or not: EMU=1 always, EMU=0 never; unset, a lab that has an emulated grader
# is graded with it where no GPU is visible.
HAVE_GPU := $(shell nvidia-smi -L 2>/dev/null | grep -c '^GPU')
lab_emulated = case "$(EMU)" in 1) echo 1;; 0) ;; *) [ "$(HAVE_GPU)" = 0 ] && \
	[[ " $(EMU_LABS) " == *" $(1) "* ]] && echo 1;; esac

# the recipe of make grade (a canned recipe: `$(GRADE_RECIPE)` in a rule)
define GRADE_RECIPE
@test -n "$(SELECTED)" || { echo "no lab matches LAB=$(LAB) (labs: $(LABS_ALL))"; exit 2; }
@test -d "$(SUBMISSION)" || { echo "SUBMISSION=$(SUBMISSION) is not a folder"; exit 2; }
@test "$(EMU)" != 1 -o -z "$(filter-out $(EMU_LABS),$(SELECTED))" || \
	{ echo "EMU=1: only labs $(EMU_LABS) have emulated graders (LAB=NN)"; exit 2; }
@mkdir -p $(GRADE_DIR) && rm -f $(GRADE_DIR)/*.tsv $(GRADE_DIR)/*.emulated $(GRADE_DIR)/results.json $(GRADE_DIR)/report.html
$(Q)$(foreach l,$(SELECTED),emu=$$($(call lab_emulated,$(l))); \
	[ -z "$$emu" ] || touch $(GRADE_DIR)/$(l).emulated; \
	env $$([ -z "$$emu" ] || echo '$(EMU_ENV_$(l))') autograder/make/grade-lab.sh --lab $(l) \
		--submission "$(SUBMISSION)" --grade-dir "$(GRADE_DIR)" --timeout "$(GRADE_TIMEOUT)" \
		--filter '$(FILTER)' --make "$(MAKE)" $$([ -z "$$emu" ] || echo --emulated) \
		--given "$(addprefix $(BUILD)/obj/common/,$(RUNNER_COMMON_$(l)))$$([ -z "$$emu" ] || echo ' $(EMU_RT)')" \
		$$([ -n "$$emu" ] && echo --out $(call emu_out,$(SUBMISSION),$(l)) --grader $(call emu_bin,$(SUBMISSION),$(l)) \
			--points $(call emu_points_bin,$(SUBMISSION),$(l)) || echo --out $(call sub_out,$(SUBMISSION),$(l)) \
			--grader $(call grader_bin,$(SUBMISSION),$(l)) --points $(call points_bin,$(SUBMISSION),$(l)));)
$(Q)$(REPORT) $(if $(STRICT),--strict) $$(ls $(GRADE_DIR)/*.emulated >/dev/null 2>&1 && echo --emulated) \
	--json $(GRADE_DIR)/results.json --html $(GRADE_DIR)/report.html --labs "$(LABS_ALL)" \
	--handouts $$(realpath -m --relative-to=$(GRADE_DIR) $(BUILD)/handouts) \
	$(foreach l,$(SELECTED),$(GRADE_DIR)/$(l).tsv)
endef

.PHONY: grade run sanitize sass deps-grade deps-png

DEPS := autograder/make/ensure-deps.sh
deps-grade:
	@$(DEPS) criterion
deps-png:
	@$(DEPS) libpng

# SKELETON_CHECK=1 (the course's make test-grade): a skeleton must fail fast and cleanly
grade: deps-grade $(REPORT)
	$(GRADE_RECIPE)
	$(Q)$(if $(SKELETON_CHECK),! grep -lE "	(timeout	|\(grader\)	)" $(GRADE_DIR)/*.tsv || \
		{ echo "a skeleton hung or broke the grader: skeletons must fail fast and cleanly"; exit 1; })

run: deps-grade
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make run LAB=NN ARGS=... (labs: $(LABS_ALL))"; exit 2; }
	@$(DEPS) libpng
	$(Q)if [ -n "$$($(call lab_emulated,$(SELECTED)))" ]; then \
		$(MAKE) --no-print-directory $(call emu_out,$(SUBMISSION),$(SELECTED))/driver && \
		echo "run: no GPU here: the kernels are emulated on the CPU (correct, far slower; times mean nothing)" && \
		$(call emu_out,$(SUBMISSION),$(SELECTED))/driver $(ARGS); \
	else \
		$(MAKE) --no-print-directory $(call sub_out,$(SUBMISSION),$(SELECTED))/driver && \
		$(call sub_out,$(SUBMISSION),$(SELECTED))/driver $(ARGS); \
	fi

# make bench builds the course's solution where there is one, unless SUBMISSION is
# given; make sass dissects SUBMISSION (default labs/: your code)
BENCH_SUBMISSION := $(if $(filter command line,$(origin SUBMISSION)),$(SUBMISSION),$(if $(wildcard solutions),solutions,labs))
# make bench and make sanitize run kernels on a GPU: where none is visible they say so
# at once, and what can be checked instead, rather than failing in the CUDA runtime
# a comma inside a $(call) argument
, := ,
needs_gpu = @[ "$(HAVE_GPU)" != 0 ] || { echo "make $(1) needs a GPU: no NVIDIA GPU is visible here (nvidia-smi lists none). $(2)"; exit 2; }

# the grader finds the build's PTX and ptxas reports through PL_LAB_BUILD_DIR (a
# release's prebuilt grader was built in the course's tree)
sanitize: deps-grade
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make sanitize LAB=NN (labs: $(LABS_ALL))"; exit 2; }
	$(call needs_gpu,sanitize,compute-sanitizer watches kernels running on one. Without one$(,) make grade LAB=$(LAB) FILTER='sanitize/*' runs the lab's sanitizer tests with its kernels emulated on the CPU$(,) every access checked and reported in compute-sanitizer's words (autograder/emu/README.md$(,) "Checks without a GPU").)
	$(Q)$(MAKE) --no-print-directory $(call grader_bin,$(SUBMISSION),$(SELECTED))
	$(Q)PL_LAB_BUILD_DIR=$(abspath $(call sub_out,$(SUBMISSION),$(SELECTED))) autograder/make/sanitize-lab.sh \
		$(call grader_bin,$(SUBMISSION),$(SELECTED)) $(BUILD)/sanitize/$(SELECTED)

# make sass: the kernel whose inner loop it dissects is SASS_KERNEL_<lab> (its lab.mk),
# or KERNEL (a regular expression on the mangled name).
sass:
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make sass LAB=NN (labs: $(LABS_ALL))"; exit 2; }
	$(Q)$(MAKE) --no-print-directory SUBMISSION=$(SUBMISSION) $(call sub_out,$(SUBMISSION),$(SELECTED))/lab.a
	@echo "sass: $(SUBMISSION)/$(SELECTED)'s kernels (SUBMISSION=solutions for the course's)"
	$(Q)autograder/make/sass.sh $(call sub_out,$(SUBMISSION),$(SELECTED))/lab.a \
		'$(or $(KERNEL),$(SASS_KERNEL_$(SELECTED)),.)'
