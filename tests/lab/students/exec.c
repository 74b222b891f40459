/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tries to run a shell through the system call itself, not the C library. */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>

#include "bitmaze-lab.h"

void
solve_dfs (void)
{
  char command[512];
  char *argv[] = { (char *) "sh", (char *) "-c", command, NULL };
  char *envp[] = { NULL };

  snprintf (command, sizeof command, "echo escaped > '%s'", getenv ("LAB_TARGET"));
  syscall (SYS_execve, "/bin/sh", argv, envp);
  refresh_maze_view ();
}
