# Particle Labs: the one entry point.
#
#   make                      build everything: common/, tools, every lab's solution and
#                             skeleton, drivers, graders and benches
#   make help                 this list (the only one: README.md and the guides point here)
#   make test                 the project's own test suite, what CI runs first: formatting,
#                             every build, the CPU tests of common/ and the tools, the
#                             citations, the skeletons' drift, handouts and docs, the
#                             solutions and skeletons graded (emulated without a GPU, but
#                             the suites that take minutes there), a release and a new
#                             lab (autograder/DEVELOPING.md, "Developing the course");
#                             never touches labs/ or build/grade/
#   make test-slow            the rest, which CI runs after it: every emulated test, the
#                             attacks on the grader, the self-check's CPU part, a class
#                             graded, the same class on a one-node Slurm cluster, and the
#                             grade's and class's pages in headless Chromium
#   make grade [LAB=NN] [SUBMISSION=dir]
#                             grade a submission (default labs/): a table,
#                             build/grade/results.json in the Gradescope format and
#                             build/grade/report.html, a page (its links: make handouts)
#   make grade-class DIR=dir [LAB=NN] [SLURM=1] [ROSTER=roster.csv]
#                             grade every subfolder of dir (one student each) in turn:
#                             build/class/gradebook.csv, summary.txt, report.html (a
#                             page, no names unless NAMES=1), each results.json;
#                             an interrupted run resumes where it stopped. SLURM=1: one
#                             Slurm job array, a task per student (autograder/instructor/slurm/)
#   make run LAB=NN ARGS=...  a lab's driver on a chosen N (make run LAB=01 ARGS=--help)
#   make movie LAB=NN [ARGS=...] [EVERY=K] [FORMAT=mp4|gif] [FPS=30] [FRAMES=dir] [OUT=base]
#                             the lab's demo (or ARGS) with a frame every K steps, then
#                             build/movie/<lab>.mp4 (ffmpeg) or .gif (png2gif, where
#                             ffmpeg is missing); FRAMES=dir: those frames, no run;
#                             OUT=base: base.mp4, its frames in base/frames
#   make skeletons [FORCE=1]  regenerate labs/ from solutions/; a lab file changed since it
#                             was generated (a student's work) stops it, named, unless
#                             FORCE=1, which keeps it as FILE.mine first
#   make handouts             handouts/*.md to standalone HTML in build/handouts/
#   make docs                 Doxygen over common/, warnings are errors (build/docs/)
#   make bench LAB=NN         benchmark sweeps: CSV and gnuplot figures in build/bench/
#   make bench-cpu LAB=06     lab 06's SGP4 against satellite.js and python-sgp4 on this
#                             CPU, and SGP4 in float: no GPU (autograder/06-orbits/peers/)
#   make sanitize LAB=NN      the lab's GPU tests under compute-sanitizer
#   make sass LAB=NN          instructions per interaction of the lab's hot kernel, from
#                             its SASS (needs cuobjdump, which ships with the toolkit)
#   make selftest [LAB=NN]    grade known-broken copies of solutions/ and check the grader
#                             caught each fault in its own test, and that every skeleton
#                             scores 0 (copies built in parallel, graded one at a time)
#   make selftest-emu [LAB=NN]
#                             the same with the kernels emulated on the CPU (no GPU): the
#                             maintainer's full check, run when a lab's grader changes
#   make selftest-sample [LAB=NN]
#                             what CI runs of it: a stated sample, emulated (each lab's
#                             autograder/tests/selftest/LAB/sample)
#   make emu-test             the solutions' correctness tests emulated, outside the grader
#   make format               clang-format the host C (.clang-format); make test checks it
#   make release LAB=NN [UPTO=1] [PASSED=01,...]
#                             build/particle-labs-lab-NN.tar.gz: a lab for students, its
#                             grader prebuilt, no exercise's answer (autograder/README.md)
#   make clean
#
# Options:
#   V=1           show every command
#   ARCH=sm_90    build for this architecture only (default: the visible GPU; none
#                 visible, sm_90, and for make release sm_80 and sm_90 plus PTX)
#   NVCC=path     the CUDA compiler (default: nvcc on PATH, then /usr/local/cuda/bin)
#   FILTER=glob   grade only the tests matching a Criterion filter (e.g. 'accel/*',
#                 '@(accel/n_2|leapfrog/*)'); the others are left out of the report
#   STRICT=1      make grade fails unless every test that ran passed

