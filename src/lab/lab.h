/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lab.h: the lab.  A student's C file (create_dfs, solve_dfs or solve_bfs
 * written against bitmaze-lab.h) is compiled with the system's C compiler,
 * run confined in bitmaze-lab-runner on a set of mazes, its steps
 * recorded, and checked (docs/lab.md).  GLib and the engine; no GTK, so
 * the CLI and the app share it.
 */
#pragma once

#include <gio/gio.h>

#include "maze.h"
#include "lab-protocol.h"

G_BEGIN_DECLS

typedef enum
{
  LAB_TASK_CREATE_DFS,
  LAB_TASK_SOLVE_DFS,
  LAB_TASK_SOLVE_BFS,
  LAB_N_TASKS
} LabTask;

/* "create_dfs", "solve_dfs", "solve_bfs": the function's name. */
const char *lab_task_name      (LabTask     task);
/* The task of @name, or -1. */
int         lab_task_from_name (const char *name);
/* The task whose function @source defines ("void solve_bfs (void)"), or
 * -1 when it defines none or several. */
int         lab_task_guess     (const char *source);

/* The files `lab new` writes: "bitmaze-lab.h", or the starter of a task
 * ("solve_bfs.c"); NULL for another name. */
GBytes     *lab_file           (const char *name);

#define LAB_ERROR (lab_error_quark ())
GQuark lab_error_quark (void);

typedef enum
{
  LAB_ERROR_NO_COMPILER, /* no `cc` */
  LAB_ERROR_COMPILE,     /* the compiler refused the file */
  LAB_ERROR_RUNNER,      /* bitmaze-lab-runner is missing or failed */
  LAB_ERROR_CANCELLED,
} LabErrorCode;

/* The limits of one run; lab_limits_init() sets the documented values. */
typedef struct
{
  guint cpu_seconds;    /* CPU time */
  guint wall_seconds;   /* wall-clock time-out */
  guint memory_mb;      /* address space */
} LabLimits;

#define LAB_CPU_SECONDS    2
#define LAB_WALL_SECONDS   4
#define LAB_MEMORY_MB      256
#define LAB_COMPILE_SECONDS 60

void lab_limits_init (LabLimits *limits);

/* One changed word. */
typedef struct
{
  guint32 index;
  guint16 word;
} LabWord;

/* A recorded run: the steps (each the words that changed), how it ended,
 * and what the program printed. */
typedef struct
{
  guint         width;
  guint         height;
  guint         start;
  guint         goal;
  guint16      *initial;     /* width * height words before the run */
  GArray       *ends;        /* guint: the end of step k's words in @words */
  GArray       *words;       /* LabWord */
  gboolean      partial;     /* the last step holds words written after the
                              * last refresh_maze_view () */
  LabFaultCode  fault;
  char         *detail;      /* the fault's detail (a name, a number) */
  char         *output;      /* what it printed (cut at 16 KiB) */
  double        seconds;     /* wall-clock time of the run */
} LabTrace;

void      lab_trace_free    (LabTrace *trace);
guint     lab_trace_n_steps (const LabTrace *trace);
/* The words after @n_steps steps (0: the initial maze); g_free() it.
 * With @last_step, also the step that last changed each cell (0: none). */
guint16  *lab_trace_state   (const LabTrace *trace,
                             guint           n_steps,
                             guint         **last_step);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LabTrace, lab_trace_free)

/* Bitmaze's own run of @task on @maze in the tutorial's neighbour order
 * (W, S, E, N) with random_int () seeded by @seed. */
LabTrace *lab_reference (LabTask     task,
                         const Maze *maze,
                         guint64     seed);

/* The number random_int (n) gives with *@state, as the runner does. */
int       lab_random_int (guint64 *state,
                          int      n);

/* The most steps a run of @task on @maze may take before it counts as an
 * endless loop. */
guint     lab_max_steps  (LabTask     task,
                          const Maze *maze);

