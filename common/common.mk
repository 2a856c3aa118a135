# common/: the library every lab links (libcommon.a), its tests and its docs (included
# by the top-level Makefile and the student release's).

COMMON_SRCS := $(wildcard common/*.c common/[0-9][0-9]-*/*.c common/reference/*.c)
# common/*.cu: library calls that need nvcc (CUB's sort); linked into the labs only.
COMMON_CU := $(wildcard common/*.cu common/reference/*.cu)
# In a student release common/reference/ holds headers only: its objects come
# prebuilt (common/prebuilt/, layout.mk's RELEASE_TREE), each transcribing an exercise.
COMMON_PREBUILT := $(if $(RELEASE_TREE),$(wildcard common/prebuilt/*.o))
COMMON_OBJS := $(COMMON_SRCS:%.c=$(BUILD)/obj/%.o) $(COMMON_CU:%.cu=$(BUILD)/obj/%.cu.o) $(COMMON_PREBUILT)
LIBCOMMON := $(BUILD)/lib/libcommon.a
# libpng: the drivers' frames (frames.o, png_io.o) and common_test only; libcommon.a is
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

# The project's own Criterion tests: common/ and the grading tools.
TEST_COMMON := $(BUILD)/bin/common_test
TEST_TOOLS := $(BUILD)/bin/tools_test

# (octree_test.c also tests the grader's octree checkers, which live with lab 05's grader)
$(BUILD)/obj/common/tests/%.o: CPPFLAGS += -Iautograder/05-octree
$(TEST_COMMON): $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard common/tests/*.c) autograder/05-octree/octree_check.c) \
		$(LIBCOMMON)
	$(call say,LINK,$@)
	@mkdir -p $(@D)
	$(Q)$(CC) $^ -lcriterion $(PNG_LIBS) $(LDLIBS) -o $@

# make docs: Doxygen over common/, warnings are errors
docs: $(BUILD)/docs/.stamp
$(BUILD)/docs/.stamp: Doxyfile $(wildcard common/*.h common/*.c common/[0-9][0-9]-*/*.[ch] common/reference/*.h common/reference/*.c)
	$(call say,DOXYGEN,common/)
	@mkdir -p $(@D)
	$(Q)doxygen Doxyfile > $(BUILD)/docs/doxygen.log 2>&1 || { cat $(BUILD)/docs/doxygen.log; exit 1; }
	@touch $@

# what make knows of each object's headers (gcc's and nvcc's -MMD), for everything
# compiled under build/obj/
-include $(wildcard $(BUILD)/obj/*/*.d $(BUILD)/obj/*/*/*.d $(BUILD)/obj/*/*/*/*.d)
