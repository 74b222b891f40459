/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-class.c: bitmaze-cli class, a class session from a terminal.
 *
 * The app's class server (src/app/class, GLib and libsoup, no GTK) on a
 * GLib main loop: students join from their browsers with the address and
 * the code printed first, and answer predict mode's questions of a solve
 * (or a build), which come from the engine as `quiz` asks them.
 * Interactively each question is shown with the answers as they come;
 * Enter reveals it, Enter again goes on.  With --script, standard input
 * carries one command a line and each gets one JSON line back (see the
 * description below and docs/class-session.md).
 */
#include "config.h"

#include <gio/gunixinputstream.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "bitmaze-class-region.h"
#include "bitmaze-class-server.h"
#include "cli.h"

/* Lines of the ranking shown after a reveal. */
#define RANKING_SHOWN 5

/* A maze up to this size is drawn with a cell question (as quiz does). */
#define DRAW_MAX_WIDTH  40
#define DRAW_MAX_HEIGHT 30

typedef struct
{
  BitmazeClassServer *server;
  GMainLoop          *loop;
  GDataInputStream   *input;
  GCancellable       *cancellable;
  MazeHistory        *history;
  Maze               *maze;
  const MazeSolver   *solver;     /* NULL for a build */
  MazePredictOptions  options;
  MazeQuestion        pending[MAZE_PREDICT_MAX_QUESTIONS];
  size_t              n_pending;  /* questions of the step about to run */
  size_t              next;       /* the next of those to ask */
  MazeQuestion        current;    /* the question asked last */
  BitmazeClassBox     region;     /* ... the part of the maze its pages show */
  gboolean            open;       /* ... and still open */
  gboolean            revealed;   /* interactive: revealed, Enter goes on */
  gboolean            done;       /* no question left */
  gboolean            script;
  gboolean            ranking;
  guint               shown_answered;
} ClassCli;

/* ------------------------------------------------------------------ */
/* Questions                                                           */
/* ------------------------------------------------------------------ */

/* The next question of the solve or build (the history steps on as its
 * questions are asked); NULL at the end. */
static const MazeQuestion *
next_question (ClassCli *self)
{
  for (;;)
    {
      uint64_t number;
      MazeStep step;

      if (self->next < self->n_pending)
        return &self->pending[self->next++];
      if (self->n_pending > 0 || self->next > 0)
        maze_history_step (self->history, NULL);
      self->n_pending = 0;
      self->next = 0;
      if (maze_history_finished (self->history))
        return NULL;
      number = maze_history_position (self->history) + 1;
      if (!maze_history_peek (self->history, &step))
        return NULL;
      self->n_pending = maze_predict_questions (self->maze, self->solver, &step, number,
                                                &self->options, self->pending,
                                                G_N_ELEMENTS (self->pending));
      if (self->n_pending == 0)
        maze_history_step (self->history, NULL);
    }
}

static guint
ask (ClassCli           *self,
     const MazeQuestion *q)
{
  guint width = maze_width (self->maze);

  self->current = *q;
  self->open = TRUE;
  self->revealed = FALSE;
  self->shown_answered = 0;
  if (q->kind == MAZE_QUESTION_WORD)
    {
      g_autofree char *statement = g_strdup_printf ("%s;", q->statement);
      BitmazeClassWordQuestion question = {
        .x = q->x, .y = q->y, .index = q->index, .word = q->word, .statement = statement,
      };

      return bitmaze_class_server_ask_word (self->server, &question);
    }
  else
    {
      const uint16_t *cells = maze_cells_const (self->maze);
      size_t n_frontier = self->solver != NULL ? maze_solver_frontier (self->solver, NULL, 0) : 0;
      g_autofree guint32 *frontier = g_new (guint32, MAX (n_frontier, 1));
      g_autofree guint16 *words = NULL;
      g_autofree guint8 *marks = NULL;
      const MazeAlgorithm *algorithm = self->solver != NULL ? maze_solver_algorithm (self->solver) : NULL;
      BitmazeClassBox box;

      if (n_frontier > 0)
        n_frontier = MIN (n_frontier, maze_solver_frontier (self->solver, frontier, n_frontier));
      box = bitmaze_class_region_pick (width, maze_height (self->maze), cells, q->from,
                                       frontier, n_frontier, q->index, NULL);
      self->region = box;
      words = g_new (guint16, box.width * box.height);
      marks = g_new0 (guint8, box.width * box.height);
      for (guint j = 0; j < box.height; j++)
        for (guint i = 0; i < box.width; i++)
          {
            guint index = (box.y + j) * width + box.x + i;

            words[j * box.width + i] = cells[index];
            if (index == q->from)
              marks[j * box.width + i] |= BITMAZE_CLASS_MARK_CURRENT;
            if (index == maze_start (self->maze))
              marks[j * box.width + i] |= BITMAZE_CLASS_MARK_START;
            if (index == maze_goal (self->maze))
              marks[j * box.width + i] |= BITMAZE_CLASS_MARK_GOAL;
          }
      for (size_t k = 0; k < n_frontier; k++)
        {
          guint x = frontier[k] % width, y = frontier[k] / width;

          if (x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height)
            marks[(y - box.y) * box.width + (x - box.x)] |= BITMAZE_CLASS_MARK_FRONTIER;
        }
      {
        BitmazeClassCellQuestion question = {
          .x = box.x, .y = box.y, .width = box.width, .height = box.height,
          .words = words, .marks = marks,
          .statement = algorithm != NULL && algorithm->frontier != NULL ? _(algorithm->frontier) : NULL,
        };

        return bitmaze_class_server_ask_cell (self->server, &question);
      }
    }
}

