/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * BitmazeSession without a window: a build or a search saved in the
 * middle of its history comes back at that step when opened, and goes on
 * as it would have; the next step can be looked at, and held back as a
 * question, without being done.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>

#include "maze.h"

#include "bitmaze-clock.h"
#include "bitmaze-session.h"

#define SEED 777u

typedef struct
{
  BitmazeSession *session;
  char           *dir;
  GArray         *states;   /* the words after each step, one maze a row */
  guint           n_cells;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  fixture->session = bitmaze_session_new ();
  bitmaze_session_set_seed (fixture->session, SEED);
  bitmaze_session_set_size (fixture->session, 31, 17);
  g_object_set (fixture->session, "loops", 25u, "solver", "dfs", NULL);
  g_assert_true (bitmaze_session_generate (fixture->session, &error));
  g_assert_no_error (error);
  g_assert_false (bitmaze_session_get_running (fixture->session));
  fixture->n_cells = maze_n_cells (bitmaze_session_get_maze (fixture->session));
  fixture->states = g_array_new (FALSE, FALSE, sizeof (guint16) * fixture->n_cells);
  fixture->dir = g_dir_make_tmp ("bitmaze-session-XXXXXX", NULL);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr (GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
  g_array_unref (fixture->states);
  g_clear_object (&fixture->session);
}

static void
remember (Fixture        *fixture,
          BitmazeSession *session)
{
  g_array_append_vals (fixture->states, maze_cells_const (bitmaze_session_get_maze (session)), 1);
}

static void
assert_state (Fixture        *fixture,
              BitmazeSession *session,
              guint64         step)
{
  const guint16 *want = (const guint16 *) (gpointer) fixture->states->data + step * fixture->n_cells;

  g_assert_cmpuint (bitmaze_session_get_position (session), ==, step);
  g_assert_cmpmem (maze_cells_const (bitmaze_session_get_maze (session)), 2 * fixture->n_cells,
                   want, 2 * fixture->n_cells);
}

static void
step_and_remember (Fixture        *fixture,
                   BitmazeSession *session,
                   guint           n)
{
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (bitmaze_session_step (session));
      remember (fixture, session);
    }
}

static BitmazeSession *
save_and_open (Fixture    *fixture,
               const char *name)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  BitmazeSession *opened = bitmaze_session_new ();

  g_assert_true (bitmaze_session_save (fixture->session, file, &error));
  g_assert_no_error (error);
  g_assert_true (bitmaze_session_load (opened, file, &error));
  g_assert_no_error (error);
  return opened;
}

/* A search stepped 30 times and back 10, saved: opened, it shows step 20
 * (what was on screen), its history goes back to the start, and it goes
 * on with the steps the first one took. */
static void
test_search_saved_mid_history (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr (BitmazeSession) opened = NULL;

  remember (fixture, fixture->session);
  step_and_remember (fixture, fixture->session, 30);
  for (guint i = 0; i < 10; i++)
    g_assert_true (bitmaze_session_step_back (fixture->session));
  assert_state (fixture, fixture->session, 20);

  opened = save_and_open (fixture, "search.maze");
  g_assert_cmpint (bitmaze_session_get_phase (opened), ==, BITMAZE_PHASE_SOLVING);
  assert_state (fixture, opened, 20);
  g_assert_cmpstr (bitmaze_session_get_solver (opened), ==, "dfs");
  g_assert_nonnull (bitmaze_session_get_last_step (opened));

  for (guint64 k = 21; k <= 30; k++)
    {
      g_assert_true (bitmaze_session_step (opened));
      assert_state (fixture, opened, k);
    }
  g_assert_true (bitmaze_session_seek (opened, 3));
  assert_state (fixture, opened, 3);
}

/* A build (Animate Building on) saved after 40 steps comes back building
 * at step 40, and ends as the same maze the engine makes at once. */
