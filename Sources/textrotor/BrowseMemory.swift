import Foundation
import TextRotor

/// Where browse left off in a document, and its named bookmarks, kept between sessions.
///
/// One JSON file per document under `$XDG_STATE_HOME/textrotor/browse/` (default
/// `~/.local/state/textrotor/browse/`), named by a hash of the document's real path: never in the
/// document's folder, which may be read-only or shared. The file also holds a hash of the document's
/// text, so an edited document (whose offsets no longer mean the same place) starts at the top and
/// keeps no stale bookmarks. Written atomically (a temporary file in the same folder, then rename(2)),
/// so a crash leaves the old state or the new one, never half of one.
struct BrowseMemory: Codable, Equatable {
  var path: String
  var textHash: String
  var position: Int
  var bookmarks: [Mark]

  struct Mark: Codable, Equatable {
    var name: String
    var position: Int
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

  /// The state file of the document at `realPath`.
  static func file(for realPath: String) -> String? {
    folder.map { $0 + "/" + fingerprint(Array(realPath.utf8)) + ".json" }
  }

  /// The kept state of a document, if there is one for this path and this text.
  static func load(realPath: String, textHash: String) -> BrowseMemory? {
    guard let file = file(for: realPath), let data = FileManager.default.contents(atPath: file),
      let memory = try? JSONDecoder().decode(BrowseMemory.self, from: data),
      memory.path == realPath, memory.textHash == textHash
    else { return nil }
    return memory
  }

  /// Writes the state atomically; a failure (a read-only home) is reported once on standard error
  /// and does not stop the session.
  func save() throws {
    guard let file = Self.file(for: path), let folder = Self.folder else { return }
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try encoder.encode(self).write(to: URL(fileURLWithPath: file), options: [.atomic])
  }
}