static void
reveal (ClassCli *self)
{
  const MazeQuestion *q = &self->current;

  if (q->kind == MAZE_QUESTION_WORD)
    bitmaze_class_server_reveal_word (self->server, q->answer);
  else
    {
      guint width = maze_width (self->maze);
      BitmazeClassCell cells[1 + MAZE_QUESTION_TIES_MAX];
      guint n = 0;

      cells[n++] = (BitmazeClassCell) { q->x, q->y };
      for (unsigned i = 0; i < q->n_ties && i < MAZE_QUESTION_TIES_MAX; i++)
        cells[n++] = (BitmazeClassCell) { q->ties[i] % width, q->ties[i] / width };
      bitmaze_class_server_reveal_cells (self->server, cells, n,
                                         q->reason != NULL ? _(q->reason) : NULL);
    }
  self->open = FALSE;
  self->revealed = TRUE;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

/* One JSON line on standard output. */
static void
emit (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  fprintf (stdout, "%s\n", text);
  fflush (stdout);
}

static void
emit_uints (const char *first_name,
            ...)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  va_list args;

  json_builder_begin_object (b);
  va_start (args, first_name);
  for (const char *name = first_name; name != NULL; name = va_arg (args, const char *))
    {
      json_builder_set_member_name (b, name);
      json_builder_add_int_value (b, va_arg (args, guint));
    }
  va_end (args);
  json_builder_end_object (b);
  emit (b);
}

static void
emit_error (const char *message)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "error");
  json_builder_add_string_value (b, message);
  json_builder_end_object (b);
  emit (b);
}

static void
show_question (ClassCli *self,
               guint     number)
{
  const MazeQuestion *q = &self->current;

  if (q->kind == MAZE_QUESTION_WORD)
    {
      /* Translators: bitmaze-cli class: a word question; the number, the
       * cell, its index, its word and the C statement */
      g_print (_("Question %u: cell (%u, %u) · maze[%u] = 0x%04X. What will it be after %s;?"),
               number, q->x, q->y, q->index, q->word, q->statement);
    }
  else
    {
      const BitmazeClassBox *box = &self->region;

      /* Translators: bitmaze-cli class: a cell question; the number */
      g_print (_("Question %u: which cell comes next?"), number);
      g_print ("\n");
      /* The teacher sees the whole maze, the search's cell highlighted,
       * and which part of it the students' pages show. */
      if (maze_width (self->maze) <= DRAW_MAX_WIDTH && maze_height (self->maze) <= DRAW_MAX_HEIGHT)
        {
          CliTextOptions text;

          cli_text_options_init (&text);
          text.labels = TRUE;
          text.color = isatty (STDOUT_FILENO);
          text.current = q->from;
          fflush (stdout);
          cli_text_print (self->maze, &text, stdout);
        }
      /* Translators: bitmaze-cli class: the region of a cell question;
       * first and last column, first and last row */
      g_print (_("The students see columns %u to %u and rows %u to %u."),
               box->x, box->x + box->width - 1, box->y, box->y + box->height - 1);
    }
  g_print ("\n%s\n", _("Enter reveals the answer."));
}

