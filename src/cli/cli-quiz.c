/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cli-quiz.c: bitmaze-cli quiz, predict mode in a terminal.
 *
 * Before each step of a solve (or of a build) the quiz asks what the
 * step will do: the word a statement leaves in a cell, and for the
 * searches which cell comes next.  The questions and their answers come
 * from the engine (maze_predict_questions() on a peek at the step), so
 * they are the app's.  Answers are read a line at a time from standard
 * input, so a class can also pipe a script in; the last line printed is
 * the score.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define ANSI_RESET "\033[0m"
#define ANSI_RIGHT "\033[1;32m" /* bold green */
#define ANSI_WRONG "\033[1;31m" /* bold red */

/* The mazes drawn with a cell question: a bigger one would scroll the
 * question out of sight. */
#define DRAW_MAX_WIDTH  40
#define DRAW_MAX_HEIGHT 30
/* Cells of the working set listed with a cell question. */
#define FRONTIER_SHOWN  12

static volatile sig_atomic_t interrupted = 0;

static void
on_interrupt (int signum)
{
  interrupted = 1;
}

typedef enum
{
  ANSWER_RIGHT,
  ANSWER_WRONG,
  ANSWER_SKIPPED,
  ANSWER_END,     /* no more input, or interrupted */
} Answer;

typedef struct
{
  FILE          *in;
  FILE          *out;
  gboolean       echo;     /* the input is no terminal: show what was read */
  gboolean       color;
  gboolean       draw;     /* draw the maze with a cell question */
  CliTextOptions text;
  const char    *subject;  /* the solver in a sentence ("BFS"), translated; NULL for a build */
  gboolean       frontier; /* the search has a working set to list */
  char          *line;     /* the last line read (getline) */
  size_t         line_cap;
  guint          shown;    /* questions shown, skipped ones too */
  guint          answered;
  guint          right;
  guint          streak;
  guint          longest;
  guint          skipped;
} Quiz;

static const char *
paint (const Quiz *quiz,
       const char *ansi)
{
  return quiz->color ? ansi : "";
}

/* Reads one line of input into quiz->line, without its line end.
 * FALSE at the end of the input or when interrupted. */
static gboolean
read_line (Quiz *quiz)
{
  ssize_t len;

  if (fflush (quiz->out) != 0)
    return FALSE;
  errno = 0;
  len = getline (&quiz->line, &quiz->line_cap, quiz->in);
  if (len < 0 || interrupted)
    {
      if (len < 0 && !interrupted)
        fputc ('\n', quiz->out);
      return FALSE;
    }
  while (len > 0 && (quiz->line[len - 1] == '\n' || quiz->line[len - 1] == '\r'))
    quiz->line[--len] = '\0';
  if (quiz->echo)
    fprintf (quiz->out, "%s\n", quiz->line);
  return TRUE;
}

