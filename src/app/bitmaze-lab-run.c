/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "lab.h"

#include "bitmaze-lab-run.h"
#include "bitmaze-op-log.h"
#include "bitmaze-recorded-source.h"

struct _BitmazeLabRun
{
  GtkBox            parent_instance;

  GtkWindow        *window;   /* (weak: it holds us) */
  BitmazeSession   *session;
  BitmazeTimeline  *timeline;
  GtkSpinner       *spinner;
  GtkLabel         *label;
  GtkButton        *show_button;
  GtkButton        *cancel_button;
  GtkButton        *close_button;
  GCancellable     *cancellable;
  GtkFileChooserNative *chooser;
  AdwMessageDialog *dialog;
  char             *text;
  char             *result;   /* what the bar says of the run shown */
  /* the source the run shows (compared, never used), and its mark */
  gconstpointer     source;
  gint64            mark;
};

G_DEFINE_FINAL_TYPE (BitmazeLabRun, bitmaze_lab_run, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------ */
/* The job, on a worker thread                                         */
/* ------------------------------------------------------------------ */

typedef struct
{
  BitmazeLabRun *self;
  char          *text;
} Progress;

typedef struct
{
  BitmazeLabRun *self;      /* (for the progress only) */
  char          *path;
  char          *name;      /* its basename, to show */
  char          *solver;    /* the session's solver, when the file says no task */
  gboolean       building;  /* a build was in progress on the maze */
  Maze          *maze;      /* a copy, without its search bits */
  guint64        seed;
  /* what came out */
  int            task;
  char          *refusal;   /* why it was not run */
  GError        *error;
  char          *messages;  /* the compiler's */
  LabTrace      *trace;
  char          *fault;
  char          *fault_help;
  char          *fault_details;
  gboolean       differs;
  gint64         diff_step;
  gint64         diff_cell;
  char          *rationale;
  char          *explanation;
} Job;

static void
job_free (Job *job)
{
  g_clear_object (&job->self);
  g_free (job->path);
  g_free (job->name);
  g_free (job->solver);
  g_clear_pointer (&job->maze, maze_free);
  g_free (job->refusal);
  g_clear_error (&job->error);
  g_free (job->messages);
  g_clear_pointer (&job->trace, lab_trace_free);
  g_free (job->fault);
  g_free (job->fault_help);
  g_free (job->fault_details);
  g_free (job->rationale);
  g_free (job->explanation);
  g_free (job);
}

static void set_text (BitmazeLabRun *self,
                      const char    *text);

static gboolean
progress_cb (gpointer data)
{
  Progress *progress = data;

  if (bitmaze_lab_run_get_busy (progress->self))
    set_text (progress->self, progress->text);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer data)
{
  Progress *progress = data;

  g_object_unref (progress->self);
  g_free (progress->text);
  g_free (progress);
}

/* Says @text in the bar, from the worker thread. */
static void
job_progress (Job        *job,
              const char *text)
{
  Progress *progress = g_new0 (Progress, 1);

  progress->self = g_object_ref (job->self);
  progress->text = g_strdup (text);
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, progress_cb, progress, progress_free);
}

