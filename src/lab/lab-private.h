/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lab-private.h: what the files of the lab share. */
#pragma once

#include "lab.h"

G_BEGIN_DECLS

/* An empty trace of a run on @maze. */
LabTrace *lab_trace_new (const Maze *maze);

G_END_DECLS