# How this file reads: the course's build, whole (autograder/make/rules.mk: the
# toolchain, the layout and each lab's settings, then the rules, each kind in its own
# fragment beside what it builds), then the targets you type, in the order of the list
# above (make grade, run, sanitize and sass in autograder/make/grade.mk). The student
# release's Makefile (autograder/instructor/release/) includes the same rules.mk.

include autograder/make/rules.mk

# The graders of the SELECTED labs of every folder in SUBMISSIONS, in one make so that
# -j spreads all their builds over the cores (selftest.sh's patched copies).
graders: $(LAYOUT_SH) $(foreach s,$(SUBMISSIONS),$(foreach l,$(SELECTED),$(if $(and $(wildcard $(s)/$(l)),$(wildcard \
	autograder/$(l)/test_*.c)),$(call grader_bin,$(s),$(l)))))

# graders, emulated (selftest-emu.sh)
emu-graders: $(LAYOUT_SH) $(foreach s,$(SUBMISSIONS),$(foreach l,$(filter $(SELECTED),$(EMU_LABS)),$(if \
	$(wildcard $(s)/$(l)),$(call emu_bin,$(s),$(l)))))

emu-test: $(foreach l,$(EMU_LABS),$(call emu_bin,solutions,$(l)))
	$(Q)$(foreach l,$(EMU_LABS),echo "== $(l): the solution's correctness tests, kernels emulated on the CPU" && \
		$(EMU_ENV_$(l)) autograder/tests/run-criterion.sh $(call emu_bin,solutions,$(l)) --jobs 2 \
			--filter '$(EMU_FILTER)' &&) true

# One submission's lab graded with emulated kernels (correctness and sanitizer tests,
# EMU_FILTER), its report fragment in EMU_OUT: what selftest-emu.sh judges.
emu-grade: $(if $(filter $(SELECTED),$(EMU_LABS)),$(call emu_bin,$(SUBMISSION),$(SELECTED)))
	@test -n "$(filter $(SELECTED),$(EMU_LABS))" || { echo "emu-grade: LAB=NN, one of $(EMU_LABS)"; exit 2; }
	$(Q)mkdir -p $(dir $(EMU_OUT)) && rm -f $(EMU_OUT)
	$(Q)PL_GRADE_OUT=$(EMU_OUT) $(EMU_ENV_$(SELECTED)) \
		timeout 1200 $(call emu_bin,$(SUBMISSION),$(SELECTED)) --jobs 2 --filter '$(EMU_FILTER)' \
		--short-filename >$(EMU_OUT).log 2>&1; true

# Known-wrong and alternative-correct submissions of the labs judged with emulated
# kernels: their correctness tests, without a GPU. Slow (minutes per patch of lab 05).
selftest-emu:
	$(Q)autograder/tests/selftest-emu.sh $(filter $(EMU_LABS),$(SELECTED))

# The self-check's CI sample (make test-slow): emulated, every alternative, every
# skeleton and the wrong patches of each lab's autograder/tests/selftest/LAB/sample, which
# cover every suite the lab's wrong patches target (selftest-sample.sh checks it and says
# what is left out); then, without a GPU too, the patches caught by nvcc's build alone
# (resources/*). The full emulated self-check is make selftest-emu.
selftest-sample: deps-grade $(REPORT)
	$(Q)patches=$$(autograder/tests/selftest-sample.sh $(filter $(EMU_LABS),$(SELECTED)) | tr "\n" " ") && \
		SELFTEST_PATCHES="$$patches" autograder/tests/selftest-emu.sh $(filter $(EMU_LABS),$(SELECTED))
	$(Q)labs=$$(for l in $(SELECTED); do [ -n "$$(autograder/tests/selftest-sample.sh --gpu-free $$l)" ] && echo $$l; done); \
		[ -z "$$labs" ] || SELFTEST_PATCHES="$$(autograder/tests/selftest-sample.sh --gpu-free $$labs | tr "\n" " ")" \
		SELFTEST_OUT=$(BUILD)/selftest-nvcc autograder/tests/selftest.sh $$labs

