#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file with given bytes under /tmp for as long as `body` runs (then removed): for tests that
/// must read through a path (regular-file fast paths, two-thread readers).
public enum TemporaryFile {
  /// Why a temporary file could not be made.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// Writes `bytes` to a new file named after `prefix` and calls `body` with its path.
  public static func with<Result>(
    _ bytes: [UInt8], prefix: String = "textrotor-test", _ body: (String) throws -> Result
  ) throws -> Result {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw Failure(description: "mkstemp failed for /tmp/\(prefix)") }
    let path = String(cString: template)
    defer { unlink(path) }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else {
      throw Failure(description: "wrote \(written) of \(bytes.count) bytes to \(path)")
    }
    return try body(path)
  }
}
