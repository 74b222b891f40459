/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * kruskal.c: randomised Kruskal.
 *
 * Every interior wall once, in random order; a wall comes down when the
 * cells on its two sides are in different regions.  Which walls come
 * down depends only on the order.
 *
 * The order (stream 2 of this generator; see MazeAlgorithm.stream) is
 * computed, not stored.  Wall number e is the east wall of cell e / 2
 * when e is even, its south wall when e is odd.  Position j of the order
 * is the wall P(j), for j = 0, 1, ..., 2^B - 1, where 2^B is the
 * smallest power of two (B >= 2) at least 2 * cells, and P is a
 * permutation of 0 .. 2^B - 1: a Feistel network of four rounds.  A
 * number x of B bits is split into its high L = B / 2 bits and its low
 * R = B - L bits; a round makes (l, r) into (r, l ^ F_k(r)), where
 * F_k(r) is the top bits (as many as l has) of
 *
 *     z = (r ^ key_k) * 0x9E3779B97F4A7C15;  z ^= z >> 31;
 *     z *= 0xBF58476D1CE4E5B9                 (all mod 2^64)
 *
 * and the halves swap widths, so after the fourth round they are L and R
 * bits again and P(j) = (l << R) | r.  The four keys are the first four
 * numbers of the PRNG of the seed (maze_rng_next()).  Positions whose
 * wall does not exist (P(j) >= 2 * cells, an east or south side on the
 * border or outside the shape) are skipped.  Everything is integer
 * arithmetic on 64 bits: a seed gives the same order, so the same maze,
 * on every machine.
 *
 * Regions are a union-find forest joined by Rem's algorithm with
 * splicing (see join()), its entries packed in as few bits as the cells
 * need, in bands of four rows (see place_of()): an entry is the place of
 * its parent, which is always a higher place, or 0 for a root.  All
 * entries start at 0: every cell its own region.
 */
#include "generator-private.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Kruskal's own state (GEN_STATE()). */
typedef struct
{
  uint8_t  *parent;   /* union-find over the cells, packed */
  uint64_t *filter;   /* a bit a position: may its wall come down? */
  uint64_t  keys[4];  /* the wall order's round keys */
  uint64_t  next;     /* the next position in the wall order */
  unsigned  order_bits;  /* the order is a permutation of 2^bits */
  unsigned  parent_bits; /* bits of an entry of parent */
  bool      shaped;   /* borders are not just the grid's edges */
  bool      filtered; /* filter has been worked out */
  uint32_t  filter_y; /* its pass along the rows is at this row */
} KruskalState;

#define KRUSKAL(gen) GEN_STATE (gen, KruskalState)

#define ROUNDS 4
#define BAND 2  /* the union-find's bands are 1 << BAND rows high */

/* ---- the packed union-find ---- */

/* An entry is read and written as the little-endian 64-bit word at its
 * first byte, the same on every machine. */
static inline uint64_t
load_le64 (const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t v;

  memcpy (&v, p, sizeof v);
  return v;
#else
  return (uint64_t) p[0] | (uint64_t) p[1] << 8 | (uint64_t) p[2] << 16
         | (uint64_t) p[3] << 24 | (uint64_t) p[4] << 32 | (uint64_t) p[5] << 40
         | (uint64_t) p[6] << 48 | (uint64_t) p[7] << 56;
#endif
}

static inline void
store_le64 (uint8_t  *p,
            uint64_t  v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  memcpy (p, &v, sizeof v);
#else
  for (unsigned k = 0; k < 8; k++)
    p[k] = (uint8_t) (v >> (8 * k));
#endif
}

static inline uint32_t
entry_get (const uint8_t *parent,
           unsigned       bits,
           uint32_t       i)
{
  uint64_t at = (uint64_t) i * bits;

  return (uint32_t) (load_le64 (parent + (at >> 3)) >> (at & 7)) & (uint32_t) ((UINT64_C (1) << bits) - 1);
}

static inline void
entry_set (uint8_t  *parent,
           unsigned  bits,
           uint32_t  i,
           uint32_t  value)
{
  uint64_t at = (uint64_t) i * bits;
  uint64_t mask = ((UINT64_C (1) << bits) - 1) << (at & 7);
  uint8_t *p = parent + (at >> 3);

  store_le64 (p, (load_le64 (p) & ~mask) | ((uint64_t) value << (at & 7)));
}

/* The address of @i's entry, for a prefetch. */
static inline const uint8_t *
entry_address (const uint8_t *parent,
               unsigned       bits,
               uint32_t       i)
{
  return parent + (((uint64_t) i * bits) >> 3);
}

/* Entries are laid out in bands of four rows, column by column, so that
 * the four cells of a column of a band are neighbours in memory: the
 * entries a wall and a small region need are more often on one cache
 * line.  The union-find works on these places; the place of cell (x, y): */
static inline uint32_t
place_of (uint32_t x,
          uint32_t y,
          uint32_t w)
{
  return (y >> BAND) * (w << BAND) + (x << BAND) + (y & ((1u << BAND) - 1));
}

/* Places in all: whole bands, the last one perhaps with unused rows. */
static uint64_t
n_places (const MazeGenerator *gen)
{
  return (((uint64_t) gen->height + (1u << BAND) - 1) >> BAND << BAND) * gen->width;
}

static size_t
parent_size (const MazeGenerator *gen)
{
  /* eight bytes more: an entry is read and written as a 64-bit word */
  return (size_t) ((n_places (gen) * KRUSKAL (gen)->parent_bits + 7) / 8 + 8);
}

/* The parent of @i, @i itself for a root. */
static inline uint32_t
parent_of (const uint8_t *parent,
           unsigned       bits,
           uint32_t       i)
{
  uint32_t p = entry_get (parent, bits, i);

  return p != 0 ? p : i;
}

/*
 * Join the regions of places @a and @b; false when they were one
 * already.  Rem's algorithm with splicing (Patwary, Blair and Manne,
 * "Experiments on union-find algorithms for the disjoint-set data
 * structure", 2010): a parent is always a higher place, so the root of a
 * region is its highest place.  The two paths are walked up together,
 * the one at the lower parent first, and they stop as soon as they meet
 * at a common parent: neighbours of one region mostly meet a step or two
 * up, far below the root.  Each step hangs the node it leaves on the
 * other path's higher parent (splicing), which shortens both paths for
 * next time; when the regions differ, that is a piece of the join, and
 * the walk ends by hanging a root.  Which place is a root does not matter
 * to the maze, only which places are joined.
 */
