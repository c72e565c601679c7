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

  /// The result of a check: the top-level domain and the ASCII form.
  struct Checked {
    var tld: String
    var ascii: String
  }

  /// Validates `host` (as written). `requireTLD` asks for a listed top-level domain.
  func check(_ host: Substring, requireTLD: Bool) -> Checked? {
    guard !host.isEmpty else { return nil }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2 else { return nil }
    // Lengths are checked on the ASCII form (UTS #46 reports over-long Punycode labels as errors).
    for label in labels where label.isEmpty { return nil }
    let tld = labels.last!.lowercased()
    if requireTLD && !LinkProperties.topLevelDomains.contains(tld) { return nil }
    if tld.allSatisfy({ $0.isNumber }) { return nil }
    let isASCII = host.utf8.allSatisfy { $0 < 0x80 }
    if isASCII {
      guard host.utf8.count <= 253, labels.allSatisfy({ $0.utf8.count <= 63 }) else { return nil }
      // The ASCII rules of UTS #46 with STD3: letters, digits, hyphens; no hyphen at either end of a label.
      for label in labels {
        if label.utf8.first == 0x2D || label.utf8.last == 0x2D { return nil }
        if label.lowercased().hasPrefix("xn--"), IDNAHolder.shared.idna?.toUnicode(String(label)) == nil { return nil }
      }
      return Checked(tld: tld, ascii: host.lowercased())
    }
    guard let ascii = IDNAHolder.shared.idna?.toASCII(String(host)) else { return nil }
    return Checked(tld: tld, ascii: ascii)
  }
}

/// One UTS #46 processor per process (opening one costs more than using it). ICU's UIDNA is
/// thread-safe for concurrent use once opened.
final class IDNAHolder: @unchecked Sendable {
  static let shared = IDNAHolder()
  let idna: IDNA?
  private init() { idna = try? IDNA() }
}
