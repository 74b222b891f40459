/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-io.c: reading and writing .maze files (docs/maze-format.md 2).
 *
 * Every loader goes the same way: read the 40-byte header and check it
 * whole (magic, version, header size, header CRC, ranges); compare the
 * size the header announces with the size the input really has, before
 * anything is allocated; read the cells straight into the maze's array;
 * check the data CRC over the raw little-endian bytes; only then convert
 * to host order, parse the metadata and run the consistency check.
 *
 * When the input's size is not known in advance (a pipe), the body is read
 * into a buffer that grows with what has really arrived, so a forged
 * header still cannot make the reader allocate memory the input does not
 * back.
 */
#include "maze-private.h"
#include "maze-output.h"
#include "maze-io-private.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

static const uint8_t MAZE_MAGIC[8] = { 0x89, 'M', 'A', 'Z', 'E', '\r', '\n', 0x1A };

/* Cells are copied, read or written in chunks that stay in the cache
 * between that and their CRC, so the data crosses memory once.  On a
 * big-endian host they are converted in a buffer of SWAP_CELLS.  Pipes
 * are read into a buffer that starts at GROW_START bytes. */
#define CHUNK_BYTES (128 * 1024)
#define SWAP_CELLS  16384
#define GROW_START  65536

/* ---- little-endian helpers ---- */

static inline bool
host_is_little_endian (void)
{
  const uint16_t one = 1;

  return *(const uint8_t *) &one == 1;
}

static inline uint16_t
get_u16 (const uint8_t *p)
{
  return (uint16_t) (p[0] | (p[1] << 8));
}

static inline uint32_t
get_u32 (const uint8_t *p)
{
  return (uint32_t) p[0] | ((uint32_t) p[1] << 8) |
         ((uint32_t) p[2] << 16) | ((uint32_t) p[3] << 24);
}

static inline void
put_u16 (uint8_t  *p,
         uint16_t  v)
{
  p[0] = (uint8_t) v;
  p[1] = (uint8_t) (v >> 8);
}

static inline void
put_u32 (uint8_t  *p,
         uint32_t  v)
{
  p[0] = (uint8_t) v;
  p[1] = (uint8_t) (v >> 8);
  p[2] = (uint8_t) (v >> 16);
  p[3] = (uint8_t) (v >> 24);
}

/* Swap the bytes of every word: little-endian file order <-> big-endian
 * host order.  Only called on big-endian hosts. */
static void
swap_cells (uint16_t *cells,
            size_t    n)
{
  for (size_t i = 0; i < n; i++)
    cells[i] = (uint16_t) ((cells[i] << 8) | (cells[i] >> 8));
}

/* ---- CRC-32 ---- */

uint32_t
maze_crc32 (uint32_t    crc,
            const void *data,
            size_t      len)
{
  const Bytef *p = data;

  /* zlib's crc32() returns 0 for a NULL buffer whatever @crc was, and
   * takes an unsigned int length: feed it in pieces, never NULL. */
  while (len > 0)
    {
      uInt n = len > (1u << 30) ? (1u << 30) : (uInt) len;

      crc = (uint32_t) crc32 (crc, p, n);
      p += n;
      len -= n;
    }
  return crc;
}

/* ---- the header ---- */

typedef struct
{
  unsigned version;  /* 1: a rectangle, 2: a shaped maze */
  uint32_t width;
  uint32_t height;
  uint32_t start;
  uint32_t goal;
  uint32_t meta_size;
  uint32_t data_crc;
  size_t   n_cells;
  uint64_t file_size; /* what the header announces, header included */
} FileHeader;

/* Check the first @avail bytes of a file (at most the header is looked
 * at) and fill @hd.  Nothing is allocated. */
