// Translation in a worker process with a deadline; see clouis.h (clouis_translate_guarded) for why.
#define _GNU_SOURCE
#include "clouis.h"

#include <errno.h>
#include <fcntl.h>
#include <liblouis/liblouis.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

void clouis_enter(void);
void clouis_leave(void);

/// The worker's process id and the parent's end of its socket; 0 and -1 when there is none.
static pid_t worker = 0;
static int channel = -1;
/// Set when fork or socketpair failed: translation then runs in this process.
static int cannotFork = 0;

/// A request: the table list, then the passages' lengths, their characters and (flag) typeforms.
typedef struct {
  int32_t tableLength, mode, passages, characters, hasTypeform;
} Header;

// ---- the worker's side ---------------------------------------------------------------------

static int readAll(int descriptor, void *buffer, size_t length) {
  char *cursor = buffer;
  while (length > 0) {
    ssize_t got = read(descriptor, cursor, length);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return 0;
    cursor += got;
    length -= (size_t)got;
  }
  return 1;
}

static int writeAll(int descriptor, const void *buffer, size_t length) {
  const char *cursor = buffer;
  while (length > 0) {
    ssize_t sent = send(descriptor, cursor, length, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return 0;
    cursor += sent;
    length -= (size_t)sent;
  }
  return 1;
}

/// Room kept free at the end of the output (Louis.run says why: liblouis 3.24 drops an escape
/// that does not fit and still reports the input consumed).
enum { escapeRoom = 16 };

/// The worker's answer to one request, sent whole at its end.
typedef struct {
  char *bytes;
  size_t length, capacity;
} Reply;

static int append(Reply *reply, const void *bytes, size_t length) {
  if (reply->length + length > reply->capacity) {
    size_t grown = reply->capacity * 2 > reply->length + length ? reply->capacity * 2 : reply->length + length;
    char *moved = realloc(reply->bytes, grown);
    if (moved == NULL) return 0;
    reply->bytes = moved;
    reply->capacity = grown;
  }
  memcpy(reply->bytes + reply->length, bytes, length);
  reply->length += length;
  return 1;
}

/// One passage translated as Louis.run does it (the output grows until all input is consumed with
/// `escapeRoom` to spare), added to `reply` as its cell count (or -1), cells and input positions.
static int answer(Reply *reply, const char *table, int mode, const uint32_t *input, int length,
                  const uint16_t *typeform) {
  int32_t capacity = (length * 4 > 16 ? length * 4 : 16) + escapeRoom;
  int32_t failed = -1;
  for (int attempt = 0; attempt < 6; attempt++) {
    uint32_t *output = malloc(sizeof(uint32_t) * (size_t)capacity);
    int32_t *positions = malloc(sizeof(int32_t) * (size_t)capacity);
    formtype *form = NULL;
    if (typeform != NULL) {
      form = calloc((size_t)(capacity > length ? capacity : length), sizeof(formtype));
      if (form != NULL) memcpy(form, typeform, sizeof(formtype) * (size_t)length);
    }
    if (output == NULL || positions == NULL || (typeform != NULL && form == NULL)) {
      free(output), free(positions), free(form);
      return append(reply, &failed, sizeof failed);
    }
    int consumed = length, written = capacity;
    int ok = lou_translate(table, (const widechar *)input, &consumed, (widechar *)output, &written, form, NULL,
                           NULL, positions, NULL, mode);
    free(form);
    if (!ok || (consumed >= length && written <= capacity - escapeRoom)) {
      int32_t count = ok ? written : -1;
      int added = append(reply, &count, sizeof count) &&
                  (count <= 0 || (append(reply, output, sizeof(uint32_t) * (size_t)count) &&
                                  append(reply, positions, sizeof(int32_t) * (size_t)count)));
      free(output), free(positions);
      return added;
    }
    free(output), free(positions);
    capacity *= 4;
  }
  return append(reply, &failed, sizeof failed);
}

/// The worker: answers requests until its parent closes the socket (or dies). It runs only C and
/// liblouis: it is a fork of a process that may have other threads.
static void serve(int descriptor) {
  for (;;) {
    Header header;
    if (!readAll(descriptor, &header, sizeof header)) _exit(0);
    if (header.tableLength < 0 || header.passages < 0 || header.characters < 0) _exit(1);
    char *table = malloc((size_t)header.tableLength + 1);
    int32_t *lengths = malloc(sizeof(int32_t) * (size_t)header.passages + 1);
    uint32_t *input = malloc(sizeof(uint32_t) * (size_t)header.characters + 1);
    uint16_t *form = header.hasTypeform ? malloc(sizeof(uint16_t) * (size_t)header.characters + 1) : NULL;
    if (table == NULL || lengths == NULL || input == NULL || (header.hasTypeform && form == NULL)) _exit(1);
    if (!readAll(descriptor, table, (size_t)header.tableLength) ||
        !readAll(descriptor, lengths, sizeof(int32_t) * (size_t)header.passages) ||
        !readAll(descriptor, input, sizeof(uint32_t) * (size_t)header.characters) ||
        (form != NULL && !readAll(descriptor, form, sizeof(uint16_t) * (size_t)header.characters)))
      _exit(0);
    table[header.tableLength] = 0;
    int64_t start = 0;
    Reply reply = {NULL, 0, 0};
    for (int32_t index = 0; index < header.passages; index++) {
      int32_t length = lengths[index];
      if (length < 0 || start + length > header.characters) _exit(1);
      if (!answer(&reply, table, header.mode, input + start, length, form ? form + start : NULL)) _exit(1);
      start += length;
    }
    if (!writeAll(descriptor, reply.bytes, reply.length)) _exit(0);
    free(reply.bytes), free(table), free(lengths), free(input), free(form);
  }
}

// ---- the parent's side ---------------------------------------------------------------------

/// What the worker sent and the parent has not yet taken.
static char inbox[1 << 18];
static size_t inboxStart = 0, inboxEnd = 0;

static void stopWorker(void) {
  inboxStart = inboxEnd = 0;
  if (worker > 0) {
    kill(worker, SIGKILL);
    while (waitpid(worker, NULL, 0) < 0 && errno == EINTR) {
    }
  }
  if (channel >= 0) close(channel);
  worker = 0;
  channel = -1;
}

/// At exit: the worker is stopped and waited for, so that no process outlives this one and its
/// CPU time is counted with this process's (`time textrotor braille …`).
static void reapWorker(void) {
  if (worker > 0) {
    kill(worker, SIGKILL);
    while (waitpid(worker, NULL, 0) < 0 && errno == EINTR) {
    }
    worker = 0;
  }
}

/// The worker's own watch on its parent, on a thread of its own (the worker's main thread may be
/// inside a liblouis call that never returns): when the parent process dies or closes the socket,
/// the worker exits. Not `PR_SET_PDEATHSIG`: that fires when the *thread* that forked exits (a pool
/// thread of the parent, idle for a while), which killed a working worker and left a zombie that
/// nothing reaped until the next translation (a zombie child that is not its own stalls Swift
/// Testing's exit-test monitor, which waits for any child).
static pid_t watchedParent = 0;
static void *watchParent(void *unused) {
  (void)unused;
  struct pollfd socket = {.fd = 3, .events = POLLRDHUP};
  for (;;) {
    if (poll(&socket, 1, 1000) > 0 && (socket.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL))) _exit(0);
    if (getppid() != watchedParent) _exit(0);
  }
  return NULL;
}

