/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * lab-exec.c: the tasks, the files of `lab new`, compiling a student's
 * file and running it in bitmaze-lab-runner.
 */
#include "lab-config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <glib-unix.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lab.h"
#include "lab-private.h"
#include "lab-resources.h"

#define LAB_OUTPUT_MAX (16 * 1024)
/* More words than this in one run is no maze solver. */
#define LAB_WORDS_MAX  (8u << 20)

G_DEFINE_QUARK (bitmaze-lab-error-quark, lab_error)

static const char *const task_names[LAB_N_TASKS] = {
  "create_dfs", "solve_dfs", "solve_bfs",
};

const char *
lab_task_name (LabTask task)
{
  g_return_val_if_fail (task < LAB_N_TASKS, NULL);
  return task_names[task];
}

int
lab_task_from_name (const char *name)
{
  for (int k = 0; k < LAB_N_TASKS; k++)
    if (g_strcmp0 (name, task_names[k]) == 0)
      return k;
  return -1;
}

int
lab_task_guess (const char *source)
{
  int found = -1;

  for (int k = 0; k < LAB_N_TASKS; k++)
    {
      g_autofree char *pattern =
        g_strdup_printf ("\\bvoid\\s+%s\\s*\\(\\s*(void)?\\s*\\)\\s*\\{", task_names[k]);

      if (g_regex_match_simple (pattern, source, G_REGEX_MULTILINE, 0))
        {
          if (found >= 0)
            return -1;
          found = k;
        }
    }
  return found;
}

GBytes *
lab_file (const char *name)
{
  g_autofree char *path = NULL;

  if (strchr (name, '/') != NULL)
    return NULL;
  path = g_strconcat ("/io/github/bitmaze/lab/", name, NULL);
  return g_resources_lookup_data (path, 0, NULL);
}

void
lab_limits_init (LabLimits *limits)
{
  limits->cpu_seconds = LAB_CPU_SECONDS;
  limits->wall_seconds = LAB_WALL_SECONDS;
  limits->memory_mb = LAB_MEMORY_MB;
}

int
lab_random_int (guint64 *state,
                int      n)
{
  guint64 z = (*state += 0x9E3779B97F4A7C15ull);

  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (int) ((z >> 32) % (guint64) n);
}

guint
lab_max_steps (LabTask     task,
               const Maze *maze)
{
  /* DFS takes at most two steps a cell, BFS one plus the path */
  return 20 * maze_n_cells (maze) + 1000;
}

/* ---- traces ---- */

void
lab_trace_free (LabTrace *trace)
{
  if (trace == NULL)
    return;
  g_free (trace->initial);
  g_array_unref (trace->ends);
  g_array_unref (trace->words);
  g_free (trace->detail);
  g_free (trace->output);
  g_free (trace);
}

guint
lab_trace_n_steps (const LabTrace *trace)
{
  return trace->ends->len;
}

guint16 *
lab_trace_state (const LabTrace *trace,
                 guint           n_steps,
                 guint         **last_step)
{
  guint n_cells = trace->width * trace->height;
  guint16 *state = g_memdup2 (trace->initial, n_cells * sizeof (guint16));
  guint begin = 0;

  if (last_step != NULL)
    *last_step = g_new0 (guint, n_cells);
  n_steps = MIN (n_steps, trace->ends->len);
  for (guint k = 0; k < n_steps; k++)
    {
      guint end = g_array_index (trace->ends, guint, k);

      for (guint j = begin; j < end; j++)
        {
          const LabWord *w = &g_array_index (trace->words, LabWord, j);

          state[w->index] = w->word;
          if (last_step != NULL)
            (*last_step)[w->index] = k + 1;
        }
      begin = end;
    }
  return state;
}

LabTrace *
lab_trace_new (const Maze *maze)
{
  LabTrace *trace = g_new0 (LabTrace, 1);

  trace->width = maze_width (maze);
  trace->height = maze_height (maze);
  trace->start = maze_start (maze);
  trace->goal = maze_goal (maze);
  trace->initial = g_memdup2 (maze_cells_const (maze),
                              maze_n_cells (maze) * sizeof (guint16));
  trace->ends = g_array_new (FALSE, FALSE, sizeof (guint));
  trace->words = g_array_new (FALSE, FALSE, sizeof (LabWord));
  return trace;
}

/* ---- running a program under limits ---- */