static MazeStatus
header_parse (const uint8_t *data,
              size_t         avail,
              FileHeader    *hd,
              MazeError     *error)
{
  size_t n = avail < sizeof MAZE_MAGIC ? avail : sizeof MAZE_MAGIC;
  unsigned version, header_size;
  uint64_t n_cells;

  if (avail == 0)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_EMPTY_FILE);
  if (memcmp (data, MAZE_MAGIC, n) != 0)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_BAD_MAGIC);
  if (avail < MAZE_FILE_HEADER_SIZE)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_TRUNCATED_HEADER,
                           MAZE_NUM (MAZE_FILE_HEADER_SIZE), MAZE_NUM (avail));

  /* Version and header size first: a later version may put its
   * checksum elsewhere, and "unsupported version 2" is the useful news. */
  version = get_u16 (data + 8);
  if (version != MAZE_FILE_VERSION && version != MAZE_FILE_VERSION_SHAPED)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_UNSUPPORTED_VERSION,
                           MAZE_NUM (version));
  hd->version = version;
  header_size = get_u16 (data + 10);
  if (header_size != MAZE_FILE_HEADER_SIZE)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_HEADER_SIZE, MAZE_NUM (header_size),
                           MAZE_NUM (MAZE_FILE_HEADER_SIZE));
  if (get_u32 (data + 36) != maze_crc32 (0, data, 36))
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_HEADER_CRC);

  hd->width = get_u32 (data + 12);
  hd->height = get_u32 (data + 16);
  hd->start = get_u32 (data + 20);
  hd->goal = get_u32 (data + 24);
  hd->meta_size = get_u32 (data + 28);
  hd->data_crc = get_u32 (data + 32);

  if (hd->width < 1 || hd->width > MAZE_MAX_SIDE)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_WIDTH_RANGE, MAZE_NUM (hd->width),
                           MAZE_NUM (MAZE_MAX_SIDE));
  if (hd->height < 1 || hd->height > MAZE_MAX_SIDE)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_HEIGHT_RANGE, MAZE_NUM (hd->height),
                           MAZE_NUM (MAZE_MAX_SIDE));
  n_cells = (uint64_t) hd->width * hd->height;
  if (n_cells > MAZE_MAX_CELLS)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_TOO_MANY_CELLS, MAZE_NUM (hd->width),
                           MAZE_NUM (hd->height), MAZE_NUM (n_cells), MAZE_NUM (MAZE_MAX_CELLS));
  if (hd->start >= n_cells)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_START_OUTSIDE, MAZE_NUM (hd->start),
                           MAZE_NUM (hd->width), MAZE_NUM (hd->height));
  if (hd->goal >= n_cells)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_GOAL_OUTSIDE, MAZE_NUM (hd->goal),
                           MAZE_NUM (hd->width), MAZE_NUM (hd->height));
  if (hd->meta_size > MAZE_FILE_META_MAX)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_META_SIZE, MAZE_NUM (hd->meta_size),
                           MAZE_NUM (MAZE_FILE_META_MAX));

  hd->n_cells = (size_t) n_cells;
  hd->file_size = MAZE_FILE_HEADER_SIZE + 2 * n_cells + hd->meta_size;
  return MAZE_OK;
}

/* Compare the size the header announces with the size found. */
static MazeStatus
check_file_size (const FileHeader *hd,
                 uint64_t          found,
                 MazeError        *error)
{
  if (found < hd->file_size)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_TRUNCATED, MAZE_NUM (hd->file_size),
                           MAZE_NUM (found));
  if (found > hd->file_size)
    return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_TRAILING_DATA,
                           MAZE_NUM (hd->file_size), MAZE_NUM (found));
  return MAZE_OK;
}

/* ---- metadata ---- */

/* The keys seen so far, for the duplicate check: an open-addressing set
 * of offsets (plus one; 0 is empty) of the keys in the metadata, so a
 * file of thousands of keys is not checked in quadratic time. */
typedef struct
{
  uint32_t *slots;
  size_t    mask;
} KeySet;

static uint32_t
key_hash (const uint8_t *key,
          size_t         len)
{
  uint32_t h = 2166136261u; /* FNV-1a */

  for (size_t i = 0; i < len; i++)
    h = (h ^ key[i]) * 16777619u;
  return h;
}

/* Adds the key at @offset of @meta (@len bytes, ended by '=');
 * false when it was there already. */
static bool
key_set_add (KeySet        *set,
             const uint8_t *meta,
             size_t         offset,
             size_t         len)
{
  size_t i = key_hash (meta + offset, len) & set->mask;

  while (set->slots[i] != 0)
    {
      const uint8_t *other = meta + set->slots[i] - 1;

      if (memcmp (other, meta + offset, len) == 0 && other[len] == '=')
        return false;
      i = (i + 1) & set->mask;
    }
  set->slots[i] = (uint32_t) offset + 1;
  return true;
}

/* Parse "key=value\n" lines into @maze, in order.  @scratch has room for
 * @len + 1 bytes; @keys has room for more than twice the lines. */