static void
test_build_saved_mid_history (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr (BitmazeSession) opened = NULL;
  g_autoptr (GError) error = NULL;
  MazeError merror;
  Maze *expected;
  Maze *maze;

  g_object_set (fixture->session, "animate", TRUE, NULL);
  g_assert_true (bitmaze_session_generate (fixture->session, &error));
  bitmaze_session_set_running (fixture->session, FALSE);
  g_assert_cmpint (bitmaze_session_get_phase (fixture->session), ==, BITMAZE_PHASE_BUILDING);
  remember (fixture, fixture->session);
  step_and_remember (fixture, fixture->session, 40);

  opened = save_and_open (fixture, "build.maze");
  g_assert_cmpint (bitmaze_session_get_phase (opened), ==, BITMAZE_PHASE_BUILDING);
  assert_state (fixture, opened, 40);
  g_assert_true (bitmaze_session_step_back (opened));
  assert_state (fixture, opened, 39);

  while (bitmaze_session_get_phase (opened) == BITMAZE_PHASE_BUILDING)
    g_assert_true (bitmaze_session_step (opened));
  maze = bitmaze_session_get_maze (opened);
  expected = maze_generate (31, 17, bitmaze_session_get_generator (opened), SEED, 25, &merror);
  g_assert_nonnull (expected);
  g_assert_cmpmem (maze_cells_const (maze), 2 * fixture->n_cells, maze_cells_const (expected), 2 * fixture->n_cells);
  g_assert_cmpuint (maze_start (maze), ==, maze_start (expected));
  g_assert_cmpuint (maze_goal (maze), ==, maze_goal (expected));
  maze_free (expected);
}

static void
message_cb (BitmazeSession *session,
            const char     *message,
            char          **heard)
{
  g_free (*heard);
  *heard = g_strdup (message);
}

/* A Kruskal build saved halfway comes back building: its file says which
 * wall order made it.  The same file as Kruskal's first order wrote it
 * (no `generator-stream`), whose seed now gives another maze, opens as
 * it is, not building, with a message that names the generator. */
static void
test_build_of_another_stream (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "kruskal.maze", NULL);
  g_autofree char *old_path = g_build_filename (fixture->dir, "old.maze", NULL);
  g_autoptr (GFile) old_file = g_file_new_for_path (old_path);
  g_autoptr (BitmazeSession) opened = NULL;
  g_autoptr (BitmazeSession) old = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *heard = NULL;
  MazeError merror;
  Maze *maze;

  g_object_set (fixture->session, "generator", "kruskal", "animate", TRUE, NULL);
  g_assert_true (bitmaze_session_generate (fixture->session, &error));
  bitmaze_session_set_running (fixture->session, FALSE);
  remember (fixture, fixture->session);
  step_and_remember (fixture, fixture->session, 40);

  opened = save_and_open (fixture, "kruskal.maze");
  g_signal_connect (opened, "message", G_CALLBACK (message_cb), &heard);
  g_assert_cmpint (bitmaze_session_get_phase (opened), ==, BITMAZE_PHASE_BUILDING);
  assert_state (fixture, opened, 40);
  g_assert_null (heard);

  maze = maze_load_file (path, &merror);
  g_assert_nonnull (maze);
  g_assert_cmpstr (maze_meta_get (maze, "generator-stream"), ==, "2");
  g_assert_cmpint (maze_meta_set (maze, "generator-stream", NULL, &merror), ==, MAZE_OK);
  g_assert_cmpint (maze_save_file (maze, old_path, &merror), ==, MAZE_OK);
  maze_free (maze);

  old = bitmaze_session_new ();
  g_signal_connect (old, "message", G_CALLBACK (message_cb), &heard);
  g_assert_true (bitmaze_session_load (old, old_file, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bitmaze_session_get_phase (old), !=, BITMAZE_PHASE_BUILDING);
  g_assert_cmpmem (maze_cells_const (bitmaze_session_get_maze (old)), 2 * fixture->n_cells,
                   (const guint16 *) (gpointer) fixture->states->data + 40 * fixture->n_cells,
                   2 * fixture->n_cells);
  g_assert_cmpstr (heard, ==,
                   "this maze was made by another version of 'kruskal': its seed now gives another maze");
  g_signal_handlers_disconnect_by_data (old, &heard);
  g_signal_handlers_disconnect_by_data (opened, &heard);
}

