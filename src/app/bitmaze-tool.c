/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-tool.h"

static const struct
{
  const char *name;
  const char *cursor;
  const char *label; /* the status line's */
  const char *hint;  /* its tooltip */
  const char *icon;  /* its header-bar button's */
} tools[] = {
  [BITMAZE_TOOL_INSPECT] = { "inspect", "help", N_("Click: inspect a cell"),
                             N_("Inspect: a click shows a cell’s bits and changes nothing"),
                             "edit-find-symbolic" },
  [BITMAZE_TOOL_START] = { "start", "crosshair", N_("Click: move the start"),
                           N_("Start: a click moves the start; Shift+click or right-click, the goal"),
                           "mark-location-symbolic" },
  [BITMAZE_TOOL_GOAL] = { "goal", "crosshair", N_("Click: move the goal"),
                          N_("Goal: a click moves the goal; Shift+click or right-click, the start"),
                          "emoji-flags-symbolic" },
  [BITMAZE_TOOL_WALLS] = { "walls", "cell", N_("Click: open or close a wall"),
                           N_("Walls: a click knocks down or puts back the wall nearest to it"),
                           "document-edit-symbolic" },
};

BitmazeTool
bitmaze_tool_from_name (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    if (g_strcmp0 (tools[i].name, name) == 0)
      return (BitmazeTool) i;
  return BITMAZE_TOOL_INSPECT;
}

const char *
bitmaze_tool_get_name (BitmazeTool tool)
{
  g_return_val_if_fail (tool <= BITMAZE_TOOL_WALLS, NULL);

  return tools[tool].name;
}

const char *
bitmaze_tool_get_icon_name (BitmazeTool tool)
{
  g_return_val_if_fail (tool <= BITMAZE_TOOL_WALLS, NULL);

  return tools[tool].icon;
}

void
bitmaze_tool_apply (BitmazeTool      tool,
                    BitmazeMazeView *view,
                    BitmazeStatus   *status)
{
  g_return_if_fail (tool <= BITMAZE_TOOL_WALLS);
  g_return_if_fail (BITMAZE_IS_MAZE_VIEW (view));
  g_return_if_fail (BITMAZE_IS_STATUS (status));

  bitmaze_maze_view_set_edit_mode (view, tool == BITMAZE_TOOL_WALLS);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (view), tools[tool].cursor);
  bitmaze_status_set_hint (status, _(tools[tool].label), _(tools[tool].hint));
}
