/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lab-protocol.h: what bitmaze-lab-runner and its parent say to each
 * other.  Both are built together: native byte order, no versions.
 *
 * Standard input: a LabRunnerHeader, then width * height uint16_t words.
 * fd 3 (LAB_FD_STEPS): records, each a LabRecord byte and its body:
 *   LAB_REC_STEP, LAB_REC_PENDING: uint32_t n, then n times
 *       { uint32_t index; uint16_t word; } (the words that changed);
 *   LAB_REC_FAULT: uint32_t code (LabFaultCode), uint32_t length, the text;
 *   LAB_REC_DONE: nothing.
 */
#pragma once

#include <stdint.h>

#define LAB_MAGIC       0x4241414Cu /* "LAAB" */
#define LAB_FD_STEPS    3
#define LAB_MAX_CELLS   (1u << 20)

/* The runner's exit status when it reported a fault, or lost its parent. */
#define LAB_EXIT_FAULT       70
#define LAB_EXIT_PARENT_GONE 71

typedef struct
{
  uint32_t magic;
  uint32_t width;
  uint32_t height;
  uint32_t start;
  uint32_t goal;
  uint32_t max_steps;
  uint64_t seed;
} LabRunnerHeader;

enum
{
  LAB_REC_STEP    = 'S', /* refresh_maze_view () */
  LAB_REC_PENDING = 'P', /* written after the last refresh_maze_view () */
  LAB_REC_FAULT   = 'F',
  LAB_REC_DONE    = 'D',
};

typedef enum
{
  LAB_FAULT_NONE = 0,
  LAB_FAULT_SIGNAL,   /* a crash: the signal's number */
  LAB_FAULT_SYSCALL,  /* a system call the filter refuses: its name */
  LAB_FAULT_MEMORY,   /* an allocation above the limit: its size */
  LAB_FAULT_LOAD,     /* dlopen () failed: dlerror () */
  LAB_FAULT_NO_TASK,  /* the library has no such function */
  LAB_FAULT_STEPS,    /* more refresh_maze_view () calls than allowed */
  LAB_FAULT_RANDOM,   /* random_int (n) with n < 1: n */
  LAB_FAULT_CPU,      /* the CPU-time limit */
  LAB_FAULT_SETUP,    /* the runner could not set itself up */
  /* found by the parent, never sent */
  LAB_FAULT_TIMEOUT,  /* the wall-clock limit */
  LAB_FAULT_EXIT,     /* ended without finishing the task (exit (), a bad record) */
  LAB_FAULT_OUTPUT,   /* too many words written */
} LabFaultCode;