static MazeStatus
meta_parse (Maze          *maze,
            const uint8_t *meta,
            size_t         len,
            char          *scratch,
            KeySet        *keys,
            MazeError     *error)
{
  size_t pos = 0;
  unsigned line = 0;

  while (pos < len)
    {
      const uint8_t *start = meta + pos;
      const uint8_t *nl = memchr (start, '\n', len - pos);
      const uint8_t *eq;
      size_t line_len, key_len;
      char *key, *value;

      line++;
      if (nl == NULL)
        return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_META_NO_NEWLINE, MAZE_NUM (line));
      line_len = (size_t) (nl - start);
      if (!maze_utf8_valid ((const char *) start, line_len))
        return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_META_NOT_UTF8, MAZE_NUM (line));
      if (memchr (start, '\0', line_len) != NULL)
        return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_META_NUL, MAZE_NUM (line));
      eq = memchr (start, '=', line_len);
      if (eq == NULL)
        return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_META_NO_EQUALS, MAZE_NUM (line));

      /* key and value side by side in the scratch buffer */
      key_len = (size_t) (eq - start);
      memcpy (scratch, start, line_len);
      scratch[key_len] = '\0';
      scratch[line_len] = '\0';
      key = scratch;
      value = scratch + key_len + 1;
      if (!maze_meta_key_valid (key))
        return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_META_BAD_KEY, MAZE_NUM (line));
      if (!key_set_add (keys, meta, pos, key_len))
        return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_DUPLICATE_KEY, MAZE_TEXT (key),
                               MAZE_NUM (line));
      if (maze_meta_append (maze, key, value, error) != MAZE_OK)
        return error != NULL ? error->status : MAZE_ERROR_NOMEM;
      pos += line_len + 1;
    }
  return MAZE_OK;
}

/* The metadata as file bytes, malloc()ed (never NULL on success, even
 * when empty). */
static uint8_t *
meta_serialize (const Maze *maze,
                size_t     *len,
                MazeError  *error)
{
  size_t total = maze_meta_size (maze);
  size_t n = maze_meta_count (maze);
  uint8_t *buf, *p;

  if (total > MAZE_FILE_META_MAX)
    {
      maze_error_set (error, MAZE_ERROR_ARGUMENT, MAZE_MSG_META_TOO_BIG, MAZE_NUM (total),
                      MAZE_NUM (MAZE_FILE_META_MAX));
      return NULL;
    }
  buf = malloc (total > 0 ? total : 1);
  if (buf == NULL)
    {
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                      MAZE_PHRASE (MAZE_N_("the maze's metadata")), MAZE_NUM (total > 0 ? total : 1));
      return NULL;
    }
  p = buf;
  for (size_t i = 0; i < n; i++)
    {
      const char *key, *value;
      size_t kl, vl;

      maze_meta_nth (maze, i, &key, &value);
      kl = strlen (key);
      vl = strlen (value);
      memcpy (p, key, kl);
      p += kl;
      *p++ = '=';
      memcpy (p, value, vl);
      p += vl;
      *p++ = '\n';
    }
  *len = total;
  return buf;
}

/* ---- the consistency check, fast path ---- */

/* Non-zero when a cell with border nibble @border breaks a rule of its
 * own: wrong border bits, or a solution or backtrack nibble with more
 * than one bit or pointing through the border. */
static inline uint32_t
cell_bad (uint32_t cell,
          uint32_t border)
{
  uint32_t sol = (cell >> MAZE_SOLUTION_SHIFT) & 0xF;
  uint32_t back = (cell >> MAZE_BACKTRACK_SHIFT) & 0xF;

  return (((cell >> MAZE_BORDER_SHIFT) & 0xF) ^ border) |
         (sol & (sol - 1)) | (sol & border) |
         (back & (back - 1)) | (back & border);
}

/* cell_bad() plus the passages shared with the east and south
 * neighbours (@below is NULL on the last row). */
static inline uint32_t
cell_bad_at (const uint16_t *row,
             const uint16_t *below,
             uint32_t        x,
             uint32_t        w,
             uint32_t        border)
{
  uint32_t bad = cell_bad (row[x], border);

  if (x + 1 < w)
    bad |= ((uint32_t) (row[x] >> 1) ^ (uint32_t) (row[x + 1] >> 3)) & 1;
  if (below != NULL)
    bad |= ((uint32_t) (row[x] >> 2) ^ (uint32_t) below[x]) & 1;
  return bad;
}

/* Four cells in the 16-bit lanes of a 64-bit word (SWAR): the same
 * rules, lane by lane, with no carry between lanes. */