typedef struct
{
  MazeStep step;
  guint    count;
  gboolean null;
} Heard;

static void
heard_cb (BitmazeSession *session,
          const MazeStep *step,
          Heard          *heard)
{
  heard->count++;
  heard->null = step == NULL;
  if (step != NULL)
    heard->step = *step;
}

static void
assert_same_step (const MazeStep *a,
                  const MazeStep *b)
{
  g_assert_cmpint (a->kind, ==, b->kind);
  g_assert_cmpuint (a->cell, ==, b->cell);
  g_assert_cmpuint (a->n_changes, ==, b->n_changes);
  for (unsigned k = 0; k < a->n_changes; k++)
    {
      g_assert_cmpuint (a->changes[k].index, ==, b->changes[k].index);
      g_assert_cmphex (a->changes[k].after, ==, b->changes[k].after);
      g_assert_cmpstr (a->changes[k].expr, ==, b->changes[k].expr);
    }
}

/* The next step can be looked at and held back as a question (predict
 * mode's seam): the maze does not change until the answer is revealed,
 * and the step revealed is the one asked about. */
static void
test_question_and_reveal (Fixture       *fixture,
                          gconstpointer  data)
{
  Heard question = { 0 }, revealed = { 0 }, done = { 0 };
  MazeStep next;
  guint32 head;

  g_signal_connect (fixture->session, "question", G_CALLBACK (heard_cb), &question);
  g_signal_connect (fixture->session, "revealed", G_CALLBACK (heard_cb), &revealed);
  g_signal_connect (fixture->session, "step-done", G_CALLBACK (heard_cb), &done);
  g_object_set (fixture->session, "solver", "bfs", NULL);

  remember (fixture, fixture->session);
  step_and_remember (fixture, fixture->session, 5);
  done.count = 0;

  /* The cell the search takes next is the head of the BFS queue. */
  g_assert_cmpuint (bitmaze_session_get_frontier (fixture->session, &head, 1), >, 0);
  g_assert_cmpint (bitmaze_session_get_next_cell (fixture->session), ==, (gint64) head);

  g_assert_true (bitmaze_session_peek_step (fixture->session, &next));
  assert_state (fixture, fixture->session, 5);

  g_assert_true (bitmaze_session_ask (fixture->session));
  g_assert_cmpuint (question.count, ==, 1);
  g_assert_false (question.null);
  assert_same_step (&question.step, &next);
  assert_same_step (bitmaze_session_get_question (fixture->session), &next);
  assert_state (fixture, fixture->session, 5);
  g_assert_cmpuint (done.count, ==, 0);

  g_assert_true (bitmaze_session_reveal (fixture->session));
  g_assert_cmpuint (revealed.count, ==, 1);
  assert_same_step (&revealed.step, &next);
  g_assert_cmpuint (done.count, ==, 1);
  assert_same_step (&done.step, &next);
  g_assert_cmpuint (bitmaze_session_get_position (fixture->session), ==, 6);
  g_assert_null (bitmaze_session_get_question (fixture->session));

  /* Going back withdraws a question. */
  g_assert_true (bitmaze_session_ask (fixture->session));
  g_assert_true (bitmaze_session_step_back (fixture->session));
  g_assert_true (question.null);
  g_assert_null (bitmaze_session_get_question (fixture->session));
  g_assert_false (bitmaze_session_reveal (fixture->session));
  assert_state (fixture, fixture->session, 5);
}

/* The whole of a build without a window: frames until it is done. */
static void
finish_build (BitmazeSession *session)
{
  for (gint64 t = 1; bitmaze_session_get_running (session); t += 16667)
    bitmaze_session_run_frame (session, t);
}