static gboolean
is_blank (const char *text)
{
  for (; *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

/* "0b0000 1000 0000 1001": a word in binary, a space between nibbles. */
static void
append_binary (GString  *out,
               uint16_t  word)
{
  g_string_append (out, "0b");
  for (int bit = 15; bit >= 0; bit--)
    {
      g_string_append_c (out, (word >> bit) & 1 ? '1' : '0');
      if (bit % 4 == 0 && bit > 0)
        g_string_append_c (out, ' ');
    }
}

static void
print_word_line (Quiz       *quiz,
                 const char *label,
                 guint       width,
                 uint16_t    word,
                 uint16_t    marked)
{
  g_autoptr (GString) line = g_string_new ("  ");

  g_string_append (line, label);
  for (guint k = g_utf8_strlen (label, -1); k < width; k++)
    g_string_append_c (line, ' ');
  g_string_append_printf (line, "  0x%04X  0b", word);
  for (int bit = 15; bit >= 0; bit--)
    {
      gboolean mark = (marked >> bit) & 1;

      if (mark)
        g_string_append (line, paint (quiz, ANSI_WRONG));
      g_string_append_c (line, (word >> bit) & 1 ? '1' : '0');
      if (mark)
        g_string_append (line, paint (quiz, ANSI_RESET));
      if (bit % 4 == 0 && bit > 0)
        g_string_append_c (line, ' ');
    }
  fprintf (quiz->out, "%s\n", line->str);
}

static void
print_score (Quiz *quiz)
{
  /* Translators: after each answer: right answers / answers, and how
   * many were right in a row */
  fprintf (quiz->out, _("Score %u/%u, streak %u"), quiz->right, quiz->answered,
           quiz->streak);
  fputc ('\n', quiz->out);
}

static void
count_answer (Quiz     *quiz,
              gboolean  right)
{
  quiz->answered++;
  if (right)
    {
      quiz->right++;
      quiz->streak++;
      quiz->longest = MAX (quiz->longest, quiz->streak);
    }
  else
    quiz->streak = 0;
}

/* "What is maze[i] after this statement?" */
/* Why @answer is wrong, from the engine's explainer: the mistake and
 * what the statement does. */
static void
explain_wrong_word (Quiz               *quiz,
                    const MazeQuestion *q,
                    uint16_t            answer)
{
  g_autofree MazeExplanation *ex = g_new0 (MazeExplanation, 1);
  g_autofree char *text = NULL;

  if (maze_explain (q->statement, q->word, ex, NULL) != MAZE_OK)
    return;
  /* "other" would only repeat the bits that differ, said just above */
  if (maze_explain_answer (ex, answer) != MAZE_MISTAKE_OTHER)
    cli_explain_print_answer (quiz->out, ex);
  text = cli_explain_text (ex);
  fprintf (quiz->out, "%s\n", text);
}

static Answer
ask_word (Quiz               *quiz,
          uint64_t            step,
          const MazeQuestion *q)
{
  g_autoptr (GString) binary = g_string_new (NULL);
  uint16_t answer;

  /* Translators: the heading of a question: its number, the step, the
   * cell's column and row and its index in the array */
  fprintf (quiz->out, _("Question %u, step %llu: (%u, %u) · maze[%u]"), quiz->shown,
           (unsigned long long) step, q->x, q->y, q->index);
  fputc ('\n', quiz->out);
  append_binary (binary, q->word);
  fprintf (quiz->out, "  maze[%u] == 0x%04X  %s\n", q->index, q->word, binary->str);
  fprintf (quiz->out, "  %s;\n", q->statement);

  for (;;)
    {
      /* Translators: the prompt of a word question; the answer is typed
       * after it on the same line */
      fprintf (quiz->out, _("What is maze[%u] now? "), q->index);
      if (!read_line (quiz))
        return ANSWER_END;
      if (is_blank (quiz->line))
        {
          fprintf (quiz->out, _("Skipped: maze[%u] is 0x%04X now."), q->index, q->answer);
          fputc ('\n', quiz->out);
          quiz->skipped++;
          return ANSWER_SKIPPED;
        }
      if (maze_predict_parse_word (quiz->line, &answer))
        break;
      fprintf (quiz->out, _("Not a 16-bit word: type it in hex (0x1809) or in "
                            "binary (0b0001100000001001), or an empty line to "
                            "skip."));
      fputc ('\n', quiz->out);
    }

  count_answer (quiz, answer == q->answer);
  if (answer == q->answer)
    {
      fputs (paint (quiz, ANSI_RIGHT), quiz->out);
      fprintf (quiz->out, _("Right: maze[%u] is 0x%04X now."), q->index, q->answer);
      fputs (paint (quiz, ANSI_RESET), quiz->out);
      fputc ('\n', quiz->out);
    }
  else
    {
      uint16_t differ = (uint16_t) (answer ^ q->answer);
      /* Translators: the labels of the lines that compare the right word
       * with the student's, and mark the bits that differ */
      const char *right_label = C_("quiz answer", "right");
      const char *yours_label = C_("quiz answer", "yours");
      guint width = MAX (g_utf8_strlen (right_label, -1), g_utf8_strlen (yours_label, -1));
      g_autoptr (GString) marks = g_string_new ("  ");
      g_autoptr (GString) bits = g_string_new (NULL);
      guint n_differ = 0;

      fputs (paint (quiz, ANSI_WRONG), quiz->out);
      fprintf (quiz->out, _("Wrong: maze[%u] is 0x%04X now, not 0x%04X."), q->index,
               q->answer, answer);
      fputs (paint (quiz, ANSI_RESET), quiz->out);
      fputc ('\n', quiz->out);
      print_word_line (quiz, right_label, width, q->answer, 0);
      print_word_line (quiz, yours_label, width, answer, differ);
      /* a caret under each bit that differs, for a terminal without colour */
      for (guint k = 0; k < width + 2 + 8 + 2; k++)
        g_string_append_c (marks, ' ');
      for (int bit = 15; bit >= 0; bit--)
        {
          gboolean d = (differ >> bit) & 1;

          g_string_append_c (marks, d ? '^' : ' ');
          if (bit % 4 == 0 && bit > 0)
            g_string_append_c (marks, ' ');
          if (d)
            {
              g_string_append_printf (bits, "%s%d", n_differ > 0 ? ", " : "", bit);
              n_differ++;
            }
        }
      while (marks->len > 0 && marks->str[marks->len - 1] == ' ')
        g_string_truncate (marks, marks->len - 1);
      fprintf (quiz->out, "%s\n", marks->str);
      /* Translators: %s is the list of the bits, "15, 11" */
      fprintf (quiz->out, ngettext ("Bit %s differs.", "Bits %s differ.", n_differ),
               bits->str);
      fputc ('\n', quiz->out);
      explain_wrong_word (quiz, q, answer);
    }
  print_score (quiz);
  return answer == q->answer ? ANSWER_RIGHT : ANSWER_WRONG;
}

/* "x,y", "x y" or "(x, y)" into a cell of @maze. */
static gboolean
parse_cell (const char *text,
            const Maze *maze,
            uint32_t   *cell)
{
  guint64 v[2];
  const char *p = text;

  for (int k = 0; k < 2; k++)
    {
      char *end;

      while (g_ascii_isspace (*p) || *p == '(' || (k == 1 && *p == ','))
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      errno = 0;
      v[k] = g_ascii_strtoull (p, &end, 10);
      if (errno != 0)
        return FALSE;
      p = end;
    }
  while (g_ascii_isspace (*p) || *p == ')')
    p++;
  if (*p != '\0' || v[0] >= maze_width (maze) || v[1] >= maze_height (maze))
    return FALSE;
  *cell = maze_index (maze, (uint32_t) v[0], (uint32_t) v[1]);
  return TRUE;
}

static void
print_cell_list (Quiz           *quiz,
                 const Maze     *maze,
                 const uint32_t *cells,
                 size_t          n,
                 size_t          total)
{
  for (size_t k = 0; k < n; k++)
    fprintf (quiz->out, " (%u, %u)", cells[k] % maze_width (maze), cells[k] / maze_width (maze));
  if (total > n)
    fputs (" …", quiz->out);
  fputc ('\n', quiz->out);
}

/* The first FRONTIER_SHOWN cells of @solver's working set in reading
 * order (top row first, each row from the left), taken from all of it,
 * into @out; how many it holds.  In the search's own order the first one
 * would be the answer of the question. */
static size_t
frontier_in_reading_order (const MazeSolver *solver,
                           uint32_t         *out)
{
  uint32_t unused;
  size_t total = maze_solver_frontier (solver, &unused, 0);
  g_autofree uint32_t *all = NULL;

  if (total == 0)
    return 0;
  all = g_new (uint32_t, total);
  total = MIN (total, maze_solver_frontier (solver, all, total));
  maze_sort_cells (all, total);
  memcpy (out, all, MIN (total, FRONTIER_SHOWN) * sizeof *all);
  return total;
}

/* "Which cell comes next?" */
static Answer
ask_cell (Quiz               *quiz,
          const Maze         *maze,
          const MazeSolver   *solver,
          uint64_t            step,
          const MazeQuestion *q)
{
  uint32_t frontier[FRONTIER_SHOWN], cell;
  size_t total;
  gboolean right;

  /* Translators: the heading of a question: its number and the step */
  fprintf (quiz->out, _("Question %u, step %llu: which cell comes next?"), quiz->shown,
           (unsigned long long) step);
  fputc ('\n', quiz->out);
  if (quiz->draw)
    {
      quiz->text.current = q->from;
      if (!cli_text_print (maze, &quiz->text, quiz->out))
        return ANSWER_END;
    }
  /* Translators: where the search is: the solver, a cell's column and row */
  fprintf (quiz->out, _("  %s is at (%u, %u)."), quiz->subject,
           q->from % maze_width (maze), q->from / maze_width (maze));
  fputc ('\n', quiz->out);
  total = quiz->frontier ? frontier_in_reading_order (solver, frontier) : 0;
  if (total > 0)
    {
      /* Translators: before the cells a search may take next, listed
       * top row first: its own order would give the answer away */
      fputs (_("  Frontier, in reading order:"), quiz->out);
      print_cell_list (quiz, maze, frontier, MIN (total, FRONTIER_SHOWN), total);
    }

  for (;;)
    {
      /* Translators: the prompt of a cell question; x and y stay as they are */
      fprintf (quiz->out, _("Which cell comes next? x,y: "));
      if (!read_line (quiz))
        return ANSWER_END;
      if (is_blank (quiz->line))
        {
          fprintf (quiz->out, _("Skipped: (%u, %u) comes next."), q->x, q->y);
          fputc ('\n', quiz->out);
          fprintf (quiz->out, "%s.\n", _(q->reason));
          quiz->skipped++;
          return ANSWER_SKIPPED;
        }
      if (parse_cell (quiz->line, maze, &cell))
        break;
      fprintf (quiz->out, _("Not a cell of this %u × %u maze: type its column and "
                            "row, such as 3,5, or an empty line to skip."),
               maze_width (maze), maze_height (maze));
      fputc ('\n', quiz->out);
    }

  right = maze_question_cell_right (q, cell);
  count_answer (quiz, right);
  fputs (paint (quiz, right ? ANSI_RIGHT : ANSI_WRONG), quiz->out);
  if (right && cell == q->index)
    fprintf (quiz->out, _("Right: (%u, %u) comes next."), q->x, q->y);
  else if (right)
    /* Translators: A*'s tie: the student's cell is as good as the one it
     * takes */
    fprintf (quiz->out, _("Right: (%u, %u) is as good as (%u, %u), which comes next."),
             cell % maze_width (maze), cell / maze_width (maze), q->x, q->y);
  else
    fprintf (quiz->out, _("Wrong: (%u, %u) comes next, not (%u, %u)."), q->x, q->y,
             cell % maze_width (maze), cell / maze_width (maze));
  fputs (paint (quiz, ANSI_RESET), quiz->out);
  fputc ('\n', quiz->out);
  fprintf (quiz->out, "%s.\n", _(q->reason));
  print_score (quiz);
  return right ? ANSWER_RIGHT : ANSWER_WRONG;
}

static void
print_final_score (Quiz *quiz)
{
  /* Translators: the last line of a quiz: right answers / answers, the
   * longest run of right answers */
  fprintf (quiz->out, _("Score: %u/%u right, longest streak %u"), quiz->right,
           quiz->answered, quiz->longest);
  if (quiz->skipped > 0)
    fprintf (quiz->out, ngettext (", %u skipped", ", %u skipped", quiz->skipped),
             quiz->skipped);
  fputc ('\n', quiz->out);
}

/* "all", "words", "cells" into @options. */
static int
parse_ask (const char         *text,
           MazePredictOptions *options)
{
  if (text == NULL || g_str_equal (text, "all"))
    return CLI_EXIT_OK;
  if (g_str_equal (text, "words"))
    options->cells = false;
  else if (g_str_equal (text, "cells"))
    options->words = false;
  else
    return cli_fail (CLI_EXIT_FAILURE,
                     _("invalid value '%s' for %s: expected words, cells or all"),
                     text, "--ask");
  return CLI_EXIT_OK;
}

/* A nibble by number (0 the lowest) or by name. */
static int
parse_nibble (const char *text,
              int        *nibble)
{
  static const char *const names[] = { "passages", "border", "solution", "backtrack" };

  for (int k = 0; k < 4; k++)
    if (g_str_equal (text, names[k]) || (text[0] == '0' + k && text[1] == '\0'))
      {
        *nibble = k;
        return CLI_EXIT_OK;
      }
  return cli_fail (CLI_EXIT_FAILURE,
                   _("invalid value '%s' for %s: expected 0 to 3, or passages, "
                     "border, solution or backtrack"), text, "--nibble");
}

typedef struct
{
  const char *maze_file;  /* the maze to solve, or NULL for a build */
  const char *algorithm;
  const char *size;
  const char *seed;
  const char *loops;
  const char *shape;
  const char *mask;
  gboolean    keep_largest;
} QuizRequest;

/* The maze and its history, for a solve or a build; NULL with the error
 * printed (*@status set). */
static MazeHistory *
quiz_history (const QuizRequest *request,
              Maze             **maze_out,
              int               *status)
{
  uint32_t width = 20, height = 15;
  guint64 seed = 0, loops = 0;
  MazeHistory *history;
  MazeError error;
  Maze *maze;

  maze_error_clear (&error);
  *maze_out = NULL;
  if (request->maze_file != NULL)
    {
      if (!maze_solver_name_valid (request->algorithm, &error))
        {
          *status = cli_fail_maze (NULL, &error);
          return NULL;
        }
      maze = cli_load (request->maze_file);
      if (maze == NULL)
        {
          *status = CLI_EXIT_FAILURE;
          return NULL;
        }
      history = maze_history_new_solver (maze, request->algorithm, &error);
    }
  else
    {
      if (!maze_generator_name_valid (request->algorithm, &error))
        {
          *status = cli_fail_maze (NULL, &error);
          return NULL;
        }
      if (request->mask != NULL && request->size == NULL)
        width = height = 0;
      if ((request->size != NULL
           && (*status = cli_parse_size (request->size, &width, &height)) != CLI_EXIT_OK)
          || (request->seed != NULL
              && (*status = cli_parse_uint ("--seed", request->seed, 0, G_MAXUINT64,
                                            &seed)) != CLI_EXIT_OK)
          || (request->loops != NULL
              && (*status = cli_parse_uint ("--loops", request->loops, 0, 100,
                                            &loops)) != CLI_EXIT_OK))
        return NULL;
      if (request->seed == NULL)
        seed = maze_random_seed ();
      maze = cli_new_maze (request->shape, request->mask, request->keep_largest,
                           &width, &height);
      if (maze == NULL)
        {
          *status = CLI_EXIT_FAILURE;
          return NULL;
        }
      /* As maze_generate() and animate --build: corners, with openings. */
      history = maze_history_new_generator (maze, request->algorithm, seed, (unsigned) loops,
                                            true, MAZE_PLACE_CORNERS, true, &error);
    }
  if (history == NULL)
    {
      maze_free (maze);
      *status = cli_fail_maze (NULL, &error);
      return NULL;
    }
  *maze_out = maze;
  *status = CLI_EXIT_OK;
  return history;
}

int
cli_quiz (int    argc,
          char **argv)
{
  g_autofree char *solver_name = NULL;
  g_autofree char *build = NULL;
  g_autofree char *size_text = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *loops_text = NULL;
  g_autofree char *shape = NULL;
  g_autofree char *mask = NULL;
  g_autofree char *every_text = NULL;
  g_autofree char *nibble_text = NULL;
  g_autofree char *ask_text = NULL;
  g_autofree char *limit_text = NULL;
  g_autofree char *color_text = NULL;
  g_autofree char *description = NULL;
  gboolean ascii = FALSE, keep_largest = FALSE;
  const char *default_name = maze_algorithm_default (maze_solvers)->name;
  g_autofree char *solver_help =
    g_strdup_printf (_("Solver (default %s; see bitmaze-cli solve --list)"), default_name);
  const GOptionEntry entries[] = {
    { "solver", 'S', 0, G_OPTION_ARG_STRING, &solver_name,
      solver_help, N_("NAME") },
    { "build", 'b', 0, G_OPTION_ARG_STRING, &build,
      N_("Ask about generator NAME building a maze instead of a solve "
         "(see bitmaze-cli generate --list)"), N_("NAME") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text,
      N_("--build: size in cells, 1 to 65535 each and at most 2^30 "
         "(1073741824) cells in all (default 20x15)"), N_("WxH") },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      N_("--build: seed of the random numbers (default: a random one)"), N_("N") },
    { "loops", 'l', 0, G_OPTION_ARG_STRING, &loops_text,
      N_("--build: percentage of dead ends to remove (default 0)"), N_("PERCENT") },
    { "shape", 0, 0, G_OPTION_ARG_STRING, &shape,
      N_("--build: only the cells of a shape, as with generate --shape"), N_("SHAPE") },
    { "mask", 0, 0, G_OPTION_ARG_FILENAME, &mask,
      N_("--build: only the cells of a mask, as with generate --mask"), N_("FILE") },
    { "keep-largest", 0, 0, G_OPTION_ARG_NONE, &keep_largest,
      N_("When the shape falls into pieces, keep the largest (else it "
         "is refused)"), NULL },
    { "every", 'e', 0, G_OPTION_ARG_STRING, &every_text,
      N_("Ask about every Nth step only (default 1: every step)"), N_("N") },
    { "nibble", 0, 0, G_OPTION_ARG_STRING, &nibble_text,
      N_("Ask only about steps that change this nibble, and only about "
         "their statements that do: 0 passages, 1 border, 2 solution, "
         "3 backtrack (or the name)"), N_("NIBBLE") },
    { "ask", 0, 0, G_OPTION_ARG_STRING, &ask_text,
      N_("Which questions: words (what a statement leaves in a cell), cells "
         "(which cell a search takes next) or all (default)"), N_("KINDS") },
    { "limit", 'n', 0, G_OPTION_ARG_STRING, &limit_text,
      N_("Stop after N questions (default: at the end of the solve or build)"),
      N_("N") },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &ascii,
      N_("Use +--+ instead of box drawing"), NULL },
    { "color", 0, 0, G_OPTION_ARG_STRING, &color_text,
      N_("Colours: auto (when standard output is a terminal), always "
         "or never"), N_("WHEN") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  struct sigaction action, old_int, old_term;
  MazePredictOptions options;
  QuizRequest request = { 0 };
  Quiz quiz = { 0 };
  MazeHistory *history;
  const MazeAlgorithm *algorithm;
  guint64 every = 1, limit = 0;
  Answer answer = ANSWER_RIGHT;
  MazeError error;
  Maze *maze;
  int status;

  description = g_strdup_printf ("%s\n%s",
                                 _("Before each step of the solve (or of the build) "
                                   "the quiz shows a cell, its word and the C "
                                   "statement about to run, and asks for the word "
                                   "the statement leaves: type it in hex (0x1809) "
                                   "or binary (0b0001100000001001), or an empty "
                                   "line to skip.  Before the steps of a search it "
                                   "also asks which cell comes next: type its "
                                   "column and row (3,5).  Each answer is marked "
                                   "right or wrong, with the bits that differ and "
                                   "the right word."),
                                 _("Answers are read one line at a time, so a "
                                   "script can be piped in.  The end of the input "
                                   "(Ctrl+D) ends the quiz early.  The last line is "
                                   "the score: 'Score: R/A right, longest streak "
                                   "S' (and how many were skipped).  Exit status: "
                                   "0 once the quiz ended, whatever the score; 1 a "
                                   "bad value or file; 2 bad usage; 130 "
                                   "interrupted."));
  context = cli_context_new ("quiz", _("MAZE-FILE"),
                             _("Predict each step of a solve or a build, as "
                               "the app's predict mode asks."),
                             description, entries);
  if ((status = cli_parse (context, "quiz", &argc, &argv)) != CLI_EXIT_OK)
    return status;
  if ((status = cli_check_shape_options ("quiz", shape, mask, keep_largest)) != CLI_EXIT_OK)
    return status;
  if (build == NULL && (shape != NULL || mask != NULL || size_text != NULL
                        || seed_text != NULL || loops_text != NULL))
    return cli_usage_error ("quiz", _("--size, --seed, --loops, --shape and --mask "
                                      "need --build"));
  if (build != NULL && solver_name != NULL)
    return cli_usage_error ("quiz", _("--build and --solver exclude each other"));
  if (build != NULL && argc > 1)
    return cli_usage_error ("quiz", _("unexpected argument '%s'"), argv[1]);
  if (build == NULL && argc < 2)
    return cli_usage_error ("quiz", _("missing MAZE-FILE"));
  if (argc > 2)
    return cli_usage_error ("quiz", _("unexpected argument '%s'"), argv[2]);

  maze_predict_options_init (&options);
  if ((every_text != NULL
       && (status = cli_parse_uint ("--every", every_text, 1, G_MAXUINT32, &every))
          != CLI_EXIT_OK)
      || (limit_text != NULL
          && (status = cli_parse_uint ("--limit", limit_text, 1, G_MAXUINT32, &limit))
             != CLI_EXIT_OK)
      || (nibble_text != NULL
          && (status = parse_nibble (nibble_text, &options.nibble)) != CLI_EXIT_OK)
      || (status = parse_ask (ask_text, &options)) != CLI_EXIT_OK)
    return status;
  options.every = every;

  cli_text_options_init (&quiz.text);
  quiz.text.ascii |= ascii;
  quiz.text.labels = TRUE;
  if ((status = cli_parse_color (color_text, stdout, &quiz.color)) != CLI_EXIT_OK)
    return status;
  quiz.text.color = quiz.color;

  request.maze_file = build == NULL ? argv[1] : NULL;
  request.algorithm = build != NULL ? build : solver_name != NULL ? solver_name : default_name;
  request.size = size_text;
  request.seed = seed_text;
  request.loops = loops_text;
  request.shape = shape;
  request.mask = mask;
  request.keep_largest = keep_largest;
  history = quiz_history (&request, &maze, &status);
  if (history == NULL)
    return status;

  quiz.in = stdin;
  quiz.out = stdout;
  quiz.echo = !isatty (STDIN_FILENO);
  quiz.draw = maze_width (maze) <= DRAW_MAX_WIDTH && maze_height (maze) <= DRAW_MAX_HEIGHT;
  if (build == NULL)
    {
      algorithm = maze_solver_algorithm (maze_history_solver (history));
      quiz.subject = _(algorithm->subject);
      quiz.frontier = algorithm->frontier != NULL;
    }
  else
    algorithm = maze_generator_algorithm (maze_history_generator (history));

  /* No SA_RESTART: Ctrl+C ends a read that waits for an answer. */
  memset (&action, 0, sizeof action);
  action.sa_handler = on_interrupt;
  sigemptyset (&action.sa_mask);
  sigaction (SIGINT, &action, &old_int);
  sigaction (SIGTERM, &action, &old_term);

  /* Translators: the first line of a quiz: the algorithm's name and the
   * maze's size */
  fprintf (quiz.out, _("Predict the steps of %s on a %u × %u maze."), _(algorithm->label),
           maze_width (maze), maze_height (maze));
  fputc ('\n', quiz.out);
  fprintf (quiz.out, "%s\n\n", _("Answer with a word in hex (0x1809) or binary "
                                 "(0b…), a cell as x,y; an empty line skips."));

  while (answer != ANSWER_END && !interrupted && !maze_history_finished (history)
         && (limit == 0 || quiz.shown < limit))
    {
      MazeQuestion q[MAZE_PREDICT_MAX_QUESTIONS];
      uint64_t number = maze_history_position (history) + 1;
      const MazeSolver *solver = maze_history_solver (history);
      MazeStep next;
      size_t n = 0;

      /* a peek copies the stepper: only for the steps that may ask */
      if (number % every == 0)
        {
          if (!maze_history_peek (history, &next))
            break;
          n = maze_predict_questions (maze, solver, &next, number, &options, q,
                                      G_N_ELEMENTS (q));
        }
      for (size_t k = 0; k < n && (limit == 0 || quiz.shown < limit); k++)
        {
          quiz.shown++;
          answer = q[k].kind == MAZE_QUESTION_CELL ? ask_cell (&quiz, maze, solver, number, &q[k])
                                                    : ask_word (&quiz, number, &q[k]);
          if (answer == ANSWER_END)
            break;
          fputc ('\n', quiz.out);
        }
      if (answer != ANSWER_END)
        maze_history_step (history, NULL);
    }

  if (maze_history_finished (history) && answer != ANSWER_END && !interrupted)
    {
      if (build != NULL)
        fprintf (quiz.out, "%s\n", _("The maze is built."));
      else
        {
          MazeSolveStats stats;

          maze_solver_stats (maze_history_solver (history), &stats);
          if (stats.found)
            fprintf (quiz.out, ngettext ("%s found a path of %llu move.",
                                         "%s found a path of %llu moves.",
                                         (unsigned long) stats.path_length),
                     quiz.subject, (unsigned long long) stats.path_length);
          else
            fprintf (quiz.out, _("%s found no path from the start to the goal."),
                     quiz.subject);
          fputc ('\n', quiz.out);
        }
    }
  if (interrupted)
    fputs (_("interrupted\n"), quiz.out);
  print_final_score (&quiz);
  status = fflush (quiz.out) == 0 && !ferror (quiz.out)
           ? CLI_EXIT_OK
           : cli_fail (CLI_EXIT_FAILURE, _("standard output: %s"), g_strerror (errno));

  sigaction (SIGINT, &old_int, NULL);
  sigaction (SIGTERM, &old_term, NULL);
  free (quiz.line);
  if (maze_history_status (history, &error) != MAZE_OK)
    status = cli_fail_maze (NULL, &error);
  maze_history_free (history);
  maze_free (maze);
  /* The shell's convention for a program stopped by SIGINT. */
  return interrupted && status == CLI_EXIT_OK ? 128 + SIGINT : status;
}