#define LANES(v) ((uint64_t) (v) * UINT64_C (0x0001000100010001))

static inline uint64_t
load4 (const uint16_t *p)
{
  uint64_t v;

  memcpy (&v, p, sizeof v);
  return v;
}

static inline uint64_t
lanes_bad (uint64_t v,
           uint64_t border)
{
  const uint64_t M = LANES (0xF), L = LANES (1), H = LANES (0x10);
  uint64_t sol = (v >> MAZE_SOLUTION_SHIFT) & M;
  uint64_t back = (v >> MAZE_BACKTRACK_SHIFT) & M;

  /* n & (n - 1) per lane, as n & ((n | 16) - 1): no lane borrows */
  return (((v >> MAZE_BORDER_SHIFT) & M) ^ border) |
         (sol & (((sol | H) - L) & M)) | (sol & border) |
         (back & (((back | H) - L) & M)) | (back & border);
}

/* The rules of maze_check_consistent() in one pass, four interior cells
 * at a time: a 4000x4000 maze takes a few milliseconds.  It only says yes
 * or no; on "no" the engine's own check finds the first bad cell and
 * words the message. */
static bool
cells_consistent_fast (const uint16_t *cells,
                       uint32_t        w,
                       uint32_t        h)
{
  const uint64_t L = LANES (1);

  for (uint32_t y = 0; y < h; y++)
    {
      const uint16_t *row = cells + (size_t) y * w;
      const uint16_t *below = y + 1 < h ? row + w : NULL;
      uint32_t ns = (y == 0 ? MAZE_N : 0) | (y == h - 1 ? MAZE_S : 0);
      uint64_t ns4 = LANES (ns), acc4 = 0;
      uint32_t acc, x;

      acc = cell_bad_at (row, below, 0, w, ns | MAZE_W | (w == 1 ? MAZE_E : 0));
      /* cells x .. x+3 are interior and cell x+4 exists */
      for (x = 1; x + 4 < w; x += 4)
        {
          uint64_t v = load4 (row + x);

          acc4 |= lanes_bad (v, ns4) | (((v >> 1) ^ (load4 (row + x + 1) >> 3)) & L);
          if (below != NULL)
            acc4 |= ((v >> 2) ^ load4 (below + x)) & L;
        }
      for (; x < w; x++)
        acc |= cell_bad_at (row, below, x, w, ns | (x == w - 1 ? MAZE_E : 0));
      if ((acc | acc4) != 0)
        return false;
    }
  return true;
}

/* ---- loading ---- */

/* The cells of @maze hold the file's raw bytes, whose CRC is @cells_crc:
 * check the data CRC, put the words in host order, read the metadata, set
 * the endpoints and check the maze.  Frees @maze on failure. */
static Maze *
load_finish (Maze             *maze,
             const FileHeader *hd,
             uint32_t          cells_crc,
             const uint8_t    *meta,
             MazeError        *error)
{
  uint16_t *cells = maze_cells (maze);
  uint32_t crc;
  char *scratch;
  KeySet keys;

  crc = maze_crc32 (cells_crc, meta, hd->meta_size);
  if (crc != hd->data_crc)
    {
      maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_DATA_CRC);
      goto fail;
    }
  if (!host_is_little_endian ())
    swap_cells (cells, hd->n_cells);

  if (hd->meta_size > 0)
    {
      /* a line takes at least 3 bytes ("k=\n") */
      size_t max_lines = hd->meta_size / 3 + 1;
      MazeStatus status;

      keys.mask = 1;
      while (keys.mask < 2 * max_lines)
        keys.mask <<= 1;
      keys.slots = calloc (keys.mask, sizeof *keys.slots);
      keys.mask--;
      scratch = malloc ((size_t) hd->meta_size + 1);
      if (scratch == NULL || keys.slots == NULL)
        {
          free (scratch);
          free (keys.slots);
          maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                          MAZE_PHRASE (MAZE_N_("the maze's metadata")),
                          MAZE_NUM ((size_t) hd->meta_size + 1 + (keys.mask + 1) * sizeof *keys.slots));
          goto fail;
        }
      status = meta_parse (maze, meta, hd->meta_size, scratch, &keys, error);
      free (scratch);
      free (keys.slots);
      if (status != MAZE_OK)
        goto fail;
    }

  maze_set_endpoints_raw (maze, hd->start, hd->goal);
  if (hd->version == MAZE_FILE_VERSION)
    {
      /* A rectangle: every border nibble is the grid's. */
      if (!cells_consistent_fast (cells, hd->width, hd->height) &&
          !maze_check_cells (maze, false, NULL, error))
        goto fail;
    }
  else
    {
      uint32_t inside;

      if (!maze_check_cells (maze, true, &inside, error))
        goto fail;
      if (inside == hd->n_cells)
        {
          /* One version for one maze: a rectangle is version 1. */
          maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_V2_RECTANGLE);
          goto fail;
        }
      maze_set_n_inside (maze, inside);
      if (!maze_contains (maze, hd->start))
        {
          maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_START_NOT_IN_SHAPE,
                          MAZE_NUM (hd->start % hd->width), MAZE_NUM (hd->start / hd->width));
          goto fail;
        }
      if (!maze_contains (maze, hd->goal))
        {
          maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_GOAL_NOT_IN_SHAPE,
                          MAZE_NUM (hd->goal % hd->width), MAZE_NUM (hd->goal / hd->width));
          goto fail;
        }
    }
  return maze;

