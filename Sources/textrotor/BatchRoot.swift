import Foundation
import Output

#if canImport(Glibc)
  import Glibc
#endif

/// The folder `batch --root DIR` lets `path` requests read from, and the check of each path.
///
/// A request's path is relative to the root and must stay beneath it: an absolute path, an empty
/// component or a `..` component is refused as it is written; what is left is resolved with
/// `realpath(3)` and must still be the root or beneath it, so no symbolic link leads out (a link
/// inside the tree to a file inside the tree is read). The file is then opened as every input is:
/// regular files only, the size limit before reading (`InputSource`). Without `--root` no `path`
/// request is served: a request line must not be able to read `/etc/shadow` or `/proc/self/environ`.
struct BatchRoot: Sendable {
  /// The root as given (paths are read as `given/relative`, so messages and extensions are the request's).
  let given: String
  /// The root's real path (no links, no `..`).
  let real: String

  /// Why a root or a path was refused.
  struct Refusal: Error {
    var message: String
    /// "request" (the path asks for something outside the root) or "read" (it does not exist).
    var kind = "request"
  }

  /// Checks that `path` is an existing folder.
  init(_ path: String) throws(Refusal) {
    guard let resolved = RealPath.of(path) else {
      throw Refusal(message: "--root \(path): \(String(cString: strerror(errno)))")
    }
    real = resolved
    var status = stat()
    guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw Refusal(message: "--root \(path): not a folder")
    }
    given = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// The path to read for a request's `path`, or a refusal saying why it is not beneath the root.
  func resolve(_ relative: String) throws(Refusal) -> String {
    if relative.hasPrefix("/") {
      throw Refusal(message: "\"path\" \(quoted(relative)) is absolute; paths are relative to --root")
    }
    let components = relative.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains("..") {
      throw Refusal(message: "\"path\" \(quoted(relative)) has a \"..\" component; paths stay beneath --root")
    }
    if relative.utf8.contains(0) { throw Refusal(message: "\"path\" contains a NUL character") }
    let joined = given + "/" + relative
    guard let target = RealPath.of(joined) else {
      // Missing, or a dangling link (never followed: its target could appear later, anywhere).
      let reason = errno == ENOENT ? "no such file" : "cannot read: \(String(cString: strerror(errno)))"
      throw Refusal(message: "\(joined): \(reason)", kind: "read")
    }
    guard RealPath.contains(real, target) else {
      throw Refusal(message: "\"path\" \(quoted(relative)) leads out of --root (through a symbolic link)")
    }
    return joined
  }

  private func quoted(_ text: String) -> String {
    var json: [UInt8] = []
    JSONWriter.appendQuoted(text, to: &json)
    return String(decoding: json, as: UTF8.self)
  }
}
