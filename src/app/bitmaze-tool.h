/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * bitmaze-tool.h: the pointer tools, what a click on the maze does:
 * Inspect (pick a cell for the bit inspector, nothing else), Start, Goal
 * and Walls, with the pointer shape and the status line's hint of each.
 */
#pragma once

#include <gtk/gtk.h>

#include "bitmaze-maze-view.h"
#include "bitmaze-status.h"

G_BEGIN_DECLS

typedef enum
{
  BITMAZE_TOOL_INSPECT,
  BITMAZE_TOOL_START,
  BITMAZE_TOOL_GOAL,
  BITMAZE_TOOL_WALLS,
} BitmazeTool;

/* "inspect", "start", "goal" or "walls"; any other name is Inspect. */
BitmazeTool  bitmaze_tool_from_name (const char      *name);
const char  *bitmaze_tool_get_name  (BitmazeTool      tool);
/* The symbolic icon of @tool's header-bar button. */
const char  *bitmaze_tool_get_icon_name (BitmazeTool  tool);

/* Shows @tool: Edit Walls on @view for Walls only, the tool's pointer
 * shape over @view, its hint in @status. */
void         bitmaze_tool_apply     (BitmazeTool      tool,
                                     BitmazeMazeView *view,
                                     BitmazeStatus   *status);

G_END_DECLS