static void
job_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;
  g_autofree char *source = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *library = NULL;
  g_autofree char *text = NULL;
  g_autoptr (LabTrace) reference = NULL;
  LabLimits limits;

  if (!g_file_get_contents (job->path, &source, NULL, &job->error))
    goto done;

  /* the task: the function the file defines, else the solver chosen */
  job->task = lab_task_guess (source);
  if (job->task < 0 && job->solver != NULL)
    {
      /* the lab's solvers are the engine's of the same name */
      g_autofree char *name = g_strconcat ("solve_", job->solver, NULL);
      int chosen = lab_task_from_name (name);

      if (chosen >= 0 && strstr (source, name) != NULL)
        job->task = chosen;
    }
  if (job->task < 0)
    {
      job->refusal = g_strdup_printf (_("%s defines none of void create_dfs (void), "
                                        "void solve_dfs (void) and void solve_bfs (void), "
                                        "or several of them: Bitmaze cannot tell which "
                                        "task to run."), job->name);
      goto done;
    }
  if (job->task != LAB_TASK_CREATE_DFS && job->building)
    {
      job->refusal = g_strdup (_("The maze on screen is still being built: finish it "
                                 "(Run) or make a new one, then run your search on it."));
      goto done;
    }
  if (job->task == LAB_TASK_CREATE_DFS)
    {
      /* a new maze: not the one the recipe made */
      static const char *const recipe[] = { "generator", "seed", "loops", NULL };

      maze_clear (job->maze);
      for (guint i = 0; recipe[i] != NULL; i++)
        maze_meta_set (job->maze, recipe[i], NULL, NULL);
    }

  dir = g_dir_make_tmp ("bitmaze-lab-XXXXXX", &job->error);
  if (dir == NULL)
    goto done;

  /* Translators: in the bar under the maze while it works; %s is the file's name */
  text = g_strdup_printf (_("Compiling %s…"), job->name);
  job_progress (job, text);
  library = lab_compile (job->path, dir, &job->messages, cancellable, &job->error);
  if (library == NULL)
    goto done;

  g_free (text);
  /* Translators: in the bar under the maze; "Running solve_bfs () of solve_bfs.c on the maze…" */
  text = g_strdup_printf (_("Running %s () of %s on the maze…"),
                          lab_task_name (job->task), job->name);
  job_progress (job, text);
  lab_limits_init (&limits);
  job->trace = lab_run (library, job->task, job->maze, job->seed, &limits,
                        cancellable, &job->error);
  if (job->trace == NULL)
    goto done;
  if (job->trace->fault != LAB_FAULT_NONE)
    {
      job->fault = lab_describe_fault (job->trace, job->task, &limits,
                                       &job->fault_help, &job->fault_details);
      /* the steps it took may still be stepped through (if the user
       * chooses to), their first wrong one marked */
      if (lab_trace_n_steps (job->trace) == 0)
        goto done;
    }

  job_progress (job, _("Comparing with Bitmaze’s own run…"));
  reference = lab_reference (job->task, job->maze, job->seed);
  if (reference != NULL)
    job->differs = lab_first_difference (reference, job->trace, &job->diff_step,
                                         &job->diff_cell, &job->rationale,
                                         &job->explanation);

done:
  if (dir != NULL)
    lab_remove_dir (dir);
  g_task_return_boolean (task, TRUE);
}

/* ------------------------------------------------------------------ */
/* The student's steps                                                 */
/* ------------------------------------------------------------------ */

/* The statement that turns @before into @after, in the student's terms. */
static void
write_expr (MazeChange *change)
{
  guint16 set = change->after & ~change->before;
  guint16 cleared = change->before & ~change->after;

  if (cleared == 0)
    g_snprintf (change->expr, sizeof change->expr, "maze_array[%u] |= 0x%04X",
                change->index, set);
  else if (set == 0)
    g_snprintf (change->expr, sizeof change->expr, "maze_array[%u] &= ~0x%04X",
                change->index, cleared);
  else
    g_snprintf (change->expr, sizeof change->expr, "maze_array[%u] = 0x%04X",
                change->index, change->after);
}

/* The run of @trace as steps: each refresh_maze_view () one step, or
 * several parts of MAZE_STEP_MAX_CHANGES words when it wrote more; the
 * first part of step @differs (1 = the first; 0: none) is marked, and its
 * position in the run goes to @mark. */
