/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The engine core: cells, sizes, walls, endpoints, consistency, metadata,
 * the PRNG and the step records. */
#include "maze-private.h"

#include <glib.h>
#include <string.h>

static void
test_opposite (void)
{
  g_assert_cmpuint (maze_opposite (MAZE_N), ==, MAZE_S);
  g_assert_cmpuint (maze_opposite (MAZE_S), ==, MAZE_N);
  g_assert_cmpuint (maze_opposite (MAZE_E), ==, MAZE_W);
  g_assert_cmpuint (maze_opposite (MAZE_W), ==, MAZE_E);
  g_assert_cmpuint (maze_opposite (MAZE_N | MAZE_E), ==, MAZE_S | MAZE_W);
  g_assert_cmpstr (maze_dir_letter (MAZE_W), ==, "W");
  g_assert_cmpint (maze_dir_index (MAZE_N | MAZE_E), ==, -1);
}

/* maze-format.md 3, the worked example: a 2x1 maze with one passage. */
static void
test_worked_example (void)
{
  MazeError err = { 0 };
  Maze *m = maze_new (2, 1, &err);
  const uint16_t *c;

  g_assert_nonnull (m);
  c = maze_cells_const (m);
  g_assert_cmphex (c[0], ==, 0x00D0);
  g_assert_cmphex (c[1], ==, 0x0070);
  g_assert_cmpuint (maze_start (m), ==, 0);
  g_assert_cmpuint (maze_goal (m), ==, 1);
  g_assert_cmpint (maze_set_wall_open (m, 0, MAZE_E, true, &err), ==, MAZE_OK);
  g_assert_cmphex (c[0], ==, 0x00D2);
  g_assert_cmphex (c[1], ==, 0x0078);
  g_assert_true (maze_check_consistent (m, &err));
  g_assert_true (maze_is_perfect (m));
  maze_free (m);
}

static void
test_borders (void)
{
  MazeError err = { 0 };
  Maze *one = maze_new (1, 1, &err);
  Maze *m = maze_new (5, 4, &err);
  const uint16_t *c = maze_cells_const (m);

  g_assert_cmphex (maze_cells_const (one)[0], ==, 0x00F0);
  g_assert_cmphex (c[0], ==, (MAZE_N | MAZE_W) << 4);
  g_assert_cmphex (c[4], ==, (MAZE_N | MAZE_E) << 4);
  g_assert_cmphex (c[maze_index (m, 2, 1)], ==, 0);
  g_assert_cmphex (c[maze_index (m, 0, 2)], ==, MAZE_W << 4);
  g_assert_cmphex (c[19], ==, (MAZE_S | MAZE_E) << 4);
  g_assert_cmpuint (maze_neighbor (m, 0, MAZE_N), ==, UINT32_MAX);
  g_assert_cmpuint (maze_neighbor (m, 0, MAZE_E), ==, 1);
  g_assert_cmpuint (maze_neighbor (m, 0, MAZE_S), ==, 5);
  g_assert_cmpuint (maze_neighbor (m, 7, MAZE_N), ==, 2);
  g_assert_cmpuint (maze_neighbor (m, 7, MAZE_W), ==, 6);
  g_assert_cmpuint (maze_neighbor (m, 19, MAZE_E), ==, UINT32_MAX);
  /* not one direction: no neighbour, never a wrong cell */
  g_assert_cmpuint (maze_neighbor (m, 7, MAZE_N | MAZE_E), ==, UINT32_MAX);
  g_assert_cmpuint (maze_neighbor (m, 7, 0), ==, UINT32_MAX);
  g_assert_cmpuint (maze_neighbor (one, 0, MAZE_W), ==, UINT32_MAX);
  g_assert_true (maze_check_consistent (m, &err));
  g_assert_false (maze_is_perfect (m));
  maze_free (one);
  maze_free (m);
}