static void
show_results (ClassCli *self)
{
  const BitmazeClassResults *results = bitmaze_class_server_get_results (self->server);
  const MazeQuestion *q = &self->current;

  if (q->kind == MAZE_QUESTION_WORD)
    g_print (_("The answer: 0x%04X."), q->answer);
  else
    g_print (_("The answer: (%u, %u)."), q->x, q->y);
  g_print (" ");
  /* Translators: bitmaze-cli class: how the class answered */
  g_print (ngettext ("%u of %u answer right (%u students joined).",
                     "%u of %u answers right (%u students joined).", results->answered),
           results->right, results->answered, results->students);
  g_print ("\n");
  if (self->ranking)
    {
      g_autoptr (GPtrArray) ranking = bitmaze_class_server_dup_ranking (self->server, RANKING_SHOWN);

      for (guint i = 0; i < ranking->len; i++)
        {
          const BitmazeClassRank *rank = g_ptr_array_index (ranking, i);

          /* FSI ... PDI: a right-to-left name keeps its line in order. */
          g_print ("  %u. \u2068%s\u2069: ", i + 1, rank->name);
          g_print (_("%u of %u right"), rank->right, rank->asked);
          g_print ("\n");
        }
    }
  g_print ("%s\n", _("Enter asks the next question."));
}

/* ------------------------------------------------------------------ */
/* Commands                                                            */
/* ------------------------------------------------------------------ */

static void
command_next (ClassCli *self)
{
  const MazeQuestion *q;
  guint number;

  if (self->open)
    bitmaze_class_server_withdraw (self->server);
  self->open = FALSE;
  q = self->done ? NULL : next_question (self);
  if (q == NULL)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      self->done = TRUE;
      if (!self->script)
        {
          g_print ("%s\n", _("No more questions: the solve is over. Ctrl+D ends the session."));
          return;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "done");
      json_builder_add_boolean_value (b, TRUE);
      json_builder_end_object (b);
      emit (b);
      return;
    }
  number = ask (self, q);
  if (self->script)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "question");
      json_builder_add_int_value (b, number);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, q->kind == MAZE_QUESTION_WORD ? "word" : "cell");
      json_builder_end_object (b);
      emit (b);
    }
  else
    show_question (self, number);
}

static void
command_reveal (ClassCli *self)
{
  const BitmazeClassResults *results;

  if (!self->open)
    {
      if (self->script)
        emit_error ("no question is open");
      return;
    }
  reveal (self);
  results = bitmaze_class_server_get_results (self->server);
  if (self->script)
    emit_uints ("question", results->question, "joined", results->students,
                "answered", results->answered, "right", results->right, (const char *) NULL);
  else
    show_results (self);
}

static void
command_line (ClassCli   *self,
              const char *line)
{
  g_autofree char *command = g_strstrip (g_strdup (line));

  if (!self->script)
    {
      /* Enter: reveal the open question, or go on to the next. */
      if (self->open)
        command_reveal (self);
      else if (!self->done)
        command_next (self);
      return;
    }
  if (g_str_equal (command, "next"))
    command_next (self);
  else if (g_str_equal (command, "reveal"))
    command_reveal (self);
  else if (g_str_equal (command, "skip"))
    {
      guint number = bitmaze_class_server_get_question (self->server);

      if (!self->open)
        emit_error ("no question is open");
      else
        {
          bitmaze_class_server_withdraw (self->server);
          self->open = FALSE;
          emit_uints ("skipped", number, (const char *) NULL);
        }
    }
  else if (g_str_equal (command, "status"))
    emit_uints ("joined", bitmaze_class_server_get_joined (self->server),
                "answered", bitmaze_class_server_get_answered (self->server),
                "question", bitmaze_class_server_get_question (self->server), (const char *) NULL);
  else if (g_str_equal (command, "lock") || g_str_equal (command, "unlock"))
    {
      bitmaze_class_server_set_locked (self->server, g_str_equal (command, "lock"));
      emit_uints ("locked", (guint) bitmaze_class_server_get_locked (self->server),
                  (const char *) NULL);
    }
  else if (g_str_has_prefix (command, "remove ") || g_str_equal (command, "remove"))
    {
      const char *name = command + strlen ("remove");

      while (*name == ' ' || *name == '\t')
        name++;
      if (*name == '\0')
        emit_error ("remove needs a student's name");
      else if (!bitmaze_class_server_remove_student (self->server, name))
        {
          g_autofree char *message = g_strdup_printf ("no student is called '%s'", name);

          emit_error (message);
        }
      else
        {
          g_autoptr (JsonBuilder) b = json_builder_new ();

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "removed");
          json_builder_add_string_value (b, name);
          json_builder_set_member_name (b, "joined");
          json_builder_add_int_value (b, bitmaze_class_server_get_joined (self->server));
          json_builder_end_object (b);
          emit (b);
        }
    }
  else if (g_str_equal (command, "quit"))
    {
      emit_uints ("quit", 1, (const char *) NULL);
      g_main_loop_quit (self->loop);
    }
  else if (*command != '\0')
    {
      g_autofree char *message = g_strdup_printf ("unknown command '%s'", command);

      emit_error (message);
    }
}