static BitmazeRecordedRun *
record_trace (const LabTrace *trace,
              LabTask         task,
              const Maze     *maze,
              gint64          differs,
              gint64         *mark)
{
  g_autofree char *algorithm = g_strconcat (BITMAZE_LAB_ALGORITHM_PREFIX, lab_task_name (task), NULL);
  BitmazeStepKind kind = task == LAB_TASK_CREATE_DFS ? BITMAZE_STEPS_BUILD : BITMAZE_STEPS_SEARCH;
  BitmazeRecordedRun *run = bitmaze_recorded_run_new (kind, algorithm, maze_start (maze), maze_goal (maze));
  guint n_cells = trace->width * trace->height;
  g_autofree guint16 *words = g_memdup2 (trace->initial, n_cells * sizeof (guint16));
  guint n_steps = lab_trace_n_steps (trace), begin = 0;
  guint32 last_cell = maze_start (maze);
  MazeSolveStats stats = { 0 };

  *mark = -1;
  for (guint k = 0; k < n_steps; k++)
    {
      guint end = g_array_index (trace->ends, guint, k);
      guint n = end - begin;
      guint parts = MAX (1, (n + MAZE_STEP_MAX_CHANGES - 1) / MAZE_STEP_MAX_CHANGES);

      for (guint p = 0; p < parts; p++)
        {
          MazeStep step = { .kind = MAZE_STEP_SCAN, .cell = last_cell, .other = k + 1 };

          step.dir = parts > 1 ? (guint16) (p + 1) : 0;
          if ((gint64) k + 1 == differs && p == 0)
            {
              step.dir |= BITMAZE_LAB_STEP_DIFFERS;
              *mark = (gint64) bitmaze_recorded_run_get_length (run) + 1;
            }
          for (guint j = begin + p * MAZE_STEP_MAX_CHANGES;
               j < end && step.n_changes < MAZE_STEP_MAX_CHANGES; j++)
            {
              const LabWord *w = &g_array_index (trace->words, LabWord, j);
              MazeChange *c = &step.changes[step.n_changes++];

              if (w->index >= n_cells)
                {
                  step.n_changes--;
                  continue;
                }
              c->index = w->index;
              c->before = words[w->index];
              c->after = w->word;
              words[w->index] = w->word;
              write_expr (c);
              if (step.n_changes == 1)
                step.cell = last_cell = w->index;
            }
          bitmaze_recorded_run_add (run, &step, maze_start (maze), maze_goal (maze));
        }
      begin = end;
    }
  /* a run that ended early differs after its last step */
  if (differs > n_steps && *mark < 0)
    *mark = (gint64) bitmaze_recorded_run_get_length (run);

  if (kind == BITMAZE_STEPS_SEARCH)
    {
      stats.finished = TRUE;
      stats.steps = bitmaze_recorded_run_get_length (run);
      stats.found = (words[maze_goal (maze)] & MAZE_SOLUTION_MASK) != 0;
      for (guint i = 0; i < n_cells; i++)
        {
          if (words[i] & MAZE_BACKTRACK_MASK)
            stats.visited++;
          if (words[i] & MAZE_SOLUTION_MASK)
            stats.path_length++;
        }
      if (stats.path_length > 0)
        stats.path_length--;
    }
  bitmaze_recorded_run_end (run, kind == BITMAZE_STEPS_SEARCH ? &stats : NULL);
  return run;
}

/* ------------------------------------------------------------------ */
/* Dialogs                                                             */
/* ------------------------------------------------------------------ */

/* @text (the lab's words, a clause) as a sentence: a capital first. */
static char *
sentence (const char *text)
{
  gunichar first = g_utf8_get_char (text);
  char upper[8];
  int n = g_unichar_to_utf8 (g_unichar_totitle (first), upper);

  if (*text == '\0')
    return g_strdup (text);
  return g_strdup_printf ("%.*s%s", n, upper, g_utf8_next_char (text));
}

/* Whether @text ends a sentence already ("an endless loop?"). */
static gboolean
ends_sentence (const char *text)
{
  return g_str_has_suffix (text, ".") || g_str_has_suffix (text, "?")
         || g_str_has_suffix (text, "!");
}

static void
dialog_destroyed_cb (BitmazeLabRun *self,
                     GtkWidget     *dialog)
{
  if (self->dialog == (AdwMessageDialog *) dialog)
    self->dialog = NULL;
}

/* A dialog with @heading, @body and @details (monospace, selectable,
 * scrolled when long; may be NULL). */