# ---------------------------------------------------------------- top-level targets
.PHONY: all test test-slow grade grade-class run movie skeletons handouts docs bench bench-cpu sanitize selftest sass release format \
	check-format clean deps-grade deps-png deps-test \
	check-skeletons test-units test-grade emu-test emu-grade selftest-emu selftest-sample graders emu-graders FORCE

all: $(LAYOUT_SH) $(LIBCOMMON) $(SKELGEN) $(REPORT) $(PNG2GIF) $(TEST_COMMON) $(TEST_TOOLS) $(EMU_TESTS) $(GPU_TESTS) \
	$(EMU_SANITIZER_TEST) $(EMU_SANITIZER_TEST_PLAIN) $(GPU_SANITIZER_TEST) \
	$(EMU_RENDER_TEST) $(GPU_RENDER_TEST) \
	$(call lab_targets,solutions) $(call lab_targets,labs)

deps-test:
	@$(DEPS) criterion libpng pandoc doxygen gnuplot sgp4

# What make skeletons last wrote into labs/ (a hash a file): a file of labs/ that has
# changed since is somebody's work (a student filling in the TODOs of a clone), never
# overwritten (FORCE=1 keeps it as FILE.mine first); the drift check counts it only in
# the course's own checkout (STRICT_SKELETONS=1, as CI runs it).
SKEL_MANIFEST := autograder/tools/skelgen/labs.manifest
skeletons: $(SKELGEN)
	$(Q)$(SKELGEN) generate solutions labs --manifest $(SKEL_MANIFEST) $(if $(FORCE),--force)

HAVE_SOLUTIONS := $(wildcard solutions)

