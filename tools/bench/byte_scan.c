/* The text limit for the whole-process benchmark: read a file in 64 KiB chunks and classify every
 * byte with a 256-entry table (digits, letters, '@', '.', ':', '/', space, other; what a detector's
 * first pass looks at), counting each class. Timed as a whole process, like `textrotor detect`.
 *
 *   gcc -O2 tools/bench/byte_scan.c -o /tmp/byte_scan && /tmp/byte_scan FILE
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s FILE\n", argv[0]); return 2; }
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) { perror(argv[1]); return 1; }
  unsigned char table[256];
  for (int b = 0; b < 256; b++) {
    table[b] = (b >= '0' && b <= '9') ? 1 : ((b | 0x20) >= 'a' && (b | 0x20) <= 'z') ? 2 : b == '@' ? 3 : b == '.' ? 4
      : b == ':' ? 5 : b == '/' ? 6 : (b == ' ' || b == '\n' || b == '\t') ? 7 : 0;
  }
  static unsigned char buffer[65536];
  unsigned long long counts[8] = {0};
  ssize_t got;
  while ((got = read(fd, buffer, sizeof buffer)) > 0)
    for (ssize_t i = 0; i < got; i++) counts[table[buffer[i]]]++;
  close(fd);
  printf("digits %llu letters %llu at %llu dots %llu\n", counts[1], counts[2], counts[3], counts[4]);
  return 0;
}