static AdwMessageDialog *
new_dialog (BitmazeLabRun *self,
            const char    *heading,
            const char    *body,
            const char    *details,
            gboolean       closes)
{
  AdwMessageDialog *dialog;

  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (self->window, heading, body));
  if (closes)
    {
      adw_message_dialog_add_response (dialog, "close", _("_Close"));
      adw_message_dialog_set_default_response (dialog, "close");
    }
  if (details != NULL && *details != '\0')
    {
      GtkWidget *scroller = gtk_scrolled_window_new ();
      GtkWidget *label = gtk_label_new (details);

      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_yalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_add_css_class (label, "monospace");
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), label);
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller),
                                      GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 300);
      gtk_widget_set_size_request (scroller, 420, -1);
      adw_message_dialog_set_extra_child (dialog, scroller);
    }
  self->dialog = dialog;
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (dialog_destroyed_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static AdwMessageDialog *
show_dialog (BitmazeLabRun *self,
             const char    *heading,
             const char    *body,
             const char    *details)
{
  return new_dialog (self, heading, body, details, TRUE);
}

char *
bitmaze_lab_run_format_messages (const char *messages)
{
  g_auto (GStrv) lines = g_strsplit (messages != NULL ? messages : "", "\n", -1);
  g_autoptr (GRegex) regex = g_regex_new ("^[^:]+:([0-9]+):(?:([0-9]+):)? *(.*)$", 0, 0, NULL);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (GMatchInfo) match = NULL;

      if (g_regex_match (regex, lines[i], 0, &match))
        {
          g_autofree char *line = g_match_info_fetch (match, 1);
          g_autofree char *column = g_match_info_fetch (match, 2);
          g_autofree char *what = g_match_info_fetch (match, 3);

          if (out->len > 0)
            g_string_append_c (out, '\n');
          if (column != NULL && *column != '\0')
            /* Translators: a compiler's message: "Line 9, column 3: error: expected ‘;’" */
            g_string_append_printf (out, _("Line %s, column %s: %s"), line, column, what);
          else
            /* Translators: a compiler's message: "Line 9: error: expected ‘;’" */
            g_string_append_printf (out, _("Line %s: %s"), line, what);
          g_string_append_c (out, '\n');
        }
      else if (strchr (lines[i], '|') != NULL)
        /* the source line and the caret under it */
        g_string_append_printf (out, "%s\n", lines[i]);
    }
  if (out->len == 0 && messages != NULL)
    g_string_append (out, messages);
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------ */
/* The bar                                                             */
/* ------------------------------------------------------------------ */

/* @text with its lines broken at spaces to at most @width characters: the
 * bar's label does not wrap itself (a wrapping label beside buttons made
 * GTK 4.8 measure the bar inconsistently), so the lines are made here,
 * and a window narrower still ellipsizes them (the tooltip has all). */
static char *
break_lines (const char *text,
             guint       width)
{
  g_auto (GStrv) paragraphs = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint p = 0; paragraphs[p] != NULL; p++)
    {
      g_auto (GStrv) words = g_strsplit (paragraphs[p], " ", -1);
      glong column = 0;

      if (p > 0)
        g_string_append_c (out, '\n');
      for (guint w = 0; words[w] != NULL; w++)
        {
          glong length = g_utf8_strlen (words[w], -1);

          if (column > 0 && column + 1 + length > (glong) width)
            {
              g_string_append_c (out, '\n');
              column = 0;
            }
          else if (w > 0)
            {
              g_string_append_c (out, ' ');
              column++;
            }
          g_string_append (out, words[w]);
          column += length;
        }
    }
  return g_string_free (out, FALSE);
}

static void
set_text (BitmazeLabRun *self,
          const char    *text)
{
  g_autofree char *lines = text != NULL ? break_lines (text, 64) : NULL;

  g_free (self->text);
  self->text = g_strdup (text);
  gtk_label_set_label (self->label, lines != NULL ? lines : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->label), text);
}

