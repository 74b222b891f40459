/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-class-region.h"
#include "bitmaze-class-server.h"

/* [*lo, *lo + *len) grown evenly around [lo, hi] to @min cells, inside
 * [0, size). */
static void
grow (guint  lo,
      guint  hi,
      guint  min,
      guint  size,
      guint *first,
      guint *len)
{
  guint want = MIN (size, MAX (hi - lo + 1, min));
  guint extra = want - (hi - lo + 1);
  guint start = lo > extra / 2 ? lo - extra / 2 : 0;

  if (start + want > size)
    start = size - want;
  *first = start;
  *len = want;
}

/* The tile of [0, size) that holds @a: the line cut every
 * BITMAZE_CLASS_TILE cells from @offset (0 <= offset < TILE), a piece of
 * fewer than 4 cells joined to its neighbour (and that, if it grew
 * past BITMAZE_CLASS_REGION_MAX, cut in two halves).  Any partition
 * drawn without the answer will do: the tile that holds the answer is
 * then as likely whichever of its cells the answer is. */
static void
tile (guint  a,
      guint  size,
      guint  offset,
      guint *first,
      guint *len)
{
  g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (guint));
  guint zero = 0;

  if (size <= BITMAZE_CLASS_REGION_MAX)
    {
      *first = 0;
      *len = size;
      return;
    }
  g_array_append_val (cuts, zero);
  for (guint c = offset; c < size; c += BITMAZE_CLASS_TILE)
    if (c > 0)
      g_array_append_val (cuts, c);
  g_array_append_val (cuts, size);
  /* cuts: 0 = c0 < c1 < ... < cn = size.  Join short pieces. */
  if (cuts->len > 2 && g_array_index (cuts, guint, 1) < 4)
    g_array_remove_index (cuts, 1);
  if (cuts->len > 2 && size - g_array_index (cuts, guint, cuts->len - 2) < 4)
    g_array_remove_index (cuts, cuts->len - 2);
  for (guint i = 0; i + 1 < cuts->len; i++)
    {
      guint lo = g_array_index (cuts, guint, i);
      guint hi = g_array_index (cuts, guint, i + 1);

      if (a < lo || a >= hi)
        continue;
      if (hi - lo > BITMAZE_CLASS_REGION_MAX)
        {
          guint mid = lo + (hi - lo) / 2;

          if (a < mid)
            hi = mid;
          else
            lo = mid;
        }
      *first = lo;
      *len = hi - lo;
      return;
    }
  *first = 0;
  *len = MIN (size, BITMAZE_CLASS_REGION_MAX);
}

BitmazeClassBox
bitmaze_class_region_pick (guint          width,
                           guint          height,
                           const guint16 *cells,
                           guint          from,
                           const guint32 *frontier,
                           gsize          n_frontier,
                           guint          answer,
                           GRand         *random)
{
  BitmazeClassBox box = { 0, 0, MIN (width, BITMAZE_CLASS_REGION_MAX), MIN (height, BITMAZE_CLASS_REGION_MAX) };
  guint x0 = from % width, x1 = x0, y0 = from / width, y1 = y0;

  g_return_val_if_fail (width > 0 && height > 0, box);

  /* The cells the search may take next: its frontier, and the open
   * sides of the cell it stands on (a depth-first search's next cell is
   * one of those, not yet in its stack). */
  if (cells != NULL)
    {
      guint16 open = cells[from] & 0xF;

      if ((open & 0x1) && y0 > 0)
        y0--;
      if ((open & 0x4) && y1 + 1 < height)
        y1++;
      if ((open & 0x8) && x0 > 0)
        x0--;
      if ((open & 0x2) && x1 + 1 < width)
        x1++;
    }
  for (gsize i = 0; i < n_frontier; i++)
    {
      guint x = frontier[i] % width;
      guint y = frontier[i] / width;

      x0 = MIN (x0, x);
      x1 = MAX (x1, x);
      y0 = MIN (y0, y);
      y1 = MAX (y1, y);
    }
  if (x1 - x0 < BITMAZE_CLASS_REGION_MAX && y1 - y0 < BITMAZE_CLASS_REGION_MAX &&
      answer % width >= x0 && answer % width <= x1 && answer / width >= y0 && answer / width <= y1)
    {
      grow (x0, x1, BITMAZE_CLASS_REGION_MIN, width, &box.x, &box.width);
      grow (y0, y1, BITMAZE_CLASS_REGION_MIN, height, &box.y, &box.height);
      return box;
    }

  {
    guint ox = random != NULL ? (guint) g_rand_int_range (random, 0, BITMAZE_CLASS_TILE)
                              : (guint) g_random_int_range (0, BITMAZE_CLASS_TILE);
    guint oy = random != NULL ? (guint) g_rand_int_range (random, 0, BITMAZE_CLASS_TILE)
                              : (guint) g_random_int_range (0, BITMAZE_CLASS_TILE);

    tile (answer % width, width, ox, &box.x, &box.width);
    tile (answer / width, height, oy, &box.y, &box.height);
  }
  return box;
}