static inline bool
join (uint8_t  *parent,
      unsigned  bits,
      uint32_t  a,
      uint32_t  b)
{
  uint32_t pa = parent_of (parent, bits, a), pb = parent_of (parent, bits, b);

  while (pa != pb)
    {
      if (pa < pb)
        {
          /* pb > pa >= a, so never 0 */
          entry_set (parent, bits, a, pb);
          if (a == pa)
            return true;
          a = pa;
          pa = parent_of (parent, bits, a);
        }
      else
        {
          entry_set (parent, bits, b, pa);
          if (b == pb)
            return true;
          b = pb;
          pb = parent_of (parent, bits, b);
        }
    }
  return false;
}

/* ---- the wall order ---- */

/* One round's F: the top @width bits of a mix of @r and @key. */
static inline uint64_t
round_f (uint64_t r,
         uint64_t key,
         unsigned width)
{
  uint64_t z = (r ^ key) * UINT64_C (0x9E3779B97F4A7C15);

  z ^= z >> 31;
  z *= UINT64_C (0xBF58476D1CE4E5B9);
  return z >> (64 - width);
}

/* Does wall @e (below 2 * cells) exist: an east or south side of a cell
 * of the maze with a cell of the maze behind it? */
static inline bool
wall_exists (const MazeGenerator *gen,
             uint64_t             e,
             uint32_t             x,
             uint32_t             y)
{
  if (KRUSKAL (gen)->shaped)
    return (gen_inner_sides (gen->cells[e >> 1]) & ((e & 1) ? MAZE_S : MAZE_E)) != 0;
  return (e & 1) ? y + 1 < gen->height : x + 1 < gen->width;
}

/* Wall @e (below 2 * cells): its cell @a at column @x and row @y, and
 * the places of the entries of the cells on its two sides. */
static inline void
wall_places (const MazeGenerator *gen,
             uint64_t             e,
             uint32_t            *a,
             uint32_t            *x,
             uint32_t            *y,
             uint32_t            *pa,
             uint32_t            *pb)
{
  uint32_t w = gen->width;

  *a = (uint32_t) (e >> 1);
  *y = *a / w;
  *x = *a - *y * w;
  *pa = place_of (*x, *y, w);
  *pb = (e & 1) ? place_of (*x, *y + 1, w) : *pa + (1u << BAND);
}

/* Does wall @e exist?  If so, wall_places() of it. */
static inline bool
wall_cells (const MazeGenerator *gen,
            uint64_t             e,
            uint32_t            *a,
            uint32_t            *pa,
            uint32_t            *pb)
{
  uint32_t x, y;

  if (e >= 2 * (uint64_t) gen->n)
    return false;
  wall_places (gen, e, a, &x, &y, pa, pb);
  return wall_exists (gen, e, x, y);
}

/* ---- the filter ----
 *
 * The position of a wall in the order is its weight, all different, and
 * Kruskal then builds the one minimum spanning tree: a wall that is the
 * heaviest of a cycle never comes down (by the time its turn comes, the
 * rest of the cycle joins its two sides).  The filter is a bit a
 * position, set when its wall exists and is not the heaviest of the
 * four walls around a square of four cells (about 36 % of the walls), nor
 * of the six around two rows of three cells or three rows of two (about
 * 7 % more): the latest walls, whose regions are the deepest, are gone
 * before any find.  kruskal_run() works it out in one pass along the
 * rows (on its first call, or a share a call in slices: see
 * build_filter()), and then reads it in order; the rows' positions need
 * five rows of scratch after the bits (and a sixth for a list), and a
 * wall's bit is set once the rows of all its cycles are done.
 *
 * A run that makes the whole tree from the start uses the same pass
 * differently (see "a whole run" below): the lightest wall of each cell
 * is in the tree (any path out of the cell starts with a heavier wall),
 * about 71 % of the tree's walls, and the tree's walls may come down in
 * any order when nothing can see the order.
 */
#define NO_WALL UINT64_MAX
#define HEAVIEST (UINT64_C (1) << 62) /* positions are below 2^33 */
#define LIGHTEST (UINT64_C (1) << 61)
#define POSITION(v) ((v) & ~(HEAVIEST | LIGHTEST))

static size_t
filter_words (const MazeGenerator *gen)
{
  return (size_t) (((UINT64_C (1) << KRUSKAL (gen)->order_bits) + 63) / 64);
}

/* The round functions' tables (see round_tables()): 2^wr entries for
 * rounds 0 and 2, 2^wl for 1 and 3, two to a word. */
static size_t
table_words (const MazeGenerator *gen)
{
  unsigned wl = KRUSKAL (gen)->order_bits / 2, wr = KRUSKAL (gen)->order_bits - wl;

  return ((size_t) 1 << wr) + ((size_t) 1 << wl);
}

static size_t
filter_size (const MazeGenerator *gen)
{
  return (filter_words (gen) + 6 * (size_t) gen->width + table_words (gen)) * sizeof (uint64_t);
}

/* Each round's F for every value of its input half, after the filter's
 * bits and scratch rows (see filter_size()), so that every wall of the
 * order is four numbers looked up instead of eight multiplications:
 * 96 KB at 4000x4000.  round_tables() points @tables at them, and with
 * @fill (once, at init) works them out. */
static void
round_tables (MazeGenerator *gen,
              uint32_t      *tables[ROUNDS],
              bool           fill)
{
  const uint64_t *keys = KRUSKAL (gen)->keys;
  unsigned wl = KRUSKAL (gen)->order_bits / 2, wr = KRUSKAL (gen)->order_bits - wl;
  uint32_t *t = (uint32_t *) (KRUSKAL (gen)->filter + filter_words (gen) + 6 * (size_t) gen->width);

  for (unsigned k = 0; k < ROUNDS; k++)
    {
      /* rounds 0 and 2 read r (wr bits) and change l, 1 and 3 the other way */
      unsigned in = (k & 1) ? wl : wr, out = (k & 1) ? wr : wl;

      tables[k] = t;
      for (uint64_t v = 0; fill && v < (UINT64_C (1) << in); v++)
        t[v] = (uint32_t) round_f (v, keys[k], out);
      t += (size_t) 1 << in;
    }
}

/* Position @j of the order: the wall number P(j) (see the top).  The
 * rounds written out: the halves are L, R bits wide, then R, L, ... */
static inline uint64_t
wall_at (uint32_t *const tables[ROUNDS],
         unsigned        bits,
         uint64_t        j)
{
  unsigned wl = bits / 2, wr = bits - wl;
  uint64_t l = j >> wr, r = j & ((UINT64_C (1) << wr) - 1);

  l ^= tables[0][r]; /* (l, r) -> (r, l ^ F): l is the new r */
  r ^= tables[1][l];
  l ^= tables[2][r];
  r ^= tables[3][l];
  /* four swaps are none: l has wl bits again, r has wr */
  return (l << wr) | r;
}

