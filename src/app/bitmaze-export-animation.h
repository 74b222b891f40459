/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-export-animation.h: Export Animation…, the current maze solved by
 * the current solver as an animated GIF, made on a worker thread.
 *
 * The export owns a copy of the maze: the window can go on (a new maze,
 * a run) while the frames are drawn.  The worker only writes the file
 * (atomically: a stopped or failed export leaves no file) and hands its
 * progress to the main thread, where "fraction" changes and "finished" is
 * emitted once.
 */
#pragma once

#include <gio/gio.h>

#include <gtk/gtk.h>

#include "bitmaze-session.h"
#include "maze.h"
#include "maze-render.h"

G_BEGIN_DECLS

#define BITMAZE_TYPE_EXPORT_ANIMATION (bitmaze_export_animation_get_type ())

G_DECLARE_FINAL_TYPE (BitmazeExportAnimation, bitmaze_export_animation,
                      BITMAZE, EXPORT_ANIMATION, GObject)

/* An export of @solver searching a copy of @maze, drawn with @options
 * (copied; its cell lists are ignored). */
BitmazeExportAnimation *bitmaze_export_animation_new      (const Maze             *maze,
                                                           const char             *solver,
                                                           const RenderOptions    *options);

/* Captions under every frame (render's RenderAnimationOptions.captions),
 * with @start and @end on the first and the last frame (copied; NULL:
 * none), and the colour legend under them there.  Before bitmaze_export_animation_start(). */
void                    bitmaze_export_animation_set_captions (BitmazeExportAnimation *self,
                                                               const char             *start,
                                                               const char             *end);

/* Starts writing the GIF to @file on a worker thread.  Once only. */
void                    bitmaze_export_animation_start    (BitmazeExportAnimation *self,
                                                           GFile                  *file);

/* Asks the worker to stop; "finished" then comes with
 * G_IO_ERROR_CANCELLED and there is no file. */
void                    bitmaze_export_animation_cancel   (BitmazeExportAnimation *self);

/* Frames written so far, 0 .. 1 ("fraction"). */
double                  bitmaze_export_animation_get_fraction (BitmazeExportAnimation *self);

/* What win.export-animation does once a file is chosen: starts the export
 * of @session's maze and solver to @file, with the captions and the size
 * of the settings (export-animation-captions, export-animation-size:
 * small cells, 800 pixels wide for a slide, or 1920), the progress dialog over
 * @window (its Cancel stops it) and a toast at the end.  Returns the
 * export, owned by the run (valid until "finished" has been emitted), or
 * NULL without a maze. */
BitmazeExportAnimation *bitmaze_export_animation_run   (GtkWindow              *window,
                                                        BitmazeSession         *session,
                                                        GFile                  *file);

/* Adds win.export-animation to @window (a GActionMap) about @session's
 * maze: a file chooser for the GIF with the choices of captions and a
 * size, then a dialog with a progress bar and
 * Cancel while it is made, then a toast. */
void                    bitmaze_export_animation_add_actions (GtkWindow           *window,
                                                              BitmazeSession      *session);

G_END_DECLS
