/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz-crc.h: both fuzz targets try each input twice.
 *
 * A mutated input almost never has the right checksums, which would keep
 * the fuzzer at the door.  So the input is tried a second time with both
 * CRCs made right (the data CRC over everything after the header, then
 * the header's own), which takes it to the size, metadata and cell checks.
 */
#ifndef FUZZ_CRC_H
#define FUZZ_CRC_H

#include "maze.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline void
fuzz_put_u32 (uint8_t  *p,
              uint32_t  v)
{
  p[0] = (uint8_t) v;
  p[1] = (uint8_t) (v >> 8);
  p[2] = (uint8_t) (v >> 16);
  p[3] = (uint8_t) (v >> 24);
}

/* Runs @run_one on @data as it is, then on a copy with right checksums
 * (when @data is at least a header long). */
static inline void
fuzz_run_with_right_crcs (const uint8_t *data,
                          size_t         size,
                          void         (*run_one) (const uint8_t *data,
                                                   size_t         size))
{
  uint8_t *fixed;

  run_one (data, size);
  if (size < MAZE_FILE_HEADER_SIZE)
    return;
  fixed = malloc (size);
  if (fixed == NULL)
    return;
  memcpy (fixed, data, size);
  fuzz_put_u32 (fixed + 32, maze_crc32 (0, fixed + MAZE_FILE_HEADER_SIZE,
                                        size - MAZE_FILE_HEADER_SIZE));
  fuzz_put_u32 (fixed + 36, maze_crc32 (0, fixed, 36));
  run_one (fixed, size);
  free (fixed);
}

#endif /* FUZZ_CRC_H */
