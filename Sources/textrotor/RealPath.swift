#if canImport(Glibc)
  import Glibc
#endif

/// Real paths (`realpath(3)`: no links, no `.` or `..`) and whether one lies in a folder: the one
/// check `batch --root` and `detect --recursive` make before reading through a link.
enum RealPath {
  /// The real path of `path`, or nil with `errno` set (missing, a dangling link, no permission).
  static func of(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether the real path `path` is the real folder `folder` or beneath it.
  static func contains(_ folder: String, _ path: String) -> Bool {
    folder == "/" || path == folder || path.hasPrefix(folder + "/")
  }
}
