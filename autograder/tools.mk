# The course's tools: the skeleton generator, the report, make movie's GIF encoder and
# the tools' own tests (included by the top-level Makefile).

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

$(TEST_TOOLS): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard autograder/tests/*.c) \
		$(SKELGEN_LIB) $(REPORT_LIB) autograder/lib/resources.c autograder/rpc/confirm.c \
		autograder/movie/gif.c)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -lcriterion $(LDLIBS) -o $@
