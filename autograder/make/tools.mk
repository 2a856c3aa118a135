# The course's tools: the skeleton generator, the report, make movie's GIF encoder and
# the tools' own tests, and the confinement of a submission's build (included by the
# top-level Makefile and the student release's, which builds only the report of them).

SKELGEN := $(BUILD)/bin/skelgen
SKELGEN_LIB := $(filter-out autograder/tools/skelgen/main.c,$(wildcard autograder/tools/skelgen/*.c))
REPORT := $(BUILD)/bin/grade_report
REPORT_LIB := $(filter-out autograder/report/main.c,$(wildcard autograder/report/*.c))

$(SKELGEN): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/tools/skelgen/*.c))
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -o $@

$(REPORT): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/report/*.c))
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -o $@

# make movie's GIF encoder (where ffmpeg is missing); of libcommon.a only png_io.o
PNG2GIF := $(BUILD)/bin/png2gif
$(PNG2GIF): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/tools/movie/*.c)) $(LIBCOMMON) | deps-png
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ $(PNG_LIBS) $(LDLIBS) -o $@

$(BUILD)/obj/autograder/tools/skelgen/%.o $(BUILD)/obj/autograder/tests/%.o: \
	CPPFLAGS += -Iautograder/tools/skelgen -Iautograder/report -Iautograder/grader -Iautograder/runner \
		-Iautograder/tools/movie

$(TEST_TOOLS): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/tests/*.c) \
		$(SKELGEN_LIB) $(REPORT_LIB) autograder/grader/resources.c autograder/grader/ptx_traffic.c autograder/grader/timing_confirm.c \
		autograder/grader/compare.c \
		autograder/tools/movie/gif.c) $(LIBCOMMON)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -lcriterion $(LDLIBS) -o $@

# A submission's compiler runs confined: it reads the toolchain, the course's headers
# and that submission's folder only, and writes only its build folder
# (autograder/grader/confine.c). Of the course, only the headers the labs include: those
# of common/, common/reference/ and the emulation, and lab 01's answer
# (common/interaction.cuh) only for a lab whose given code includes it (its row of
# autograder/instructor/release/answers.txt names 01-pair). $(1) submission folder, $(2) build
# folder, $(3) lab. A student release builds its own code unconfined (layout.mk's
# RELEASE_TREE: confine.c, of autograder/grader/, does not ship).
ifdef RELEASE_TREE
CONFINE :=
confined :=
else
CONFINE := $(BUILD)/bin/confine
$(CONFINE): $(BUILD)/obj/autograder/grader/confine.o $(BUILD)/obj/autograder/grader/landlock.o
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -o $@
given_answer = $(shell awk '$$1 == "$(1)" && $$2 ~ /01-pair/ { print "yes" }' autograder/instructor/release/answers.txt)
course_headers = $(filter-out $(if $(call given_answer,$(1)),,common/interaction.cuh), \
	$(wildcard common/*.h common/*.cuh common/[0-9][0-9]-*/*.h common/reference/*.h \
	autograder/emu/*.h))
confined = $(CONFINE) --hide $(CURDIR) --hide $(abspath $(dir $(abspath $(1)))) \
	--read $(abspath $(1)) $(addprefix --read ,$(abspath $(call course_headers,$(3)))) \
	$(if $(CUDA_HOME),--read $(CUDA_HOME)) --write $(abspath $(2)) --tmp $(abspath $(2))/.tmp --
endif