static void
close_fd (int *fd)
{
  if (*fd >= 0)
    g_close (*fd, NULL);
  *fd = -1;
}

typedef struct
{
  guint cpu_seconds;
  guint memory_mb;
  guint file_mb;
} ChildLimits;

/* In the child, between fork () and exec (): its own process group, so
 * that a time-out kills everything it started, and the limits.  Only
 * async-signal-safe calls. */
static void
child_setup (gpointer data)
{
  const ChildLimits *limits = data;
  struct rlimit rl;

  setpgid (0, 0);
  rl.rlim_cur = limits->cpu_seconds;
  rl.rlim_max = limits->cpu_seconds + 1;
  setrlimit (RLIMIT_CPU, &rl);
  rl.rlim_cur = rl.rlim_max = (rlim_t) limits->memory_mb << 20;
  setrlimit (RLIMIT_AS, &rl);
  rl.rlim_cur = rl.rlim_max = (rlim_t) limits->file_mb << 20;
  setrlimit (RLIMIT_FSIZE, &rl);
  rl.rlim_cur = rl.rlim_max = 0;
  setrlimit (RLIMIT_CORE, &rl);
}

typedef struct
{
  GPid        pid;
  int         status;
  gboolean    timed_out;
  gboolean    cancelled;
  gboolean    too_much;   /* @on_steps said stop */
  GString    *output;     /* stdout and stderr, cut at LAB_OUTPUT_MAX */
  GByteArray *steps;      /* what came on fd 3, not yet taken by @on_steps */
} Child;

/* Takes what it can from @bytes; returns FALSE to stop the child. */
typedef gboolean (*StepsFunc) (GByteArray *bytes,
                               gpointer    data);

/* Spawns @argv in @cwd under @limits, feeds it @input, collects its output
 * (and fd 3 when @on_steps) until it ends or @seconds pass, then kills its
 * process group and reaps it. */
static gboolean
run_child (const char *const *argv,
           const char        *cwd,
           gboolean           search_path,
           const ChildLimits *limits,
           GBytes            *input,
           StepsFunc          on_steps,
           gpointer           data,
           guint              seconds,
           GCancellable      *cancellable,
           Child             *child,
           GError           **error)
{
  int out_pipe[2] = { -1, -1 }, steps_pipe[2] = { -1, -1 };
  int source_fds[1], target_fds[1];
  int in_fd = -1;
  gsize in_len = 0, in_done = 0;
  const guint8 *in_data = input != NULL ? g_bytes_get_data (input, &in_len) : NULL;
  gint64 deadline = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;
  gboolean out_open = TRUE, steps_open = on_steps != NULL;
  GSpawnFlags flags = G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_CLOEXEC_PIPES;

  memset (child, 0, sizeof *child);
  child->output = g_string_new (NULL);
  child->steps = g_byte_array_new ();
  if (!g_unix_open_pipe (out_pipe, FD_CLOEXEC, error)
      || (on_steps != NULL && !g_unix_open_pipe (steps_pipe, FD_CLOEXEC, error)))
    goto fail;
  source_fds[0] = steps_pipe[1];
  target_fds[0] = LAB_FD_STEPS;
  if (search_path)
    flags |= G_SPAWN_SEARCH_PATH;
  if (!g_spawn_async_with_pipes_and_fds (cwd, argv, NULL, flags,
                                         child_setup, (gpointer) limits,
                                         -1, out_pipe[1], out_pipe[1],
                                         source_fds, target_fds,
                                         on_steps != NULL ? 1 : 0,
                                         &child->pid,
                                         input != NULL ? &in_fd : NULL,
                                         NULL, NULL, error))
    goto fail;
  g_close (out_pipe[1], NULL);
  out_pipe[1] = -1;
  if (steps_pipe[1] >= 0)
    {
      g_close (steps_pipe[1], NULL);
      steps_pipe[1] = -1;
    }
  if (in_fd >= 0)
    g_unix_set_fd_nonblocking (in_fd, TRUE, NULL);
  if (input == NULL || in_len == 0)
    close_fd (&in_fd);

  while (out_open || steps_open)
    {
      struct pollfd fds[3];
      int n = 0, out_i = -1, steps_i = -1, in_i = -1;
      gint64 now = g_get_monotonic_time ();
      int r;

      if (now >= deadline)
        {
          child->timed_out = TRUE;
          break;
        }
      if (g_cancellable_is_cancelled (cancellable))
        {
          child->cancelled = TRUE;
          break;
        }
      if (out_open)
        {
          fds[n] = (struct pollfd) { out_pipe[0], POLLIN, 0 };
          out_i = n++;
        }
      if (steps_open)
        {
          fds[n] = (struct pollfd) { steps_pipe[0], POLLIN, 0 };
          steps_i = n++;
        }
      if (in_fd >= 0)
        {
          fds[n] = (struct pollfd) { in_fd, POLLOUT, 0 };
          in_i = n++;
        }
      r = poll (fds, (nfds_t) n, (int) MIN ((deadline - now) / 1000 + 1, 100));
      if (r < 0 && errno != EINTR)
        break;
      if (r <= 0)
        continue;
      if (in_i >= 0 && fds[in_i].revents != 0)
        {
          ssize_t w = write (in_fd, in_data + in_done, in_len - in_done);

          if (w > 0)
            in_done += (gsize) w;
          if ((w < 0 && errno != EAGAIN && errno != EINTR) || in_done == in_len)
            close_fd (&in_fd);
        }
      if (out_i >= 0 && fds[out_i].revents != 0)
        {
          char buf[4096];
          ssize_t got = read (out_pipe[0], buf, sizeof buf);

          if (got > 0 && child->output->len < LAB_OUTPUT_MAX)
            g_string_append_len (child->output, buf,
                                 MIN ((gsize) got, LAB_OUTPUT_MAX - child->output->len));
          if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
            out_open = FALSE;
        }
      if (steps_i >= 0 && fds[steps_i].revents != 0)
        {
          guint8 buf[65536];
          ssize_t got = read (steps_pipe[0], buf, sizeof buf);

          if (got > 0)
            {
              g_byte_array_append (child->steps, buf, (guint) got);
              if (!on_steps (child->steps, data))
                {
                  child->too_much = TRUE;
                  break;
                }
            }
          if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
            steps_open = FALSE;
        }
    }

  /* Whatever it started goes with it. */
  kill (-child->pid, SIGKILL);
  kill (child->pid, SIGKILL);
  while (waitpid (child->pid, &child->status, 0) < 0 && errno == EINTR)
    ;
  g_spawn_close_pid (child->pid);
  close_fd (&in_fd);
  close_fd (&out_pipe[0]);
  close_fd (&steps_pipe[0]);
  return TRUE;

fail:
  for (int k = 0; k < 2; k++)
    {
      close_fd (&out_pipe[k]);
      close_fd (&steps_pipe[k]);
    }
  return FALSE;
}

