// The liblouis calls behind include/clouis.h; see the header for why this target exists.
#include "clouis.h"

#include <fcntl.h>
#include <liblouis/liblouis.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(CLOUIS_NO_CONTRACTIONS == noContractions, "mode");
_Static_assert(CLOUIS_COMPBRL_AT_CURSOR == compbrlAtCursor, "mode");
_Static_assert(CLOUIS_DOTS_IO == dotsIO, "mode");
_Static_assert(CLOUIS_UC_BRL == ucBrl, "mode");
_Static_assert(CLOUIS_NO_UNDEFINED == noUndefined, "mode");
_Static_assert(CLOUIS_PARTIAL_TRANS == partialTrans, "mode");
_Static_assert(CLOUIS_EMPH_1 == emph_1, "typeform");
_Static_assert(CLOUIS_COMPUTER_BRAILLE == computer_braille, "typeform");
_Static_assert(CLOUIS_NO_TRANSLATE == no_translate, "typeform");
_Static_assert(CLOUIS_NO_CONTRACT == no_contract, "typeform");
_Static_assert(sizeof(widechar) == sizeof(uint32_t), "Debian's liblouis is built with 32-bit widechars");
_Static_assert(sizeof(formtype) == sizeof(uint16_t), "formtype");

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void quiet(logLevels level, const char *message) {
  (void)level;
  (void)message;
}

static void setUp(void) {
  lou_registerLogCallback(quiet);
  lou_setLogLevel(LOU_LOG_OFF);
}

/// The one lock around liblouis (worker.c takes it too).
void clouis_enter(void) {
  pthread_once(&once, setUp);
  pthread_mutex_lock(&lock);
}

void clouis_leave(void) { pthread_mutex_unlock(&lock); }

const char *clouis_version(void) { return lou_version(); }

int32_t clouis_check_table(const char *tableList) {
  clouis_enter();
  int32_t ok = lou_checkTable(tableList) != 0;
  clouis_leave();
  return ok;
}

static int32_t copyOut(const char *value, char *buffer, int32_t capacity) {
  if (value == NULL) return 0;
  size_t length = strlen(value);
  if ((int64_t)length + 1 > capacity) return 0;
  memcpy(buffer, value, length + 1);
  return 1;
}

int32_t clouis_find_table(const char *query, char *buffer, int32_t capacity) {
  clouis_enter();
  char *found = lou_findTable(query);
  int32_t ok = copyOut(found, buffer, capacity);
  free(found);
  clouis_leave();
  return ok;
}

int32_t clouis_table_info(const char *table, const char *key, char *buffer, int32_t capacity) {
  clouis_enter();
  char *value = lou_getTableInfo(table, key);
  int32_t ok = copyOut(value, buffer, capacity);
  free(value);
  clouis_leave();
  return ok;
}

int32_t clouis_translate(const char *tableList, const uint32_t *input, int32_t inputLength,
                         int32_t *consumed, uint32_t *output, int32_t *outputLength,
                         uint16_t *typeform, int32_t *inputPositions, int32_t mode) {
  clouis_enter();
  int inlen = inputLength;
  int outlen = *outputLength;
  int ok = lou_translate(tableList, (const widechar *)input, &inlen, (widechar *)output, &outlen,
                         (formtype *)typeform, NULL, NULL, inputPositions, NULL, mode);
  clouis_leave();
  *consumed = inlen;
  *outputLength = outlen;
  return ok != 0;
}

int32_t clouis_back_translate(const char *tableList, const uint32_t *input, int32_t inputLength,
                              int32_t *consumed, uint32_t *output, int32_t *outputLength,
                              int32_t *inputPositions, int32_t mode) {
  clouis_enter();
  int inlen = inputLength;
  int outlen = *outputLength;
  int ok = lou_backTranslate(tableList, (const widechar *)input, &inlen, (widechar *)output, &outlen,
                             NULL, NULL, NULL, inputPositions, NULL, mode);
  clouis_leave();
  *consumed = inlen;
  *outputLength = outlen;
  return ok != 0;
}

