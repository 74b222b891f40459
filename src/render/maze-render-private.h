/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-private.h: helpers shared by the renderer's own files.
 * Not part of the public API.
 */
#pragma once

#include "maze-render.h"

/* Clamp @region (NULL: the whole maze) to the maze into @out; false when
 * nothing is left. */
bool render_clamp_region (const Maze           *maze,
                          const RenderCellRect *region,
                          RenderCellRect       *out);

/* The label of @word for the options' label mode into @buf; returns its
 * length (0 for RENDER_LABEL_NONE). */
unsigned render_label_text (const RenderOptions *options,
                            uint16_t             word,
                            char                 buf[8]);

/* The font size labels are drawn with, 0 when they do not fit. */
double render_label_font_size (const RenderOptions *options);

/* Where the grid starts: the margin, plus half a unit when the wall width
 * is an odd whole number (so that such walls cover whole pixels). */
double render_origin (const RenderOptions *options);

/* Writes the bytes of a drawing to @write_func; returns a MazeStatus with
 * @error set on failure (MAZE_ERROR_IO when @write_func failed). */
typedef MazeStatus (*RenderProducer) (void               *data,
                                      cairo_write_func_t  write_func,
                                      void               *closure,
                                      MazeError          *error);

/* Runs @produce (once, with @data) into @out, which the caller commits
 * or aborts.  A failed write is reported with the output's name and the
 * system's reason (rather than cairo's "error while writing"). */
MazeStatus render_write_output (MazeOutput     *out,
                                RenderProducer  produce,
                                void           *data,
                                MazeError      *error);

/*
 * render_write_file:
 * Writes what @produce makes to @path by the rule of maze-output.h: a
 * regular file is replaced atomically (a failure leaves no partial file
 * and an old file of that name as it was, a replaced file keeps its
 * permissions), a device or FIFO is written directly, a read-only file
 * is refused.  Returns MAZE_OK, @produce's status, or MAZE_ERROR_IO /
 * MAZE_ERROR_NOMEM with a message naming @path and the reason.
 */
MazeStatus render_write_file (const char     *path,
                              RenderProducer  produce,
                              void           *data,
                              MazeError      *error);

/* ---- exercise sheets (maze-render-exercises.c) ---- */

/* Draws the exercise sheet of @maze (questions @set), or its answer key,
 * as page @page of @n_pages, with its top-left corner at the origin. */
void render_exercise_draw_sheet (cairo_t                      *cr,
                                 const Maze                   *maze,
                                 const char                   *small_print,
                                 const RenderWorksheetOptions *options,
                                 const RenderExerciseSet      *set,
                                 bool                          answer,
                                 unsigned                      page,
                                 unsigned                      n_pages);

/* ---- the animated-GIF encoder (maze-render-gif.c) ---- */

/* Colours counted over sample frames, to choose a GIF's palette from. */
typedef struct RenderGifPalette RenderGifPalette;

/* NULL when out of memory. */
RenderGifPalette *render_gif_palette_new  (void);
void              render_gif_palette_free (RenderGifPalette *palette);

/* Counts the colours of @frame (an RGB24 or ARGB32 image surface).  With
 * @keep, its colours come before any other's, so that it is encoded
 * exactly (as long as the kept frames have at most 255 colours). */
void              render_gif_palette_add  (RenderGifPalette *palette,
                                           cairo_surface_t  *frame,
                                           bool              keep);

typedef struct RenderGif RenderGif;

/*
 * render_gif_new:
 * @alpha: the frames are ARGB32: pixels less than half opaque become
 *         transparent; else RGB24
 *
 * Starts a GIF89a of @width x @height pixels that loops for ever (the
 * NETSCAPE2.0 extension), with at most 255 colours, the most frequent of
 * @palette, plus a transparent one.  The bytes go to @write_func as they
 * are made.  NULL with MAZE_ERROR_SIZE, NOMEM or IO.
 */
RenderGif  *render_gif_new       (int                     width,
                                  int                     height,
                                  bool                    alpha,
                                  const RenderGifPalette *palette,
                                  cairo_write_func_t      write_func,
                                  void                   *closure,
                                  MazeError              *error);

/* Appends @frame (width x height, the format given to render_gif_new()),
 * shown for @delay_cs hundredths of a second: only the rectangle that
 * changed since the last frame is stored.  @dirty (NULL: anywhere) bounds
 * the pixels that can differ from the last frame, so only those are
 * compared. */
MazeStatus  render_gif_add_frame (RenderGif                   *gif,
                                  cairo_surface_t             *frame,
                                  const cairo_rectangle_int_t *dirty,
                                  unsigned                     delay_cs,
                                  MazeError                   *error);

/* Ends the file (its trailer).  Call render_gif_free() afterwards too. */
MazeStatus  render_gif_finish    (RenderGif              *gif,
                                  MazeError              *error);

/* Frees @gif; an unfinished file is abandoned.  NULL does nothing. */
void        render_gif_free      (RenderGif              *gif);

/* ---- SVG and PDF written as they are drawn (maze-render-vector.c) ---- */

typedef enum
{
  RENDER_VECTOR_SVG,
  RENDER_VECTOR_PDF,
} RenderVectorFormat;

typedef struct RenderVector RenderVector;

/* Starts a one-page document of @width x @height points whose bytes go
 * to @write_func as they are made, through a buffer of a fixed size.
 * NULL when out of memory. */
RenderVector   *render_vector_new          (RenderVectorFormat  format,
                                            double              width,
                                            double              height,
                                            cairo_write_func_t  write_func,
                                            void               *closure);

/* Ends the document and frees @v: CAIRO_STATUS_SUCCESS, or
 * CAIRO_STATUS_WRITE_ERROR when @write_func failed (then or before). */
cairo_status_t  render_vector_finish       (RenderVector       *v);

/* Frees @v without ending the document.  NULL does nothing. */
void            render_vector_free         (RenderVector       *v);
/* The memory render_vector_new() allocates. */
size_t          render_vector_size         (void);

/* One path of colour @c: the rectangles and discs up to
 * render_vector_fill_end() are filled once, as their union. */
void            render_vector_fill_begin   (RenderVector       *v,
                                            const RenderRgba   *c);
void            render_vector_rect         (RenderVector       *v,
                                            double              x,
                                            double              y,
                                            double              width,
                                            double              height);
void            render_vector_circle       (RenderVector       *v,
                                            double              cx,
                                            double              cy,
                                            double              r);
void            render_vector_fill_end     (RenderVector       *v);

/* The outline of a rectangle, mitred corners. */
void            render_vector_stroke_rect  (RenderVector       *v,
                                            const RenderRgba   *c,
                                            double              line_width,
                                            double              x,
                                            double              y,
                                            double              width,
                                            double              height);

/* Labels in Courier of @size: the width of @length characters and the
 * font's ascent and descent, to place them. */
void            render_vector_text_metrics (double              size,
                                            size_t              length,
                                            double             *advance,
                                            double             *ascent,
                                            double             *descent);
void            render_vector_text_begin   (RenderVector       *v,
                                            const RenderRgba   *c,
                                            double              size);
/* @text (ASCII letters and digits) with its baseline starting at x, y. */
void            render_vector_text         (RenderVector       *v,
                                            double              x,
                                            double              y,
                                            const char         *text);
void            render_vector_text_end     (RenderVector       *v);

/* Draws the whole maze, all layers, as render_draw() does, into @v. */
void            render_draw_vector         (RenderVector        *v,
                                            const Maze          *maze,
                                            const RenderOptions *options);
