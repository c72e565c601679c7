internal import CLibZip

/// A ZIP container (EPUB, DOCX) read in memory through libzip, with every entry bounded.
///
/// Nothing is extracted: the archive is opened over the bytes already read (`zip_source_buffer`),
/// and an entry is looked up by its stored name, which is only ever compared, never opened as a
/// file. Limits (docs/LIMITS.md):
/// - at most ``maximumEntries`` entries;
/// - an entry is read only up to its declared size, and an entry that inflates past it is refused
///   (a zip bomb that lies about its size stops one byte past the lie);
/// - a declared size over ``maximumRatio`` times the compressed size (past 1 MiB) is refused before
///   a byte is inflated, and so is one that would take the bytes inflated so far, every read
///   counted, past `--max-input-bytes`;
/// - names with `..` segments, absolute names and backslashes are refused when asked for;
/// - encrypted entries are refused; a CRC mismatch or a cut stream is an error naming the entry.
final class ZipArchive {
  /// What the central directory says about an entry.
  struct Entry {
    var name: String
    var size: Int
    var compressedSize: Int
    var encrypted: Bool
  }

  /// The most entries an archive may declare (a book has hundreds; 100,000 names is an attack on
  /// memory and time, not a book).
  static let maximumEntries = 65_536
  /// The largest inflate ratio believed for an entry larger than ``ratioFloor`` (text compresses
  /// 3–10×; a zip bomb, 1,000×).
  static let maximumRatio = 100
  /// Entries up to this inflated size are not held to ``maximumRatio`` (a small run of repeated bytes).
  static let ratioFloor = 1 << 20

  let name: String
  private let bytes: [UInt8]
  private let archive: OpaquePointer
  private(set) var entries: [Entry] = []
  private var indexByName: [String: Int] = [:]
  /// The most bytes all the entries read may inflate to, together (`--max-input-bytes`).
  let maximumBytes: Int
  /// The bytes inflated so far, every read counted (an entry read twice counts twice).
  private(set) var inflated = 0