/// Starts the worker (a fork of this process: liblouis's compiled tables come with it) unless it
/// runs. Called with the lock held, so liblouis's globals are not being changed while copied.
static int startWorker(void) {
  if (worker > 0) return 1;
  if (cannotFork) return 0;
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
    cannotFork = 1;
    return 0;
  }
  pid_t parent = getpid();
  pid_t child = fork();
  if (child < 0) {
    close(pair[0]), close(pair[1]);
    cannotFork = 1;
    return 0;
  }
  if (child == 0) {
    // Nothing of the parent's stays open here: not its output (a reader waiting for the end of
    // it), not its files. Only the socket, as descriptor 3, and /dev/null as 0, 1 and 2.
    if (getppid() != parent) _exit(0);
    signal(SIGPIPE, SIG_IGN);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) dup2(null, 0), dup2(null, 1), dup2(null, 2);
    if (dup2(pair[1], 3) != 3) _exit(1);
    if (close_range(4, ~0U, 0) != 0)
      for (int descriptor = 4; descriptor < 65536; descriptor++) close(descriptor);
    watchedParent = parent;
    pthread_t watcher;
    (void)pthread_create(&watcher, NULL, watchParent, NULL);  // without it: the socket's end still ends it
    serve(3);
    _exit(0);
  }
  close(pair[1]);
  worker = child;
  channel = pair[0];
  static int registered = 0;
  if (!registered) registered = atexit(reapWorker) == 0;
  return 1;
}

