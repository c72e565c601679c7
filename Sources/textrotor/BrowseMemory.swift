import Foundation
import Navigation

#if canImport(Glibc)
  import Glibc
#endif

/// The store of browse's saved state (``BrowseState``): one JSON file per document under
/// `$XDG_STATE_HOME/textrotor/browse/` (default `~/.local/state/textrotor/browse/`), named by a hash of
/// the document's real path: never in the document's folder, which may be read-only or shared.
///
/// - Read: a regular file only (opened with O_NOFOLLOW | O_NONBLOCK, checked with fstat, so a FIFO, a
///   device, a folder or a link in its place is refused, never waited on), at most
///   ``BrowseState/maximumSize`` bytes. A file that is refused is left as it is, and the session goes
///   on without saved state (``Failure``).
/// - Saved: read-modify-written under an advisory lock (flock(2) on the folder), so two
///   sessions on one document merge (``BrowseState/merge(keeping:)``); written atomically (a temporary
///   file in the same folder, then rename(2)), so a crash leaves the old state or the new one.
/// - Every failure is a ``Failure`` whose description is a sentence, never an error code.
struct BrowseMemory {
  /// The state file.
  let file: String
  /// The folder it is in.
  let folder: String

  /// Why the state could not be read or saved, in words.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The folder of the state files: `$XDG_STATE_HOME/textrotor/browse`, or `~/.local/state/…` when
  /// the variable is unset or not an absolute path (the XDG Base Directory rule).
  static var folder: String? {
    let environment = ProcessInfo.processInfo.environment
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/textrotor/browse" }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.local/state/textrotor/browse"
  }

  /// FNV-1a, 64 bits, as 16 hex digits: a fingerprint (not a security hash) cheap enough for 10 MB
  /// (about 10 ms), where a change of one byte changes it.
  static func fingerprint<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  static func fingerprint(of text: String) -> String {
    var text = text
    return text.withUTF8 { fingerprint($0) }
  }

  /// The store of the document at `realPath`, or nil when there is no home to keep it in.
  init?(realPath: String) {
    guard let folder = Self.folder else { return nil }
    self.folder = folder
    self.file = folder + "/" + Self.fingerprint(Array(realPath.utf8)) + ".json"
  }

  /// The kept state of the document, nil when none was kept.
  /// - Throws: ``Failure`` when a file is there but is refused (not a regular file, over the size
  ///   limit, unreadable, not a state file); it is left as it is.
  func load() throws(Failure) -> BrowseState? {
    guard let bytes = try Self.readRegular(file) else { return nil }
    do {
      return try BrowseState(json: bytes)
    } catch {
      throw Failure(description: "\(file): not a saved browse state (\(error.description))")
    }
  }

  /// Saves `state`, merged with what another session saved meanwhile, and returns what was written.
  /// - Throws: ``Failure`` (the folder cannot be made or written, the file in place is refused, the
  ///   state would be over the size limit); nothing is replaced then.
  @discardableResult
  func save(_ state: BrowseState) throws(Failure) -> BrowseState {
    try Self.makeFolder(folder)
    // The lock is the folder's (flock(2) on its descriptor): nothing more to create or clean up.
    let lock = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard lock >= 0 else { throw Self.failure(folder, errno) }
    defer { close(lock) }
    try Self.lockExclusively(lock, folder)
    defer { flock(lock, LOCK_UN) }
    var merged = state
    if let bytes = try Self.readRegular(file) {
      // A file another session wrote: merged. One that is not a state file is refused and kept.
      do {
        merged.merge(keeping: try BrowseState(json: bytes))
      } catch {
        throw Failure(description: "\(file): not a saved browse state (\(error.description)); left as it is")
      }
    }
    let bytes = merged.json
    guard bytes.count <= BrowseState.maximumSize else {
      throw Failure(
        description:
          "\(file): the saved state would be \(bytes.count) bytes, over the \(BrowseState.maximumSize)-byte limit"
      )
    }
    try Self.replace(file, with: bytes)
    return merged
  }

  /// Waits up to five seconds for the lock (another session holds it for a moment only).
  private static func lockExclusively(_ lock: Int32, _ file: String) throws(Failure) {
    for _ in 0..<500 {
      if flock(lock, LOCK_EX | LOCK_NB) == 0 { return }
      guard errno == EWOULDBLOCK || errno == EINTR else { throw failure(file, errno) }
      usleep(10_000)
    }
    throw Failure(description: "\(file): another process has held its lock for five seconds")
  }

  /// The bytes of the regular file at `path`, nil when there is none.
  private static func readRegular(_ path: String) throws(Failure) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    if descriptor < 0 {
      // No file, or no folder yet (a file in the folder's way is said when saving).
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw failure(path, errno)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(path, errno) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw Failure(description: "\(path): \(kind(of: status.st_mode)), not a regular file; left as it is")
    }
    guard status.st_size <= BrowseState.maximumSize else {
      throw Failure(
        description:
          "\(path): \(status.st_size) bytes, over the \(BrowseState.maximumSize)-byte limit of a saved state; left as it is"
      )
    }
    // At most the limit and one byte more, whatever the size said (the file may grow meanwhile).
    var bytes = [UInt8](repeating: 0, count: BrowseState.maximumSize + 1)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
      if got < 0 {
        if errno == EINTR { continue }
        throw failure(path, errno)
      }
      if got == 0 { break }
      count += got
    }
    guard count <= BrowseState.maximumSize else {
      throw Failure(
        description: "\(path): over the \(BrowseState.maximumSize)-byte limit of a saved state; left as it is")
    }
    return Array(bytes[..<count])
  }

  /// Makes the folder and its parents (mode 0700), saying which part is in the way.
  private static func makeFolder(_ folder: String) throws(Failure) {
    var path = ""
    for part in folder.split(separator: "/") {
      path += "/" + part
      if mkdir(path, 0o700) == 0 || errno == EEXIST {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(path, errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
          throw Failure(description: "\(path): \(kind(of: status.st_mode)) is where the state folder should be")
        }
        continue
      }
      throw failure(path, errno)
    }
  }

  /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
  private static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
    var template = Array((path + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw failure(path, errno) }
    let temporary = String(cString: template)
    var written = 0
    while written < bytes.count {
      let wrote = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else {
        let code = errno
        close(descriptor)
        unlink(temporary)
        throw failure(path, code)
      }
      written += wrote
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(temporary)
      throw failure(path, code)
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw failure(path, code)
    }
  }

  private static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "a regular file"
    }
  }

  /// A failure naming `path` and the system's words for `code` ("Permission denied").
  private static func failure(_ path: String, _ code: Int32) -> Failure {
    let words = code == ELOOP ? "a symbolic link, not followed" : String(cString: strerror(code))
    return Failure(description: "\(path): \(words)")
  }
}