int32_t clouis_hyphenate(const char *tableList, const uint32_t *input, int32_t inputLength, char *hyphens) {
  clouis_enter();
  int ok = lou_hyphenate(tableList, (const widechar *)input, inputLength, hyphens, 0);
  clouis_leave();
  return ok != 0;
}

int32_t clouis_emphasis_classes(const char *tableList, char *buffer, int32_t capacity) {
  clouis_enter();
  char const **classes = lou_getEmphClasses(tableList);
  int32_t written = 0;
  if (capacity > 0) buffer[0] = 0;
  if (classes != NULL) {
    for (int i = 0; classes[i] != NULL; i++) {
      size_t length = strlen(classes[i]);
      if (written + (int32_t)length + 2 > capacity) break;
      if (written > 0) buffer[written++] = '\n';
      memcpy(buffer + written, classes[i], length);
      written += (int32_t)length;
      buffer[written] = 0;
    }
    free((void *)classes);
  }
  clouis_leave();
  return written;
}

int32_t clouis_file_kind(const char *path, int32_t openRegular) {
  struct stat info;
  if (stat(path, &info) != 0) return CLOUIS_FILE_MISSING;
  if (S_ISDIR(info.st_mode)) return CLOUIS_FILE_DIRECTORY;
  if (S_ISFIFO(info.st_mode)) return CLOUIS_FILE_FIFO;
  if (S_ISCHR(info.st_mode)) return CLOUIS_FILE_CHARACTER_DEVICE;
  if (S_ISBLK(info.st_mode)) return CLOUIS_FILE_BLOCK_DEVICE;
  if (S_ISSOCK(info.st_mode)) return CLOUIS_FILE_SOCKET;
  if (!S_ISREG(info.st_mode)) return CLOUIS_FILE_OTHER;
  if (!openRegular) return CLOUIS_FILE_REGULAR;
  int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (descriptor < 0) return CLOUIS_FILE_UNREADABLE;
  struct stat opened;
  int same = fstat(descriptor, &opened) == 0 && S_ISREG(opened.st_mode);
  close(descriptor);
  return same ? CLOUIS_FILE_REGULAR : CLOUIS_FILE_OTHER;
}

/// Appends `folder` (length `length`) to the '\n'-joined list in `buffer` unless it is there.
static void addFolder(char *buffer, int32_t capacity, int32_t *written, const char *folder, size_t length) {
  if (length == 0) return;
  const char *cursor = buffer;
  while (cursor < buffer + *written) {
    const char *end = memchr(cursor, '\n', (size_t)(buffer + *written - cursor));
    size_t itemLength = end ? (size_t)(end - cursor) : (size_t)(buffer + *written - cursor);
    if (itemLength == length && memcmp(cursor, folder, length) == 0) return;
    cursor += itemLength + 1;
  }
  if (*written + (int32_t)length + 2 > capacity) return;
  if (*written > 0) buffer[(*written)++] = '\n';
  memcpy(buffer + *written, folder, length);
  *written += (int32_t)length;
  buffer[*written] = 0;
}

int32_t clouis_table_folders(char *buffer, int32_t capacity) {
  int32_t written = 0;
  if (capacity > 0) buffer[0] = 0;
  const char *tablePath = getenv("LOUIS_TABLEPATH");
  while (tablePath != NULL && *tablePath != 0) {
    const char *comma = strchr(tablePath, ',');
    size_t length = comma ? (size_t)(comma - tablePath) : strlen(tablePath);
    addFolder(buffer, capacity, &written, tablePath, length);
    tablePath = comma ? comma + 1 : NULL;
  }
  clouis_enter();
  char **tables = lou_listTables();
  if (tables != NULL) {
    for (int i = 0; tables[i] != NULL; i++) {
      const char *slash = strrchr(tables[i], '/');
      if (slash != NULL) addFolder(buffer, capacity, &written, tables[i], (size_t)(slash - tables[i]));
      free(tables[i]);
    }
    free(tables);
  }
  clouis_leave();
  return written;
}