/* The inverse of wall_at(): the position of wall @e in the order, the
 * rounds undone last to first. */
static inline uint64_t
position_of (uint32_t *const tables[ROUNDS],
                    unsigned        bits,
                    uint64_t        e)
{
  unsigned wl = bits / 2, wr = bits - wl;
  uint64_t l = e >> wr, r = e & ((UINT64_C (1) << wr) - 1);

  r ^= tables[3][l];
  l ^= tables[2][r];
  r ^= tables[1][l];
  l ^= tables[0][r];
  return (l << wr) | r;
}

/* The positions of the east walls (@side MAZE_E) or south walls of row
 * @y into @out, NO_WALL where a wall does not exist. */
static void
row_positions (const MazeGenerator *gen,
               uint32_t *const      tables[ROUNDS],
               uint32_t             y,
               uint16_t             side,
               uint64_t            *out)
{
  uint64_t e = 2 * (uint64_t) y * gen->width + (side == MAZE_S);

  for (uint32_t x = 0; x < gen->width; x++, e += 2)
    out[x] = wall_exists (gen, e, x, y)
             ? position_of (tables, KRUSKAL (gen)->order_bits, e) : NO_WALL;
}

#define EMIT_AHEAD 48
/* A slice of a run works out the filter for about this many cells. */
#define FILTER_SLICE_CELLS 32768

/* The walls of a row in @row: set the bits of those that may come
 * down. */
static void
row_emit (MazeGenerator  *gen,
          const uint64_t *row)
{
  uint64_t *bits = KRUSKAL (gen)->filter;
  uint32_t w = gen->width;
  size_t words = filter_words (gen); /* a power of two */
  uint64_t spare = 0;

  /* no branch on what a wall is, a coin toss each time: the bit goes to
   * its word or to a spare one */
  for (uint32_t x = 0; x < w; x++)
    {
      uint64_t v = row[x];
      bool candidate = !(v & (HEAVIEST | LIGHTEST)); /* NO_WALL has both */

      /* the bits are at random places in the filter: fetch the word of
       * a wall EMIT_AHEAD walls on (a wall that does not exist or will
       * not set a bit costs a useless fetch, still inside the filter) */
      if (x + EMIT_AHEAD < w)
        GEN_PREFETCH_WRITE (&bits[(POSITION (row[x + EMIT_AHEAD]) >> 6) & (words - 1)]);
      uint64_t *word = candidate ? &bits[v >> 6] : &spare;

      *word |= (uint64_t) candidate << (v & 63);
    }
}

/* Mark HEAVIEST the heaviest of the walls of a cycle.  A wall that
 * does not exist is NO_WALL, heavier than any: then it is the one
 * marked, which changes nothing, and rightly, as there is no cycle. */
#define HEAVIER(a, b) ((a) > (b) ? (a) : (b))
#define MARK_IF(v, top) ((v) |= POSITION (v) == (top) ? HEAVIEST : 0)

/* The squares of cells (x, y) to (x + 1, y + 1) and the rings around
 * (x, y) to (x + 2, y + 1), from the east walls of rows y and y + 1 and
 * the south walls of row y. */
static void
mark_wide (uint64_t *restrict east,
           uint64_t *restrict below,
           uint64_t *restrict south,
           uint32_t           w)
{
  /* the heavier of the east walls of column x in rows y and y + 1 is in
   * both the square and the ring that start there */
  uint64_t here = HEAVIER (POSITION (east[0]), POSITION (below[0]));

  for (uint32_t x = 0; x + 1 < w; x++)
    {
      uint64_t next = HEAVIER (POSITION (east[x + 1]), POSITION (below[x + 1]));
      uint64_t square = HEAVIER (here, HEAVIER (POSITION (south[x]), POSITION (south[x + 1])));

      MARK_IF (east[x], square);
      MARK_IF (below[x], square);
      MARK_IF (south[x], square);
      MARK_IF (south[x + 1], square);
      if (x + 2 < w)
        {
          uint64_t ring = HEAVIER (HEAVIER (here, next),
                                   HEAVIER (POSITION (south[x]), POSITION (south[x + 2])));

          MARK_IF (east[x], ring);
          MARK_IF (east[x + 1], ring);
          MARK_IF (below[x], ring);
          MARK_IF (below[x + 1], ring);
          MARK_IF (south[x], ring);
          MARK_IF (south[x + 2], ring);
        }
      here = next;
    }
}

/* The rings around cells (x, y - 1) to (x + 1, y + 1), from the east
 * walls of rows y - 1 and y + 1 and the south walls of rows y - 1 and
 * y. */
static void
mark_tall (uint64_t *restrict prev,
           uint64_t *restrict below,
           uint64_t *restrict above,
           uint64_t *restrict south,
           uint32_t           w)
{
  /* the heavier of the south walls of column x in rows y - 1 and y is in
   * the rings on both sides of the column */
  uint64_t here = HEAVIER (POSITION (above[0]), POSITION (south[0]));

  for (uint32_t x = 0; x + 1 < w; x++)
    {
      uint64_t next = HEAVIER (POSITION (above[x + 1]), POSITION (south[x + 1]));
      uint64_t top = HEAVIER (HEAVIER (here, next),
                              HEAVIER (POSITION (prev[x]), POSITION (below[x])));

      MARK_IF (above[x], top);
      MARK_IF (south[x], top);
      MARK_IF (above[x + 1], top);
      MARK_IF (south[x + 1], top);
      MARK_IF (prev[x], top);
      MARK_IF (below[x], top);
      here = next;
    }
}

#define LIGHTER(a, b) ((a) < (b) ? (a) : (b))
#define LIGHT_IF(v, low) ((v) |= POSITION (v) == (low) ? LIGHTEST : 0)

/* Mark LIGHTEST the lightest wall around each cell of row @y: its east
 * and south walls in @east and @south, its west wall at east[x - 1], its
 * north wall in @above. */
static void
row_lightest (uint64_t *restrict east,
              uint64_t *restrict south,
              uint64_t *restrict above,
              uint32_t           w)
{
  /* a cell without walls (outside the shape) marks its NO_WALLs, which
   * changes nothing; the first cell has no west wall */
  uint64_t west = NO_WALL;

  for (uint32_t x = 0; x < w; x++)
    {
      uint64_t low = LIGHTER (LIGHTER (POSITION (east[x]), POSITION (south[x])),
                              LIGHTER (POSITION (above[x]), POSITION (west)));

      LIGHT_IF (east[x], low);
      LIGHT_IF (south[x], low);
      LIGHT_IF (above[x], low);
      if (x > 0)
        LIGHT_IF (east[x - 1], low);
      west = east[x];
    }
}