fail:
  maze_free (maze);
  return NULL;
}

/* Build the maze from a header and a body that is all in memory and whose
 * size has been checked. */
static Maze *
load_from_body (const FileHeader *hd,
                const uint8_t    *body,
                MazeError        *error)
{
  Maze *maze = maze_new_raw (hd->width, hd->height, error);
  uint8_t *cells;
  size_t total = hd->n_cells * 2;
  uint32_t crc = 0;

  if (maze == NULL)
    return NULL;
  cells = (uint8_t *) maze_cells (maze);
  for (size_t off = 0; off < total; off += CHUNK_BYTES)
    {
      size_t n = total - off < CHUNK_BYTES ? total - off : CHUNK_BYTES;

      memcpy (cells + off, body + off, n);
      crc = maze_crc32 (crc, cells + off, n);
    }
  return load_finish (maze, hd, crc, body + total, error);
}

Maze *
maze_load_memory (const void *data,
                  size_t      len,
                  MazeError  *error)
{
  const uint8_t *bytes = data;
  FileHeader hd;

  if (header_parse (bytes, len, &hd, error) != MAZE_OK)
    return NULL;
  if (check_file_size (&hd, len, error) != MAZE_OK)
    return NULL;
  return load_from_body (&hd, bytes + MAZE_FILE_HEADER_SIZE, error);
}

/* A stream or a file descriptor to read from, and a name for messages. */
typedef struct
{
  FILE       *stream; /* or NULL: use fd */
  int         fd;
  const char *path;   /* or NULL */
} Source;

/* Read up to @len bytes, fewer only at the end of the input. */
static MazeStatus
source_read (Source    *src,
             void      *buf,
             size_t     len,
             size_t    *got,
             MazeError *error)
{
  uint8_t *p = buf;
  size_t done = 0;

  if (src->stream != NULL)
    {
      done = fread (p, 1, len, src->stream);
      if (done < len && ferror (src->stream))
        goto failed;
      *got = done;
      return MAZE_OK;
    }
  while (done < len)
    {
      size_t want = len - done > (size_t) SSIZE_MAX ? (size_t) SSIZE_MAX : len - done;
      ssize_t n = maze_io_hooks.read_fn (src->fd, p + done, want);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        goto failed;
      if (n == 0)
        break;
      done += (size_t) n;
    }
  *got = done;
  return MAZE_OK;

failed:
  if (src->path != NULL)
    return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_READ, MAZE_TEXT (src->path),
                           MAZE_TEXT (strerror (errno)));
  return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_READ_STREAM,
                         MAZE_TEXT (strerror (errno)));
}

/* There is more input after the announced end, how much is not known
 * (a pipe is not read to an end it may not have). */
static MazeStatus
trailing_data (const FileHeader *hd,
               MazeError        *error)
{
  return maze_error_set (error, MAZE_ERROR_FORMAT, MAZE_MSG_TRAILING_DATA_MORE,
                         MAZE_NUM (hd->file_size));
}

/* The input's size is known and has been checked against the header:
 * read the cells straight into the maze, watching for a file that
 * changes meanwhile. */
