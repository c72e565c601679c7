/* The benchmark's baseline: libxml2's own HTML push parser with empty SAX callbacks that only
 * count characters, fed in 64 KiB chunks like TextRotor's reader. Prints MB/s (best of N runs).
 *
 *   gcc -O2 tools/bench/sax_baseline.c -o /tmp/sax_baseline $(pkg-config --cflags --libs libxml-2.0)
 *   /tmp/sax_baseline FILE.html [RUNS]
 */
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long long counted;
static void on_characters(void *ctx, const xmlChar *ch, int len) { (void)ctx; (void)ch; counted += (unsigned)len; }
static void on_start(void *ctx, const xmlChar *name, const xmlChar **attrs) { (void)ctx; (void)name; (void)attrs; counted++; }
static void on_end(void *ctx, const xmlChar *name) { (void)ctx; (void)name; }
static void on_error(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s FILE.html [RUNS]\n", argv[0]); return 2; }
  FILE *file = fopen(argv[1], "rb");
  if (!file) { perror(argv[1]); return 1; }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *data = malloc((size_t)size);
  if (fread(data, 1, (size_t)size, file) != (size_t)size) { perror("read"); return 1; }
  fclose(file);
  int runs = argc > 2 ? atoi(argv[2]) : 3;
  double best = 1e30;
  for (int run = 0; run < runs; run++) {
    htmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.characters = on_characters;
    sax.startElement = on_start;
    sax.endElement = on_end;
    sax.error = on_error;
    sax.warning = on_error;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    htmlParserCtxtPtr ctxt = htmlCreatePushParserCtxt(&sax, NULL, NULL, 0, argv[1], XML_CHAR_ENCODING_UTF8);
    htmlCtxtUseOptions(ctxt, HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_COMPACT);
    const long chunk = 65536;
    for (long offset = 0; offset < size; offset += chunk) {
      long n = size - offset < chunk ? size - offset : chunk;
      htmlParseChunk(ctxt, data + offset, (int)n, 0);
    }
    htmlParseChunk(ctxt, NULL, 0, 1);
    htmlFreeParserCtxt(ctxt);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (seconds < best) best = seconds;
  }
  printf("sax_mb_per_s %.2f\n", (double)size / 1e6 / best);
  return counted == 0;
}
