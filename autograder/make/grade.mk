# make grade, the same in the course's Makefile and the student release's (both include
# this file): each selected lab of SUBMISSION graded by grade-lab.sh, with its kernels
# emulated where no GPU is visible and the lab has an emulated grader (or EMU=1), then
# the report. Uses BUILD, SELECTED, LABS_ALL, EMU_LABS, EMU_ENV_<lab>, REPORT and tag.
GRADE_DIR := $(BUILD)/grade
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
@mkdir -p $(GRADE_DIR) && rm -f $(GRADE_DIR)/*.tsv $(GRADE_DIR)/*.emulated $(GRADE_DIR)/results.json
$(Q)$(foreach l,$(SELECTED),emu=$$($(call lab_emulated,$(l))); \
	[ -z "$$emu" ] || touch $(GRADE_DIR)/$(l).emulated; \
	env $$([ -z "$$emu" ] || echo '$(EMU_ENV_$(l))') autograder/make/grade-lab.sh --lab $(l) \
		--submission "$(SUBMISSION)" --grade-dir "$(GRADE_DIR)" --timeout "$(GRADE_TIMEOUT)" \
		--filter '$(FILTER)' --make "$(MAKE)" $$([ -z "$$emu" ] || echo --emulated) \
		--out $(BUILD)/$$([ -n "$$emu" ] && echo emu || echo sub)/$(call tag,$(SUBMISSION))/$(l);)
$(Q)$(REPORT) $(if $(STRICT),--strict) $$(ls $(GRADE_DIR)/*.emulated >/dev/null 2>&1 && echo --emulated) \
	--json $(GRADE_DIR)/results.json $(foreach l,$(SELECTED),$(GRADE_DIR)/$(l).tsv)
endef
