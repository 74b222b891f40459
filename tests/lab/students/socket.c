/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tries to open a socket and connect to the machine itself. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bitmaze-lab.h"

void
solve_bfs (void)
{
  struct sockaddr_in address = { 0 };
  int fd = socket (AF_INET, SOCK_STREAM, 0);

  address.sin_family = AF_INET;
  address.sin_port = htons ((uint16_t) atoi (getenv ("LAB_PORT") != NULL ? getenv ("LAB_PORT") : "9"));
  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  connect (fd, (struct sockaddr *) &address, sizeof address);
  refresh_maze_view ();
}