  /// Opens `bytes` (a whole archive) named `name` in messages.
  init(bytes: [UInt8], name: String, maximumBytes: Int) throws(ReadError) {
    if let declared = Self.declaredEntryCount(bytes), declared > Self.maximumEntries {
      // Before libzip reads the central directory: 100,000 entries take it seconds.
      throw .malformed(
        path: name,
        reason: "the ZIP container declares \(declared) entries, more than the limit of \(Self.maximumEntries)")
    }
    self.name = name
    self.bytes = bytes
    self.maximumBytes = maximumBytes
    var message = [CChar](repeating: 0, count: 256)
    let opened = self.bytes.withUnsafeBytes { raw in
      message.withUnsafeMutableBufferPointer { text in
        clz_open(raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, UInt64(raw.count), text.baseAddress!, text.count)
      }
    }
    guard let opened else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .malformed(path: name, reason: "not a readable ZIP container (\(reason.lowercased()))")
    }
    archive = opened
    let count = clz_count(archive)
    // Every stored property is set by now: a throw from here runs deinit, which closes the archive.
    if count < 0 || count > Self.maximumEntries {
      throw .malformed(
        path: name,
        reason: "the ZIP container declares \(count) entries, more than the limit of \(Self.maximumEntries)")
    }
    entries.reserveCapacity(Int(count))
    for index in 0..<UInt64(count) {
      var entry = clz_entry()
      guard clz_stat(archive, index, &entry) == 0, let raw = entry.name else { continue }
      let entryName = String(cString: raw)
      entries.append(
        Entry(
          name: entryName, size: Int(clamping: entry.size), compressedSize: Int(clamping: entry.compressedSize),
          encrypted: entry.encrypted != 0))
      if indexByName[entryName] == nil { indexByName[entryName] = Int(index) }
    }
  }

  deinit { clz_close(archive) }

  /// The size of the archive's bytes.
  var byteCount: Int { bytes.count }

  /// The entry count the end of central directory record declares (ZIP64's when the record defers
  /// to it), nil when there is no such record in the last 64 KiB.
  static func declaredEntryCount(_ bytes: [UInt8]) -> Int? {
    func integer(_ at: Int, _ size: Int) -> Int? {
      guard at >= 0, at + size <= bytes.count else { return nil }
      var value = 0
      for index in (0..<size).reversed() { value = value << 8 | Int(bytes[at + index]) }
      return value
    }
    let lowest = max(0, bytes.count - 22 - 0xFFFF)
    var at = bytes.count - 22
    while at >= lowest {
      if integer(at, 4) == 0x0605_4B50 {
        guard let count = integer(at + 10, 2) else { return nil }
        if count == 0xFFFF, integer(at - 20, 4) == 0x0706_4B50, let record = integer(at - 12, 8),
          record < bytes.count, integer(record, 4) == 0x0606_4B50
        {
          return integer(record + 32, 8).map { $0 < 0 ? Int.max : $0 }
        }
        return count
      }
      at -= 1
    }
    return nil
  }

  /// Whether a ZIP local file header starts `head`.
  static func looksLikeZip(_ head: some Collection<UInt8>) -> Bool {
    head.starts(with: [0x50, 0x4B, 0x03, 0x04])
  }

  /// Why a stored name must never be used: absolute, a `..` segment, a backslash or a NUL.
  static func unsafeName(_ name: String) -> Bool {
    if name.hasPrefix("/") || name.contains("\\") || name.utf8.contains(0) { return true }
    if name.utf8.count > 1, name.utf8.dropFirst().first == UInt8(ascii: ":") { return true }  // C:…
    return name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
  }

  /// Whether an entry named `name` exists.
  func contains(_ name: String) -> Bool { indexByName[name] != nil }

  /// The entry named `name`, if it exists.
  func entry(named name: String) -> Entry? { indexByName[name].map { entries[$0] } }

  /// What reading one entry gave: its bytes, nothing (no such entry), or why it cannot be read
  /// while the rest of the container can (an encrypted or corrupt entry, an unsafe name).
  enum Outcome {
    case bytes([UInt8])
    case missing
    case unreadable(String)
  }

  /// The inflated bytes of the entry named `entryName`, nil when there is none.
  /// - Throws: ``ReadError`` naming the container and the entry: an unsafe name, an encrypted entry,
  ///   a size past the limits, an entry that inflates past its declared size, a corrupt stream.
  func read(_ entryName: String) throws(ReadError) -> [UInt8]? {
    switch try readEntry(entryName) {
    case .bytes(let bytes): return bytes
    case .missing: return nil
    case .unreadable(let reason): throw refuse(entryName, reason)
    }
  }

  /// The entry named `entryName`, inflated and charged to the container's budget every time it is
  /// inflated (a caller that needs an entry twice keeps its bytes).
  /// - Throws: ``ReadError`` only for a limit: the container's inflated bytes past
  ///   `--max-input-bytes` (the sum so far, this entry and the limit are named), a declared ratio of
  ///   a zip bomb, an entry that inflates past its declared size. What makes one entry unreadable
  ///   and leaves the others readable is ``Outcome/unreadable(_:)``.
  func readEntry(_ entryName: String) throws(ReadError) -> Outcome {
    if Self.unsafeName(entryName) { return .unreadable("its name leaves the container (absolute or '..')") }
    guard let index = indexByName[entryName] else { return .missing }
    let entry = entries[index]
    if entry.encrypted { return .unreadable("the entry is encrypted") }
    if entry.size > maximumBytes - inflated {
      throw .malformed(
        path: name,
        reason:
          "the container inflates past the limit of \(maximumBytes) bytes (--max-input-bytes): the entries read "
          + "so far inflate to \(inflated) bytes and entry '\(Self.printable(entryName))' adds \(entry.size), "
          + "\(inflated + entry.size) in all")
    }
    if entry.size > Self.ratioFloor, entry.size / max(entry.compressedSize, 1) > Self.maximumRatio {
      throw refuse(
        entryName,
        "it would inflate \(entry.compressedSize) bytes to \(entry.size) (more than \(Self.maximumRatio) times: "
          + "a zip bomb)")
    }
    guard let file = clz_open_entry(archive, UInt64(index)) else {
      return .unreadable(String(cString: clz_archive_error(archive)).lowercased())
    }
    defer { clz_close_entry(file) }
    // One byte more than declared: an entry that inflates past its declared size is found at once.
    var out = [UInt8](repeating: 0, count: entry.size + 1)
    var filled = 0
    var failure: String?
    out.withUnsafeMutableBytes { raw in
      while filled < raw.count {
        let count = clz_read(file, raw.baseAddress! + filled, UInt64(raw.count - filled))
        if count < 0 {
          failure = String(cString: clz_file_error(file)).lowercased()
          return
        }
        if count == 0 { break }
        filled += Int(count)
      }
    }
    inflated += filled
    if filled > entry.size {
      throw refuse(
        entryName, "it inflates past its declared size of \(entry.size) bytes (a zip bomb or a corrupt entry)")
    }
    if let failure { return .unreadable("the entry is corrupt (\(failure))") }
    out.removeSubrange(filled...)
    return .bytes(out)
  }

  private func refuse(_ entry: String, _ reason: String) -> ReadError {
    .malformed(path: name, reason: "entry '\(Self.printable(entry))' cannot be read: \(reason)")
  }

  /// A stored name as a message shows it: controls as `?`, at most 200 characters.
  static func printable(_ name: String) -> String {
    String(
      String(name.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : Character($0) })
        .prefix(200))
  }
}