/* ---- a whole run: the tiles ----
 *
 * A run that makes the whole tree from the start needs no union-find
 * of the cells, and looks at few walls in order.  Along the rows, as
 * the filter's marks come, it knocks down the lightest wall of each
 * cell.  Every TILE rows it cuts the band into tiles of TILE x TILE
 * cells and runs Kruskal in each, on the tile's own walls that the
 * filter kept, in order, in two small union-finds that stay in the
 * cache, with a flag a region: has a wall out of the tile (one the
 * filter kept) come before?  When a wall joins two regions and one of
 * them has none, the wall is the lightest of those out of that region,
 * so in the tree (the cut property; the walls the filter dropped are in
 * no tree, and the rest make the same tree), and it comes down.  When
 * both have one, the wall may or may not be in the tree: it is a link,
 * left to the end.  A wall that closes a cycle in the tile is in no
 * tree: the cycle's other walls are in the tree or lighter than it.
 * The walls between tiles that the filter kept are links too, but for
 * the lightest of a cell, which are down already.
 *
 * A link joins two regions of the walls that are down: a tile's
 * union-find with the links (all) and the one without (tree) tell them
 * apart, and each region a link or a lightest wall between tiles
 * touches gets a number.  Those lightest walls join their regions at
 * once, in Rem's union-find of the numbers, in the memory of the cells'
 * union-find, which a whole run does not use (there are fewer regions
 * than cells).  At the end the links are sorted by position and run
 * through it: a link comes down when it joins two regions.  At
 * 4000x4000 the links are 1.4 % of the walls, and 1.4 % of the tree.
 */
#define TILE 64                /* a power of two, at most 128 */
#define TILE_SORT_BITS 11      /* a bucket for about one event of a tile */
#define TILE_MAX_EVENTS (2 * TILE * TILE + 2 * TILE)
#define TILE_MAX_PENDING (6 * TILE) /* see whole_new() */
#define LINK_SORT_BITS 16
#define EVENT_OUT 2            /* events: 0 an east wall, 1 a south wall */
#define NO_REGION 0

/* A wall that may or may not be in the tree. */
typedef struct
{
  uint64_t position;
  uint32_t a, b;   /* the regions on its two sides */
} Link;

/* A link of a tile before its regions are numbered, or a lightest
 * wall out of it on the west or north, already down, whose regions
 * join before any link. */
typedef struct
{
  uint64_t position;
  uint16_t i, j;   /* the tile's cells on its sides; j NO_CELL when the
                    * other side's region is @region */
  uint32_t region;
  bool     down;   /* a lightest wall */
} TileLink;

#define NO_CELL UINT16_MAX

typedef struct
{
  uint32_t *tables[ROUNDS];
  uint8_t  *flags;    /* a band's rows of walls and one more, two bits a
                       * side (see row_flags()); row 0 is the row above */
  uint64_t *events;   /* TILE_MAX_EVENTS, and as many to sort them into */
  uint32_t *counts;   /* 2 << LINK_SORT_BITS: the sorts' buckets */
  uint16_t *all;      /* TILE * TILE: the tile's union-find with links */
  uint16_t *tree;     /* and without */
  uint8_t  *out;      /* TILE * TILE: has a wall out of the region come? */
  uint32_t *region;   /* TILE * TILE: a root of tree's region number + 1 */
  uint32_t *east;     /* TILE: the regions of the tile's east column */
  uint32_t *south;    /* the width: the regions of the band's last row */
  TileLink *pending;  /* TILE_MAX_PENDING */
  Link     *links;
  size_t    n_links;
  uint32_t  n_regions;
  uint64_t  carved;   /* the walls knocked down */
  uint64_t  last;     /* the latest position among them */
  uint32_t  cur;      /* the cell behind the wall at that position */
} Whole;

static size_t
tiles_of (uint32_t n)
{
  return (n + TILE - 1) / TILE;
}

/* The memory of a whole run; false when there is none.  A tile makes a
 * link of each wall out of it on the west and north, and one of each
 * wall that joins two regions with walls out: each such join leaves one
 * region fewer with walls out, and each wall out of the tile makes at
 * most one more, so links are at most 6 TILE a tile.  The links' memory
 * is only as big as they turn out to be. */
static bool
whole_new (Whole         *r,
           MazeGenerator *gen)
{
  uint32_t w = gen->width;
  size_t max_links = tiles_of (w) * tiles_of (gen->height) * (size_t) TILE_MAX_PENDING;

  *r = (Whole) { .cur = gen->cur };
  r->flags = malloc ((size_t) ((gen->height < TILE ? gen->height : TILE) + 1) * w);
  r->events = malloc (2 * TILE_MAX_EVENTS * sizeof (uint64_t));
  r->counts = malloc (2 * (1u << LINK_SORT_BITS) * sizeof (uint32_t));
  r->all = malloc (TILE * TILE * sizeof (uint16_t));
  r->tree = malloc (TILE * TILE * sizeof (uint16_t));
  r->out = malloc (TILE * TILE);
  r->region = malloc (TILE * TILE * sizeof (uint32_t));
  r->east = malloc (TILE * sizeof (uint32_t));
  r->south = malloc ((size_t) w * sizeof (uint32_t));
  r->pending = malloc (TILE_MAX_PENDING * sizeof (TileLink));
  r->links = max_links <= SIZE_MAX / sizeof (Link) ? malloc (max_links * sizeof (Link)) : NULL;
  return r->flags != NULL && r->events != NULL && r->counts != NULL && r->all != NULL
         && r->tree != NULL && r->out != NULL && r->region != NULL && r->east != NULL
         && r->south != NULL && r->pending != NULL && r->links != NULL;
}

static void
whole_free (Whole *r)
{
  free (r->flags);
  free (r->events);
  free (r->counts);
  free (r->all);
  free (r->tree);
  free (r->out);
  free (r->region);
  free (r->east);
  free (r->south);
  free (r->pending);
  free (r->links);
}

/* Knock down wall @e (a cell's east wall, its south wall if odd) at
 * @position. */
