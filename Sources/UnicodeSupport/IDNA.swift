internal import CICU

/// UTS #46 IDNA processing (ICU's `uidna_openUTS46`) for domain names in links and e-mail addresses.
///
/// Uses nontransitional processing with the STD3 rules, BiDi and CONTEXTJ checks, as browsers do.
/// One processor may serve several threads at once.
package final class IDNA: Sendable {
  /// ICU's processor: immutable once opened.
  private let processor: SharedICUObject

  /// Opens a UTS #46 processor with browser-like options.
  package init() throws(ICUError) {
    var status = CICU_ZERO_ERROR
    let options = UInt32(
      CICU_IDNA_USE_STD3_RULES | CICU_IDNA_CHECK_BIDI | CICU_IDNA_CHECK_CONTEXTJ | CICU_IDNA_NONTRANSITIONAL_TO_ASCII
        | CICU_IDNA_NONTRANSITIONAL_TO_UNICODE)
    guard let opened = cicu_uidna_openUTS46(options, &status), !status.isICUFailure else {
      throw ICUError(status, "uidna_openUTS46")
    }
    processor = SharedICUObject(opened) { cicu_uidna_close($0) }
  }

  /// The ASCII (Punycode) form of a domain name, or nil when UTS #46 reports any error
  /// (disallowed characters, empty labels, bad hyphens, BiDi violations, over-long labels).
  package func toASCII(_ name: String) -> String? {
    convert(name, toASCII: true)
  }

  /// The Unicode form of a domain name, or nil when it is not well formed.
  package func toUnicode(_ name: String) -> String? {
    convert(name, toASCII: false)
  }

  private func convert(_ name: String, toASCII: Bool) -> String? {
    guard !name.isEmpty else { return nil }
    let handle = processor.handle
    var input = name
    var errors: UInt32 = 0
    let result = input.withUTF8 { (bytes) -> String? in
      let converted = try? withGrowingCharBuffer(initialCapacity: bytes.count * 4 + 16, "uidna") {
        buffer, capacity, status in
        bytes.withMemoryRebound(to: CChar.self) { chars in
          toASCII
            ? cicu_uidna_nameToASCII_UTF8(
              handle, chars.baseAddress!, Int32(chars.count), buffer, capacity, &errors, &status)
            : cicu_uidna_nameToUnicodeUTF8(
              handle, chars.baseAddress!, Int32(chars.count), buffer, capacity, &errors, &status)
        }
      }
      return converted
    }
    guard let result, errors == 0, !result.isEmpty else { return nil }
    return result
  }
}