static void
set_busy (BitmazeLabRun *self,
          GCancellable  *cancellable)
{
  gboolean busy = cancellable != NULL;

  g_set_object (&self->cancellable, cancellable);
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_widget_set_visible (GTK_WIDGET (self->cancel_button), busy);
  gtk_widget_set_visible (GTK_WIDGET (self->close_button), !busy);
  gtk_widget_set_visible (GTK_WIDGET (self->show_button), FALSE);
  if (busy)
    gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
hide_bar (BitmazeLabRun *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  set_text (self, NULL);
}

/* Back to what the bar said of the run shown (after a run that failed
 * or was cancelled), or hidden when none is shown. */
static void
show_result (BitmazeLabRun *self)
{
  BitmazeStepper *stepper = bitmaze_session_get_stepper (self->session);

  if (self->result == NULL || self->source == NULL
      || bitmaze_stepper_get_source (stepper) != self->source)
    {
      hide_bar (self);
      return;
    }
  set_text (self, self->result);
  gtk_widget_set_visible (GTK_WIDGET (self->show_button), self->mark > 0);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

/* The run shown is gone (another search, another maze): its mark too. */
static void
session_moved_cb (BitmazeLabRun *self)
{
  BitmazeStepper *stepper = bitmaze_session_get_stepper (self->session);

  if (self->source == NULL || bitmaze_stepper_get_source (stepper) == self->source)
    return;
  self->source = NULL;
  self->mark = -1;
  g_clear_pointer (&self->result, g_free);
  bitmaze_timeline_set_mark (self->timeline, -1, NULL);
  if (self->cancellable == NULL)
    hide_bar (self);
}

/* The steps of @job's run become the window's: on the maze shown (a
 * search, if it is still the one the code ran on) or on a new empty maze
 * of the same size (a build); the first that differs is marked. */
static gboolean
show_steps (BitmazeLabRun *self,
            Job           *job)
{
  BitmazeStepper *stepper;
  g_autoptr (BitmazeRecordedRun) run = NULL;
  g_autofree char *text = NULL;
  Maze *maze;
  gint64 mark = -1;

  /* The steps go on the maze shown (a search, if it is still the one the
   * code ran on) or on a new empty maze of the same size (a build). */
  stepper = bitmaze_session_get_stepper (self->session);
  maze = bitmaze_session_get_maze (self->session);
  if (job->task != LAB_TASK_CREATE_DFS)
    {
      const uint16_t *cells = maze != NULL ? maze_cells_const (maze) : NULL;
      gboolean same = maze != NULL
                      && maze_n_cells (maze) == job->trace->width * job->trace->height
                      && maze_start (maze) == job->trace->start
                      && maze_goal (maze) == job->trace->goal;

      for (guint i = 0; same && i < maze_n_cells (maze); i++)
        same = (cells[i] & ~MAZE_SEARCH_MASK) == job->trace->initial[i];
      if (!same || bitmaze_stepper_is_building (stepper))
        {
          show_result (self);
          show_dialog (self, _("The Maze Changed"),
                       _("The maze on screen changed while your code ran. Run it again."),
                       NULL);
          return FALSE;
        }
    }

  run = record_trace (job->trace, job->task, job->maze, job->differs ? job->diff_step : 0, &mark);
  if (job->task == LAB_TASK_CREATE_DFS)
    bitmaze_session_show_run (self->session, g_steal_pointer (&job->maze), run);
  else
    bitmaze_session_show_run (self->session, NULL, run);
  self->source = bitmaze_stepper_get_source (stepper);
  self->mark = mark;

  if (job->differs)
    {
      g_autofree char *label = NULL;
      g_autofree char *button = NULL;

      /* Translators: under the timeline, at the first step that differs; %lld is the program's step */
      label = g_strdup_printf (_("✗ your step %lld"), (long long) job->diff_step);
      bitmaze_timeline_set_mark (self->timeline, mark, label);
      /* Translators: the bar under the maze after a run: "Your step 12 differs from
       * Bitmaze’s run: step 12, cell (1, 0): Bitmaze’s run writes …", then the explanation */
      text = g_strdup_printf (_("✗ Your step %lld differs from Bitmaze’s run: %s%s%s"),
                              (long long) job->diff_step, job->rationale,
                              job->explanation != NULL ? "\n" : "",
                              job->explanation != NULL ? job->explanation : "");
      /* Translators: a button: show the step that differs */
      button = g_strdup_printf (_("Show Step %lld"), (long long) job->diff_step);
      gtk_button_set_label (self->show_button, button);
    }
  else
    {
      bitmaze_timeline_set_mark (self->timeline, -1, NULL);
      text = g_strdup_printf (g_dngettext (NULL,
                                           "✓ Your %u step matches Bitmaze’s run, word for word.",
                                           "✓ Your %u steps match Bitmaze’s run, word for word.",
                                           lab_trace_n_steps (job->trace)),
                              lab_trace_n_steps (job->trace));
    }
  if (job->fault != NULL)
    {
      /* Translators: the bar under the maze: how the program ended, then how its steps compare */
      g_autofree char *fault = sentence (job->fault);
      char *full = g_strdup_printf (_("✗ %s\n%s"), fault, text);

      g_free (text);
      text = full;
    }
  g_free (self->result);
  self->result = g_strdup (text);
  if (!job->differs)
    self->mark = -1;
  show_result (self);
  return TRUE;
}

static void
fault_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   BitmazeLabRun    *self)
{
  Job *job = g_object_get_data (G_OBJECT (dialog), "job");

  if (g_str_equal (response, "steps") && job != NULL && job->trace != NULL)
    show_steps (self, job);
}

static void
job_done_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  BitmazeLabRun *self = BITMAZE_LAB_RUN (object);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autofree char *heading = NULL;

  /* a run cancelled (and maybe another one started since) says nothing */
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable
      || g_cancellable_is_cancelled (self->cancellable))
    return;
  set_busy (self, NULL);

  if (job->refusal != NULL)
    {
      show_result (self);
      show_dialog (self, _("Your Code Was Not Run"), job->refusal, NULL);
      return;
    }
  if (job->error != NULL)
    {
      g_autofree char *details = NULL;
      g_autofree char *body = NULL;

      show_result (self);
      if (g_error_matches (job->error, LAB_ERROR, LAB_ERROR_COMPILE))
        {
          details = bitmaze_lab_run_format_messages (job->messages);
          /* Translators: the heading of a dialog; %s is the file's name */
          heading = g_strdup_printf (_("%s Does Not Compile"), job->name);
        }
      else
        /* Translators: the heading of a dialog; %s is the file's name */
        heading = g_strdup_printf (_("%s Could Not Be Run"), job->name);
      body = sentence (job->error->message);
      show_dialog (self, heading, body, details);
      return;
    }
  if (job->fault != NULL)
    {
      g_autofree char *fault = sentence (job->fault);
      g_autofree char *body = NULL;
      AdwMessageDialog *dialog;
      guint n_steps;

      show_result (self);
      if (!ends_sentence (fault))
        {
          char *full = g_strconcat (fault, ".", NULL);

          g_free (fault);
          fault = full;
        }
      body = job->fault_help != NULL
             /* Translators: what went wrong (a sentence, with its full stop), then a hint (a clause) */
             ? g_strdup_printf (_("%s\n\nHint: %s."), fault, job->fault_help)
             : g_strdup (fault);
      /* Translators: the heading of a dialog; %s is the file's name */
      heading = g_strdup_printf (_("%s Did Not Finish"), job->name);
      dialog = show_dialog (self, heading, body, job->fault_details);
      n_steps = job->trace != NULL ? lab_trace_n_steps (job->trace) : 0;
      if (n_steps > 0)
        {
          g_autofree char *label = NULL;
          Job *kept = g_new0 (Job, 1);

          /* the dialog keeps the run for its button (the task frees
           * what is left of @job) */
          *kept = *job;
          memset (job, 0, sizeof *job);
          g_clear_object (&kept->self);
          label = g_strdup_printf (g_dngettext (NULL,
                                                "_Step Through Your %u Step",
                                                "_Step Through Your %u Steps",
                                                n_steps),
                                   n_steps);
          adw_message_dialog_add_response (dialog, "steps", label);
          g_object_set_data_full (G_OBJECT (dialog), "job", kept, (GDestroyNotify) job_free);
          g_signal_connect_object (dialog, "response", G_CALLBACK (fault_response_cb), self, 0);
        }
      return;
    }

  show_steps (self, job);
}

