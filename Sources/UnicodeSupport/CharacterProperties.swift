internal import CICU

/// Unicode character properties from ICU, for scalars.
package enum CharacterProperties {
  /// The decimal digit value of a scalar (0…9 for ASCII, fullwidth, Arabic-Indic, Devanagari… digits), or nil.
  @inline(__always)
  package static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
    if scalar.value >= 0x30 && scalar.value <= 0x39 { return Int(scalar.value - 0x30) }
    if scalar.value < 0x80 { return nil }
    let value = cicu_u_charDigitValue(Int32(bitPattern: scalar.value))
    return value >= 0 && value <= 9 ? Int(value) : nil
  }

  /// Whether the scalar is a letter (general category L*).
  package static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    cicu_u_hasBinaryProperty(Int32(bitPattern: scalar.value), CICU_PROPERTY_ALPHABETIC) != 0
  }

  /// ICU's name for the scalar ("RATIO", "FULLWIDTH DIGIT ZERO").
  package static func name(_ scalar: Unicode.Scalar) -> String? {
    let name = try? withGrowingCharBuffer(initialCapacity: 64, "u_charName") { buffer, capacity, status in
      cicu_u_charName(Int32(bitPattern: scalar.value), buffer, capacity, &status)
    }
    return (name?.isEmpty ?? true) ? nil : name
  }

  /// The ISO 15924 script code ICU assigns to the scalar, as ICU's numeric UScriptCode.
  package static func scriptCode(_ scalar: Unicode.Scalar) -> Int {
    var status = CICU_ZERO_ERROR
    return Int(cicu_uscript_getScript(Int32(bitPattern: scalar.value), &status))
  }
}
