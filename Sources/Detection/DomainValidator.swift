internal import UnicodeSupport

/// Checks that a host is a well-formed domain name: non-empty labels of at most 63 bytes, a real
/// top-level domain when one is required, and UTS #46 processing without errors (ICU `uidna_nameToASCII`,
/// which rejects disallowed characters, bad hyphens and BiDi violations).
struct DomainValidator: Sendable {
  /// File extensions that are also country-code or generic top-level domains. A bare name such as
  /// "setup.py", "readme.md" or "clip.mov" is a file, not a link, unless a scheme, "www." or a path
  /// says otherwise.
  static let fileLikeTLDs: Set<String> = [
    "py", "sh", "pl", "pm", "md", "rs", "zip", "mov", "ps", "so", "sc", "ml", "cs", "mp", "ts", "rb", "jl", "gz", "ini",
    "log", "doc", "exe", "dll", "txt", "csv", "json", "yml", "yaml",
  ]

  /// One UTS #46 processor for the process (opening one costs more than using it), shared by the
  /// detection's threads.
  private static let idna = try? IDNA()

  /// The result of a check: the top-level domain and the ASCII form.
  struct Checked {
    /// The top-level domain, lowercase.
    var tld: String
  }

  /// Validates `host` (as written). `requireTLD` asks for a listed top-level domain.
  func check(_ host: Substring, requireTLD: Bool) -> Checked? {
    let utf8 = host.utf8
    guard !utf8.isEmpty else { return nil }
    // One pass over the bytes: labels non-empty; for ASCII names, at most 63 bytes and no hyphen
    // at either end; note Punycode labels ("xn--") and where the last label starts.
    var isASCII = true
    var asciiLabelsOK = true
    var punycode = false
    var labels = 0
    var labelLength = 0
    var first: UInt8 = 0
    var last: UInt8 = 0
    var lastStart = utf8.startIndex
    var index = utf8.startIndex
    while true {
      let atEnd = index == utf8.endIndex
      let byte: UInt8 = atEnd ? 0x2E : utf8[index]
      if byte == 0x2E {
        if labelLength == 0 { return nil }
        if labelLength > 63 || first == 0x2D || last == 0x2D { asciiLabelsOK = false }
        labels += 1
        if atEnd { break }
        labelLength = 0
        index = utf8.index(after: index)
        lastStart = index
        continue
      }
      if byte >= 0x80 { isASCII = false }
      if labelLength == 0 {
        first = byte
        if byte | 0x20 == 0x78, utf8[index...].prefix(4).map({ $0 | 0x20 }) == [0x78, 0x6E, 0x2D | 0x20, 0x2D | 0x20] {
          punycode = true
        }
      }
      last = byte
      labelLength += 1
      index = utf8.index(after: index)
    }
    guard labels >= 2 else { return nil }
    let tldBytes = utf8[lastStart...]
    if tldBytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return nil }
    let tldText = String(Substring(tldBytes))
    let tld = tldBytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 }) ? tldText.lowercased() : tldText
    if requireTLD && !LinkProperties.topLevelDomains.contains(tld) { return nil }
    if isASCII {
      guard utf8.count <= 253, asciiLabelsOK else { return nil }
      if punycode {
        for label in host.split(separator: ".") where label.lowercased().hasPrefix("xn--") {
          if Self.idna?.toUnicode(String(label)) == nil { return nil }
        }
      }
      return Checked(tld: tld)
    }
    guard Self.idna?.toASCII(String(host)) != nil else { return nil }
    return Checked(tld: tld)
  }
}