static inline void
whole_carve (Whole    *r,
             uint16_t *cells,
             uint32_t  w,
             uint64_t  e,
             uint64_t  position)
{
  uint32_t a = (uint32_t) (e >> 1), b = (e & 1) ? a + w : a + 1;

  cells[a] |= (e & 1) ? MAZE_S : MAZE_E;
  cells[b] |= (e & 1) ? MAZE_N : MAZE_W;
  if (r->carved++ == 0 || position > r->last)
    {
      r->last = position;
      r->cur = b;
    }
}

/* The walls of row @y on @side, in @row, into the band's flags @flags:
 * bit 0 (east) or 2 (south) when the filter keeps the wall, bit 1 or 3
 * when it is the lightest of a cell's, and then it comes down (listed
 * first in the sixth row of scratch). */
static void
row_flags (MazeGenerator  *gen,
           Whole          *r,
           const uint64_t *row,
           uint32_t        y,
           uint16_t        side,
           uint8_t        *flags)
{
  uint32_t w = gen->width;
  uint32_t *list = (uint32_t *) (KRUSKAL (gen)->filter + filter_words (gen) + 5 * (size_t) w);
  unsigned shift = side == MAZE_S ? 2 : 0;
  uint32_t n = 0;

  for (uint32_t x = 0; x < w; x++)
    {
      uint64_t v = row[x];
      unsigned candidate = !(v & (HEAVIEST | LIGHTEST)); /* NO_WALL has both */
      unsigned lightest = v != NO_WALL && (v & LIGHTEST);

      flags[x] = (uint8_t) ((shift ? flags[x] : 0) | (candidate | lightest << 1) << shift);
      list[n] = x;
      n += lightest;
    }
  for (uint32_t k = 0; k < n; k++)
    {
      uint32_t x = list[k];

      whole_carve (r, gen->cells, w, 2 * ((uint64_t) y * w + x) + (side == MAZE_S),
                   POSITION (row[x]));
    }
}

static inline uint16_t
tile_find (uint16_t *uf,
           unsigned  i)
{
  while (uf[i] != i)
    {
      uf[i] = uf[uf[i]];
      i = uf[i];
    }
  return (uint16_t) i;
}

/* The number of the region of the tile's cell @i, given one if it has
 * none yet. */
static inline uint32_t
tile_region (Whole    *r,
             unsigned  i)
{
  unsigned root = tile_find (r->tree, i);

  if (r->region[root] == NO_REGION)
    r->region[root] = ++r->n_regions;
  return r->region[root] - 1;
}

/* An event of a tile: a wall's position, its kind and the tile's cell
 * it starts from (east, south) or is in (out); they sort as numbers. */
static inline uint64_t
tile_event (uint64_t position,
            unsigned kind,
            unsigned i)
{
  return position << 16 | (uint64_t) kind << 14 | i;
}

/* Sort @n events of @from into @to: by their top bits into buckets,
 * then an insertion sort, as the positions are spread evenly. */
static void
tile_sort (const uint64_t *from,
           uint64_t       *to,
           uint32_t       *counts,
           uint32_t        n,
           unsigned        order_bits)
{
  unsigned shift = 16 + (order_bits > TILE_SORT_BITS ? order_bits - TILE_SORT_BITS : 0);

  memset (counts, 0, ((1u << TILE_SORT_BITS) + 1) * sizeof *counts);
  for (uint32_t k = 0; k < n; k++)
    counts[(from[k] >> shift) + 1]++;
  for (uint32_t b = 1; b <= (1u << TILE_SORT_BITS); b++)
    counts[b] += counts[b - 1];
  for (uint32_t k = 0; k < n; k++)
    to[counts[from[k] >> shift]++] = from[k];
  for (uint32_t k = 1; k < n; k++)
    {
      uint64_t v = to[k];
      uint32_t m = k;

      for (; m > 0 && to[m - 1] > v; m--)
        to[m] = to[m - 1];
      to[m] = v;
    }
}

/* The tile of columns @x0 to @x1 - 1 of the band of rows @y0 to
 * @y1 - 1. */
static void
tile_pass (MazeGenerator *gen,
           Whole         *r,
           uint32_t       x0,
           uint32_t       x1,
           uint32_t       y0,
           uint32_t       y1)
{
  unsigned obits = KRUSKAL (gen)->order_bits;
  uint32_t w = gen->width, h = gen->height;
  uint64_t *events = r->events, *sorted = r->events + TILE_MAX_EVENTS;
  uint16_t *all = r->all, *tree = r->tree;
  uint8_t *out = r->out;
  TileLink *pending = r->pending;
  uint32_t n = 0, n_pending = 0;

  for (unsigned i = 0; i < TILE * (y1 - y0); i++)
    {
      all[i] = (uint16_t) i;
      out[i] = 0;
      r->region[i] = NO_REGION;
    }
  /* the cells' east and south walls: the lightest inside the tile join
   * regions now, the others the filter kept are events */
  for (uint32_t y = y0; y < y1; y++)
    {
      const uint8_t *f = r->flags + (size_t) (y - y0 + 1) * w;

      for (uint32_t x = x0; x < x1; x++)
        {
          unsigned v = f[x], i = (y - y0) * TILE + (x - x0);
          uint64_t e = 2 * ((uint64_t) y * w + x);

          for (unsigned side = 0; side < 2; side++, v >>= 2, e++)
            {
              bool inside = side ? y + 1 < y1 : x + 1 < x1;

              if ((v & 3) == 0)
                continue;
              if (inside && (v & 2))
                {
                  all[tile_find (all, i)] = tile_find (all, i + (side ? TILE : 1));
                  continue;
                }
              events[n++] = tile_event (position_of (r->tables, obits, e),
                                        inside ? side : EVENT_OUT, i);
            }
        }
    }
  /* the links come later: so far the two union-finds are the same */
  memcpy (tree, all, TILE * (y1 - y0) * sizeof *tree);
  /* the walls out of the tile on the west and north: links, their
   * other sides' regions numbered by the tiles there */
  for (uint32_t y = y0; x0 > 0 && y < y1; y++)
    {
      unsigned v = r->flags[(size_t) (y - y0 + 1) * w + x0 - 1] & 3;
      uint64_t p;

      if (v == 0)
        continue;
      p = position_of (r->tables, obits, 2 * ((uint64_t) y * w + x0 - 1));
      events[n++] = tile_event (p, EVENT_OUT, (y - y0) * TILE);
      pending[n_pending++] = (TileLink) { p, (uint16_t) ((y - y0) * TILE), NO_CELL,
                                          r->east[y - y0], v & 2 };
    }
  for (uint32_t x = x0; y0 > 0 && x < x1; x++)
    {
      unsigned v = (r->flags[x] >> 2) & 3;
      uint64_t p;

      if (v == 0)
        continue;
      p = position_of (r->tables, obits, 2 * ((uint64_t) (y0 - 1) * w + x) + 1);
      events[n++] = tile_event (p, EVENT_OUT, x - x0);
      pending[n_pending++] = (TileLink) { p, (uint16_t) (x - x0), NO_CELL, r->south[x],
                                          v & 2 };
    }

  tile_sort (events, sorted, r->counts, n, obits);
  for (uint32_t k = 0; k < n; k++)
    {
      uint64_t v = sorted[k], p = v >> 16;
      unsigned kind = (v >> 14) & 3, i = v & 0x3FFF, j;
      unsigned a = tile_find (all, i), b;

      if (kind == EVENT_OUT)
        {
          out[a] = 1;
          continue;
        }
      j = i + (kind ? TILE : 1);
      b = tile_find (all, j);
      if (a == b)
        continue;
      all[a] = (uint16_t) b;
      if (out[a] & out[b])
        {
          pending[n_pending++] = (TileLink) { p, (uint16_t) i, (uint16_t) j, 0, false };
          continue;
        }
      out[b] |= out[a];
      tree[tile_find (tree, i)] = tile_find (tree, j);
      whole_carve (r, gen->cells, w, 2 * ((uint64_t) (y0 + i / TILE) * w + x0 + i % TILE) + kind, p);
    }

  for (uint32_t k = 0; k < n_pending; k++)
    {
      TileLink *t = &pending[k];
      uint32_t a = tile_region (r, t->i);
      uint32_t b = t->j == NO_CELL ? t->region : tile_region (r, t->j);

      if (t->down)
        join (KRUSKAL (gen)->parent, KRUSKAL (gen)->parent_bits, a, b);
      else
        r->links[r->n_links++] = (Link) { t->position, a, b };
    }
  /* the regions of the cells with walls out on the east and south */
  for (uint32_t y = y0; x1 < w && y < y1; y++)
    if (r->flags[(size_t) (y - y0 + 1) * w + x1 - 1] & 3)
      r->east[y - y0] = tile_region (r, (y - y0) * TILE + (x1 - 1 - x0));
  for (uint32_t x = x0; y1 < h && x < x1; x++)
    if (r->flags[(size_t) (y1 - y0) * w + x] & 12)
      r->south[x] = tile_region (r, (y1 - 1 - y0) * TILE + (x - x0));
}

