/*
 * A C program over include/textrotor.h, built with gcc -fsanitize=address by CABITests.
 *
 *   abi_check detections FILE   one line per detection: kind, UTF-8 start/end, UTF-16 start/end,
 *                               value, confidence (tab-separated), from the struct array
 *   abi_check speech FILE       the whole text's speech, plain text then SSML, each followed by a
 *                               line with a form feed (tr_document_speak), then the detections'
 *                               JSON array (tr_document_detections_json), exactly as returned
 *   abi_check check FILE        exercises every function (errors, JSON, rotor both ways, speech,
 *                               two threads on one document) and prints what it found; every
 *                               broken promise prints "FAIL: …" and makes the exit status 1
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textrotor.h"

static int failures = 0;

#define CHECK(condition, ...)            \
  do {                                   \
    if (!(condition)) {                  \
      failures++;                        \
      printf("FAIL: line %d: ", __LINE__); \
      printf(__VA_ARGS__);               \
      printf("\n");                      \
    }                                    \
  } while (0)

static uint8_t *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t *bytes = malloc(size > 0 ? (size_t)size : 1);
  *length = fread(bytes, 1, (size_t)size, file);
  fclose(file);
  return bytes;
}

static tr_document *open_file(const char *path) {
  size_t length = 0;
  uint8_t *bytes = read_file(path, &length);
  if (!bytes) {
    fprintf(stderr, "abi_check: cannot read %s\n", path);
    exit(2);
  }
  tr_document *document = NULL;
  char *error = NULL;
  tr_options options = {.name = path};
  tr_status status = tr_document_open(bytes, length, TR_FORMAT_AUTO, &options, &document, &error);
  free(bytes);
  if (status != TR_OK) {
    fprintf(stderr, "abi_check: %s: %s\n", path, error ? error : "?");
    tr_string_free(error);
    exit(1);
  }
  return document;
}

static int print_detections(const char *path) {
  tr_document *document = open_file(path);
  tr_detection *detections = NULL;
  size_t count = 0;
  tr_status status = tr_document_detections(document, &detections, &count, NULL);
  CHECK(status == TR_OK, "tr_document_detections returned %d", status);
  for (size_t i = 0; i < count; i++) {
    const tr_detection *d = &detections[i];
    printf("%s\t%zu\t%zu\t%zu\t%zu\t%s\t%.2f\n", d->kind, d->start_utf8, d->end_utf8, d->start_utf16, d->end_utf16,
           d->value, d->confidence);
  }
  tr_detections_free(detections, count);
  tr_document_free(document);
  return failures ? 1 : 0;
}

static int print_speech(const char *path) {
  tr_document *document = open_file(path);
  const tr_speech_format formats[2] = {TR_SPEECH_TEXT, TR_SPEECH_SSML};
  for (int i = 0; i < 2; i++) {
    char *speech = NULL;
    size_t length = 0;
    tr_status status = tr_document_speak(document, 0, SIZE_MAX, formats[i], NULL, &speech, &length, NULL);
    CHECK(status == TR_OK, "tr_document_speak returned %d", status);
    if (speech) fwrite(speech, 1, length, stdout);
    printf("\n\f\n");
    tr_string_free(speech);
  }
  char *json = NULL;
  size_t length = 0;
  tr_status status = tr_document_detections_json(document, &json, &length, NULL);
  CHECK(status == TR_OK, "tr_document_detections_json returned %d", status);
  if (json) fwrite(json, 1, length, stdout);
  tr_string_free(json);
  tr_document_free(document);
  return failures ? 1 : 0;
}

/* Counts occurrences of `needle` in `haystack`. */
static size_t occurrences(const char *haystack, const char *needle) {
  size_t count = 0;
  for (const char *p = strstr(haystack, needle); p; p = strstr(p + 1, needle)) count++;
  return count;
}

struct thread_work {
  tr_document *document;
  size_t count;
};