static void
show_clicked_cb (BitmazeLabRun *self)
{
  if (self->mark > 0 && self->source != NULL
      && bitmaze_stepper_get_source (bitmaze_session_get_stepper (self->session)) == self->source)
    bitmaze_session_seek (self->session, (guint64) self->mark);
}

void
bitmaze_lab_run_start (BitmazeLabRun *self,
                       GFile         *file)
{
  g_autoptr (GCancellable) cancellable = NULL;
  g_autoptr (GTask) task = NULL;
  BitmazeStepper *stepper;
  Maze *maze;
  MazeError merror;
  Job *job;

  g_return_if_fail (BITMAZE_IS_LAB_RUN (self));
  g_return_if_fail (G_IS_FILE (file));

  maze = bitmaze_session_get_maze (self->session);
  if (maze == NULL)
    return;
  bitmaze_lab_run_cancel (self);

  job = g_new0 (Job, 1);
  job->self = g_object_ref (self);
  job->task = -1;
  job->path = g_file_get_path (file);
  job->name = g_file_get_basename (file);
  if (job->path == NULL)
    {
      show_dialog (self, _("Your Code Was Not Run"),
                   _("Only files on this computer can be run."), NULL);
      job_free (job);
      return;
    }
  job->solver = g_strdup (bitmaze_session_get_solver (self->session));
  stepper = bitmaze_session_get_stepper (self->session);
  job->building = bitmaze_stepper_is_building (stepper);
  job->seed = bitmaze_session_get_seed (self->session);
  job->maze = maze_copy (maze, &merror);
  if (job->maze == NULL)
    {
      show_dialog (self, _("Your Code Was Not Run"), merror.message, NULL);
      job_free (job);
      return;
    }
  maze_reset_search (job->maze);

  cancellable = g_cancellable_new ();
  set_busy (self, cancellable);
  {
    /* Translators: in the bar under the maze; %s is the file's name */
    g_autofree char *text = g_strdup_printf (_("Reading %s…"), job->name);

    set_text (self, text);
  }
  task = g_task_new (self, cancellable, job_done_cb, NULL);
  g_task_set_source_tag (task, bitmaze_lab_run_start);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_thread);
}

