#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file or standard input in chunks, without Foundation (this module sees libxml2's ICU headers).
struct InputSource {
  /// The name used in messages ("-" reads standard input and is called "<stdin>").
  let displayName: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  static let chunkSize = 1 << 16

  init(path: String) throws(ReadError) {
    if path == "-" {
      displayName = "<stdin>"
      descriptor = 0
      ownsDescriptor = false
      return
    }
    displayName = path
    // O_NONBLOCK: opening a FIFO with no writer must not wait for one; the descriptor's own type
    // decides (fstat, so nothing can be swapped in between), then reads block again as usual.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if fd < 0 {
      let code = errno
      if code == ENOENT { throw .fileNotFound(path: path) }
      throw .unreadable(path: path, reason: String(cString: strerror(code)))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      _ = posixClose(fd)
      throw .unreadable(path: path, reason: String(cString: strerror(code)))
    }
    if let kind = Self.kindUnlessRegular(info.st_mode) {
      _ = posixClose(fd)
      if kind == "a directory" { throw .unreadable(path: path, reason: "it is a directory") }
      throw .notRegularFile(path: path, kind: kind)
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    descriptor = fd
    ownsDescriptor = true
  }

  /// Reads an open descriptor (standard input, a pipe), which stays open; any kind of file.
  init(descriptor: Int32, name: String) {
    displayName = name
    self.descriptor = descriptor
    ownsDescriptor = false
  }

  /// Opens `path` as ``init(path:)`` does, then refuses a file larger than
  /// `options.maximumInputBytes` before a byte of it is read.
  init(path: String, options: ReaderOptions) throws(ReadError) {
    try self.init(path: path)
    if size > options.maximumInputBytes {
      close()
      throw options.tooLarge(displayName)
    }
  }

  /// What a file of `mode` is when it is not a regular file ("a FIFO", "a device"…); nil for a regular file.
  /// Only regular files are read by name: a FIFO can block for ever, a device (`/dev/zero`,
  /// `/dev/urandom`) never ends, a procfs file lies about its size.
  static func kindUnlessRegular(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }

  /// The size of the file in bytes, when it is a regular file (0 for pipes and terminals).
  var size: Int {
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
    return Int(info.st_size)
  }

  /// Whether the input is a stream whose size is not known ahead (a pipe, a terminal, a socket).
  var isStream: Bool {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return false }
    return (info.st_mode & S_IFMT) != S_IFREG
  }

  /// Reads the next chunk into `buffer`; returns the byte count, 0 at the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ReadError) -> Int {
    while true {
      let count = posixRead(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw .unreadable(path: displayName, reason: String(cString: strerror(errno)))
    }
  }

  /// The file position (nil for a pipe or a terminal).
  var position: Int? {
    let offset = lseek(descriptor, 0, SEEK_CUR)
    return offset < 0 ? nil : Int(offset)
  }

  /// Reads into `buffer` from the file offset `offset` without moving the file position, until the
  /// buffer is full or the file ends; returns the byte count.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(ReadError) -> Int {
    var filled = 0
    while filled < buffer.count {
      let count = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: displayName, reason: String(cString: strerror(errno)))
      }
      filled += count
    }
    return filled
  }

  /// Reads the next chunk; empty at the end.
  func readChunk() throws(ReadError) -> [UInt8] {
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    var count = 0
    var failure: ReadError?
    chunk.withUnsafeMutableBytes { raw in
      do { count = try read(into: raw) } catch { failure = error as? ReadError }
    }
    if let failure { throw failure }
    chunk.removeSubrange(count...)
    return chunk
  }

  /// How many bytes ``readHead()`` waits for: enough for the encoding prescan (1024 bytes) and the
  /// binary check (8 KiB).
  static let headLength = 8192

  /// Reads the first ``headLength`` bytes, or everything when the input is shorter. A pipe's first
  /// read may return a few bytes; the format and the encoding are never decided on such a piece.
  func readHead() throws(ReadError) -> [UInt8] {
    var head = try readChunk()
    while !head.isEmpty && head.count < Self.headLength {
      let more = try readChunk()
      if more.isEmpty { break }
      head.append(contentsOf: more)
    }
    return head
  }

  /// Moves to byte `offset` of a regular file (to read it again another way); false when the
  /// input cannot seek.
  func seek(to offset: Int) -> Bool { lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) }

  func close() { if ownsDescriptor { _ = posixClose(descriptor) } }

  /// Reads everything (plain text is read whole).
  func readAll() throws(ReadError) -> [UInt8] {
    var result: [UInt8] = []
    try readAll(appendingTo: &result, limit: .max)
    return result
  }

  /// Reads the rest of the input into `bytes`, straight into its spare capacity (no chunk arrays, no
  /// copies of the whole): a regular file's size reserves the storage once; at capacity a chunk is
  /// read on the side, so a file read whole is not doubled just to learn it has ended, and a pipe
  /// grows by doubling. Stops once more than `limit` bytes are held (the caller reports the input as
  /// too large).
  func readAll(appendingTo bytes: inout [UInt8], limit: Int) throws(ReadError) {
    let expected = size
    if expected > 0 { bytes.reserveCapacity(bytes.count + min(expected, limit) + 1) }
    while bytes.count <= limit {
      let start = bytes.count
      let spare = bytes.capacity - start
      if spare == 0 {
        let chunk = try readChunk()
        if chunk.isEmpty { return }
        bytes.append(contentsOf: chunk)
        continue
      }
      bytes.append(contentsOf: repeatElement(0, count: spare))
      var count = 0
      var failure: ReadError?
      bytes.withUnsafeMutableBytes { raw in
        do { count = try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...])) } catch {
          failure = error as? ReadError
        }
      }
      bytes.removeSubrange((start + count)...)
      if let failure { throw failure }
      if count == 0 { return }
    }
  }
}

// The system calls under names that InputSource's own `read` and `close` methods do not shadow
// (Glibc on Linux, Darwin on Apple platforms).
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
private func posixClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// A small file read whole by name (alert rules, symbol tables): the same checks as documents, so a
/// FIFO, a device or a socket is refused at once and a file larger than `maximumBytes` is refused
/// before it is read.
package enum RegularFile {
  /// The bytes of the regular file at `path`.
  /// - Throws: ``ReadError`` naming the path (missing, not a regular file, too large, unreadable).
  package static func contents(atPath path: String, maximumBytes: Int = 64 << 20) throws(ReadError) -> [UInt8] {
    let options = ReaderOptions(maximumInputBytes: maximumBytes)
    let source = try InputSource(path: path == "-" ? "./-" : path, options: options)
    defer { source.close() }
    var bytes: [UInt8] = []
    try source.readAll(appendingTo: &bytes, limit: maximumBytes)
    if bytes.count > maximumBytes { throw options.tooLarge(path) }
    return bytes
  }
}