static int
link_compare (const void *a,
              const void *b)
{
  uint64_t ka = ((const Link *) a)->position, kb = ((const Link *) b)->position;

  return (ka > kb) - (ka < kb);
}

/* Sort the links by position: in place into buckets by their top bits (an
 * American flag sort), then each bucket, small as the positions are
 * spread evenly. */
static void
links_sort (Link     *links,
            size_t    n,
            uint32_t *counts,
            unsigned  position_bits)
{
  unsigned bits = 1, shift;
  uint32_t buckets, *next, *end, start = 0;

  while (bits < LINK_SORT_BITS && ((size_t) 1 << bits) < n)
    bits++;
  if (bits > position_bits)
    bits = position_bits;
  shift = position_bits - bits;
  buckets = 1u << bits;
  next = counts;
  end = counts + buckets;
  memset (end, 0, buckets * sizeof *end);
  for (size_t k = 0; k < n; k++)
    end[links[k].position >> shift]++;
  for (uint32_t b = 0; b < buckets; b++)
    {
      next[b] = start;
      start += end[b];
      end[b] = start;
    }
  /* each link to its bucket: the one in its place moves on to its own */
  for (uint32_t b = 0; b < buckets; b++)
    while (next[b] < end[b])
      {
        Link v = links[next[b]];
        uint32_t d = (uint32_t) (v.position >> shift);

        while (d != b)
          {
            Link t = links[next[d]];

            links[next[d]++] = v;
            v = t;
            d = (uint32_t) (v.position >> shift);
          }
        links[next[b]++] = v;
      }
  for (uint32_t b = 0, from = 0; b < buckets; from = end[b++])
    {
      if (end[b] - from > 32)
        {
          qsort (links + from, end[b] - from, sizeof *links, link_compare);
          continue;
        }
      for (uint32_t k = from + 1; k < end[b]; k++)
        {
          Link v = links[k];
          uint32_t m = k;

          for (; m > from && links[m - 1].position > v.position; m--)
            links[m] = links[m - 1];
          links[m] = v;
        }
    }
}

/* Row @y's east walls @east and south walls @south are sorted out: to
 * the filter, or in a whole run @r to the band's flags, and when the
 * band that starts at row @band is full or the maze ends, through the
 * band's tiles. */
static void
emit_rows (MazeGenerator  *gen,
           Whole          *r,
           const uint64_t *east,
           const uint64_t *south,
           uint32_t        y,
           uint32_t       *band)
{
  uint32_t w = gen->width;
  uint8_t *flags;

  if (r == NULL)
    {
      row_emit (gen, east);
      row_emit (gen, south);
      return;
    }
  flags = r->flags + (size_t) (y - *band + 1) * w;
  row_flags (gen, r, east, y, MAZE_E, flags);
  row_flags (gen, r, south, y, MAZE_S, flags);
  if (y + 1 - *band < TILE && y + 1 < gen->height)
    return;
  for (uint32_t x0 = 0; x0 < w; x0 += TILE)
    tile_pass (gen, r, x0, x0 + TILE < w ? x0 + TILE : w, *band, y + 1);
  /* the band's last row is the next band's row above */
  memcpy (r->flags, flags, w);
  *band = y + 1;
}

/* One pass along the rows: work out the filter, or with @r run the
 * tiles of a whole run.  The filter may be worked out over several
 * calls (the slices of the app's build), @rows rows at a time: true
 * once it is done. */