static void *count_in_thread(void *argument) {
  struct thread_work *work = argument;
  for (int round = 0; round < 20; round++) {
    tr_detection *detections = NULL;
    size_t count = 0;
    if (tr_document_detections(work->document, &detections, &count, NULL) == TR_OK) work->count = count;
    tr_detections_free(detections, count);
    char *speech = NULL;
    if (tr_document_speak(work->document, 0, 200, TR_SPEECH_TEXT, NULL, &speech, NULL, NULL) == TR_OK)
      tr_string_free(speech);
  }
  return NULL;
}

static void check_errors(void) {
  char *error = NULL;
  tr_document *document = NULL;
  const uint8_t bytes[] = "Call +1 415 555 0100.";

  tr_status status = tr_document_open(bytes, sizeof bytes - 1, TR_FORMAT_TEXT, NULL, NULL, &error);
  CHECK(status == TR_ERROR_INVALID_ARGUMENT, "NULL out parameter gave %d", status);
  CHECK(error && strstr(error, "NULL"), "message for NULL out parameter: %s", error ? error : "(none)");
  printf("error null-out: %s: %s\n", tr_status_description(status), error ? error : "");
  tr_string_free(error);
  error = NULL;

  tr_options options = {.region = "USA"};
  status = tr_document_open(bytes, sizeof bytes - 1, TR_FORMAT_TEXT, &options, &document, &error);
  CHECK(status == TR_ERROR_INVALID_ARGUMENT && document == NULL, "bad region gave %d", status);
  printf("error region: %s\n", error ? error : "");
  tr_string_free(error);
  error = NULL;

  options = (tr_options){.kinds = "phone,fax"};
  status = tr_document_open(bytes, sizeof bytes - 1, TR_FORMAT_TEXT, &options, &document, &error);
  CHECK(status == TR_ERROR_INVALID_ARGUMENT, "bad kind gave %d", status);
  printf("error kinds: %s\n", error ? error : "");
  tr_string_free(error);
  error = NULL;

  status = tr_document_open(bytes, SIZE_MAX, TR_FORMAT_TEXT, NULL, &document, &error);
  CHECK(status == TR_ERROR_INVALID_ARGUMENT && document == NULL, "length SIZE_MAX gave %d", status);
  tr_string_free(error);
  error = NULL;
  status = tr_document_open(NULL, 5, TR_FORMAT_TEXT, NULL, &document, &error);
  CHECK(status == TR_ERROR_INVALID_ARGUMENT && document == NULL, "NULL bytes gave %d", status);
  printf("error null-bytes: %s\n", error ? error : "");
  tr_string_free(error);
  error = NULL;

  status = tr_document_open(bytes, sizeof bytes - 1, (tr_format)9, NULL, &document, &error);
  CHECK(status == TR_ERROR_INVALID_ARGUMENT, "bad format gave %d", status);
  tr_string_free(error);
  error = NULL;

  /* Bytes that are not a document: a read error naming the input. */
  const uint8_t png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01";
  options = (tr_options){.name = "logo.png"};
  status = tr_document_open(png, sizeof png - 1, TR_FORMAT_AUTO, &options, &document, &error);
  CHECK(status == TR_ERROR_READ && document == NULL, "PNG bytes gave %d", status);
  printf("error read: %s\n", error ? error : "");
  tr_string_free(error);
  error = NULL;

  /* Options that work: only phones, region GB, for a national number. */
  const uint8_t national[] = "Ring 020 7946 0018 or mail ann@example.org";
  options = (tr_options){.kinds = "phone", .region = "gb"};
  status = tr_document_open(national, sizeof national - 1, TR_FORMAT_TEXT, &options, &document, &error);
  CHECK(status == TR_OK, "kinds+region gave %d (%s)", status, error ? error : "");
  tr_detection *detections = NULL;
  size_t count = 0;
  status = tr_document_detections(document, &detections, &count, NULL);
  CHECK(status == TR_OK && count == 1, "phone-only detections: %zu", count);
  if (count == 1) printf("options phone: %s %s\n", detections[0].text, detections[0].value);
  tr_detections_free(detections, count);

  /* Empty input is a document with no text. */
  tr_document *empty = NULL;
  status = tr_document_open(NULL, 0, TR_FORMAT_TEXT, NULL, &empty, NULL);
  CHECK(status == TR_OK, "empty input gave %d", status);
  size_t length = 99;
  const char *text = tr_document_text(empty, &length);
  CHECK(text && length == 0 && text[0] == 0, "empty text has length %zu", length);
  status = tr_document_detections(empty, &detections, &count, NULL);
  CHECK(status == TR_OK && count == 0 && detections == NULL, "empty detections: %zu", count);
  tr_document_free(empty);

  /* Range errors. */
  char *speech = NULL;
  status = tr_document_speak(document, 10000, 10001, TR_SPEECH_TEXT, NULL, &speech, NULL, &error);
  CHECK(status == TR_ERROR_RANGE && speech == NULL, "speak past the end gave %d", status);
  printf("error range: %s\n", error ? error : "");
  tr_string_free(error);
  error = NULL;
  tr_rotor_entry entry = {0};
  status = tr_rotor_next(document, "phones", 10000, &entry, NULL);
  CHECK(status == TR_ERROR_RANGE, "rotor past the end gave %d", status);
  status = tr_rotor_next(document, "paragraphs", 0, &entry, &error);
  CHECK(status == TR_ERROR_INVALID_ARGUMENT, "unknown rotor gave %d", status);
  printf("error rotor: %s\n", error ? error : "");
  tr_string_free(error);
  tr_document_free(document);
  tr_document_free(NULL);
  tr_string_free(NULL);
  tr_detections_free(NULL, 0);
}

