/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-class-region.h: which part of the maze a "which cell comes
 * next?" question shows, so that where the answer sits in it tells
 * nothing.
 *
 * When the frontier (the queue, stack or open set), the cell the search
 * stands on and its open neighbours fit in BITMAZE_CLASS_REGION_MAX cells a side, the
 * region is their bounding box, grown evenly to at least
 * BITMAZE_CLASS_REGION_MIN a side where the maze allows: a function of
 * the frontier alone, the same whichever of its cells is the answer.
 * Otherwise the maze is cut into tiles of about BITMAZE_CLASS_TILE cells
 * a side along a grid whose offset is drawn at random (never from the
 * answer), and the region is the tile the answer falls in: every tile
 * that holds the answer is as likely as any other, so its frame says
 * no more about which marked cell is the answer than a uniform pick.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The smallest region shown, maze allowing: a student needs to see where
 * the search is, not just the answer. */
#define BITMAZE_CLASS_REGION_MIN 7
/* A tile's side when the frontier does not fit (a remainder of fewer
 * than 4 cells joins its neighbour, so a tile has 4 to 15). */
#define BITMAZE_CLASS_TILE 12

typedef struct
{
  guint x;
  guint y;
  guint width;
  guint height;
} BitmazeClassBox;

/* The region of a maze of @width x @height cells (@cells: their words,
 * or NULL) for a search standing on cell index @from with @frontier (@n_frontier cell indices) whose
 * next cell is @answer (an index); @random draws the tiles' offset when
 * the frontier does not fit (NULL: GLib's generator). */
BitmazeClassBox bitmaze_class_region_pick (guint          width,
                                           guint          height,
                                           const guint16 *cells,
                                           guint          from,
                                           const guint32 *frontier,
                                           gsize          n_frontier,
                                           guint          answer,
                                           GRand         *random);

G_END_DECLS