static void
prepared_cb (GObject    *object,
             GParamSpec *pspec,
             gpointer    user_data)
{
  *(gboolean *) user_data = bitmaze_session_get_prepared (BITMAZE_SESSION (object));
}

static gboolean
give_up_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Until the next maze is ready; a bound, not a delay, so that a job
 * that never comes fails the test instead of hanging it. */
static gboolean
wait_prepared (BitmazeSession *session)
{
  gboolean prepared = bitmaze_session_get_prepared (session), given_up = FALSE;
  gulong id = g_signal_connect (session, "notify::prepared", G_CALLBACK (prepared_cb), &prepared);
  guint bound = g_timeout_add_seconds (60, give_up_cb, &given_up);

  /* the job starts from an idle callback and ends with one */
  while (!prepared && !given_up)
    g_main_context_iteration (NULL, TRUE);
  if (!given_up)
    g_source_remove (bound);
  g_signal_handler_disconnect (session, id);
  return prepared;
}

/* Until nothing is pending: the idle callback that drops a spare of
 * another recipe and starts the next job has run. */
static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A big maze's memory is made ready on a worker thread as soon as its
 * size is known, and again after each Generate; a maze built in it is
 * the maze of the same seed built without it, cell for cell.  Small
 * mazes, huge ones and mask files get none. */
static void
test_next_maze_made_ahead (Fixture       *fixture,
                           gconstpointer  data)
{
  BitmazeSession *session = fixture->session;
  g_autoptr (GError) error = NULL;
  g_autofree guint16 *ahead = NULL;
  guint n = 600 * 500;

  g_object_set (session, "loops", 0u, NULL);
  bitmaze_session_set_size (session, 600, 500);
  g_assert_true (wait_prepared (session));
  bitmaze_session_set_seed (session, 4242);
  g_assert_true (bitmaze_session_generate (session, &error));
  g_assert_no_error (error);
  g_assert_false (bitmaze_session_get_prepared (session)); /* taken */
  finish_build (session);
  g_assert_true (maze_is_perfect (bitmaze_session_get_maze (session)));
  ahead = g_memdup2 (maze_cells_const (bitmaze_session_get_maze (session)), 2 * n);
  /* the next one, for Space */
  g_assert_true (wait_prepared (session));

  /* another size drops it once the main loop runs; back to 600 x 500
   * and Generate at once: a maze of its own */
  bitmaze_session_set_size (session, 600, 501);
  g_assert_false (bitmaze_session_get_prepared (session));
  settle ();
  bitmaze_session_set_size (session, 600, 500);
  g_assert_false (bitmaze_session_get_prepared (session));
  g_assert_true (bitmaze_session_generate (session, &error));
  g_assert_no_error (error);
  finish_build (session);
  g_assert_cmpmem (maze_cells_const (bitmaze_session_get_maze (session)), 2 * n, ahead, 2 * n);

  /* a shape has its own */
  g_object_set (session, "shape", "heart", NULL);
  g_assert_true (wait_prepared (session));
  g_assert_true (bitmaze_session_generate (session, &error));
  g_assert_no_error (error);
  finish_build (session);
  g_assert_true (maze_is_shaped (bitmaze_session_get_maze (session)));
  g_assert_true (maze_is_perfect (bitmaze_session_get_maze (session)));

  /* which recipes get one: none for a small maze (no frame to save),
   * one beyond the bound (a second copy would cost too much) or a mask
   * file (it may change before the click) */
  g_assert_false (bitmaze_session_prepares (511, 512, ""));
  g_assert_true (bitmaze_session_prepares (512, 512, ""));
  g_assert_true (bitmaze_session_prepares (4096, 4096, "heart"));
  g_assert_false (bitmaze_session_prepares (4097, 4096, ""));
  g_assert_false (bitmaze_session_prepares (65535, 65535, ""));
  g_assert_false (bitmaze_session_prepares (600, 500, "mask:/tmp/logo.png"));
}

static guint16 *
cells_now (Fixture *fixture)
{
  return g_memdup2 (maze_cells_const (bitmaze_session_get_maze (fixture->session)),
                    2 * fixture->n_cells);
}