void
bitmaze_lab_run_cancel (BitmazeLabRun *self)
{
  g_return_if_fail (BITMAZE_IS_LAB_RUN (self));

  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      set_busy (self, NULL);
      show_result (self);
    }
}

/* ------------------------------------------------------------------ */
/* Choosing the file                                                   */
/* ------------------------------------------------------------------ */

static void
offer_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   BitmazeLabRun    *self)
{
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");

  if (g_str_equal (response, "run") && file != NULL)
    bitmaze_lab_run_start (self, file);
}

void
bitmaze_lab_run_offer (BitmazeLabRun *self,
                       GFile         *file)
{
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  AdwMessageDialog *dialog;

  g_return_if_fail (BITMAZE_IS_LAB_RUN (self));
  g_return_if_fail (G_IS_FILE (file));

  name = g_file_get_basename (file);
  /* Translators: the heading of a dialog when a .c file is dropped on the window */
  heading = g_strdup_printf (_("Run %s?"), name);
  dialog = new_dialog (self, heading,
                       _("Bitmaze compiles this C file and runs it, confined, on the maze "
                         "on screen, step by step. Run only code you mean to run."),
                       NULL, FALSE);
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "run", _("_Run"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "run", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "run");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "file", g_object_ref (file), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (offer_response_cb), self, 0);
}

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     BitmazeLabRun   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        bitmaze_lab_run_start (self, file);
    }
  g_clear_object (&self->chooser);
}