static Maze *
load_sized (Source           *src,
            const FileHeader *hd,
            MazeError        *error)
{
  size_t cell_bytes = hd->n_cells * 2;
  uint8_t *meta = NULL, *cells;
  uint32_t crc = 0;
  uint8_t extra;
  size_t got;
  Maze *maze;

  maze = maze_new_raw (hd->width, hd->height, error);
  if (maze == NULL)
    return NULL;
  meta = malloc ((size_t) hd->meta_size + 1);
  if (meta == NULL)
    {
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                      MAZE_PHRASE (MAZE_N_("the maze's metadata")), MAZE_NUM ((size_t) hd->meta_size + 1));
      goto fail;
    }

  /* The file may change under us: check again what really arrives. */
  cells = (uint8_t *) maze_cells (maze);
  for (size_t off = 0; off < cell_bytes; off += got)
    {
      size_t n = cell_bytes - off < CHUNK_BYTES ? cell_bytes - off : CHUNK_BYTES;

      if (source_read (src, cells + off, n, &got, error) != MAZE_OK)
        goto fail;
      crc = maze_crc32 (crc, cells + off, got);
      if (got < n)
        {
          check_file_size (hd, MAZE_FILE_HEADER_SIZE + (uint64_t) (off + got), error);
          goto fail;
        }
    }
  if (source_read (src, meta, hd->meta_size, &got, error) != MAZE_OK)
    goto fail;
  if (got < hd->meta_size)
    {
      check_file_size (hd, MAZE_FILE_HEADER_SIZE + (uint64_t) cell_bytes + got, error);
      goto fail;
    }
  if (source_read (src, &extra, 1, &got, error) != MAZE_OK)
    goto fail;
  if (got > 0)
    {
      trailing_data (hd, error);
      goto fail;
    }

  maze = load_finish (maze, hd, crc, meta, error);
  free (meta);
  return maze;

fail:
  free (meta);
  maze_free (maze);
  return NULL;
}

/* The input's size is unknown (a pipe): read the body into a buffer that
 * grows only with what has arrived, one byte past the announced end to
 * see trailing data. */
static Maze *
load_unsized (Source           *src,
              const FileHeader *hd,
              MazeError        *error)
{
  size_t want = (size_t) (hd->file_size - MAZE_FILE_HEADER_SIZE) + 1;
  size_t cap = want < GROW_START ? want : GROW_START;
  size_t have = 0;
  uint8_t *buf = malloc (cap);
  Maze *maze;

  if (buf == NULL)
    goto nomem;
  for (;;)
    {
      size_t got;

      if (source_read (src, buf + have, cap - have, &got, error) != MAZE_OK)
        {
          free (buf);
          return NULL;
        }
      have += got;
      if (have < cap || cap == want)
        break;
      {
        size_t next = cap > want / 2 ? want : cap * 2;
        uint8_t *grown = realloc (buf, next);

        if (grown == NULL)
          {
            cap = next;
            goto nomem;
          }
        buf = grown;
        cap = next;
      }
    }
  if (have == want)
    {
      free (buf);
      trailing_data (hd, error);
      return NULL;
    }
  if (check_file_size (hd, MAZE_FILE_HEADER_SIZE + (uint64_t) have, error) != MAZE_OK)
    {
      free (buf);
      return NULL;
    }
  maze = load_from_body (hd, buf, error);
  free (buf);
  return maze;

nomem:
  /* (cap: the size asked for that was not given) */
  free (buf);
  maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR,
                  MAZE_PHRASE (MAZE_N_("the maze file's contents")), MAZE_NUM (cap));
  return NULL;
}

/* Read the header, then the body: by its known size (@remaining bytes
 * from the current position, header included) or, when @remaining is
 * negative, by what arrives. */
static Maze *
load_source (Source    *src,
             int64_t    remaining,
             MazeError *error)
{
  uint8_t header[MAZE_FILE_HEADER_SIZE];
  FileHeader hd;
  size_t got;

  if (source_read (src, header, sizeof header, &got, error) != MAZE_OK)
    return NULL;
  if (header_parse (header, got, &hd, error) != MAZE_OK)
    return NULL;
  if (remaining < 0)
    return load_unsized (src, &hd, error);
  if (check_file_size (&hd, (uint64_t) remaining, error) != MAZE_OK)
    return NULL;
  return load_sized (src, &hd, error);
}

Maze *
maze_load_stdio (FILE      *stream,
                 MazeError *error)
{
  Source src = { stream, -1, NULL };
  int64_t remaining = -1;
  struct stat st;
  int fd = fileno (stream);

  if (fd >= 0 && fstat (fd, &st) == 0 && S_ISREG (st.st_mode))
    {
      off_t pos = ftello (stream);

      if (pos >= 0 && pos <= st.st_size)
        remaining = (int64_t) (st.st_size - pos);
    }
  return load_source (&src, remaining, error);
}