static bool
build_filter (MazeGenerator *gen,
              Whole         *r,
              uint32_t       rows)
{
  uint32_t w = gen->width, h = gen->height;
  uint64_t *bits = KRUSKAL (gen)->filter;
  /* the scratch rows turn around: at row y, the east walls of rows
   * y - 1, y and y + 1 are three[y % 3], the next and the one after,
   * the south walls of rows y - 1 and y two[y % 2] and the other */
  uint64_t *three = bits + filter_words (gen), *two = three + 3 * (size_t) w;
  uint32_t y = r != NULL ? 0 : KRUSKAL (gen)->filter_y;
  uint32_t end = h - y > rows ? y + rows : h;
  uint32_t *tables[ROUNDS];
  uint32_t band = 0; /* the first row of a whole run's band */

  round_tables (gen, tables, false);
  if (y == 0)
    {
      if (r == NULL)
        memset (bits, 0, filter_words (gen) * sizeof (uint64_t));
      for (uint32_t x = 0; x < w; x++)
        three[x] = two[x] = NO_WALL;
      row_positions (gen, tables, 0, MAZE_E, three + w);
    }
  for (; y < end; y++)
    {
      uint64_t *prev = three + (size_t) (y % 3) * w;
      uint64_t *east = three + (size_t) ((y + 1) % 3) * w;
      uint64_t *below = three + (size_t) ((y + 2) % 3) * w;
      uint64_t *above = two + (size_t) (y % 2) * w, *south = two + (size_t) ((y + 1) % 2) * w;

      row_positions (gen, tables, y, MAZE_S, south);
      if (y + 1 < h)
        {
          row_positions (gen, tables, y + 1, MAZE_E, below);
          mark_wide (east, below, south, w);
          if (y > 0)
            mark_tall (prev, below, above, south, w);
        }
      if (r != NULL)
        row_lightest (east, south, above, w);
      /* row y - 1's east and south walls have seen all their cycles and
       * both their cells */
      if (y > 0)
        emit_rows (gen, r, prev, above, y - 1, &band);
    }
  if (r == NULL)
    KRUSKAL (gen)->filter_y = y;
  if (y < h)
    return false;
  emit_rows (gen, r, three + (size_t) (h % 3) * w, two + (size_t) (h % 2) * w, h - 1, &band);
  KRUSKAL (gen)->filtered = true;
  return true;
}

/* The whole tree at once (see above); false, with nothing done, when
 * there is not the memory for it. */
static bool
whole_run (MazeGenerator *gen)
{
  uint8_t *parent = KRUSKAL (gen)->parent;
  unsigned pbits = KRUSKAL (gen)->parent_bits, obits = KRUSKAL (gen)->order_bits;
  Whole r;

  if (!whole_new (&r, gen))
    {
      whole_free (&r);
      return false;
    }
  round_tables (gen, r.tables, false);
  build_filter (gen, &r, gen->height);
  /* the regions' union-find, where the cells' would be (the tiles have
   * joined the regions of the lightest walls between them), takes the
   * links in order */
  links_sort (r.links, r.n_links, r.counts, obits);
  for (size_t k = 0; k < r.n_links; k++)
    {
      const Link *l = &r.links[k];

      if (!join (parent, pbits, l->a, l->b))
        continue;
      whole_carve (&r, gen->cells, gen->width, wall_at (r.tables, obits, l->position), l->position);
    }
  if (r.carved > 0)
    KRUSKAL (gen)->next = r.last + 1;
  gen->cur = r.cur;
  gen->steps += r.carved;
  gen->tree_left -= r.carved;
  whole_free (&r);
  return true;
}

static MazeStatus
kruskal_init (MazeGenerator *gen,
              MazeError     *error)
{
  uint32_t *tables[ROUNDS];
  unsigned bits = 2, pbits = 1;

  while ((UINT64_C (1) << bits) < 2 * (uint64_t) gen->n)
    bits++;
  while ((UINT64_C (1) << pbits) < n_places (gen))
    pbits++;
  KRUSKAL (gen)->order_bits = bits;
  KRUSKAL (gen)->parent_bits = pbits;
  KRUSKAL (gen)->next = 0;
  KRUSKAL (gen)->shaped = maze_is_shaped (gen->maze);
  for (unsigned k = 0; k < ROUNDS; k++)
    KRUSKAL (gen)->keys[k] = maze_rng_next (&gen->rng);
  KRUSKAL (gen)->filtered = false;
  KRUSKAL (gen)->parent = gen_alloc (gen, parent_size (gen), true);
  KRUSKAL (gen)->filter = gen_alloc (gen, filter_size (gen), false);
  if (KRUSKAL (gen)->parent == NULL || KRUSKAL (gen)->filter == NULL)
    return gen_nomem (gen, error);
  round_tables (gen, tables, true);
  return MAZE_OK;
}

static GenResult
kruskal_step (MazeGenerator *gen,
              MazeStep      *report)
{
  uint8_t *parent = KRUSKAL (gen)->parent;
  unsigned pbits = KRUSKAL (gen)->parent_bits;
  uint64_t end = UINT64_C (1) << KRUSKAL (gen)->order_bits;
  uint32_t *tables[ROUNDS];

  round_tables (gen, tables, false);
  while (KRUSKAL (gen)->next < end)
    {
      uint64_t e = wall_at (tables, KRUSKAL (gen)->order_bits, KRUSKAL (gen)->next++);
      uint32_t a, pa, pb;
      uint16_t dir;

      if (!wall_cells (gen, e, &a, &pa, &pb))
        continue;
      dir = (e & 1) ? MAZE_S : MAZE_E;
      if (!join (parent, pbits, pa, pb))
        continue;
      gen->cur = gen_carve (gen, report, 11, a, dir);
      return GEN_CARVED;
    }
  return GEN_FINISHED;
}

/*
 * kruskal_step() without reports: the same walls in the same order.  A
 * big maze's union-find and cells are far bigger than the caches and
 * each wall reads them at random places, so the run works ahead: the
 * order does not depend on the regions, and the next AHEAD walls are
 * known, their cells' entries prefetched as a wall joins the queue.
 * HOP and 2 HOP walls before a wall's turn its entries fetched so far
 * have come, and the entries one step up are fetched too.  A carve
 * waits PENDING carves while its cells come (no choice reads them), and
 * all are done before the run returns.
 */
#define AHEAD 32 /* a power of two */
#define HOP 11
#define PENDING 16

/* Knock down the wall @queued (a cell, the south wall if bit 31). */
static inline void
carve_wall (uint16_t *cells,
            uint32_t  w,
            uint32_t  queued)
{
  uint32_t a = queued & 0x7FFFFFFF;

  if (queued >> 31)
    {
      cells[a] |= MAZE_S;
      cells[a + w] |= MAZE_N;
    }
  else
    {
      cells[a] |= MAZE_E;
      cells[a + 1] |= MAZE_W;
    }
}

