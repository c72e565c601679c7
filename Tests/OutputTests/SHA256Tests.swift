import Testing

@testable import Output

/// SHA-256 against the FIPS 180-4 examples and lengths around the padding boundary.
@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="),
    ("abc", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE="),
  ])
  func digestsMatchTheStandardsExamples(message: String, digest: String) {
    #expect(SHA256.base64Digest(of: Array(message.utf8)) == digest)
  }

  @Test func aMillionLettersAMatchTheStandard() {
    let digest = SHA256.digest(of: [UInt8](repeating: 0x61, count: 1_000_000))
    #expect(
      digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
