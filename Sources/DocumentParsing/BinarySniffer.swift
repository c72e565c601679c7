/// Tells input that is clearly not text: a known binary file signature, or a high share of control
/// characters in the first 8 KiB once UTF-16/UTF-32 are recognised. A stray NUL is not binary (it
/// becomes U+FFFD with a diagnostic); see docs/ENCODINGS.md.
enum BinarySniffer {
  /// How much of the input the control-character share is measured on.
  static let sampleLength = 8192
  /// The share of control characters (in percent) from which input is binary. Text has almost none
  /// besides ``textControls`` (which are not counted); random or compressed bytes have about 11%.
  static let controlPercent = 8
  /// Controls that text uses: backspace (overstruck `man` output), tab, line feed, form feed,
  /// carriage return, escape (terminal colours).
  static let textControls: Set<UInt8> = [0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1B]
  /// At least this many control characters, so that a short text with a few NULs is still text.
  static let minimumControls = 8

  /// What a ZIP archive that is neither an EPUB book nor a Word document is called.
  static let zipKind = "a ZIP archive (or a file built on ZIP: OOXML, ODF, EPUB, JAR)"

  /// Why `head` (the first bytes of an input) is binary, or nil when it may be text.
  /// - Parameter override: the `--encoding` label, used to decode the sample.
  static func reason(_ head: [UInt8], encoding override: String? = nil) -> String? {
    if let kind = signature(head) { return kind }
    let sample = Array(head.prefix(sampleLength))
    guard !sample.isEmpty else { return nil }
    var decoder = InputDecoder(head: sample, format: .text, override: override)
    // Not final: a character cut at the end of the sample is not an error.
    let decoded = sample.withUnsafeBytes { decoder.decode($0, isFinal: sample.count == head.count) }
    var controls = decoder.nulCount
    var characters = 0
    for byte in decoded {
      if byte & 0xC0 != 0x80 { characters += 1 }
      if (byte < 0x20 && !textControls.contains(byte)) || byte == 0x7F {
        controls += 1
      }
    }
    guard controls >= minimumControls, controls * 100 >= characters * controlPercent else { return nil }
    let percent = controls * 100 / max(1, characters)
    return "\(percent)% control characters in the first \(sample.count) bytes"
  }

  /// The kind of file a known signature ("magic number") at the start names, or nil.
  static func signature(_ bytes: [UInt8]) -> String? {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
    }
    func starts(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "a PNG image" }
    if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
    if starts("GIF87a") || starts("GIF89a") { return "a GIF image" }
    if starts("%PDF-") { return "a PDF document" }
    if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) || starts([0x50, 0x4B, 0x07, 0x08]) {
      return zipKind
    }
    if starts([0x1F, 0x8B]) { return "gzip-compressed data" }
    if starts("BZh"), bytes.count >= 10, (0x31...0x39).contains(bytes[3]),
      starts([0x31, 0x41, 0x59, 0x26, 0x53, 0x59], at: 4) || starts([0x17, 0x72, 0x45, 0x38, 0x50, 0x90], at: 4)
    {
      return "bzip2-compressed data"
    }
    if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz-compressed data" }
    if starts([0x28, 0xB5, 0x2F, 0xFD]) { return "zstd-compressed data" }
    if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return "a 7z archive" }
    if starts("Rar!\u{1A}\u{07}") { return "a RAR archive" }
    if starts("ustar", at: 257) { return "a tar archive" }
    if starts([0x7F, 0x45, 0x4C, 0x46]) { return "an ELF executable or library" }
    if starts([0xFE, 0xED, 0xFA, 0xCE]) || starts([0xFE, 0xED, 0xFA, 0xCF]) || starts([0xCE, 0xFA, 0xED, 0xFE])
      || starts([0xCF, 0xFA, 0xED, 0xFE])
    {
      return "a Mach-O executable or library"
    }
    if starts([0xCA, 0xFE, 0xBA, 0xBE]) { return "a Java class file (or a Mach-O universal binary)" }
    if starts("MZ"), bytes.count >= 0x40 {
      let peOffset = Int(bytes[0x3C]) | Int(bytes[0x3D]) << 8 | Int(bytes[0x3E]) << 16 | Int(bytes[0x3F]) << 24
      if peOffset >= 0x40, peOffset < bytes.count - 4, starts([0x50, 0x45, 0x00, 0x00], at: peOffset) {
        return "a Windows (PE) executable or library"
      }
    }
    if starts([0x00, 0x61, 0x73, 0x6D]) { return "a WebAssembly module" }
    if starts("SQLite format 3\u{0}") { return "an SQLite database" }
    if starts([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
      return "an OLE2 compound file (old Microsoft Office)"
    }
    if starts("II*\u{0}") || starts("MM\u{0}*") { return "a TIFF image" }
    if starts("RIFF"), bytes.count >= 12 {
      if starts("WEBP", at: 8) { return "a WebP image" }
      if starts("WAVE", at: 8) { return "a WAV audio file" }
      if starts("AVI ", at: 8) { return "an AVI video" }
    }
    if starts("ftyp", at: 4) { return "an MP4/QuickTime/HEIF media file" }
    if starts("OggS") { return "an Ogg media file" }
    if starts("fLaC") { return "a FLAC audio file" }
    if starts("ID3"), bytes.count >= 6, (2...4).contains(bytes[3]), bytes[4] == 0 { return "an MP3 audio file" }
    if starts("wOFF") || starts("wOF2") { return "a WOFF font" }
    if starts("OTTO") || starts([0x00, 0x01, 0x00, 0x00, 0x00]) { return "an OpenType/TrueType font" }
    return nil
  }
}
