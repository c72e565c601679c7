/// Why a document could not be read at all. Recoverable problems are diagnostics, not errors.
public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not exist.
  case fileNotFound(path: String)
  /// The file exists but cannot be read (permissions, a directory, an I/O error).
  case unreadable(path: String, reason: String)
  /// The path names a FIFO, a device, a socket or another non-regular file (`kind`: "a FIFO",
  /// "a character device"…); only regular files are read by name (`-` reads standard input).
  case notRegularFile(path: String, kind: String)
  /// The input is binary data, not a document; `kind` says why ("a PNG image",
  /// "31% control characters in the first 8192 bytes").
  case binary(path: String, kind: String)
  /// The parser could not start or gave up with nothing recovered.
  case malformed(path: String, reason: String)

  /// The problem in one line, naming the input, as the CLI prints it.
  public var description: String {
    switch self {
    case .fileNotFound(let path): "\(path): no such file"
    case .unreadable(let path, let reason): "\(path): cannot read: \(reason)"
    case .notRegularFile(let path, let kind): "\(path): not a regular file (\(kind))"
    case .binary(let path, let kind): "\(path): binary data (\(kind)), not a document"
    case .malformed(let path, let reason): "\(path): \(reason)"
    }
  }
}
