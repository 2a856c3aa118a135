# The toolchain and the flags every build of the labs uses: the course's Makefile and
# the student release's (autograder/instructor/release/Makefile) both include this file.
NVCC ?= $(or $(shell command -v nvcc 2>/dev/null),$(wildcard /usr/local/cuda/bin/nvcc))
# nvcc may be a wrapper script (/usr/local/bin/nvcc on some machines), so ask nvcc
# itself where its toolkit is rather than guessing from its path.
ifndef CUDA_HOME
CUDA_HOME := $(or $(realpath $(shell $(NVCC) --dryrun -x cu -c /dev/null -o /dev/null 2>&1 | \
	sed -n 's/^#\$$ TOP=//p' | head -n 1)),$(patsubst %/bin/nvcc,%,$(realpath $(NVCC))))
endif
CC := gcc
AR := ar

# Goals that never compile CUDA: they work on a machine without the toolkit.
NO_NVCC_GOALS := clean skeletons check-skeletons docs handouts format check-format
NEEDS_NVCC := $(filter-out $(NO_NVCC_GOALS),$(or $(MAKECMDGOALS),all))

ifeq ($(strip $(NVCC))$(if $(NEEDS_NVCC),,x),)
$(error nvcc not found on PATH or in /usr/local/cuda/bin: install the CUDA Toolkit (https://developer.nvidia.com/cuda-downloads) or pass NVCC=/path/to/nvcc)
endif

# Without a GPU nothing built here runs on one, so one architecture is enough to check
# that every kernel compiles (and it halves nvcc's work); a student release must run on
# the students' GPUs, so make release builds sm_80 and sm_90 unless ARCH= says otherwise.
ifdef ARCH
ARCH_FLAGS := -arch=$(ARCH)
ARCH_DESC := $(ARCH) (from ARCH=)
else ifeq ($(shell nvidia-smi -L 2>/dev/null | grep -c '^GPU'),0)
ifneq ($(filter release,$(MAKECMDGOALS)),)
ARCH_FLAGS := -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]
ARCH_DESC := sm_80 and sm_90, plus compute_90 PTX (no GPU visible: a release runs on the students' GPUs)
else
ARCH_FLAGS := -arch=sm_90
ARCH_DESC := sm_90 only (no GPU visible: nothing built here runs on one; make release builds sm_80 and sm_90)
endif
else
# The visible GPU's compute capability from nvidia-smi, once: nvcc's own -arch=native
# asks the driver in every one of a parallel build's nvcc processes, and on the lent
# H100 of 2026-12-05 they answered "Cannot find valid GPU for '-arch=native', default
# arch is used" (PTX for the oldest architecture, compiled by the driver at run time).
GPU_CAP := $(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d '. ')
GPU_NAME := $(shell nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1)
ifeq ($(shell echo '$(GPU_CAP)' | grep -cE '^[0-9]{2,3}$$'),1)
ARCH_FLAGS := -gencode arch=compute_$(GPU_CAP),code=[sm_$(GPU_CAP),compute_$(GPU_CAP)]
ARCH_DESC := sm_$(GPU_CAP), the visible GPU ($(GPU_NAME))
else
ARCH_FLAGS := -arch=native
ARCH_DESC := native, the visible GPU ($(GPU_NAME)), as nvcc detects it
endif
endif

ifneq ($(NEEDS_NVCC),)
ifeq ($(MAKELEVEL),0)
$(info particle-labs: nvcc $(NVCC), building for $(ARCH_DESC))
endif
endif

WARN := -Wall -Wextra
CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -g $(WARN) -Werror -MMD -MP
# Student code: warnings shown, never fatal (a warning must not cost a whole lab).
CUFLAGS := -std=c++17 -O3 -g -lineinfo -Xcompiler "-Wall" -MMD -MP
# common/: the helpers every lab uses; common/NN-lab/: the helpers of one lab;
# common/reference/: the CPU references and GPU baselines, which transcribe exercises
# (a student release ships them compiled)
COMMON_LAB_DIRS := $(wildcard common/[0-9][0-9]-*)
CPPFLAGS := -Icommon $(addprefix -I,$(COMMON_LAB_DIRS)) -Icommon/reference -I$(CUDA_HOME)/include
LDLIBS := -lm

ifeq ($(V),1)
Q :=
say = @true
else
Q := @
say = @printf '  %-6s %s\n' $(1) "$(2)"
endif