check-skeletons: $(SKELGEN)
ifdef HAVE_SOLUTIONS
	$(call say,CHECK,labs/ against solutions/$(if $(STRICT_SKELETONS), (strict: no edits of anybody's in labs/)))
	$(Q)$(SKELGEN) check solutions labs --manifest $(SKEL_MANIFEST) $(if $(STRICT_SKELETONS),--strict)
else
	@echo "no solutions/ here (a student release): skeleton drift check skipped"
endif

test-units: $(TEST_COMMON) $(TEST_TOOLS) $(EMU_TESTS) $(EMU_RENDER_TEST) $(EMU_SANITIZER_TEST) \
		$(EMU_SANITIZER_TEST_PLAIN)
	$(Q)autograder/tests/run-criterion.sh $(TEST_COMMON)
	$(Q)autograder/tests/run-criterion.sh $(TEST_TOOLS)
	$(Q)$(foreach t,$(EMU_TESTS),$(t) &&) true
	$(Q)$(EMU_RENDER_TEST)
	$(Q)autograder/emu/tests/sanitizer-test.sh $(EMU_SANITIZER_TEST) $(EMU_SANITIZER_TEST_PLAIN)

# The grader on solutions/ must lose nothing (GPU tests skip without a GPU); on the
# skeletons it must finish with a report, no test hanging. make test leaves out the
# suites that take minutes emulated (TEST_GRADE_FILTER); make test-slow runs them all.
TEST_GRADE_FILTER ?= !(forces/*|step/*|modular/*|grouped/*|auto/correct)
# (their reports go to build/test-grade/, never to build/grade/, a student's own grade)
test-grade: all
	$(Q)$(if $(HAVE_SOLUTIONS),$(MAKE) --no-print-directory grade SUBMISSION=solutions STRICT=1 \
		GRADE_DIR=$(BUILD)/test-grade/solutions $(if $(TEST_GRADE_FILTER),FILTER='$(TEST_GRADE_FILTER)'))
	$(Q)$(MAKE) --no-print-directory grade SUBMISSION=labs SKELETON_CHECK=1 \
		GRADE_DIR=$(BUILD)/test-grade/labs $(if $(TEST_GRADE_FILTER),FILTER='$(TEST_GRADE_FILTER)')

# Host C is kept formatted; the kernels' solution files keep their markers at column 0,
# where clang-format would indent them, so they are left out, as is write_glue.py's output
# checked in as an example (autograder/runner/example/: byte for byte write_glue.py's).
FORMATTED = $(filter-out autograder/runner/example/%,$(shell git ls-files 'autograder/*.c' \
	'autograder/*.h' 'common/*.c' 'common/*.h' 'solutions/*/driver.c' 'solutions/*/*.h' 2>/dev/null))
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
	"autograder/tests/formula-test.sh" "autograder/tests/xref-test.sh" "autograder/tests/glue-test.sh" "autograder/tests/sanitize-test.sh" "autograder/tests/nvtx-test.sh" \
	"env CUDA_HOME=$(CUDA_HOME) NVCC=$(NVCC) autograder/tests/verdict-test.sh" $(if $(HAVE_SOLUTIONS),"autograder/tests/patch-test.sh" "autograder/tests/api-test.sh") \
	"$(MAKE) --no-print-directory handouts docs" "$(MAKE) --no-print-directory test-grade" \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/report-test.sh $(MAKE)") "autograder/tests/movie-test.sh $(MAKE)" \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/release-test.sh $(MAKE) quick")
TEST_SLOW_PARTS := "$(MAKE) --no-print-directory all" \
	"$(MAKE) --no-print-directory test-grade TEST_GRADE_FILTER=" \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/attack-test.sh $(MAKE)") \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/release-test.sh $(MAKE) unpacked") \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/new-lab-test.sh $(MAKE)") \
	"$(MAKE) --no-print-directory selftest-sample" \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/class-test.sh $(MAKE)") \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/slurm-test.sh $(MAKE)") \
	$(if $(HAVE_SOLUTIONS),"autograder/tests/browser-test.sh $(MAKE)")
# $(2): the budget, in seconds on two cores from a fresh clone (autograder/DEVELOPING.md)
run_parts = t0=$$SECONDS; times=(); for part in $(1); do t=$$SECONDS; \
		$$part || { echo "make $@: failed in: $$part"; exit 1; }; \
		times+=("$$(printf '%5ds  %s' $$((SECONDS - t)) "$${part\#$(MAKE) --no-print-directory }")"); \
	done; printf 'make $@: %s\n' "$${times[@]}"; \
	echo "make $@: all passed in $$((SECONDS - t0)) s, $$([ $$((SECONDS - t0)) -le $(2) ] && echo within || \
		echo OVER) its budget of $(2) s"
test: deps-test
	+$(Q)$(call run_parts,$(TEST_PARTS),300)
test-slow: deps-test
	@$(DEPS) slurm chromium
	+$(Q)$(call run_parts,$(TEST_SLOW_PARTS),1200)

# make grade, run, sanitize and sass (and deps-grade, deps-png): the same in the release
include autograder/make/grade.mk

selftest: deps-grade $(REPORT)
ifdef HAVE_SOLUTIONS
	$(Q)autograder/tests/selftest.sh $(SELECTED)
else
	@echo "no solutions/ here (a student release): the grader's self-check needs them, skipped"
endif

# The student release of lab LAB (UPTO=1: of labs 01 to LAB), its grader prebuilt
# (autograder/instructor/release/make-release.sh says what ships and what never does). PASSED
# lists the labs whose deadline is over, whose answers a later lab's given code may hold.
release: deps-grade
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make release LAB=NN [UPTO=1] [PASSED=01,02] (labs: $(LABS_ALL))"; exit 2; }
	$(Q)$(MAKE) --no-print-directory SUBMISSION=solutions $(LIBCOMMON) $(SKELGEN) \
		$(foreach l,$(LABS_ALL),$(call grader_bin,solutions,$(l)) $(call points_bin,solutions,$(l)) \
		$(if $(filter $(l),$(EMU_LABS)),$(call emu_bin,solutions,$(l)) $(call emu_points_bin,solutions,$(l)))) $(LAYOUT_SH)
	$(eval rel_name := particle-labs-$(if $(UPTO),labs-01-to-$(LAB),lab-$(LAB)))
	$(Q)autograder/instructor/release/make-release.sh $(BUILD)/release/$(rel_name) "$(LAB)" "$(UPTO)" "$(PASSED)"
	$(Q)tar czf $(BUILD)/$(rel_name).tar.gz -C $(BUILD)/release $(rel_name)
	@echo "release: $(BUILD)/$(rel_name).tar.gz"

CLASS_OUT ?= $(BUILD)/class
grade-class: deps-grade $(REPORT)
	@test -n "$(DIR)" -a -d "$(DIR)" || { echo "usage: make grade-class DIR=folder-of-submissions [LAB=NN] [SLURM=1] [ROSTER=roster.csv]"; exit 2; }
	$(Q)REPORT=$(REPORT) autograder/instructor/$(if $(filter 1,$(SLURM)),slurm/submit.sh,grade-class.sh) "$(DIR)" "$(CLASS_OUT)" "$(MAKE)"

# make movie: the lab's demo (MOVIE_ARGS_<lab> of its lab.mk, or ARGS) run as make run
# runs it, a frame every MOVIE_EVERY_<lab> (or EVERY) steps into build/movie/<lab>/frames, then
# autograder/tools/movie.sh makes them build/movie/<lab>.mp4 or .gif (OUT=base: base/frames,
# base.mp4). FRAMES=dir: only that last step, on the frames in dir.
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
	$(Q)$(if $(filter mp4,$(FORMAT)),{ $(DEPS) --optional ffmpeg || true; } &&) autograder/tools/movie.sh \
		$(or $(FRAMES),$(movie_dir)/frames) $(movie_dir) $(FORMAT) $(FPS) $(PNG2GIF) \
		$(if $(FRAMES),,$(movie_dir)/driver.log)

# (BENCH_SUBMISSION and needs_gpu: autograder/make/grade.mk)
bench:
	@test -n "$(LAB)" -a -n "$(SELECTED)" || { echo "usage: make bench LAB=NN (labs: $(LABS_ALL))"; exit 2; }
	$(call needs_gpu,bench,Its figures are GPU times. Without one$(,) make run LAB=$(LAB) runs the lab's driver emulated on the CPU (correctness$(,) not speed)$(,) and the handout's section Results on the H200 has the figures measured there.)
	$(Q)$(MAKE) --no-print-directory SUBMISSION=$(BENCH_SUBMISSION) \
		$(call sub_out,$(BENCH_SUBMISSION),$(SELECTED))/grader/bench_$(SELECTED)
	@mkdir -p $(BUILD)/bench/$(SELECTED)
	$(Q)$(call sub_out,$(BENCH_SUBMISSION),$(SELECTED))/grader/bench_$(SELECTED) \
		$(BUILD)/bench/$(SELECTED) $(ARGS)
	$(Q)handouts/plot.sh $(SELECTED) $(BUILD)/bench/$(SELECTED) $(BUILD)/bench/$(SELECTED)

# the CPU bench of a lab that has one (autograder/NN-name/peers/bench-cpu.sh): no GPU
bench-cpu:
	@test -x autograder/$(SELECTED)/peers/bench-cpu.sh || { echo "usage: make bench-cpu LAB=06 (the one lab with a CPU bench)"; exit 2; }
	$(Q)autograder/$(SELECTED)/peers/bench-cpu.sh $(BUILD)/bench/$(SELECTED)

# (make clean: autograder/make/layout.mk)

