/* rusage-run.c: the wall time and peak RSS of one program run
 *
 * Runs PROGRAM with its standard streams redirected to files, waits for
 * it with wait4() and prints one line:
 *
 *   WALL_SECONDS USER_SECONDS SYSTEM_SECONDS PEAK_RSS_KIB EXIT_STATUS
 *
 * (EXIT_STATUS is 128 + the signal's number when a signal ended it).
 * The redirections are made here, between fork() and exec(), and not by
 * a shell or a Python parent: Linux carries the peak RSS of a process
 * across exec(), so the RSS of whatever forked the program counts
 * towards the program's own (a Python parent made /bin/true report
 * 13.7 MiB).  This program uses only the C library, so the floor it
 * leaves is its own small RSS: run it on /bin/true to see it.  No
 * dependency on /usr/bin/time.
 *
 * Usage: rusage-run [--stdin=FILE] [--stdout=FILE] [--stderr=FILE] -- PROGRAM [ARG…]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>

static void
print_usage (const char *name)
{
  fprintf (stderr, "usage: %s [--stdin=FILE] [--stdout=FILE] [--stderr=FILE] -- PROGRAM [ARG…]\n", name);
  exit (2);
}

/* In the child: opens @path on @fd, or leaves @fd as it is when @path
 * is NULL. */
static void
redirect (int         fd,
          const char *path,
          int         flags)
{
  int opened;

  if (path == NULL)
    return;
  opened = open (path, flags, 0666);
  if (opened < 0 || dup2 (opened, fd) < 0)
    {
      fprintf (stderr, "rusage-run: %s: %s\n", path, strerror (errno));
      _exit (127);
    }
  close (opened);
}

static double
seconds (const struct timeval *tv)
{
  return tv->tv_sec + tv->tv_usec / 1e6;
}

int
main (int   argc,
      char *argv[])
{
  const char *in = NULL, *out = NULL, *err = NULL;
  struct timespec start, end;
  struct rusage usage;
  int status;
  int i;
  pid_t pid;

  for (i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    {
      if (strncmp (argv[i], "--stdin=", 8) == 0)
        in = argv[i] + 8;
      else if (strncmp (argv[i], "--stdout=", 9) == 0)
        out = argv[i] + 9;
      else if (strncmp (argv[i], "--stderr=", 9) == 0)
        err = argv[i] + 9;
      else
        print_usage (argv[0]);
    }
  if (i + 1 >= argc)
    print_usage (argv[0]);

  /* Our own output goes out before the fork, so that the child does
   * not inherit a buffer to write twice. */
  fflush (stdout);
  clock_gettime (CLOCK_MONOTONIC, &start);
  pid = fork ();
  if (pid < 0)
    {
      fprintf (stderr, "rusage-run: fork: %s\n", strerror (errno));
      return 3;
    }
  if (pid == 0)
    {
      redirect (STDIN_FILENO, in, O_RDONLY);
      redirect (STDOUT_FILENO, out, O_WRONLY | O_CREAT | O_TRUNC);
      redirect (STDERR_FILENO, err, O_WRONLY | O_CREAT | O_TRUNC);
      execvp (argv[i + 1], argv + i + 1);
      fprintf (stderr, "rusage-run: %s: %s\n", argv[i + 1], strerror (errno));
      _exit (127);
    }

  while (wait4 (pid, &status, 0, &usage) < 0)
    {
      if (errno != EINTR)
        {
          fprintf (stderr, "rusage-run: wait4: %s\n", strerror (errno));
          return 3;
        }
    }
  clock_gettime (CLOCK_MONOTONIC, &end);

  /* ru_maxrss is in KiB on Linux. */
  printf ("%.6f %.6f %.6f %ld %d\n",
          (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9,
          seconds (&usage.ru_utime), seconds (&usage.ru_stime), usage.ru_maxrss,
          WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status));
  return 0;
}