static void read_next_line (ClassCli *self);

static void
line_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  ClassCli *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source),
                                                                     result, NULL, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (line == NULL)
    {
      /* The end of the input (or a line that is not UTF-8): the end of
       * the session. */
      if (error != NULL)
        g_printerr ("bitmaze-cli class: %s\n", error->message);
      g_main_loop_quit (self->loop);
      return;
    }
  command_line (self, line);
  if (g_main_loop_is_running (self->loop))
    read_next_line (self);
}

static void
read_next_line (ClassCli *self)
{
  g_data_input_stream_read_line_async (self->input, G_PRIORITY_DEFAULT, self->cancellable,
                                       line_read_cb, self);
}

static gboolean
signal_cb (gpointer user_data)
{
  ClassCli *self = user_data;

  g_main_loop_quit (self->loop);
  return G_SOURCE_CONTINUE;
}

/* Interactively: the count of answers as they come. */
static void
answered_cb (ClassCli *self)
{
  guint answered = bitmaze_class_server_get_answered (self->server);

  if (self->script || !self->open || answered == self->shown_answered)
    return;
  self->shown_answered = answered;
  /* Translators: bitmaze-cli class, while a question is open */
  g_print (_("%u of %u answered"), answered, bitmaze_class_server_get_joined (self->server));
  g_print ("\n");
}

static void
joined_cb (ClassCli *self)
{
  if (self->script)
    return;
  g_print (ngettext ("%u student joined", "%u students joined",
                     bitmaze_class_server_get_joined (self->server)),
           bitmaze_class_server_get_joined (self->server));
  g_print ("\n");
}

/* ------------------------------------------------------------------ */
/* The command                                                         */
/* ------------------------------------------------------------------ */