static void
child_clear (Child *child)
{
  if (child->output != NULL)
    g_string_free (child->output, TRUE);
  if (child->steps != NULL)
    g_byte_array_unref (child->steps);
  memset (child, 0, sizeof *child);
}

/* Text a student's program or the compiler wrote, as it may be shown on
 * a terminal or put in JSON: valid UTF-8, and every control character
 * but the newline and the tab as "\\x1b", so that it cannot send escape
 * sequences to the teacher's terminal. */
static char *
shown_text (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_c (out, (char) c);
    }
  return g_string_free (out, FALSE);
}

static char *
take_shown (GString *log)
{
  g_autofree char *text = g_string_free (log, FALSE);

  return shown_text (text);
}

/* ---- compiling ---- */

/* A line of the source the lab refuses before the compiler sees it, or
 * NULL.  The compiler reads what the user can read: an #include of any
 * file, or an assembler's .incbin, would bring a file's bytes into the
 * messages or the program.  The file may include the C library's headers
 * (<name.h>) and "bitmaze-lab.h", and no assembler. */
static char *
refused_line (const char *text,
              guint      *line_number)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GRegex) include = g_regex_new ("^\\s*#\\s*include\\b", 0, 0, NULL);
  g_autoptr (GRegex) allowed =
    g_regex_new ("^\\s*#\\s*include\\s*(<[A-Za-z0-9_]+(/[A-Za-z0-9_]+)*\\.h>"
                 "|\"bitmaze-lab\\.h\")\\s*(//.*|/\\*.*)?$", 0, 0, NULL);
  g_autoptr (GRegex) assembler =
    g_regex_new ("\\b(asm|__asm|__asm__|incbin)\\b|^\\s*#\\s*(embed|line)\\b|\\\\$",
                 0, 0, NULL);

  for (guint k = 0; lines[k] != NULL; k++)
    if ((g_regex_match (include, lines[k], 0, NULL)
         && !g_regex_match (allowed, lines[k], 0, NULL))
        || g_regex_match (assembler, lines[k], 0, NULL))
      {
        *line_number = k + 1;
        return g_strdup (lines[k]);
      }
  return NULL;
}