static void
assert_cells (Fixture       *fixture,
              const guint16 *want)
{
  g_assert_cmpmem (maze_cells_const (bitmaze_session_get_maze (fixture->session)), 2 * fixture->n_cells,
                   want, 2 * fixture->n_cells);
}

/* Edits undone and made again: walls, a bit and the start come back
 * word for word; the maze is unmodified again where it was made or
 * saved; a new edit drops what could be redone; a search that cleared
 * the bit an edit set leaves nothing for that edit to undo, so Undo goes
 * on to the one before; a new maze has nothing to undo. */
static void
test_undo_edits (Fixture       *fixture,
                 gconstpointer  data)
{
  BitmazeSession *session = fixture->session;
  Maze *maze = bitmaze_session_get_maze (session);
  guint w = maze_width (maze);
  guint cell = 5 * w + 7, start = maze_start (maze);
  g_autofree guint16 *made = cells_now (fixture);
  g_autofree guint16 *one_wall = NULL;
  g_autofree guint16 *two_walls = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "undo.maze", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_false (bitmaze_session_can_undo (session));
  g_assert_false (bitmaze_session_undo (session, &error));
  g_assert_no_error (error);

  /* two walls, then the start */
  g_assert_true (bitmaze_session_toggle_wall (session, cell, MAZE_E, &error));
  one_wall = cells_now (fixture);
  g_assert_true (bitmaze_session_toggle_wall (session, cell, MAZE_S, &error));
  two_walls = cells_now (fixture);
  g_assert_true (bitmaze_session_set_endpoint (session, cell, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (maze_start (maze), ==, cell);
  g_assert_true (bitmaze_session_get_modified (session));

  g_assert_true (bitmaze_session_undo (session, &error));
  g_assert_cmpuint (maze_start (maze), ==, start);
  assert_cells (fixture, two_walls);
  g_assert_true (bitmaze_session_undo (session, &error));
  assert_cells (fixture, one_wall);
  g_assert_true (bitmaze_session_undo (session, &error));
  assert_cells (fixture, made);
  g_assert_false (bitmaze_session_get_modified (session));
  g_assert_false (bitmaze_session_can_undo (session));
  g_assert_true (bitmaze_session_can_redo (session));

  g_assert_true (bitmaze_session_redo (session, &error));
  assert_cells (fixture, one_wall);
  g_assert_true (bitmaze_session_get_modified (session));

  /* saved with one wall: undone to it again, the maze is as saved */
  g_assert_true (bitmaze_session_save (session, file, &error));
  g_assert_true (bitmaze_session_redo (session, &error));
  assert_cells (fixture, two_walls);
  g_assert_true (bitmaze_session_get_modified (session));
  g_assert_true (bitmaze_session_undo (session, &error));
  g_assert_false (bitmaze_session_get_modified (session));
  g_assert_true (bitmaze_session_undo (session, &error));
  assert_cells (fixture, made);
  g_assert_true (bitmaze_session_get_modified (session));

  /* a new edit: nothing to redo */
  g_assert_true (bitmaze_session_toggle_wall (session, cell, MAZE_W, &error));
  g_assert_false (bitmaze_session_can_redo (session));
  g_assert_false (bitmaze_session_redo (session, &error));

  /* a search bit set by hand, then a search that starts again from a
   * clean maze: Undo finds that bit clear and undoes the wall */
  g_assert_true (bitmaze_session_toggle_bit (session, cell, MAZE_SOLUTION_SHIFT, &error));
  g_assert_no_error (error);
  g_assert_true (bitmaze_session_step (session));
  g_assert_cmpuint ((maze_cells_const (maze)[cell] >> MAZE_SOLUTION_SHIFT) & 1, ==, 0);
  g_assert_true (bitmaze_session_undo (session, &error));
  g_assert_no_error (error);
  assert_cells (fixture, made);
  g_assert_false (bitmaze_session_can_undo (session));

  /* the start moved along the top row and the goal to the bottom row:
   * each takes its opening in the outer wall with it, and back */
  g_assert_true (bitmaze_session_set_endpoint (session, 5, FALSE, &error));
  g_assert_true (bitmaze_session_set_endpoint (session, (maze_height (maze) - 1) * w + 3, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (bitmaze_session_undo (session, &error));
  g_assert_true (bitmaze_session_undo (session, &error));
  assert_cells (fixture, made);
  g_assert_cmpuint (maze_start (maze), ==, start);
  g_assert_true (bitmaze_session_redo (session, &error));
  g_assert_true (bitmaze_session_redo (session, &error));
  g_assert_cmpuint (maze_start (maze), ==, 5);
  g_assert_cmpuint (maze_goal (maze), ==, (maze_height (maze) - 1) * w + 3);
  g_assert_true (bitmaze_session_undo (session, &error));
  g_assert_true (bitmaze_session_undo (session, &error));
  assert_cells (fixture, made);

  /* a new maze: nothing to undo or redo */
  g_assert_true (bitmaze_session_toggle_wall (session, cell, MAZE_E, &error));
  g_assert_true (bitmaze_session_undo (session, &error));
  g_assert_true (bitmaze_session_can_redo (session));
  g_assert_true (bitmaze_session_generate (session, &error));
  g_assert_false (bitmaze_session_can_undo (session));
  g_assert_false (bitmaze_session_can_redo (session));
}

/* An edit ends the search in progress; its undo brings the search back
 * at the step it showed, word for word, with its history (Step Back goes
 * on), and with its phase when it had ended.  Not when another solver was
 * chosen meanwhile: that search would not be the one shown. */
static void
test_undo_brings_back_search (Fixture       *fixture,
                              gconstpointer  data)
{
  BitmazeSession *session = fixture->session;
  Maze *maze = bitmaze_session_get_maze (session);
  guint w = maze_width (maze);
  guint cell = 5 * w + 7;
  g_autofree guint16 *searched = NULL;
  g_autofree guint16 *solved = NULL;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < 40; i++)
    g_assert_true (bitmaze_session_step (session));
  g_assert_cmpuint (bitmaze_session_get_position (session), ==, 40);
  searched = cells_now (fixture);

  /* a wall: the search goes, and comes back with the wall's undo */
  g_assert_true (bitmaze_session_toggle_wall (session, cell, MAZE_E, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_READY);
  g_assert_false (maze_has_search (maze));
  g_assert_true (bitmaze_session_undo (session, &error));
  g_assert_no_error (error);
  assert_cells (fixture, searched);
  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_SOLVING);
  g_assert_cmpuint (bitmaze_session_get_position (session), ==, 40);
  g_assert_nonnull (bitmaze_session_get_last_step (session));
  g_assert_true (bitmaze_session_step_back (session));
  g_assert_cmpuint (bitmaze_session_get_position (session), ==, 39);
  g_assert_true (bitmaze_session_step (session));
  assert_cells (fixture, searched);

  /* redone, the search goes again; a bit flipped in a solved search */
  g_assert_true (bitmaze_session_redo (session, &error));
  g_assert_false (maze_has_search (maze));
  while (bitmaze_session_get_phase (session) != BITMAZE_PHASE_SOLVED)
    g_assert_true (bitmaze_session_step (session));
  solved = cells_now (fixture);
  g_assert_true (bitmaze_session_toggle_bit (session, cell, MAZE_SOLUTION_SHIFT + 2, &error));
  g_assert_no_error (error);
  g_assert_true (bitmaze_session_undo (session, &error));
  assert_cells (fixture, solved);
  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_SOLVED);

  /* the goal moved, then another solver chosen: the undo leaves no search */
  g_assert_true (bitmaze_session_set_endpoint (session, cell, TRUE, &error));
  g_object_set (session, "solver", "bfs", NULL);
  g_assert_true (bitmaze_session_undo (session, &error));
  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_READY);
  g_assert_false (maze_has_search (maze));
}

/* Generate refuses, before it allocates anything, a maze that does not
 * fit in the memory left (here under an address-space limit), says how
 * much it needs and how much there is, and keeps the maze shown. */
static void
test_generate_refused_without_memory (void)
{
#if defined (__SANITIZE_ADDRESS__)
  g_test_skip ("AddressSanitizer maps terabytes: an address-space limit does not apply");
  return;
#endif
  if (strstr (g_getenv ("LD_PRELOAD") != NULL ? g_getenv ("LD_PRELOAD") : "", "vgpreload") != NULL)
    {
      g_test_skip ("valgrind has an address space of its own");
      return;
    }
  if (g_test_subprocess ())
    {
      g_autoptr (BitmazeSession) session = bitmaze_session_new ();
      g_autoptr (GError) error = NULL;
      g_autofree char *status = NULL;
      const char *vm;
      struct rlimit limit;
      Maze *old;

      bitmaze_session_set_seed (session, SEED);
      bitmaze_session_set_size (session, 31, 17);
      g_assert_true (bitmaze_session_generate (session, &error));
      old = bitmaze_session_get_maze (session);

      /* 64 MB more than the process maps: 8000 x 8000 needs 192 MB. */
      g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
      vm = strstr (status, "VmSize:");
      g_assert_nonnull (vm);
      limit.rlim_cur = limit.rlim_max =
        (rlim_t) g_ascii_strtoull (vm + strlen ("VmSize:"), NULL, 10) * 1024 + 64 * 1024 * 1024;
      g_assert_cmpint (setrlimit (RLIMIT_AS, &limit), ==, 0);

      bitmaze_session_set_size (session, 8000, 8000);
      g_assert_false (bitmaze_session_generate (session, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_assert_nonnull (strstr (error->message, "8000 × 8000 cells"));
      g_assert_nonnull (strstr (error->message, "192.0"));
      g_assert_nonnull (strstr (error->message, "are available"));
      g_assert_true (bitmaze_session_get_maze (session) == old);
      g_assert_cmpuint (maze_n_cells (old), ==, 31 * 17);
      /* A new maze (a new seed) too, and the seed stays. */
      g_clear_error (&error);
      g_assert_false (bitmaze_session_new_maze (session, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_assert_cmpuint (bitmaze_session_get_seed (session), ==, SEED);
      g_assert_true (bitmaze_session_get_maze (session) == old);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

typedef struct
{
  guint8  *reported; /* a byte a cell: handed to ::cells-changed */
  guint    moved;    /* notifications of the position */
  guint16 *before;   /* the cells when the Run began */
} Shown;

static void
run_cells_cb (BitmazeSession *session,
              const guint32  *cells,
              guint           n,
              gpointer        user_data)
{
  Shown *shown = user_data;

  for (guint i = 0; i < n; i++)
    shown->reported[cells[i]] = 1;
}

static void
run_moved_cb (GObject    *object,
              GParamSpec *pspec,
              gpointer    user_data)
{
  ((Shown *) user_data)->moved++;
}

/* What a frame shows costs the window some CPU after the steps. */
static void
draw_a_frame (void)
{
  gint64 until = bitmaze_thread_cpu_us () + 2000;

  while (bitmaze_thread_cpu_us () < until)
    ;
}

/* A new 1200 x 1200 maze and a full-speed BFS Run of it started, the
 * cells it hands over and its moves counted in @shown.  (Big enough for
 * a Run at the search's own speed to take frames: 1.4 million steps,
 * about 25 ms.) */
static void
start_full_speed_bfs (BitmazeSession *session,
                      Shown          *shown)
{
  g_autoptr (GError) error = NULL;
  Maze *maze;

  bitmaze_session_set_size (session, 1200, 1200);
  g_assert_true (bitmaze_session_generate (session, &error));
  g_assert_no_error (error);
  finish_build (session);
  g_object_set (session, "solver", "bfs", "speed", BITMAZE_SPEED_MAX, NULL);
  maze = bitmaze_session_get_maze (session);
  shown->reported = g_new0 (guint8, maze_n_cells (maze));
  g_signal_connect (session, "cells-changed", G_CALLBACK (run_cells_cb), shown);
  g_signal_connect (session, "notify::position", G_CALLBACK (run_moved_cb), shown);
  bitmaze_session_set_running (session, TRUE);
  shown->before = g_memdup2 (maze_cells (maze), maze_n_cells (maze) * sizeof *shown->before);
}

/* Every cell the Run changed was handed over. */
static void
end_full_speed_bfs (BitmazeSession *session,
                    Shown          *shown)
{
  Maze *maze = bitmaze_session_get_maze (session);

  for (guint i = 0; i < maze_n_cells (maze); i++)
    if (maze_cells (maze)[i] != shown->before[i])
      g_assert_cmpuint (shown->reported[i], ==, 1);
  g_signal_handlers_disconnect_by_data (session, shown);
  g_free (shown->reported);
  g_free (shown->before);
}

/* A full-speed Run hands its steps to the window in batches, some frames
 * only stepping; paused in the middle of one, every cell it changed has
 * been handed over and the position shown is the one reached. */
static void
test_run_paused_mid_batch (Fixture       *fixture,
                           gconstpointer  data)
{
  BitmazeSession *session = fixture->session;
  Shown shown = { 0 };
  gboolean batched = FALSE;
  gint64 t = 1;

  start_full_speed_bfs (session, &shown);
  for (guint frame = 0; frame < 200 && !batched && bitmaze_session_get_running (session); frame++)
    {
      guint moved = shown.moved;
      guint64 position = bitmaze_session_get_position (session);

      bitmaze_session_run_frame (session, t += 16667);
      batched = bitmaze_session_get_position (session) > position && shown.moved == moved;
      draw_a_frame ();
    }
  g_assert_true (batched);
  g_assert_true (bitmaze_session_get_running (session));

  shown.moved = 0;
  bitmaze_session_set_running (session, FALSE);
  g_assert_cmpuint (shown.moved, ==, 1);
  g_assert_cmpint (bitmaze_session_get_phase (session), !=, BITMAZE_PHASE_SOLVED);
  end_full_speed_bfs (session, &shown);
}

/* Between frames (the frame clock waits for the display's next beat) a
 * full-speed search goes on stepping: it ends with no frame after its
 * first, the goal reached, every changed cell handed over. */
static void
test_run_between_frames (Fixture       *fixture,
                         gconstpointer  data)
{
  BitmazeSession *session = fixture->session;
  Shown shown = { 0 };
  gboolean given_up = FALSE;
  guint bound;

  start_full_speed_bfs (session, &shown);
  bitmaze_session_run_frame (session, 1);
  g_assert_true (bitmaze_session_get_running (session));
  bound = g_timeout_add_seconds (60, give_up_cb, &given_up);
  while (bitmaze_session_get_running (session) && !given_up)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (given_up);
  g_source_remove (bound);

  g_assert_cmpint (bitmaze_session_get_phase (session), ==, BITMAZE_PHASE_SOLVED);
  end_full_speed_bfs (session, &shown);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/generate-refused-without-memory",
                   test_generate_refused_without_memory);

#define ADD(name, func) \
  g_test_add ("/session/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("search-saved-mid-history", test_search_saved_mid_history);
  ADD ("build-saved-mid-history", test_build_saved_mid_history);
  ADD ("build-of-another-stream", test_build_of_another_stream);
  ADD ("question-and-reveal", test_question_and_reveal);
  ADD ("next-maze-made-ahead", test_next_maze_made_ahead);
  ADD ("undo-edits", test_undo_edits);
  ADD ("undo-brings-back-search", test_undo_brings_back_search);
  ADD ("run-paused-mid-batch", test_run_paused_mid_batch);
  ADD ("run-between-frames", test_run_between_frames);
#undef ADD

  return g_test_run ();
}
