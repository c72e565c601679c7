import Foundation
import ParallelSupport
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The write end of the pipe the signal handler writes the signal number to (-1 before `install`);
/// an atomic load is async-signal-safe.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The CLI's one place for signals. Ctrl-C (SIGINT), SIGTERM and SIGHUP: stops the running espeak-ng
/// or sox (`speak --audio`, `preview --audio`), removes the temporary folder and the temporary target
/// file, runs what was registered with ``onSignal(_:)`` (browse restores the terminal and says
/// goodbye), prints one line and exits with 128 + the signal number (130 for SIGINT, 143 for
/// SIGTERM, 129 for SIGHUP).
///
/// The signal handler only writes the signal number to a pipe (`write(2)` is async-signal-safe); a
/// thread reading that pipe does the work, so nothing else runs in a signal handler. Handlers (not SIG_IGN) are reset to the default in every
/// child on exec, so espeak-ng and sox still stop on their own signals. Everything that creates
/// something to clean up (a child process, a file, a folder) or commits the result does so holding
/// ``withLock(_:)``, so the cleanup never misses a child that was just started, and never removes a
/// file that was just renamed into place.
final class InterruptionCleanup: Sendable {
  static let shared = InterruptionCleanup()

  /// What a signal cleans up, and what runs then: reached only through ``withLock(_:)``.
  struct Registry {
    var files: Set<String> = []
    var folders: Set<String> = []
    var children: Set<pid_t> = []
    var installed = false
    var hooks: [@Sendable (Int32) -> Bool] = []
  }

  private let registry = LockedValue(Registry())

  /// Installs the handlers (once).
  func install() {
    withLock { registry in
      guard !registry.installed else { return }
      registry.installed = true
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { return }
      _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
      signalPipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
      let readEnd = ends[0]
      // Never joined: it ends the process, or blocks on the pipe until the process ends.
      _ = JoinableThread.start { [self] in
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) != 1 {
          if errno != EINTR { return }
        }
        cleanUpAndExit(signal: Int32(byte))
      }
      for signalNumber in [SIGINT, SIGTERM, SIGHUP] { handleLocked(signalNumber, evenIfIgnored: false) }
    }
  }

  /// Sends `signalNumber` through the pipe also when it was ignored when the process started (as
  /// `&` in a script ignores SIGINT): browse is interactive, and Control+C or `kill -INT` ends it.
  func handle(_ signalNumber: Int32, evenIfIgnored: Bool) {
    withLock { _ in handleLocked(signalNumber, evenIfIgnored: evenIfIgnored) }
  }

  private func handleLocked(_ signalNumber: Int32, evenIfIgnored: Bool) {
    guard signalPipeWriteEnd.load(ordering: .sequentiallyConsistent) >= 0 else { return }  // no pipe: as it was
    let previous = signal(signalNumber) { number in
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(signalPipeWriteEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
    }
    // A signal ignored when the process started stays ignored (`nohup`, background jobs).
    if !evenIfIgnored && unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
      signal(signalNumber, SIG_IGN)
      return
    }
    // A signal mask inherited blocked (some test runners and job control tools block almost
    // everything) would hold Ctrl-C back until the end, and pass the block on to espeak-ng.
    var handled = sigset_t()
    sigemptyset(&handled)
    sigaddset(&handled, signalNumber)
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
  }

  /// Runs `body` on the registry holding its lock: a signal's cleanup waits until it returns.
  func withLock<T, Failure: Error>(_ body: (inout Registry) throws(Failure) -> T) throws(Failure) -> T {
    try registry.withValue(body)
  }

  /// Runs `hook` with the signal's number on the cleanup thread when a signal comes, after the
  /// children are stopped and before the cleanup's own line: the last registered first, as `defer`
  /// does. A hook returning true has said what happened itself (browse's goodbye), and the line is
  /// left out unless audio was cut short.
  func onSignal(_ hook: @escaping @Sendable (Int32) -> Bool) { withLock { $0.hooks.append(hook) } }

  func add(file: String) { withLock { _ = $0.files.insert(file) } }
  func remove(folder: String) { withLock { _ = $0.folders.remove(folder) } }

  /// Starts `process` and registers it, holding the lock so a signal cannot come in between.
  func run(_ process: Process) throws {
    try withLock { registry in
      try process.run()
      registry.children.insert(process.processIdentifier)
    }
  }

  /// Forgets a child that has exited.
  func finished(_ process: Process) { withLock { _ = $0.children.remove(process.processIdentifier) } }

  /// When a child died of a signal, the same Ctrl-C usually reached this process too: give the
  /// cleanup thread a moment to finish and exit with the signal's status, rather than report the
  /// child's failure as an error.
  func awaitPendingSignal() {
    guard withLock({ $0.installed }) else { return }
    for _ in 0..<50 {
      Thread.sleep(forTimeInterval: 0.02)
      withLock { _ in }  // once the cleanup has started, it holds the lock until the process exits
    }
  }

  private func cleanUpAndExit(signal number: Int32) -> Never {
    // The lock is held until exit: nothing new starts, nothing is renamed into place.
    withLock { cleanUpAndExit(signal: number, registry: $0) }
  }

  private func cleanUpAndExit(signal number: Int32, registry: Registry) -> Never {
    let (children, files, folders, hooks) = (registry.children, registry.files, registry.folders, registry.hooks)
    let unfinished = !children.isEmpty || !files.isEmpty || !folders.isEmpty
    for child in children { kill(child, SIGTERM) }
    for child in children {
      var waited = 0
      while InterruptionCleanup.isAlive(child) && waited < 200 {
        usleep(10_000)
        waited += 1
      }
      if InterruptionCleanup.isAlive(child) { kill(child, SIGKILL) }
    }
    for file in files { unlink(file) }
    for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    var said = false
    for hook in hooks.reversed() where hook(number) { said = true }
    let name = [SIGINT: "interrupted", SIGTERM: "terminated", SIGHUP: "hung up"][number] ?? "stopped by a signal"
    if !said || unfinished {
      StandardStreams.error(
        "textrotor: \(name)" + (unfinished ? "; stopped speech synthesis and removed the unfinished audio file" : ""))
    }
    _exit(128 + number)
  }

  /// Whether `pid` is still running (a zombie has exited: it only waits to be reaped).
  private static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return kill(pid, 0) == 0 }
    let state = stat[close...].dropFirst().drop { $0 == " " }.first
    return state != "Z" && state != "X"
  }
}

extension InterruptionCleanup {
  /// A new private folder `PREFIX-XXXXXX` under `$TMPDIR` (else /tmp), registered for removal on a
  /// signal (`speak --audio`'s and `preview --audio`'s clips are made there).
  func makeTemporaryFolder(prefix: String) throws -> String {
    var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    if base.isEmpty { base = "/tmp" }
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
    return try withLock { registry throws(InputFailure) in
      guard let created = mkdtemp(&template) else {
        throw InputFailure(message: "cannot make a temporary folder in \(base) (\(String(cString: strerror(errno))))")
      }
      let folder = String(cString: created)
      registry.folders.insert(folder)
      return folder
    }
  }
}
