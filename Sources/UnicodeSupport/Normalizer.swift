internal import CICU

/// Unicode normalization through ICU (NFKC folds fullwidth forms, ratio signs, superscripts).
package struct Normalizer: Sendable {
  /// The normalization form.
  package enum Form: Sendable { case nfc, nfkc }
  /// Which form this normalizer produces.
  package let form: Form

  /// A normalizer to `form`.
  package init(_ form: Form) { self.form = form }

  /// The normalized text.
  package func normalize(_ text: String) throws(ICUError) -> String {
    var status = CICU_ZERO_ERROR
    let instance = form == .nfc ? cicu_unorm2_getNFCInstance(&status) : cicu_unorm2_getNFKCInstance(&status)
    guard let instance, !status.isICUFailure else { throw ICUError(status, "unorm2_getInstance") }
    let source = Array(text.utf16)
    if source.isEmpty { return text }
    let units = try source.withUnsafeBufferPointer { (src) throws(ICUError) -> [UInt16] in
      try withGrowingUTF16Buffer(initialCapacity: src.count * 2 + 8, "unorm2_normalize") { buffer, capacity, status in
        cicu_unorm2_normalize(instance, src.baseAddress!, Int32(src.count), buffer, capacity, &status)
      }
    }
    return String(decoding: units, as: UTF16.self)
  }
}