int
cli_class (int    argc,
           char **argv)
{
  g_autofree char *solver_name = NULL;
  g_autofree char *build = NULL;
  g_autofree char *size_text = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *address = NULL;
  g_autofree char *port_text = NULL;
  g_autofree char *ask_text = NULL;
  g_autofree char *per_address_text = NULL;
  g_autofree char *description = NULL;
  gboolean ranking = FALSE, script = FALSE;
  const char *default_name = maze_algorithm_default (maze_solvers)->name;
  g_autofree char *solver_help =
    g_strdup_printf (_("Solver (default %s; see bitmaze-cli solve --list)"), default_name);
  g_autofree char *per_address_help =
    g_strdup_printf (_("How many students may join from one address, 1 to %u: more for "
                       "computers the students share (default %u)"),
                     BITMAZE_CLASS_STUDENTS_MAX, BITMAZE_CLASS_STUDENTS_PER_ADDRESS);
  const GOptionEntry entries[] = {
    { "solver", 'S', 0, G_OPTION_ARG_STRING, &solver_name, solver_help, N_("NAME") },
    { "build", 'b', 0, G_OPTION_ARG_STRING, &build,
      N_("Ask about generator NAME building a maze instead of a solve "
         "(see bitmaze-cli generate --list)"), N_("NAME") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text,
      N_("--build: size in cells, 1 to 65535 each and at most 2^30 (1073741824) "
         "cells in all (default 20x15)"), N_("WxH") },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("--build: seed of the random numbers (default: a random one)"), N_("N") },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address,
      N_("The address to listen on: a private one of this computer, for "
         "a class on its network (default 127.0.0.1, this computer only)"), N_("ADDRESS") },
    { "port", 0, 0, G_OPTION_ARG_STRING, &port_text,
      N_("The port (default 8765, or any free one when it is taken; 0 for any free one)"), N_("PORT") },
    { "ranking", 0, 0, G_OPTION_ARG_NONE, &ranking,
      N_("Rank the students by right answers (the pages show their score)"), NULL },
    { "ask", 0, 0, G_OPTION_ARG_STRING, &ask_text,
      N_("Which questions: words, cells or all (default)"), N_("KINDS") },
    { "students-per-address", 0, 0, G_OPTION_ARG_STRING, &per_address_text,
      per_address_help, N_("N") },
    { "script", 0, 0, G_OPTION_ARG_NONE, &script,
      N_("Read commands from standard input and answer each with a line of JSON"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GInputStream) in = NULL;
  ClassCli self = { 0 };
  MazeError maze_error;
  guint64 port = BITMAZE_CLASS_DEFAULT_PORT, seed = 0;
  guint64 per_address = BITMAZE_CLASS_STUDENTS_PER_ADDRESS;
  uint32_t width = 20, height = 15;
  guint sigterm_id, sigint_id;
  int status;

  description = g_strdup_printf ("%s\n\n%s\n\n%s",
                                 _("The first line on standard output is the page's "
                                   "address and the join code: 'Join at "
                                   "http://127.0.0.1:8765/ with code 123456'.  "
                                   "Each question of the solve (or the build) goes "
                                   "to the students' pages, with the count of "
                                   "answers as they come; Enter reveals it, Enter "
                                   "again asks the next.  The end of the input "
                                   "(Ctrl+D), Ctrl+C or SIGTERM ends the session."),
                                 _("With --script, each line of standard input is a "
                                   "command and gets one line of JSON: next "
                                   "({\"question\": N, \"kind\": \"word\"|\"cell\"}, "
                                   "or {\"done\": true}), reveal ({\"question\": N, "
                                   "\"joined\": J, \"answered\": A, \"right\": R}), "
                                   "skip ({\"skipped\": N}), status ({\"joined\": J, "
                                   "\"answered\": A, \"question\": N}), quit "
                                   "({\"quit\": 1}); a mistake gets {\"error\": "
                                   "\"…\"}."),
                                 _("The teacher's commands in --script: lock and "
                                   "unlock ({\"locked\": 1|0}; a locked class takes "
                                   "no new student, those who joined come back), "
                                   "remove NAME ({\"removed\": \"NAME\", \"joined\": "
                                   "J}; the student's answers leave the counts and "
                                   "their address cannot join again with that name)."));
  context = cli_context_new ("class", _("MAZE-FILE"),
                             _("Run a class session: students answer predict "
                               "mode's questions from their browsers."),
                             description, entries);
  if ((status = cli_parse (context, "class", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if (build == NULL && (size_text != NULL || seed_text != NULL))
    return cli_usage_error ("class", _("--size and --seed need --build"));
  if (build != NULL && solver_name != NULL)
    return cli_usage_error ("class", _("--build and --solver exclude each other"));
  if (build != NULL && argc > 1)
    return cli_usage_error ("class", _("unexpected argument '%s'"), argv[1]);
  if (build == NULL && argc < 2)
    return cli_usage_error ("class", _("missing MAZE-FILE"));
  if (argc > 2)
    return cli_usage_error ("class", _("unexpected argument '%s'"), argv[2]);
  if (address == NULL)
    address = g_strdup ("127.0.0.1");
  if (!bitmaze_class_address_is_allowed (address))
    return cli_fail (CLI_EXIT_FAILURE,
                     _("--address: %s is not a private network address of this computer "
                       "(10/8, 172.16/12, 192.168/16, 169.254/16) or 127.0.0.1"), address);
  if ((port_text != NULL
       && (status = cli_parse_uint ("--port", port_text, 0, G_MAXUINT16, &port)) != CLI_EXIT_OK)
      || (build != NULL && size_text != NULL
          && (status = cli_parse_size (size_text, &width, &height)) != CLI_EXIT_OK)
      || (seed_text != NULL
          && (status = cli_parse_uint ("--seed", seed_text, 0, G_MAXUINT64, &seed)) != CLI_EXIT_OK)
      || (per_address_text != NULL
          && (status = cli_parse_uint ("--students-per-address", per_address_text, 1,
                                       BITMAZE_CLASS_STUDENTS_MAX, &per_address)) != CLI_EXIT_OK))
    return status;

  maze_predict_options_init (&self.options);
  if (ask_text != NULL)
    {
      if (g_str_equal (ask_text, "words"))
        self.options.cells = false;
      else if (g_str_equal (ask_text, "cells"))
        self.options.words = false;
      else if (!g_str_equal (ask_text, "all"))
        return cli_fail (CLI_EXIT_FAILURE, _("--ask: '%s' is not words, cells or all"), ask_text);
    }

  maze_error_clear (&maze_error);
  if (build == NULL)
    {
      const char *name = solver_name != NULL ? solver_name : default_name;

      if (!maze_solver_name_valid (name, &maze_error))
        return cli_fail_maze (NULL, &maze_error);
      self.maze = cli_load (argv[1]);
      if (self.maze == NULL)
        return CLI_EXIT_FAILURE;
      self.history = maze_history_new_solver (self.maze, name, &maze_error);
    }
  else
    {
      if (!maze_generator_name_valid (build, &maze_error))
        return cli_fail_maze (NULL, &maze_error);
      if (seed_text == NULL)
        seed = maze_random_seed ();
      self.maze = cli_new_maze (NULL, NULL, FALSE, &width, &height);
      if (self.maze == NULL)
        return CLI_EXIT_FAILURE;
      self.history = maze_history_new_generator (self.maze, build, seed, 0, true,
                                                 MAZE_PLACE_CORNERS, true, &maze_error);
    }
  if (self.history == NULL)
    {
      maze_free (self.maze);
      return cli_fail_maze (NULL, &maze_error);
    }
  self.solver = maze_history_solver (self.history);
  self.script = script;
  self.ranking = ranking;

  self.server = bitmaze_class_server_new ();
  bitmaze_class_server_set_ranking (self.server, ranking);
  bitmaze_class_server_set_students_per_address (self.server, (guint) per_address);
  if (!bitmaze_class_server_start (self.server, address, (guint) port, &error))
    {
      /* The default port taken: any free one (as the app does). */
      if (port_text == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
        {
          g_clear_error (&error);
          bitmaze_class_server_start (self.server, address, 0, &error);
        }
      if (error != NULL)
        {
          status = cli_fail (CLI_EXIT_FAILURE, _("cannot listen on %s: %s"), address, error->message);
          g_object_unref (self.server);
          maze_history_free (self.history);
          maze_free (self.maze);
          return status;
        }
    }

  /* The first line, in English whatever the language: scripts read it
   * (docs/class-session.md). */
  g_print ("Join at %s with code %s\n", bitmaze_class_server_get_url (self.server),
           bitmaze_class_server_get_join_code (self.server));
  if (!script)
    g_print ("%s\n", _("Press Enter to ask the first question."));
  fflush (stdout);

  self.loop = g_main_loop_new (NULL, FALSE);
  self.cancellable = g_cancellable_new ();
  in = g_unix_input_stream_new (0, FALSE);
  self.input = g_data_input_stream_new (in);
  g_data_input_stream_set_newline_type (self.input, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  g_signal_connect_swapped (self.server, "notify::answered", G_CALLBACK (answered_cb), &self);
  g_signal_connect_swapped (self.server, "notify::joined", G_CALLBACK (joined_cb), &self);
  sigterm_id = g_unix_signal_add (SIGTERM, signal_cb, &self);
  sigint_id = g_unix_signal_add (SIGINT, signal_cb, &self);
  read_next_line (&self);

  g_main_loop_run (self.loop);

  /* The pages are told the session ended. */
  g_cancellable_cancel (self.cancellable);
  g_source_remove (sigterm_id);
  g_source_remove (sigint_id);
  g_signal_handlers_disconnect_by_data (self.server, &self);
  bitmaze_class_server_stop (self.server);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_object_unref (self.server);
  g_object_unref (self.input);
  g_object_unref (self.cancellable);
  g_main_loop_unref (self.loop);
  maze_history_free (self.history);
  maze_free (self.maze);
  return CLI_EXIT_OK;
}
