/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * How many answers a second the class server takes from a full class.
 *
 *   bench-class-server [--students N] [--questions Q]
 *
 * This process is the teacher: it starts the server on 127.0.0.1 and
 * runs itself again as the class (--class URL CODE N: N libsoup
 * WebSocket clients in one process, each answering every question the
 * moment it arrives).  For each of Q questions it measures the time from
 * asking to the last of the N answers counted, and the CPU time the
 * server's process spent on that: answers per second of wall-clock time
 * (which a loaded machine stretches) and CPU microseconds per answer
 * (which it does not).  Medians are printed.
 */
#include "config.h"

#include <sys/resource.h>

#include "class-test.h"

static gint64
cpu_time_us (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (gint64) usage.ru_utime.tv_sec * G_USEC_PER_SEC + usage.ru_utime.tv_usec +
         (gint64) usage.ru_stime.tv_sec * G_USEC_PER_SEC + usage.ru_stime.tv_usec;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

/* ---- The class --------------------------------------------------------- */

static void
student_message_cb (SoupWebsocketConnection *ws,
                    SoupWebsocketDataType    type,
                    GBytes                  *message,
                    gpointer                 user_data)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize size;
  const char *data = g_bytes_get_data (message, &size);
  JsonObject *object;

  if (!json_parser_load_from_data (parser, data, (gssize) size, NULL))
    return;
  object = json_node_get_object (json_parser_get_root (parser));
  if (g_strcmp0 (json_object_get_string_member (object, "type"), "question") == 0)
    {
      g_autofree char *answer = g_strdup_printf ("{\"type\":\"answer\",\"question\":%" G_GINT64_FORMAT ",\"word\":%d}",
                                                 json_object_get_int_member (object, "question"),
                                                 g_random_int_range (0, 65536));

      soup_websocket_connection_send_text (ws, answer);
    }
}

static int
run_class (const char *url,
           const char *code,
           guint       n)
{
  g_autoptr (SoupSession) session = soup_session_new_with_options ("max-conns", 1000,
                                                                   "max-conns-per-host", 1000,
                                                                   NULL);
  g_autoptr (GPtrArray) clients = g_ptr_array_new ();
  guint closed = 0;

  for (guint i = 0; i < n; i++)
    {
      ClassClient *client = class_client_new (session, url, code, NULL);
      g_autofree char *name = g_strdup_printf ("Student %u", i);

      g_ptr_array_add (clients, client);
      if (!class_client_wait_connected (client))
        g_error ("student %u could not connect: %s", i, client->error->message);
      /* Answer from the message handler itself, as a page would. */
      g_signal_connect (client->ws, "message", G_CALLBACK (student_message_cb), NULL);
      class_client_join (client, name, NULL);
    }

  /* Until the teacher stops the session. */
  while (closed < n)
    {
      g_main_context_iteration (NULL, TRUE);
      closed = 0;
      for (guint i = 0; i < n; i++)
        if (((ClassClient *) g_ptr_array_index (clients, i))->closed)
          closed++;
      /* The queues are not read: drop them. */
      for (guint i = 0; i < n; i++)
        {
          ClassClient *client = g_ptr_array_index (clients, i);

          g_queue_clear_full (&client->messages, (GDestroyNotify) json_object_unref);
        }
    }
  for (guint i = 0; i < n; i++)
    class_client_free (g_ptr_array_index (clients, i));
  return 0;
}

/* ---- The teacher ------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  int students = BITMAZE_CLASS_STUDENTS_MAX;
  int questions = 20;
  char **class_args = NULL;
  GOptionEntry entries[] = {
    { "students", 0, 0, G_OPTION_ARG_INT, &students, "Students in the class (default 200)", "N" },
    { "questions", 0, 0, G_OPTION_ARG_INT, &questions, "Questions to time (default 20)", "Q" },
    { "class", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING_ARRAY, &class_args, NULL, NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- answers per second of the class server");
  g_autoptr (GError) error = NULL;
  g_autoptr (BitmazeClassServer) server = NULL;
  g_autoptr (GSubprocess) class = NULL;
  g_autoptr (GArray) rates = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) reveal_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *self_path = NULL;
  g_autofree char *n_text = NULL;
  BitmazeClassWordQuestion question = {
    .x = 3, .y = 5, .index = 87, .word = 0x0009, .statement = "maze[87] |= W << 8;",
  };

  g_log_set_debug_enabled (FALSE);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  /* --class URL --class CODE --class N: this process is the class. */
  if (class_args != NULL)
    {
      int status;

      if (g_strv_length (class_args) != 3)
        return 2;
      status = run_class (class_args[0], class_args[1], (guint) g_ascii_strtoull (class_args[2], NULL, 10));
      g_strfreev (class_args);
      return status;
    }
  if (students < 1 || students > BITMAZE_CLASS_STUDENTS_MAX || questions < 1)
    {
      g_printerr ("--students must be 1 to %d, --questions at least 1\n", BITMAZE_CLASS_STUDENTS_MAX);
      return 2;
    }

  server = bitmaze_class_server_new ();
  /* The whole class comes from 127.0.0.1, as from one shared computer. */
  bitmaze_class_server_set_students_per_address (server, BITMAZE_CLASS_STUDENTS_MAX);
  if (!bitmaze_class_server_start (server, "127.0.0.1", 0, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  self_path = g_file_read_link ("/proc/self/exe", NULL);
  n_text = g_strdup_printf ("%d", students);
  class = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, self_path,
                            "--class", bitmaze_class_server_get_url (server),
                            "--class", bitmaze_class_server_get_join_code (server),
                            "--class", n_text, NULL);
  if (class == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  CLASS_WAIT_FOR (bitmaze_class_server_get_joined (server) == (guint) students);

  for (int q = 0; q < questions; q++)
    {
      gint64 start = g_get_monotonic_time ();
      gint64 cpu_start = cpu_time_us ();
      double seconds, per_answer, rate;
      gint64 reveal_start;

      bitmaze_class_server_ask_word (server, &question);
      CLASS_WAIT_FOR (bitmaze_class_server_get_answered (server) == (guint) students);
      seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
      per_answer = (double) (cpu_time_us () - cpu_start) / students;
      rate = students / seconds;
      g_array_append_val (rates, rate);
      g_array_append_val (cpu, per_answer);

      /* The reveal: counting, and a result for every page. */
      reveal_start = cpu_time_us ();
      bitmaze_class_server_reveal_word (server, 0x0809);
      per_answer = (double) (cpu_time_us () - reveal_start) / 1000.0;
      g_array_append_val (reveal_cpu, per_answer);

      /* A class's pace, within the pages' rate limit. */
      {
        gint64 until = g_get_monotonic_time () + 600 * 1000;

        while (g_get_monotonic_time () < until)
          if (!g_main_context_iteration (NULL, FALSE))
            g_usleep (1000);
      }
    }

  bitmaze_class_server_stop (server);
  g_subprocess_wait (class, NULL, NULL);

  g_print ("class server, %d students, %d questions (medians):\n", students, questions);
  g_print ("  answers per second, ask to last answer counted:  %.0f\n", median (rates));
  g_print ("  server CPU per answer:                            %.1f us\n", median (cpu));
  g_print ("  server CPU of a reveal (results to every page):   %.2f ms\n", median (reveal_cpu));
  return 0;
}