Maze *
maze_load_file (const char *path,
                MazeError  *error)
{
  Source src = { NULL, -1, path };
  struct stat st;
  Maze *maze;

  src.fd = open (path, O_RDONLY | O_CLOEXEC);
  if (src.fd < 0)
    {
      maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_OPEN, MAZE_TEXT (path),
                      MAZE_TEXT (strerror (errno)));
      return NULL;
    }
  if (fstat (src.fd, &st) != 0)
    {
      maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_READ, MAZE_TEXT (path),
                      MAZE_TEXT (strerror (errno)));
      close (src.fd);
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_READ, MAZE_TEXT (path),
                      MAZE_TEXT (strerror (EISDIR)));
      close (src.fd);
      return NULL;
    }
  maze = load_source (&src, S_ISREG (st.st_mode) ? (int64_t) st.st_size : -1, error);
  close (src.fd);
  return maze;
}

/* ---- saving ---- */

static void
header_build (const Maze *maze,
              size_t      meta_len,
              uint32_t    data_crc,
              uint8_t     out[MAZE_FILE_HEADER_SIZE])
{
  memcpy (out, MAZE_MAGIC, sizeof MAZE_MAGIC);
  /* A rectangle is version 1, byte for byte as before shapes existed;
   * only a maze with cells outside its shape needs version 2. */
  put_u16 (out + 8, maze_is_shaped (maze) ? MAZE_FILE_VERSION_SHAPED : MAZE_FILE_VERSION);
  put_u16 (out + 10, MAZE_FILE_HEADER_SIZE);
  put_u32 (out + 12, maze_width (maze));
  put_u32 (out + 16, maze_height (maze));
  put_u32 (out + 20, maze_start (maze));
  put_u32 (out + 24, maze_goal (maze));
  put_u32 (out + 28, (uint32_t) meta_len);
  put_u32 (out + 32, data_crc);
  put_u32 (out + 36, maze_crc32 (0, out, 36));
}

/* Hand the cells to @emit in little-endian order, in chunks: slices of
 * the array itself on a little-endian host, converted copies on a
 * big-endian one. */
typedef bool (*EmitFunc) (void       *ctx,
                          const void *buf,
                          size_t      len);

static bool
emit_cells (const Maze *maze,
            EmitFunc    emit,
            void       *ctx)
{
  const uint16_t *cells = maze_cells_const (maze);
  size_t n = maze_n_cells (maze);

  if (host_is_little_endian ())
    {
      const uint8_t *bytes = (const uint8_t *) cells;

      for (size_t off = 0; off < n * 2; off += CHUNK_BYTES)
        if (!emit (ctx, bytes + off, n * 2 - off < CHUNK_BYTES ? n * 2 - off : CHUNK_BYTES))
          return false;
      return true;
    }
  for (size_t i = 0; i < n; i += SWAP_CELLS)
    {
      uint8_t chunk[SWAP_CELLS * 2];
      size_t m = n - i < SWAP_CELLS ? n - i : SWAP_CELLS;

      for (size_t k = 0; k < m; k++)
        put_u16 (chunk + 2 * k, cells[i + k]);
      if (!emit (ctx, chunk, m * 2))
        return false;
    }
  return true;
}

/* An emitter that adds what passes to a CRC, then hands it on to @emit
 * (if any) while it is still in the cache. */
typedef struct
{
  EmitFunc  emit;
  void     *ctx;
  uint32_t  crc;
} CrcSink;

static bool
emit_crc (void       *ctx,
          const void *buf,
          size_t      len)
{
  CrcSink *sink = ctx;

  sink->crc = maze_crc32 (sink->crc, buf, len);
  return sink->emit == NULL || sink->emit (sink->ctx, buf, len);
}

/* Cells, then metadata, through a CrcSink: the body of the file. */
static bool
emit_body (const Maze    *maze,
           const uint8_t *meta,
           size_t         meta_len,
           CrcSink       *sink)
{
  return emit_cells (maze, emit_crc, sink) && emit_crc (sink, meta, meta_len);
}

static bool
emit_memory (void       *ctx,
             const void *buf,
             size_t      len)
{
  uint8_t **p = ctx;

  memcpy (*p, buf, len);
  *p += len;
  return true;
}