/**
 * lab_compile:
 * @source: the student's .c file
 * @dir: a private folder for the build (the file is copied into it, next
 *       to bitmaze-lab.h, so the compiler's messages name it by its name)
 * @messages: (out): the compiler's messages (also on success: warnings)
 *
 * Returns: the path of the library built, or NULL with LAB_ERROR_COMPILE
 * (@messages says why), LAB_ERROR_NO_COMPILER or a file error.
 */
char     *lab_compile    (const char   *source,
                          const char   *dir,
                          char        **messages,
                          GCancellable *cancellable,
                          GError      **error);

/* Removes @dir, a folder made for lab_compile () (g_dir_make_tmp ()), and
 * the files in it; nothing is left behind of a build.  NULL: nothing. */
void      lab_remove_dir (const char *dir);

/* Runs @task of @library on @maze in bitmaze-lab-runner under @limits.
 * Returns the trace (its fault says how it ended), or NULL with
 * LAB_ERROR_RUNNER or LAB_ERROR_CANCELLED. */
LabTrace *lab_run        (const char      *library,
                          LabTask          task,
                          const Maze      *maze,
                          guint64          seed,
                          const LabLimits *limits,
                          GCancellable    *cancellable,
                          GError         **error);

/* ---- lab check ---- */

/* One check's result, in check50's shape. */
typedef struct
{
  const char *name;        /* "compiles", "backtrack", ... */
  char       *description; /* in the user's language */
  gboolean    required;
  int         passed;      /* 1, 0, or -1: not judged (an earlier check failed) */
  char       *rationale;   /* why not, or NULL */
  char       *help;        /* a hint, or NULL */
  gint64      step;        /* the step involved (1 = the first), or -1 */
  gint64      cell;        /* the cell involved, or -1 */
  int         x, y;        /* its column and row */
  char       *maze;        /* the maze it happened on ("maze 2, 15×10"), or NULL */
  char       *details;     /* more lines (the words, what the program printed), or NULL */
} LabResult;

typedef struct
{
  LabTask    task;
  char      *file;
  GPtrArray *results;      /* LabResult */
  double     seconds;
} LabReport;

void      lab_report_free   (LabReport *report);
/* Did every required check pass? */
gboolean  lab_report_passed (const LabReport *report);
/* The first required check that did not pass, or NULL. */
const LabResult *lab_report_first_failure (const LabReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LabReport, lab_report_free)

/* Called after each maze run with the runs done and the runs in all. */
typedef void (*LabProgressFunc) (guint    done,
                                 guint    total,
                                 gpointer data);

/* Compiles @source in a private temporary folder, runs @task on the lab's
 * mazes and checks every run.  Never NULL: a compile error, a crash, a
 * time-out are results.  LAB_ERROR_NO_COMPILER, LAB_ERROR_RUNNER and a
 * source that cannot be read set @error and return NULL. */
LabReport *lab_check (const char      *source,
                      LabTask          task,
                      LabProgressFunc  progress,
                      gpointer         data,
                      GCancellable    *cancellable,
                      GError         **error);

/* The first step where @student's words differ from @reference's (Bitmaze's
 * run of the same task on the same maze), as lab check's "matches" says
 * it: *@step (1 = the first; may be one past @student's last step when
 * its run ended early), *@cell (-1 when the difference is the number of
 * steps), *@rationale (one line) and *@explanation (the explainer's
 * lines, or NULL).  FALSE when the runs agree. */
gboolean  lab_first_difference (const LabTrace *reference,
                                const LabTrace *student,
                                gint64         *step,
                                gint64         *cell,
                                char          **rationale,
                                char          **explanation);

/* How a run of @trace ended when it did not finish, in lab check's words
 * ("your code crashed (SIGSEGV) after step 3"), with a hint in *@help
 * and the last words written in *@details (either may be NULL); NULL
 * when it finished. */
char     *lab_describe_fault   (const LabTrace  *trace,
                                LabTask          task,
                                const LabLimits *limits,
                                char           **help,
                                char           **details);

/* The check's explanation of how @written differs from @expected, one
 * line in the user's language ("backtrack nibble: E written, W expected:
 * the opposite direction"). */
char *lab_explain_words (guint16 expected,
                         guint16 written);

G_END_DECLS