/* Runs one step of the build in @dir; FALSE with @error set when it
 * failed (its messages appended to @log). */
static gboolean
build_step (const char *const *argv,
            const char        *dir,
            GString           *log,
            gboolean          *ok,
            GCancellable      *cancellable,
            GError           **error)
{
  const ChildLimits limits = { LAB_COMPILE_SECONDS, 2048, 256 };
  Child child;

  if (!run_child (argv, dir, TRUE, &limits, NULL, NULL, NULL,
                  LAB_COMPILE_SECONDS, cancellable, &child, error))
    return FALSE;
  g_string_append (log, child.output->str);
  if (child.cancelled)
    {
      child_clear (&child);
      g_set_error_literal (error, LAB_ERROR, LAB_ERROR_CANCELLED, _("cancelled"));
      return FALSE;
    }
  if (child.timed_out)
    {
      child_clear (&child);
      g_set_error (error, LAB_ERROR, LAB_ERROR_COMPILE,
                   _("the compiler took more than %u s"), LAB_COMPILE_SECONDS);
      return FALSE;
    }
  *ok = WIFEXITED (child.status) && WEXITSTATUS (child.status) == 0;
  child_clear (&child);
  return TRUE;
}

void
lab_remove_dir (const char *dir)
{
  g_autoptr (GDir) d = NULL;
  const char *name;

  if (dir == NULL)
    return;
  d = g_dir_open (dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

char *
lab_compile (const char   *source,
             const char   *dir,
             char        **messages,
             GCancellable *cancellable,
             GError      **error)
{
  g_autofree char *text = NULL;
  g_autofree char *base = g_path_get_basename (source);
  g_autofree char *copy = NULL;
  g_autofree char *header_path = g_build_filename (dir, "bitmaze-lab.h", NULL);
  g_autofree char *library = g_build_filename (dir, "lab-task.so", NULL);
  g_autofree char *refused = NULL;
  g_autoptr (GBytes) header = lab_file ("bitmaze-lab.h");
  g_autofree char *cc = g_find_program_in_path ("cc");
  GString *log = g_string_new (NULL);
  gboolean ok = FALSE;
  guint line = 0;
  gsize len;

  *messages = NULL;
  if (cc == NULL)
    {
      g_string_free (log, TRUE);
      g_set_error (error, LAB_ERROR, LAB_ERROR_NO_COMPILER,
                   _("there is no C compiler ('cc'): install one, e.g. "
                     "'apt install gcc'"));
      return NULL;
    }
  if (!g_file_get_contents (source, &text, &len, error))
    {
      g_string_free (log, TRUE);
      return NULL;
    }
  /* The student's copy of the header is not used: the one compiled is
   * the lab's own, beside the file. */
  if (g_str_equal (base, "bitmaze-lab.h") || !g_str_has_suffix (base, ".c")
      || base[0] == '-')
    {
      g_free (base);
      base = g_strdup ("student.c");
    }
  refused = refused_line (text, &line);
  if (refused != NULL)
    {
      g_autofree char *shown = shown_text (refused);

      g_string_append_printf (log, "%s:%u: %s\n", base, line, shown);
      *messages = take_shown (log);
      g_set_error (error, LAB_ERROR, LAB_ERROR_COMPILE,
                   _("line %u: the lab allows #include <header.h> of the C "
                     "library and \"bitmaze-lab.h\", and no assembler"),
                   line);
      return NULL;
    }
  copy = g_build_filename (dir, base, NULL);
  if (!g_file_set_contents (copy, text, (gssize) len, error)
      || !g_file_set_contents (header_path, g_bytes_get_data (header, NULL),
                               (gssize) g_bytes_get_size (header), error))
    {
      g_string_free (log, TRUE);
      return NULL;
    }

  {
    /* The object, then without the code a library runs when it is
     * loaded (constructors), then the library: the student's code runs
     * only once the runner has closed its filter. */
    const char *compile[] = {
      cc, "-std=gnu11", "-O1", "-g", "-fPIC", "-c", "-Wall", "-Wextra",
      "-fdiagnostics-color=never", "-o", "lab-task.o", base, NULL
    };
    const char *strip[] = {
      "objcopy", "--wildcard", "--remove-section=.init_array*",
      "--remove-section=.ctors*", "--remove-section=.preinit_array*",
      "--remove-section=.init", "lab-task.o", NULL
    };
    const char *link[] = {
      cc, "-shared", "-o", "lab-task.so", "lab-task.o", "-lm", NULL
    };

    if (!build_step (compile, dir, log, &ok, cancellable, error))
      goto fail;
    if (!ok)
      {
        g_set_error_literal (error, LAB_ERROR, LAB_ERROR_COMPILE,
                             _("the file does not compile"));
        goto fail;
      }
    if (!build_step (strip, dir, log, &ok, cancellable, error))
      goto fail;
    if (ok)
      {
        /* an ifunc's resolver would run while the library loads */
        const char *nm[] = { "nm", "-P", "lab-task.o", NULL };
        const ChildLimits limits = { LAB_COMPILE_SECONDS, 2048, 256 };
        Child child;

        if (!run_child (nm, dir, TRUE, &limits, NULL, NULL, NULL,
                        LAB_COMPILE_SECONDS, cancellable, &child, error))
          goto fail;
        ok = WIFEXITED (child.status) && WEXITSTATUS (child.status) == 0
             && !g_regex_match_simple ("^\\S+ i ", child.output->str,
                                       G_REGEX_MULTILINE, 0);
        child_clear (&child);
      }
    if (!ok)
      {
        g_set_error_literal (error, LAB_ERROR, LAB_ERROR_COMPILE,
                             _("the file defines code that would run while it "
                               "loads (an ifunc), which the lab does not "
                               "allow"));
        goto fail;
      }
    if (!build_step (link, dir, log, &ok, cancellable, error))
      goto fail;
    if (!ok)
      {
        g_set_error_literal (error, LAB_ERROR, LAB_ERROR_COMPILE,
                             _("the file does not compile"));
        goto fail;
      }
  }
  *messages = take_shown (log);
  return g_steal_pointer (&library);

fail:
  *messages = take_shown (log);
  return NULL;
}

/* ---- running ---- */

/* bitmaze-lab-runner: $BITMAZE_LAB_RUNNER, beside the program that runs
 * (the build tree), or where it is installed. */
static char *
find_runner (void)
{
  const char *env = g_getenv ("BITMAZE_LAB_RUNNER");
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  char *path;

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);

      path = g_build_filename (dir, "bitmaze-lab-runner", NULL);
      if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return path;
      g_free (path);
      /* the app lives in src/app/ of the build tree */
      path = g_build_filename (dir, "..", "lab", "bitmaze-lab-runner", NULL);
      if (g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return path;
      g_free (path);
    }
  return g_build_filename (LIBEXECDIR, "bitmaze-lab-runner", NULL);
}

typedef struct
{
  LabTrace *trace;
  gboolean  done;
} Reader;

/* Takes the complete records at the front of @bytes. */
static gboolean
read_records (GByteArray *bytes,
              gpointer    data)
{
  Reader *reader = data;
  LabTrace *trace = reader->trace;
  guint n_cells = trace->width * trace->height;
  guint pos = 0;

  while (pos < bytes->len)
    {
      guint8 kind = bytes->data[pos];

      if (kind == LAB_REC_STEP || kind == LAB_REC_PENDING)
        {
          guint32 n;

          if (bytes->len - pos < 5)
            break;
          memcpy (&n, bytes->data + pos + 1, 4);
          if (n > n_cells || trace->words->len + n > LAB_WORDS_MAX)
            {
              trace->fault = LAB_FAULT_OUTPUT;
              return FALSE;
            }
          if (bytes->len - pos < 5 + (guint64) n * 6)
            break;
          for (guint32 k = 0; k < n; k++)
            {
              LabWord w;

              memcpy (&w.index, bytes->data + pos + 5 + k * 6, 4);
              memcpy (&w.word, bytes->data + pos + 9 + k * 6, 2);
              if (w.index >= n_cells)
                {
                  trace->fault = LAB_FAULT_EXIT;
                  return FALSE;
                }
              g_array_append_val (trace->words, w);
            }
          g_array_append_val (trace->ends, trace->words->len);
          trace->partial = kind == LAB_REC_PENDING;
          pos += 5 + n * 6;
        }
      else if (kind == LAB_REC_FAULT)
        {
          guint32 code, len;

          if (bytes->len - pos < 9)
            break;
          memcpy (&code, bytes->data + pos + 1, 4);
          memcpy (&len, bytes->data + pos + 5, 4);
          if (len > 4096)
            len = 4096;
          if (bytes->len - pos < 9 + len)
            break;
          /* the student's code can write to fd 3 too: only what the
           * runner sends is taken as it is */
          trace->fault = code > LAB_FAULT_NONE && code <= LAB_FAULT_SETUP
                         ? (LabFaultCode) code : LAB_FAULT_EXIT;
          g_free (trace->detail);
          {
            g_autofree char *detail = g_strndup ((const char *) bytes->data + pos + 9, len);

            trace->detail = shown_text (detail);
          }
          pos += 9 + len;
        }
      else if (kind == LAB_REC_DONE)
        {
          reader->done = TRUE;
          pos++;
        }
      else
        {
          trace->fault = LAB_FAULT_EXIT;
          return FALSE;
        }
    }
  g_byte_array_remove_range (bytes, 0, pos);
  return TRUE;
}

LabTrace *
lab_run (const char      *library,
         LabTask          task,
         const Maze      *maze,
         guint64          seed,
         const LabLimits *limits,
         GCancellable    *cancellable,
         GError         **error)
{
  g_autofree char *runner = find_runner ();
  g_autofree char *cpu = g_strdup_printf ("%u", limits->cpu_seconds);
  g_autofree char *memory = g_strdup_printf ("%u", limits->memory_mb);
  const char *argv[] = { runner, library, lab_task_name (task), cpu, memory, NULL };
  /* The runner sets its own, tighter limits; these hold while it loads. */
  const ChildLimits child_limits = { limits->cpu_seconds, limits->memory_mb + 64, 0 };
  LabRunnerHeader header = {
    .magic = LAB_MAGIC,
    .width = maze_width (maze),
    .height = maze_height (maze),
    .start = maze_start (maze),
    .goal = maze_goal (maze),
    .max_steps = lab_max_steps (task, maze),
    .seed = seed,
  };
  g_autoptr (GByteArray) input = g_byte_array_new ();
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (LabTrace) trace = lab_trace_new (maze);
  Reader reader = { trace, FALSE };
  gint64 started = g_get_monotonic_time ();
  Child child;

  if (!g_file_test (runner, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_set_error (error, LAB_ERROR, LAB_ERROR_RUNNER,
                   _("'%s' is missing: the lab is not installed completely"),
                   runner);
      return NULL;
    }
  g_byte_array_append (input, (const guint8 *) &header, sizeof header);
  g_byte_array_append (input, (const guint8 *) maze_cells_const (maze),
                       maze_n_cells (maze) * sizeof (guint16));
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&input));
  if (!run_child (argv, NULL, FALSE, &child_limits, bytes, read_records,
                  &reader, limits->wall_seconds, cancellable, &child, error))
    return NULL;
  trace->seconds = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
  trace->output = shown_text (child.output->str);
  if (child.cancelled)
    {
      child_clear (&child);
      g_set_error_literal (error, LAB_ERROR, LAB_ERROR_CANCELLED, _("cancelled"));
      return NULL;
    }
  if (trace->fault == LAB_FAULT_NONE)
    {
      if (child.timed_out)
        trace->fault = LAB_FAULT_TIMEOUT;
      else if (reader.done)
        trace->fault = LAB_FAULT_NONE;
      else if (WIFSIGNALED (child.status) && WTERMSIG (child.status) == SIGSYS)
        {
          /* the filter's signal while every signal was blocked: no word
           * from the runner */
          trace->fault = LAB_FAULT_SYSCALL;
          trace->detail = g_strdup ("?");
        }
      else if (WIFSIGNALED (child.status) && WTERMSIG (child.status) == SIGXCPU)
        trace->fault = LAB_FAULT_CPU;
      else if (WIFSIGNALED (child.status) && WTERMSIG (child.status) != SIGKILL)
        {
          trace->fault = LAB_FAULT_SIGNAL;
          trace->detail = g_strdup_printf ("%d", WTERMSIG (child.status));
        }
      else if (WIFSIGNALED (child.status))
        trace->fault = LAB_FAULT_CPU;
      else
        {
          trace->fault = LAB_FAULT_EXIT;
          trace->detail = g_strdup_printf ("%d", WIFEXITED (child.status)
                                                 ? WEXITSTATUS (child.status) : -1);
        }
    }
  child_clear (&child);
  return g_steal_pointer (&trace);
}