void *
maze_save_memory (const Maze *maze,
                  size_t     *len,
                  MazeError  *error)
{
  size_t meta_len, total;
  uint8_t *meta, *out, *p;
  CrcSink sink = { emit_memory, &p, 0 };

  meta = meta_serialize (maze, &meta_len, error);
  if (meta == NULL)
    return NULL;
  total = MAZE_FILE_HEADER_SIZE + (size_t) maze_n_cells (maze) * 2 + meta_len;
  out = malloc (total);
  if (out == NULL)
    {
      free (meta);
      maze_error_set (error, MAZE_ERROR_NOMEM, MAZE_MSG_NOMEM_FOR, MAZE_PHRASE (MAZE_N_("the maze file's contents")), MAZE_NUM (total));
      return NULL;
    }
  p = out + MAZE_FILE_HEADER_SIZE;
  emit_body (maze, meta, meta_len, &sink);
  header_build (maze, meta_len, sink.crc, out);
  free (meta);
  *len = total;
  return out;
}

static bool
emit_stdio (void       *ctx,
            const void *buf,
            size_t      len)
{
  return fwrite (buf, 1, len, ctx) == len;
}

MazeStatus
maze_save_stdio (const Maze *maze,
                 FILE       *stream,
                 MazeError  *error)
{
  uint8_t header[MAZE_FILE_HEADER_SIZE];
  CrcSink crc_only = { NULL, NULL, 0 };
  CrcSink write_out = { emit_stdio, stream, 0 };
  size_t meta_len;
  MazeError local;
  uint8_t *meta;
  bool ok;

  if (error == NULL)
    error = &local;
  meta = meta_serialize (maze, &meta_len, error);
  if (meta == NULL)
    return error->status;
  /* A stream may not seek back to the header: two passes. */
  emit_body (maze, meta, meta_len, &crc_only);
  header_build (maze, meta_len, crc_only.crc, header);
  errno = 0;
  ok = emit_stdio (stream, header, sizeof header) &&
       emit_body (maze, meta, meta_len, &write_out) &&
       fflush (stream) == 0;
  free (meta);
  if (!ok)
    return maze_error_set (error, MAZE_ERROR_IO, MAZE_MSG_IO_WRITE_STREAM,
                           MAZE_TEXT (strerror (errno != 0 ? errno : EIO)));
  return MAZE_OK;
}

/* The bytes go to a MazeOutput, whose first failure it keeps. */
static bool
emit_output (void       *ctx,
             const void *buf,
             size_t      len)
{
  return maze_output_write (ctx, buf, len);
}

MazeStatus
maze_save_output (const Maze *maze,
                  MazeOutput *out,
                  MazeError  *error)
{
  uint8_t header[MAZE_FILE_HEADER_SIZE];
  CrcSink write_out = { emit_output, out, 0 };
  size_t meta_len;
  MazeError local;
  uint8_t *meta;

  if (error == NULL)
    error = &local;
  meta = meta_serialize (maze, &meta_len, error);
  if (meta == NULL)
    return error->status;

  if (maze_output_seekable (out))
    {
      /* A new file of our own: the body first, its CRC taken on the way
       * while each chunk is in the cache, then the header in front. */
      static const uint8_t zeros[MAZE_FILE_HEADER_SIZE];

      if (maze_output_write (out, zeros, sizeof zeros) &&
          emit_body (maze, meta, meta_len, &write_out))
        {
          header_build (maze, meta_len, write_out.crc, header);
          maze_output_write_at (out, header, sizeof header, 0);
        }
    }
  else
    {
      /* A device or a pipe is written once, in order: two passes. */
      CrcSink crc_only = { NULL, NULL, 0 };

      emit_body (maze, meta, meta_len, &crc_only);
      header_build (maze, meta_len, crc_only.crc, header);
      if (maze_output_write (out, header, sizeof header))
        emit_body (maze, meta, meta_len, &write_out);
    }
  free (meta);
  return maze_output_error (out, error);
}

MazeStatus
maze_save_file (const Maze *maze,
                const char *path,
                MazeError  *error)
{
  MazeOutput *out;
  MazeError local;

  if (error == NULL)
    error = &local;
  out = maze_output_open (path, MAZE_OUTPUT_DEFAULT, error);
  if (out == NULL)
    return error->status;
  if (maze_save_output (maze, out, error) != MAZE_OK)
    {
      maze_output_abort (out);
      return error->status;
    }
  return maze_output_commit (out, error);
}
