import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file written under a temporary name beside its target and renamed over the target only when
/// it is complete, so that nothing but the target itself is ever replaced, and that only at the end.
///
/// - The target must be a new name or an existing regular file. A folder, a symbolic link (even one
///   that points to a regular file), a FIFO, a device or a socket is refused before anything is written.
/// - The temporary file is created in the target's folder (so `rename(2)` is atomic) with
///   `O_CREAT | O_EXCL | O_NOFOLLOW` under a unique name, and takes an existing target's permissions.
/// - ``commit()`` checks the target again and renames; ``discard()`` removes the temporary file. An
///   existing target stays as it was until the rename.
final class ReplacementFile {
  /// The file to replace (as given).
  let target: String
  /// What the file is, in messages ("the audio file").
  let noun: String
  /// The option that named it, in messages ("--audio").
  let option: String
  /// The temporary file beside it.
  let temporaryPath: String
  private var descriptor: Int32

  /// Checks `target` and creates the temporary file beside it, or throws a one-line reason.
  /// `noun` and `option` name the file and the option that gave it in messages.
  init(target: String, noun: String = "the audio file", option: String = "--audio") throws(InputFailure) {
    self.target = target
    self.noun = noun
    self.option = option
    func failure(_ reason: String) -> InputFailure {
      InputFailure(message: "\(target): cannot write \(noun) (\(reason))")
    }
    if target.isEmpty || target.hasSuffix("/") { throw failure("not a file name") }
    let mode = try ReplacementFile.checkTarget(target, noun: noun, option: option)
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var folderStatus = stat()
    guard stat(folder, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR else {
      throw failure("no folder \(folder)")
    }
    guard access(folder, W_OK) == 0 else { throw failure("the folder is not writable") }
    // ".NAME.textrotor-PID-RANDOM.tmp": hidden, unique, and short enough for NAME_MAX.
    let stem = String(decoding: name.utf8.prefix(120), as: UTF8.self)
    var created: (String, Int32)?
    for _ in 0..<16 {
      let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let path = (folder == "/" ? "" : folder) + "/.\(stem).textrotor-\(getpid())-\(random).tmp"
      let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      if fd >= 0 {
        created = (path, fd)
        break
      }
      if errno != EEXIST { throw failure(String(cString: strerror(errno))) }
    }
    guard let (path, fd) = created else { throw failure("no free temporary name") }
    temporaryPath = path
    descriptor = fd
    InterruptionCleanup.shared.add(file: path)
    if let mode { fchmod(fd, mode & 0o7777) }
  }

  deinit { discard() }

  /// The target's permissions when it is an existing regular file, nil when it does not exist;
  /// throws when it is anything else.
  private static func checkTarget(_ target: String, noun: String, option: String) throws(InputFailure) -> mode_t? {
    var status = stat()
    if lstat(target, &status) != 0 {
      if errno == ENOENT { return nil }
      throw InputFailure(message: "\(target): cannot write \(noun) (\(String(cString: strerror(errno))))")
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return status.st_mode
    case S_IFDIR:
      throw InputFailure(
        message:
          "\(target): is a folder; \(option) takes a file name such as \(target)/\(option == "--audio" ? "speech.wav" : "preview.html")"
      )
    case S_IFLNK:
      throw InputFailure(
        message: "\(target): is a symbolic link; \(option) replaces only a regular file or writes a new one")
    default:
      throw InputFailure(
        message: "\(target): is not a regular file (a device, FIFO or socket); \(option) writes only regular files")
    }
  }

  /// Appends `data` to the temporary file.
  func write(_ data: Data) throws(InputFailure) {
    let error = data.withUnsafeBytes { StandardStreams.writeAll(descriptor, $0) }
    if error != 0 { throw failure(error) }
  }

  /// Appends `bytes` to the temporary file.
  func write(_ bytes: [UInt8]) throws(InputFailure) {
    let error = bytes.withUnsafeBytes { StandardStreams.writeAll(descriptor, $0) }
    if error != 0 { throw failure(error) }
  }

  /// Appends `bytes` to the temporary file; every short write is continued, every error thrown.
  func write(_ bytes: UnsafeRawBufferPointer) throws(InputFailure) {
    let error = StandardStreams.writeAll(descriptor, bytes)
    if error != 0 { throw failure(error) }
  }

  /// Writes `bytes` at byte `offset` of the temporary file (a header known only at the end).
  func write(_ bytes: [UInt8], at offset: Int) throws(InputFailure) {
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done))
      }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { throw failure(count < 0 ? errno : EIO) }
      done += count
    }
  }

  private func failure(_ error: Int32) -> InputFailure {
    InputFailure(message: "\(target): cannot write \(noun) (\(String(cString: strerror(error))))")
  }

  /// Makes the temporary file the target: flushes it to disk, checks that it holds `expectedSize`
  /// bytes when given (what was produced), checks the target again (it must still be a regular file
  /// or absent), renames, and flushes the folder so the rename itself is on disk. On failure the
  /// temporary file is removed and the target is as it was.
  func commit(expectedSize: UInt64? = nil) throws(InputFailure) {
    // Holding the cleanup lock, a signal cannot remove the file between the checks and the rename.
    let result: InputFailure? = InterruptionCleanup.shared.withLock { cleanup in
      if descriptor >= 0 {
        let synced = fsync(descriptor) == 0 || errno == EINVAL
        let syncError = errno
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? UInt64(status.st_size) : nil
        let closed = close(descriptor) == 0
        let closeError = errno
        descriptor = -1
        guard synced else { return failure(syncError) }
        guard closed else { return failure(closeError) }
        if let expectedSize, size != expectedSize {
          return InputFailure(
            message:
              "\(target): cannot write \(noun) (\(size.map(String.init) ?? "an unknown number of") bytes written of \(expectedSize))"
          )
        }
      }
      do throws(InputFailure) {
        _ = try ReplacementFile.checkTarget(target, noun: noun, option: option)
      } catch {
        return error
      }
      guard rename(temporaryPath, target) == 0 else {
        return InputFailure(message: "\(target): cannot write \(noun) (\(String(cString: strerror(errno))))")
      }
      cleanup.files.remove(temporaryPath)
      syncFolder()
      return nil
    }
    if let result {
      discard()
      throw result
    }
  }

  /// Flushes the target's folder, so that the rename survives a crash (best effort: some file
  /// systems refuse fsync on a folder).
  private func syncFolder() {
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      _ = fsync(fd)
      close(fd)
    }
  }

  /// Removes the temporary file (if it is still there); the target is not touched.
  func discard() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    InterruptionCleanup.shared.withLock { cleanup in
      if cleanup.files.remove(temporaryPath) != nil { unlink(temporaryPath) }
    }
  }
}
