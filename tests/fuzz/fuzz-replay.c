/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * fuzz-replay.c: runs the fuzz target over files, without libFuzzer, so
 * any compiler (and `meson test`) replays the seed corpus and the inputs
 * the fuzzer once found.
 *
 *   fuzz-replay [--valid] PATH...
 *
 * A PATH is a file or a folder of files.  After --valid, every file must
 * also load (the seed corpus is made of valid mazes).
 */
#include "maze.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static unsigned n_files;
static unsigned n_failed;

static void
replay_file (const char *path,
             bool        valid)
{
  FILE *f = fopen (path, "rb");
  uint8_t *data = NULL;
  size_t len = 0, cap = 0, got;
  MazeError error = { 0 };
  Maze *maze;

  if (f == NULL)
    {
      fprintf (stderr, "%s: cannot open\n", path);
      n_failed++;
      return;
    }
  do
    {
      if (len == cap)
        {
          cap = cap ? cap * 2 : 4096;
          data = realloc (data, cap);
          if (data == NULL)
            abort ();
        }
      got = fread (data + len, 1, cap - len, f);
      len += got;
    }
  while (got > 0);
  fclose (f);

  /* an exact-size copy, so ASan sees any read past the end */
  {
    uint8_t *exact = malloc (len ? len : 1);

    memcpy (exact, data, len);
    LLVMFuzzerTestOneInput (exact, len);
    free (exact);
  }
  if (valid)
    {
      maze = maze_load_memory (data, len, &error);
      if (maze == NULL)
        {
          fprintf (stderr, "%s: %s\n", path, error.message);
          n_failed++;
        }
      maze_free (maze);
    }
  free (data);
  n_files++;
}

static void
replay_path (const char *path,
             bool        valid)
{
  struct stat st;
  DIR *dir;
  struct dirent *ent;

  if (stat (path, &st) != 0)
    {
      fprintf (stderr, "%s: no such file or folder\n", path);
      n_failed++;
      return;
    }
  if (!S_ISDIR (st.st_mode))
    {
      replay_file (path, valid);
      return;
    }
  dir = opendir (path);
  while (dir != NULL && (ent = readdir (dir)) != NULL)
    {
      size_t len = strlen (path) + strlen (ent->d_name) + 2;
      char *child;

      if (ent->d_name[0] == '.')
        continue;
      child = malloc (len);
      snprintf (child, len, "%s/%s", path, ent->d_name);
      replay_file (child, valid);
      free (child);
    }
  if (dir != NULL)
    closedir (dir);
}

int
main (int   argc,
      char *argv[])
{
  bool valid = false;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--valid") == 0)
        valid = true;
      else
        replay_path (argv[i], valid);
    }
  printf ("replayed %u files, %u failed\n", n_files, n_failed);
  return n_failed == 0 && n_files > 0 ? 0 : 1;
}