static int check(const char *path) {
  printf("version %s\n", tr_version());
  check_errors();

  tr_document *document = open_file(path);
  size_t text_length = 0;
  const char *text = tr_document_text(document, &text_length);
  CHECK(text != NULL && strlen(text) == text_length, "text length %zu vs strlen", text_length);

  /* The struct array and the JSON agree, and every struct's text is its range of the document text. */
  tr_detection *detections = NULL;
  size_t count = 0;
  CHECK(tr_document_detections(document, &detections, &count, NULL) == TR_OK, "detections failed");
  char *json = NULL;
  size_t json_length = 0;
  CHECK(tr_document_detections_json(document, &json, &json_length, NULL) == TR_OK, "JSON failed");
  CHECK(json && strlen(json) == json_length && json[0] == '[' && json[json_length - 1] == ']', "JSON shape");
  CHECK(occurrences(json, "\"kind\":") == count, "JSON has %zu objects, structs %zu", occurrences(json, "\"kind\":"),
        count);
  size_t kinds[4] = {0};
  const char *names[4] = {"email", "link", "phone", "alert"};
  for (size_t i = 0; i < count; i++) {
    const tr_detection *d = &detections[i];
    CHECK(d->end_utf8 <= text_length && d->start_utf8 <= d->end_utf8, "range %zu..%zu", d->start_utf8, d->end_utf8);
    CHECK(strlen(d->text) == d->end_utf8 - d->start_utf8 && memcmp(d->text, text + d->start_utf8, strlen(d->text)) == 0,
          "detection %zu text is not its range", i);
    CHECK(d->start_utf16 <= d->start_utf8 && d->end_utf16 - d->start_utf16 <= d->end_utf8 - d->start_utf8,
          "UTF-16 offsets %zu..%zu", d->start_utf16, d->end_utf16);
    char value[512];
    snprintf(value, sizeof value, "\"value\":\"%s\"", d->value);
    CHECK(strstr(json, value) != NULL, "JSON lacks %s", value);
    for (int k = 0; k < 4; k++)
      if (strcmp(d->kind, names[k]) == 0) kinds[k]++;
  }
  printf("detections %zu: email %zu, link %zu, phone %zu, alert %zu\n", count, kinds[0], kinds[1], kinds[2], kinds[3]);

  /* The alerts rotor walked forward from the start and backward from the end: the same entries. */
  size_t forward[64], backward[64], forward_count = 0, backward_count = 0;
  size_t position = 0;
  tr_rotor_entry entry = {0};
  tr_status status;
  while ((status = tr_rotor_next(document, "alerts", position, &entry, NULL)) == TR_OK && forward_count < 64) {
    if (forward_count == 0) printf("first alert: %s (%s) %zu..%zu\n", entry.label, entry.value, entry.start_utf8, entry.end_utf8);
    CHECK(entry.index == forward_count, "entry index %zu, expected %zu", entry.index, forward_count);
    forward[forward_count++] = entry.start_utf8;
    position = entry.start_utf8;
    tr_rotor_entry_clear(&entry);
    CHECK(entry.label == NULL, "entry not cleared");
  }
  CHECK(status == TR_END_OF_ROTOR, "forward walk ended with %d", status);
  position = text_length;
  while ((status = tr_rotor_previous(document, "alerts", position, &entry, NULL)) == TR_OK && backward_count < 64) {
    backward[backward_count++] = entry.start_utf8;
    position = entry.start_utf8;
    tr_rotor_entry_clear(&entry);
  }
  CHECK(status == TR_END_OF_ROTOR, "backward walk ended with %d", status);
  CHECK(forward_count == backward_count, "forward %zu, backward %zu", forward_count, backward_count);
  for (size_t i = 0; i < forward_count && i < backward_count; i++)
    CHECK(forward[i] == backward[backward_count - 1 - i], "entry %zu differs", i);
  printf("alerts rotor: %zu forward, %zu backward\n", forward_count, backward_count);

  /* Speech of the first alert, as text and as SSML, and of the whole document. */
  if (forward_count > 0) {
    CHECK(tr_rotor_next(document, "alerts", 0, &entry, NULL) == TR_OK, "first alert again");
    char *speech = NULL;
    size_t speech_length = 0;
    CHECK(tr_document_speak(document, entry.start_utf8, entry.end_utf8, TR_SPEECH_TEXT, NULL, &speech, &speech_length,
                            NULL) == TR_OK,
          "speak text");
    CHECK(speech && strlen(speech) == speech_length, "speech length");
    printf("spoken: %s\n", speech ? speech : "");
    tr_string_free(speech);
    speech = NULL;
    CHECK(tr_document_speak(document, entry.start_utf8, entry.end_utf8, TR_SPEECH_SSML, "en", &speech, NULL, NULL) ==
              TR_OK,
          "speak SSML");
    CHECK(speech && strncmp(speech, "<?xml", 5) == 0 && strstr(speech, "</speak>"), "SSML shape");
    char mark[64];
    snprintf(mark, sizeof mark, "<mark name=\"r%zu-", entry.start_utf8);
    CHECK(speech && strstr(speech, mark), "SSML lacks %s", mark);
    tr_string_free(speech);
    tr_rotor_entry_clear(&entry);
  }
  char *whole = NULL;
  CHECK(tr_document_speak(document, 0, SIZE_MAX, TR_SPEECH_TEXT, NULL, &whole, NULL, NULL) == TR_OK, "speak all");
  CHECK(whole && strlen(whole) > text_length / 2, "whole speech is short");
  tr_string_free(whole);

  /* Two threads use the same document at once (the header's promise). */
  pthread_t threads[2];
  struct thread_work work[2] = {{document, 0}, {document, 0}};
  for (int i = 0; i < 2; i++) pthread_create(&threads[i], NULL, count_in_thread, &work[i]);
  for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
  CHECK(work[0].count == count && work[1].count == count, "threads saw %zu and %zu", work[0].count, work[1].count);
  printf("threads: %zu %zu\n", work[0].count, work[1].count);

  tr_string_free(json);
  tr_detections_free(detections, count);
  tr_document_free(document);
  printf(failures ? "FAILED %d\n" : "OK\n", failures);
  return failures ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "detections") == 0) return print_detections(argv[2]);
  if (argc == 3 && strcmp(argv[1], "speech") == 0) return print_speech(argv[2]);
  if (argc == 3 && strcmp(argv[1], "check") == 0) return check(argv[2]);
  fprintf(stderr, "usage: abi_check detections|speech|check FILE\n");
  return 2;
}