static void
kruskal_run (MazeGenerator *gen)
{
  uint16_t *cells = gen->cells;
  uint8_t *parent = KRUSKAL (gen)->parent;
  const uint64_t *filter = KRUSKAL (gen)->filter;
  unsigned pbits = KRUSKAL (gen)->parent_bits;
  unsigned obits = KRUSKAL (gen)->order_bits;
  uint32_t *tables[ROUNDS];
  uint64_t end = UINT64_C (1) << obits;
  uint64_t j = KRUSKAL (gen)->next;
  uint64_t left = gen->tree_left;
  uint64_t carved = 0;
  uint32_t w = gen->width;
  uint32_t cur = gen->cur;
  uint32_t queued_cell[AHEAD];
  uint64_t queued_next[AHEAD];
  uint32_t queued_place[AHEAD][2]; /* the places of its cells' entries */
  uint32_t queued_up[AHEAD][2]; /* the ancestors fetched so far */
  uint32_t pending[PENDING];    /* walls to carve, as queued_cell */
  unsigned head = 0, count = 0;

  if (!KRUSKAL (gen)->filtered)
    {
      /* a slice does its share of the pass and no carve, till it is
       * done: the single steps after it do without */
      uint32_t rows = !gen->sliced ? gen->height : w < FILTER_SLICE_CELLS ? FILTER_SLICE_CELLS / w : 1;

      /* the whole tree from the start: no one sees the order of the
       * carves before the last, only that the last comes last */
      if (gen_run_makes_whole_tree (gen) && whole_run (gen))
        return;
      if (!build_filter (gen, NULL, rows))
        return;
    }
  round_tables (gen, tables, false);
  while (carved < left)
    {
      uint32_t a, b, pa, pb, queued;
      uint16_t dir;
      uint64_t e;
      unsigned slot, taken;

      while (count < AHEAD && j < end)
        {
          uint64_t word = filter[j >> 6] >> (j & 63);
          uint32_t x, y;

          if (word == 0)
            {
              j = (j | 63) + 1;
              continue;
            }
          j += maze_lowest_bit (word);
          slot = (head + count) & (AHEAD - 1);
          e = wall_at (tables, obits, j++);
          /* the filter has only walls that exist */
          wall_places (gen, e, &a, &x, &y, &pa, &pb);
          /* the wall in the cell's bit 31 (cells are fewer than 2^31) */
          queued_cell[slot] = a | (uint32_t) (e & 1) << 31;
          queued_next[slot] = j;
          queued_place[slot][0] = pa;
          queued_place[slot][1] = pb;
          queued_up[slot][0] = pa;
          queued_up[slot][1] = pb;
          count++;
          GEN_PREFETCH_READ (entry_address (parent, pbits, pa));
          GEN_PREFETCH_READ (entry_address (parent, pbits, pb));
        }
      if (count == 0)
        break;
      /* one step up from the entries fetched so far, for the walls HOP
       * and 2 HOP places from their turn */
      for (unsigned at = HOP; at < AHEAD; at += HOP)
        if (count > at)
          {
            unsigned s = (head + at) & (AHEAD - 1);
            uint32_t up_a = entry_get (parent, pbits, queued_up[s][0]);
            uint32_t up_b = entry_get (parent, pbits, queued_up[s][1]);

            if (up_a != 0)
              {
                queued_up[s][0] = up_a;
                GEN_PREFETCH_READ (entry_address (parent, pbits, up_a));
              }
            if (up_b != 0)
              {
                queued_up[s][1] = up_b;
                GEN_PREFETCH_READ (entry_address (parent, pbits, up_b));
              }
          }
      taken = head;
      queued = queued_cell[taken];
      a = queued & 0x7FFFFFFF;
      dir = (queued >> 31) ? MAZE_S : MAZE_E;
      KRUSKAL (gen)->next = queued_next[taken];
      head = (head + 1) & (AHEAD - 1);
      count--;

      b = a + ((dir == MAZE_S) ? w : 1);
      if (!join (parent, pbits, queued_place[taken][0], queued_place[taken][1]))
        continue;
      /* the carve waits PENDING carves for its cells to come */
      slot = (unsigned) (carved & (PENDING - 1));
      if (carved >= PENDING)
        carve_wall (cells, w, pending[slot]);
      pending[slot] = queued;
      GEN_PREFETCH_WRITE (&cells[a]);
      GEN_PREFETCH_WRITE (&cells[b]);
      cur = b;
      carved++;
    }
  for (uint64_t c = carved > PENDING ? carved - PENDING : 0; c < carved; c++)
    carve_wall (cells, w, pending[c & (PENDING - 1)]);
  if (count == 0)
    KRUSKAL (gen)->next = j;
  gen->cur = cur;
  gen->steps += carved;
  gen->tree_left -= carved;
}

/* Kruskal has no frontier: its regions grow everywhere at once. */
static size_t
kruskal_frontier (const MazeGenerator *gen,
                  uint32_t            *out,
                  size_t               max)
{
  return 0;
}

static unsigned
kruskal_arrays (MazeGenerator *gen,
                GenArray       arrays[GEN_MAX_ARRAYS])
{
  arrays[0] = (GenArray) { (void **) &KRUSKAL (gen)->parent, parent_size (gen) };
  arrays[1] = (GenArray) { (void **) &KRUSKAL (gen)->filter, filter_size (gen) };
  return 2;
}

static const MazeGeneratorClass kruskal_class = {
  .init = kruskal_init,
  .step = kruskal_step,
  .frontier = kruskal_frontier,
  .run = kruskal_run,
  .arrays = kruskal_arrays,
  .state_size = sizeof (KruskalState),
};

/* The listing; the lines each step runs are marked in the code. */
static const MazeListingLine kruskal_listing[] = {
  { "void kruskal (uint16_t maze[])", NULL },
  { "{", NULL },
  { "  shuffle_walls ();", MAZE_N_("every inner wall: the E and S side of each cell") },
  { "  for (uint32_t k = 0; k < n_walls; k++)", NULL },
  { "    {", NULL },
  { "      uint32_t cell = wall_cell[k];", NULL },
  { "      int d = wall_dir[k];", NULL },
  { "      if (find_set (cell) == find_set (cell + STEP[d]))", NULL },
  { "        continue;", MAZE_N_("joined already: it would make a loop") },
  { "      union_sets (cell, cell + STEP[d]);", NULL },
  { "      connect_cells (maze, cell, d);", NULL },
  { "    }", NULL },
  { "}", NULL },
};

const MazeAlgorithm maze_generator_kruskal = {
  MAZE_LISTING (kruskal_listing),
  .name = "kruskal",
  /* Translators: the name of the person the algorithm is named after */
  .label = MAZE_N_("Kruskal"),
  .description = MAZE_N_("Randomised Kruskal: knocks down walls in random order when they join two regions (union-find)"),
  .flags = MAZE_ALGORITHM_ANY_SHAPE,
  .generator = &kruskal_class,
  /* 2: the wall order computed from the seed (stream 1 shuffled a list
   * of the walls, 8 bytes a cell more) */
  .stream = 2,
};