void
bitmaze_lab_run_choose (BitmazeLabRun *self)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  g_return_if_fail (BITMAZE_IS_LAB_RUN (self));

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      return;
    }
  self->chooser = gtk_file_chooser_native_new (_("Run Your Code"), self->window,
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Run"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("C files"));
  gtk_file_filter_add_pattern (filter, "*.c");
  gtk_file_filter_add_mime_type (filter, "text/x-csrc");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

gboolean
bitmaze_lab_run_is_source (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".c");
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_lab_run_dispose (GObject *object)
{
  BitmazeLabRun *self = BITMAZE_LAB_RUN (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  if (self->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->dialog));
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->text, g_free);
  g_clear_pointer (&self->result, g_free);

  G_OBJECT_CLASS (bitmaze_lab_run_parent_class)->dispose (object);
}

static void
bitmaze_lab_run_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  BitmazeLabRun *self = BITMAZE_LAB_RUN (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, bitmaze_lab_run_get_busy (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_lab_run_class_init (BitmazeLabRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_lab_run_dispose;
  object_class->get_property = bitmaze_lab_run_get_property;

  /**
   * BitmazeLabRun:busy:
   *
   * Whether a file is being compiled or run.
   */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bitmaze_lab_run_init (BitmazeLabRun *self)
{
  GtkBox *box = GTK_BOX (self);

  self->mark = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (box, 12);
  gtk_widget_add_css_class (GTK_WIDGET (self), "bitmaze-lab-bar");
  gtk_widget_set_margin_start (GTK_WIDGET (self), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 6);

  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_box_append (box, GTK_WIDGET (self->spinner));

  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->label, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (self->label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->label), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->label), GTK_ALIGN_CENTER);
  gtk_box_append (box, GTK_WIDGET (self->label));

  self->show_button = GTK_BUTTON (gtk_button_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->show_button), GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->show_button, "clicked", G_CALLBACK (show_clicked_cb), self);
  gtk_box_append (box, GTK_WIDGET (self->show_button));

  self->cancel_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Cancel")));
  gtk_widget_set_valign (GTK_WIDGET (self->cancel_button), GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->cancel_button, "clicked", G_CALLBACK (bitmaze_lab_run_cancel), self);
  gtk_box_append (box, GTK_WIDGET (self->cancel_button));

  self->close_button = GTK_BUTTON (gtk_button_new_from_icon_name ("window-close-symbolic"));
  gtk_widget_set_valign (GTK_WIDGET (self->close_button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->close_button), "flat");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->close_button), _("Hide"));
  g_signal_connect_swapped (self->close_button, "clicked", G_CALLBACK (hide_bar), self);
  gtk_box_append (box, GTK_WIDGET (self->close_button));

  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
bitmaze_lab_run_new (GtkWindow       *window,
                     BitmazeSession  *session,
                     BitmazeTimeline *timeline)
{
  BitmazeLabRun *self = g_object_new (BITMAZE_TYPE_LAB_RUN, NULL);

  self->window = window;
  self->session = g_object_ref (session);
  self->timeline = timeline;
  g_signal_connect_swapped (session, "moved", G_CALLBACK (session_moved_cb), self);
  g_signal_connect_swapped (session, "notify::maze", G_CALLBACK (session_moved_cb), self);
  return GTK_WIDGET (self);
}

gboolean
bitmaze_lab_run_get_busy (BitmazeLabRun *self)
{
  g_return_val_if_fail (BITMAZE_IS_LAB_RUN (self), FALSE);

  return self->cancellable != NULL;
}

const char *
bitmaze_lab_run_get_text (BitmazeLabRun *self)
{
  g_return_val_if_fail (BITMAZE_IS_LAB_RUN (self), NULL);

  return self->text;
}

AdwMessageDialog *
bitmaze_lab_run_get_dialog (BitmazeLabRun *self)
{
  g_return_val_if_fail (BITMAZE_IS_LAB_RUN (self), NULL);

  return self->dialog;
}