static void
test_sizes (void)
{
  MazeError err = { 0 };

  g_assert_null (maze_new (0, 5, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_SIZE);
  g_assert_cmpstr (err.message, ==, "width 0 out of range (1 to 65535)");
  g_assert_null (maze_new (5, 70000, &err));
  g_assert_cmpstr (err.message, ==, "height 70000 out of range (1 to 65535)");
  /* 65535 x 65535 is over 2^30 cells: refused before any allocation. */
  g_assert_null (maze_new (65535, 65535, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_SIZE);
  g_assert_nonnull (strstr (err.message, "more than the limit"));
  g_assert_null (maze_new (65535, 65535, NULL));
}

static void
test_inconsistent (void)
{
  MazeError err = { 0 };
  Maze *m = maze_new (30, 40, &err);
  uint16_t *c = maze_cells (m);

  c[maze_index (m, 4, 7)] |= MAZE_E;
  g_assert_false (maze_check_consistent (m, &err));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_INCONSISTENT);
  g_assert_cmpstr (err.message, ==,
                   "inconsistent maze at (4, 7): passage east without a passage back");
  c[maze_index (m, 4, 7)] &= (uint16_t) ~MAZE_E;

  c[maze_index (m, 3, 3)] |= MAZE_N << MAZE_BORDER_SHIFT;
  g_assert_false (maze_check_consistent (m, &err));
  g_assert_cmpstr (err.message, ==,
                   "inconsistent maze at (3, 3): border bits 0x1, expected 0x0");
  c[maze_index (m, 3, 3)] = 0;

  c[maze_index (m, 2, 2)] |= (MAZE_N | MAZE_E) << MAZE_SOLUTION_SHIFT;
  g_assert_false (maze_check_consistent (m, &err));
  g_assert_nonnull (strstr (err.message, "(2, 2): solution bits 0x3 hold more than one"));
  c[maze_index (m, 2, 2)] = 0;

  c[0] |= MAZE_W << MAZE_BACKTRACK_SHIFT;
  g_assert_false (maze_check_consistent (m, &err));
  g_assert_cmpstr (err.message, ==,
                   "inconsistent maze at (0, 0): backtrack points west through the border");
  c[0] &= (uint16_t) ~MAZE_BACKTRACK_MASK;

  /* An opening through the outer wall is allowed. */
  c[0] |= MAZE_N;
  g_assert_true (maze_check_consistent (m, &err));
  maze_free (m);
}

static void
test_endpoints (void)
{
  MazeError err = { 0 };
  Maze *m = maze_new (4, 3, &err);
  uint16_t *c = maze_cells (m);

  /* openings at the corners, as maze_generate makes them */
  c[0] |= MAZE_N;
  c[11] |= MAZE_S;
  c[5] |= MAZE_E << MAZE_BACKTRACK_SHIFT;
  g_assert_cmpint (maze_set_start (m, 2, &err), ==, MAZE_OK);
  g_assert_cmpuint (maze_start (m), ==, 2);
  g_assert_cmphex (c[0] & MAZE_PASSAGE_MASK, ==, 0);  /* old opening closed */
  g_assert_cmphex (c[2] & MAZE_PASSAGE_MASK, ==, MAZE_N);
  g_assert_cmphex (c[5] & MAZE_SEARCH_MASK, ==, 0);   /* search cleared */

  /* an interior goal has no opening; moving back to the edge opens one */
  g_assert_cmpint (maze_set_goal (m, 5, &err), ==, MAZE_OK);
  g_assert_cmphex (c[11] & MAZE_PASSAGE_MASK, ==, 0);
  g_assert_cmphex (c[5] & MAZE_PASSAGE_MASK, ==, 0);
  g_assert_cmpint (maze_set_goal (m, 12, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpstr (err.message, ==, "goal cell 12 outside a 4\u00d73 maze");
  g_assert_true (maze_check_consistent (m, &err));
  maze_free (m);
}

static void
test_toggle_bit (void)
{
  MazeError err = { 0 };
  MazeStep step;
  Maze *m = maze_new (3, 3, &err);
  uint16_t *c = maze_cells (m);

  /* passage east of (1, 1): both cells change */
  g_assert_cmpint (maze_toggle_bit (m, 4, 1, &step, &err), ==, MAZE_OK);
  g_assert_cmpuint (step.n_changes, ==, 2);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[4] |= E");
  g_assert_cmpstr (step.changes[1].expr, ==, "maze[5] |= W");
  g_assert_cmphex (step.changes[1].before, ==, 0x0020);
  g_assert_cmphex (step.changes[1].after, ==, 0x0028);
  g_assert_true (maze_check_consistent (m, &err));
  g_assert_cmpint (maze_toggle_bit (m, 5, 3, &step, &err), ==, MAZE_OK);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[5] &= ~W");
  g_assert_cmphex (c[4], ==, 0);

  /* border bits are refused, with the reason */
  g_assert_cmpint (maze_toggle_bit (m, 0, 4, &step, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_nonnull (strstr (err.message, "border bits are fixed"));
  g_assert_cmphex (c[0], ==, 0x0090);

  /* a solution bit replaces the nibble's one bit */
  g_assert_cmpint (maze_toggle_bit (m, 4, 8 + 0, &step, &err), ==, MAZE_OK);
  g_assert_cmpint (maze_toggle_bit (m, 4, 8 + 2, &step, &err), ==, MAZE_OK);
  g_assert_cmphex (c[4], ==, MAZE_S << 8);
  g_assert_cmpuint (step.n_changes, ==, 2);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[4] &= ~0x0F00");
  g_assert_cmpstr (step.changes[1].expr, ==, "maze[4] |= S << 8");
  /* ... and never through the border */
  g_assert_cmpint (maze_toggle_bit (m, 0, 12 + 3, &step, &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_true (maze_check_consistent (m, &err));
  maze_free (m);
}

/* Bits put back under a mask, as Undo does: the ones to clear with
 * &= ~, the ones to set with |=, each a statement; bits outside the mask
 * and border bits stay. */
static void
test_restore_bits (void)
{
  MazeError err = { 0 };
  MazeStep step = { .kind = MAZE_STEP_NONE, .cell = 4, .other = UINT32_MAX };
  Maze *m = maze_new (3, 3, &err);
  uint16_t *c = maze_cells (m);

  c[4] = (uint16_t) (MAZE_E | MAZE_S | (MAZE_N << 12));
  g_assert_cmpint (maze_restore_bits (m, 4, 0xF00F, MAZE_W | MAZE_S | (MAZE_W << 12), &step, &err), ==,
                   MAZE_OK);
  g_assert_cmphex (c[4], ==, MAZE_W | MAZE_S | (MAZE_W << 12));
  g_assert_cmpuint (step.n_changes, ==, 2);
  g_assert_cmphex (step.changes[0].after, ==, MAZE_S);
  g_assert_cmphex (step.changes[1].before, ==, MAZE_S);
  g_assert_cmphex (step.changes[1].after, ==, c[4]);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[4] &= ~0x1002");
  g_assert_cmpstr (step.changes[1].expr, ==, "maze[4] |= 0x8008");
  /* outside the mask, and the border nibble: untouched */
  g_assert_cmpint (maze_restore_bits (m, 0, 0x00FF, 0x0000, NULL, &err), ==, MAZE_OK);
  g_assert_cmphex (c[0], ==, 0x0090);
  g_assert_cmpint (maze_restore_bits (m, 9, 0xFFFF, 0, NULL, &err), ==, MAZE_ERROR_ARGUMENT);
  maze_free (m);
}

static void
test_reset_search (void)
{
  MazeError err = { 0 };
  Maze *m = maze_new (3, 1, &err);
  uint16_t *c = maze_cells (m);

  maze_set_wall_open (m, 0, MAZE_E, true, &err);
  c[0] |= MAZE_E << MAZE_SOLUTION_SHIFT;
  c[1] |= MAZE_W << MAZE_BACKTRACK_SHIFT;
  g_assert_true (maze_has_search (m));
  maze_reset_search (m);
  g_assert_false (maze_has_search (m));
  g_assert_cmphex (c[0], ==, 0x00D2);
  g_assert_cmphex (c[1], ==, 0x0058);
  maze_free (m);
}

static void
test_metadata (void)
{
  MazeError err = { 0 };
  Maze *m = maze_new (2, 2, &err), *copy;
  const char *k, *v;
  char big[70000];

  g_assert_cmpint (maze_meta_set (m, "title", "Maze \u00e9t\u00e9", &err), ==, MAZE_OK);
  g_assert_cmpint (maze_meta_set (m, "seed", "42", &err), ==, MAZE_OK);
  g_assert_cmpint (maze_meta_set (m, "x-unknown", "kept", &err), ==, MAZE_OK);
  g_assert_cmpint (maze_meta_set (m, "seed", "43", &err), ==, MAZE_OK);
  g_assert_cmpuint (maze_meta_count (m), ==, 3);
  maze_meta_nth (m, 1, &k, &v);
  g_assert_cmpstr (k, ==, "seed");
  g_assert_cmpstr (v, ==, "43");
  g_assert_cmpuint (maze_meta_size (m), ==, strlen ("title=Maze \u00e9t\u00e9\nseed=43\nx-unknown=kept\n"));

  g_assert_cmpint (maze_meta_set (m, "Title", "x", &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (maze_meta_set (m, "a-very-long-key-that-is-longer-than-32", "x", &err), ==,
                   MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (maze_meta_set (m, "title", "two\nlines", &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpint (maze_meta_set (m, "title", "\xC0\xAF", &err), ==, MAZE_ERROR_ARGUMENT);
  g_assert_cmpstr (err.message, ==, "metadata value of 'title' is not UTF-8");
  memset (big, 'a', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  g_assert_cmpint (maze_meta_set (m, "big", big, &err), ==, MAZE_ERROR_ARGUMENT);

  copy = maze_copy (m, &err);
  g_assert_cmpint (maze_meta_set (m, "seed", NULL, &err), ==, MAZE_OK);
  g_assert_null (maze_meta_get (m, "seed"));
  g_assert_cmpstr (maze_meta_get (copy, "seed"), ==, "43");
  maze_meta_nth (m, 1, &k, &v);
  g_assert_cmpstr (k, ==, "x-unknown");
  maze_free (copy);
  maze_free (m);
}

static void
test_utf8 (void)
{
  g_assert_true (maze_utf8_valid ("abc \u00e9 \u4e2d \U0001F600", strlen ("abc \u00e9 \u4e2d \U0001F600")));
  g_assert_false (maze_utf8_valid ("\xED\xA0\x80", 3));      /* surrogate */
  g_assert_false (maze_utf8_valid ("\xE0\x80\xAF", 3));      /* overlong */
  g_assert_false (maze_utf8_valid ("\xF4\x90\x80\x80", 4));  /* > U+10FFFF */
  g_assert_false (maze_utf8_valid ("\xE4\xB8", 2));          /* truncated */
}

/* The PRNG is part of the file format's promise: same seed, same maze, on
 * every machine and every release.  These numbers must never change. */
static void
test_rng_pinned (void)
{
  MazeRng a, b;

  maze_rng_seed (&a, 42);
  maze_rng_seed (&b, 42);
  for (int i = 0; i < 1000; i++)
    g_assert_cmpuint (maze_rng_next (&a), ==, maze_rng_next (&b));

  maze_rng_seed (&a, 0);
  g_assert_cmphex (maze_rng_next (&a), ==, G_GUINT64_CONSTANT (0x99EC5F36CB75F2B4));
  g_assert_cmphex (maze_rng_next (&a), ==, G_GUINT64_CONSTANT (0xBF6E1F784956452A));
  maze_rng_seed (&a, 42);
  for (int i = 0; i < 10000; i++)
    {
      uint32_t r = maze_rng_below (&a, 7);
      double d = maze_rng_double (&a);

      g_assert_cmpuint (r, <, 7);
      g_assert_cmpfloat (d, >=, 0.0);
      g_assert_cmpfloat (d, <, 1.0);
    }
  g_assert_cmpuint (maze_random_seed () >> 53, ==, 0);
}

static void
test_step_records (void)
{
  MazeStep step;
  uint16_t cells[4] = { 0x00D0, 0x0070, 0, 0 };
  char text[128];
  MazeError err = { 0 };
  Maze *m = maze_new (2, 2, &err);

  maze_step_begin (&step, MAZE_STEP_REACH, 1, 0, MAZE_E);
  maze_op_or (cells, &step, 1, MAZE_W, MAZE_BACKTRACK_SHIFT, 0);
  maze_op_or (cells, &step, 0, MAZE_E, MAZE_SOLUTION_SHIFT, 0);
  maze_op_and_not (cells, &step, 0, MAZE_E, MAZE_SOLUTION_SHIFT, 0);
  maze_op_clear (cells, &step, 1, MAZE_BACKTRACK_MASK, 0);
  g_assert_cmpuint (step.n_changes, ==, 4);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[1] |= W << 12");
  g_assert_cmphex (step.changes[0].before, ==, 0x0070);
  g_assert_cmphex (step.changes[0].after, ==, 0x8070);
  g_assert_cmpstr (step.changes[1].expr, ==, "maze[0] |= E << 8");
  g_assert_cmpstr (step.changes[2].expr, ==, "maze[0] &= ~(E << 8)");
  g_assert_cmpstr (step.changes[3].expr, ==, "maze[1] &= ~0xF000");
  g_assert_cmphex (cells[1], ==, 0x0070);

  maze_step_begin (&step, MAZE_STEP_REACH, 3, 1, MAZE_S);
  maze_step_describe (m, &step, "BFS", text, sizeof text);
  g_assert_cmpstr (text, ==, "BFS reached (1, 1) from the north");
  maze_step_begin (&step, MAZE_STEP_CARVE, 1, 0, MAZE_E);
  maze_step_describe (m, &step, "Prim", text, sizeof text);
  g_assert_cmpstr (text, ==, "Prim carved a passage from (0, 0) east to (1, 0)");

  /* several bits at once print as a group */
  maze_step_begin (&step, MAZE_STEP_NONE, 0, UINT32_MAX, 0);
  maze_op_or (cells, &step, 0, MAZE_N | MAZE_W, MAZE_PASSAGE_SHIFT, 0);
  g_assert_cmpstr (step.changes[0].expr, ==, "maze[0] |= (N | W)");
  maze_free (m);
}

/* The one formatter of messages: the English text is the template with
 * the values, and a translation may reorder them ("%2$s"). */
static const char *
shout (uint16_t  dir,
       void     *data)
{
  return dir == MAZE_E ? "EAST" : "ELSEWHERE";
}

static void
test_error_format (void)
{
  static const MazeErrorWords words = { shout, NULL };
  MazeError err;
  char buf[64];
  size_t len;

  maze_error_set (&err, MAZE_ERROR_INCONSISTENT, MAZE_MSG_INCONSISTENT_PASSAGE,
                  MAZE_NUM (4), MAZE_NUM (7), MAZE_DIR (MAZE_E));
  g_assert_cmpint (err.status, ==, MAZE_ERROR_INCONSISTENT);
  g_assert_cmpint (err.code, ==, MAZE_MSG_INCONSISTENT_PASSAGE);
  g_assert_cmpstr (err.message, ==, "inconsistent maze at (4, 7): passage east without a passage back");
  g_assert_cmpstr (maze_message_template (err.code), ==,
                   "inconsistent maze at (%u, %u): passage %s without a passage back");

  /* a translation that puts the direction first, with its own words */
  len = maze_error_format (&err, "%3$s: %2$u/%1$u %% %5$s!", &words, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "EAST: 7/4 % !");
  g_assert_cmpuint (len, ==, strlen (buf));
  /* too small a buffer: cut, NUL-terminated, the whole length told */
  len = maze_error_format (&err, "%u, %u and more text", NULL, buf, 6);
  g_assert_cmpstr (buf, ==, "4, 7 ");
  g_assert_cmpuint (len, ==, strlen ("4, 7 and more text"));
  g_assert_cmpuint (maze_error_format (&err, "%u", NULL, NULL, 0), ==, 1);

  /* widths, hexadecimal, negative numbers, reals, texts */
  maze_error_set (&err, MAZE_ERROR_ARGUMENT, MAZE_MSG_INCONSISTENT_OUTSIDE,
                  MAZE_NUM (-3), MAZE_NUM (0xAB), MAZE_REAL (2.75), MAZE_TEXT ("a path"));
  maze_error_format (&err, "%1$d 0x%2$04X %2$x %3$g %3$.0f %4$s", NULL, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, "-3 0x00AB ab 2.75 3 a path");
  g_assert_cmpstr (maze_error_arg_text (&err, 3), ==, "a path");
  g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, "");

  maze_error_clear (&err);
  g_assert_cmpint (err.status, ==, MAZE_OK);
  g_assert_cmpint (err.code, ==, MAZE_MSG_NONE);
  g_assert_cmpstr (err.message, ==, "");
  g_assert_cmpint (maze_error_set (NULL, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM), ==, MAZE_ERROR_NOMEM);
}

/* Every message of the table has a template, and a long path in one is
 * never cut. */
static void
test_error_table (void)
{
  static MazeError err;
  GString *path = g_string_new ("/");
  g_autofree char *want = NULL;

  for (unsigned code = MAZE_MSG_NONE + 1; code < MAZE_MSG_N; code++)
    g_assert_cmpuint (strlen (maze_message_template ((MazeMessage) code)), >, 3);
  g_assert_cmpstr (maze_message_template (MAZE_MSG_NONE), ==, "");
  g_assert_cmpstr (maze_message_template (MAZE_MSG_N), ==, "");

  while (path->len < MAZE_ERROR_ARG_MAX - 1)
    g_string_append_c (path, 'x');
  maze_error_set (&err, MAZE_ERROR_IO, MAZE_MSG_IO_SAVE, MAZE_TEXT (path->str),
                  MAZE_TEXT ("Permission denied"));
  want = g_strdup_printf ("cannot save '%s': Permission denied", path->str);
  g_assert_cmpstr (err.message, ==, want);
  g_string_free (path, TRUE);
}

/* maze-format.md 2: a value holds no control character.  maze_meta_set()
 * refuses them; a file holding some (from before) still loads and is
 * saved back byte for byte. */
static void
test_metadata_control_characters (void)
{
  static const struct { const char *value; unsigned code; } bad[] = {
    { "\033[2J", 0x1B }, { "bell\a", 0x07 }, { "cr\r", 0x0D },
    { "tab\there", 0x09 }, { "del\x7f", 0x7F }, { "csi\xc2\x9b", 0x9B },
  };
  MazeError err = { 0 };
  Maze *m = maze_new (3, 2, &err);
  Maze *back;
  void *bytes, *again;
  size_t len, len2;

  for (size_t k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autofree char *want = g_strdup_printf ("metadata value of 'title' holds "
                                               "the control character U+%04X",
                                               bad[k].code);

      g_assert_cmpint (maze_meta_set (m, "title", bad[k].value, &err), ==, MAZE_ERROR_ARGUMENT);
      g_assert_cmpint (err.code, ==, MAZE_MSG_META_VALUE_CONTROL);
      g_assert_cmpstr (err.message, ==, want);
      g_assert_cmpstr (maze_error_arg_text (&err, 0), ==, "title");
      g_assert_cmpuint (err.args[1].number, ==, bad[k].code);
      g_assert_null (maze_meta_get (m, "title"));
    }
  g_assert_cmpint (maze_meta_set (m, "title", "Café — ¡ok! \xe2\x80\x8f", &err), ==, MAZE_OK);

  /* a file from before the rule: it loads, and nothing is lost */
  g_assert_cmpint (maze_meta_append (m, "note", "\033]0;pwned\a", &err), ==, MAZE_OK);
  bytes = maze_save_memory (m, &len, &err);
  g_assert_nonnull (bytes);
  back = maze_load_memory (bytes, len, &err);
  g_assert_nonnull (back);
  g_assert_cmpstr (maze_meta_get (back, "note"), ==, "\033]0;pwned\a");
  again = maze_save_memory (back, &len2, &err);
  g_assert_cmpmem (again, len2, bytes, len);

  free (again);
  free (bytes);
  maze_free (back);
  maze_free (m);
}

static void
test_text_escape (void)
{
  static const struct { const char *in, *out; } cases[] = {
    { "plain", "plain" },
    { "\033[2J\033]0;pwned\a", "\\x1b[2J\\x1b]0;pwned\\x07" },
    { "a\tb\r\n", "a\\x09b\\x0d\\x0a" },
    { "Café ☃ 𝄞", "Café ☃ 𝄞" },
    { "csi\xc2\x9bx", "csi\\xc2\\x9bx" },
    { "del\x7f", "del\\x7f" },
    { "bad\xff\xc3", "bad\\xff\\xc3" },
    { "\xe2\x82", "\\xe2\\x82" },
    { "", "" },
  };

  for (size_t k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      char *shown = maze_text_escape (cases[k].in);

      g_assert_cmpstr (shown, ==, cases[k].out);
      free (shown);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/opposite", test_opposite);
  g_test_add_func ("/maze/restore-bits", test_restore_bits);
  g_test_add_func ("/maze/worked-example", test_worked_example);
  g_test_add_func ("/maze/borders", test_borders);
  g_test_add_func ("/maze/sizes", test_sizes);
  g_test_add_func ("/maze/inconsistent", test_inconsistent);
  g_test_add_func ("/maze/endpoints", test_endpoints);
  g_test_add_func ("/maze/toggle-bit", test_toggle_bit);
  g_test_add_func ("/maze/reset-search", test_reset_search);
  g_test_add_func ("/maze/metadata", test_metadata);
  g_test_add_func ("/maze/utf8", test_utf8);
  g_test_add_func ("/maze/metadata-control-characters", test_metadata_control_characters);
  g_test_add_func ("/maze/text-escape", test_text_escape);
  g_test_add_func ("/rng/pinned", test_rng_pinned);
  g_test_add_func ("/step/records", test_step_records);
  g_test_add_func ("/error/format", test_error_format);
  g_test_add_func ("/error/table", test_error_table);
  return g_test_run ();
}
