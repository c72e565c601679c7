import Testing

@testable import Detection

/// The base64 decoder of the phone metadata (run at every start of the CLI): four letters at a
/// time, against the letter-by-letter decoding it replaces.
@Suite struct Base64Tests {
  static func letterByLetter(_ text: String) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var buffer: UInt32 = 0
    var bits: UInt32 = 0
    var out: [UInt8] = []
    for byte in text.utf8 {
      guard let value = alphabet.firstIndex(of: byte) else { continue }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> bits))
      }
    }
    return out
  }

  @Test func knownValuesDecode() {
    #expect(Base64.decode("TWFu") == Array("Man".utf8))
    #expect(Base64.decode("TWE=") == Array("Ma".utf8))
    #expect(Base64.decode("TQ==") == Array("M".utf8))
    #expect(Base64.decode("") == [])
  }

  /// Line breaks, indentation, padding and stray characters anywhere, also inside a group of four.
  @Test func randomTextWithBreaksAnywhereDecodesAsLetterByLetter() {
    var generator = SystemRandomNumberGenerator()
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    let other: [Character] = ["\n", " ", "=", "\t", "!", "é"]
    for _ in 0..<200 {
      var text = ""
      for _ in 0..<Int.random(in: 0...300, using: &generator) {
        text.append(
          Int.random(in: 0..<10, using: &generator) == 0
            ? other.randomElement(using: &generator)! : letters.randomElement(using: &generator)!)
      }
      #expect(Base64.decode(text) == Self.letterByLetter(text), "\(text)")
    }
  }

  /// The whole generated phone table decodes as it did letter by letter.
  @Test func thePhoneTableDecodesAsLetterByLetter() {
    #expect(Base64.decode(phoneMetadataBase64) == Self.letterByLetter(phoneMetadataBase64))
  }
}