int32_t clouis_worker_process(void) { return (int32_t)__atomic_load_n(&worker, __ATOMIC_RELAXED); }

/// Whether `tableList` was compiled in this process before; compiles it (liblouis caches it) if not.
/// Why: compiling a large table (zh-tw.ctb) takes seconds on a loaded machine, and in the worker it
/// would count against a translation's deadline and be lost with the worker. A worker forked after
/// it inherits the compiled table.
static int compiledHere(const char *tableList) {
  static char *known[64];
  static int count = 0;
  for (int index = 0; index < count; index++)
    if (strcmp(known[index], tableList) == 0) return 1;
  (void)lou_getTable(tableList);
  // Past 64 lists, a worker compiles what it lacks itself rather than being restarted each call.
  if (count == 64) return 1;
  known[count] = strdup(tableList);
  if (known[count] != NULL) count++;
  return 0;
}

static int64_t now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (int64_t)time.tv_sec * 1000000 + time.tv_nsec / 1000;
}

/// Moves `length` bytes to or from the worker before `deadline` (microseconds of CLOCK_MONOTONIC).
/// Received bytes go through `inbox`, a read at a time.
static int transfer(void *buffer, size_t length, int sending, int64_t deadline) {
  char *cursor = buffer;
  while (length > 0) {
    if (!sending && inboxEnd > inboxStart) {
      size_t taken = inboxEnd - inboxStart < length ? inboxEnd - inboxStart : length;
      memcpy(cursor, inbox + inboxStart, taken);
      inboxStart += taken;
      cursor += taken;
      length -= taken;
      continue;
    }
    int64_t left = deadline - now();
    if (left <= 0) return 0;
    struct pollfd wait = {.fd = channel, .events = sending ? POLLOUT : POLLIN};
    int ready = poll(&wait, 1, (int)((left + 999) / 1000 > 60000 ? 60000 : (left + 999) / 1000));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return 0;
    if (ready == 0) continue;
    if (!sending) {
      ssize_t got = recv(channel, inbox, sizeof inbox, MSG_DONTWAIT);
      if (got < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
      if (got <= 0) return 0;
      inboxStart = 0;
      inboxEnd = (size_t)got;
      continue;
    }
    ssize_t moved = send(channel, cursor, length, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (moved < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    if (moved <= 0) return 0;
    cursor += moved;
    length -= (size_t)moved;
  }
  return 1;
}

/// Grows `*buffer` (of `*capacity` elements of `size` bytes) to hold `needed`.
static int reserve(void **buffer, int64_t *capacity, int64_t needed, size_t size) {
  if (needed <= *capacity) return 1;
  int64_t grown = *capacity * 2 > needed ? *capacity * 2 : needed;
  void *moved = realloc(*buffer, (size_t)grown * size);
  if (moved == NULL) return 0;
  *buffer = moved;
  *capacity = grown;
  return 1;
}

/// In this process, as the worker would (when there can be no worker).
static int32_t translateHere(const char *tableList, int32_t mode, const uint32_t *input, const int32_t *lengths,
                             int32_t passages, const uint16_t *_Nullable typeform, clouis_batch *result) {
  int64_t cellCapacity = 0, positionCapacity = 0;
  int64_t start = 0, cells = 0;
  for (int32_t index = 0; index < passages; index++) {
    int32_t length = lengths[index];
    int32_t capacity = (length * 4 > 16 ? length * 4 : 16) + escapeRoom;
    int32_t count = -1;
    for (int attempt = 0; attempt < 6; attempt++) {
      if (!reserve((void **)&result->cells, &cellCapacity, cells + capacity, sizeof(uint32_t)) ||
          !reserve((void **)&result->positions, &positionCapacity, cells + capacity, sizeof(int32_t)))
        return 0;
      formtype *form = NULL;
      if (typeform != NULL) {
        form = calloc((size_t)(capacity > length ? capacity : length), sizeof(formtype));
        if (form == NULL) return 0;
        memcpy(form, typeform + start, sizeof(formtype) * (size_t)length);
      }
      int consumed = length, written = capacity;
      int ok = lou_translate(tableList, (const widechar *)(input + start), &consumed,
                             (widechar *)(result->cells + cells), &written, form, NULL, NULL,
                             result->positions + cells, NULL, mode);
      free(form);
      if (!ok) break;
      if (consumed >= length && written <= capacity - escapeRoom) {
        count = written;
        break;
      }
      capacity *= 4;
    }
    result->counts[index] = count;
    if (count > 0) cells += count;
    start += length;
  }
  return 1;
}

int32_t clouis_translate_guarded(const char *tableList, int32_t mode, const uint32_t *input, const int32_t *lengths,
                                 int32_t passages, const uint16_t *_Nullable typeform, int64_t deadlineMicroseconds,
                                 clouis_batch *result) {
  memset(result, 0, sizeof *result);
  result->counts = malloc(sizeof(int32_t) * (size_t)passages + 1);
  if (result->counts == NULL) return CLOUIS_BATCH_FAILED;
  result->passages = passages;
  int64_t characters = 0;
  for (int32_t index = 0; index < passages; index++) characters += lengths[index];
  clouis_enter();
  if (!compiledHere(tableList) && worker > 0) stopWorker();  // the next worker inherits the table
  if (!startWorker()) {
    int32_t ok = translateHere(tableList, mode, input, lengths, passages, typeform, result);
    clouis_leave();
    return ok ? CLOUIS_BATCH_DONE : CLOUIS_BATCH_FAILED;
  }
  int64_t deadline = now() + deadlineMicroseconds;
  Header header = {(int32_t)strlen(tableList), mode, passages, (int32_t)characters, typeform != NULL};
  int ok = transfer(&header, sizeof header, 1, deadline) &&
           transfer((void *)tableList, (size_t)header.tableLength, 1, deadline) &&
           transfer((void *)lengths, sizeof(int32_t) * (size_t)passages, 1, deadline) &&
           transfer((void *)input, sizeof(uint32_t) * (size_t)characters, 1, deadline) &&
           (typeform == NULL || transfer((void *)typeform, sizeof(uint16_t) * (size_t)characters, 1, deadline));
  int64_t cellCapacity = 0, positionCapacity = 0, cells = 0;
  for (int32_t index = 0; ok && index < passages; index++) {
    int32_t count;
    ok = transfer(&count, sizeof count, 0, deadline);
    if (!ok) break;
    result->counts[index] = count;
    if (count <= 0) continue;
    ok = reserve((void **)&result->cells, &cellCapacity, cells + count, sizeof(uint32_t)) &&
         reserve((void **)&result->positions, &positionCapacity, cells + count, sizeof(int32_t)) &&
         transfer(result->cells + cells, sizeof(uint32_t) * (size_t)count, 0, deadline) &&
         transfer(result->positions + cells, sizeof(int32_t) * (size_t)count, 0, deadline);
    cells += count;
  }
  if (!ok) {
    // Past the deadline, or the worker died (liblouis crashed): it is stopped, and the next call
    // starts another.
    stopWorker();
    for (int32_t index = 0; index < passages; index++) result->counts[index] = -1;
  }
  clouis_leave();
  return ok ? CLOUIS_BATCH_DONE : CLOUIS_BATCH_UNFINISHED;
}

void clouis_batch_free(clouis_batch *batch) {
  free(batch->cells), free(batch->positions), free(batch->counts);
  memset(batch, 0, sizeof *batch);
}
