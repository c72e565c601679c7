import Foundation
import Testing

/// Language identification end to end: `parse` shows detected runs, `detect` reads national numbers
/// in the region of their language with no `--region`, `--no-detect-language` turns it off.
@Suite struct LanguageDetectionCommandTests {
  static let contact = """
    お問い合わせ：03-1234-5678
    电话：010-6552 9988
    Gọi 028 3822 1234
    Rufen Sie 030 12345678 an
    Réservations au 01 42 68 53 00

    """

  @Test func detectFindsEachNationalNumberInItsLanguagesRegionWithoutARegion() throws {
    let result = try CLIRunner.run(
      ["detect", "-", "--input", "text", "--kinds", "phone", "--format", "tsv"], input: Data(Self.contact.utf8))
    #expect(result.status == 0)
    let values = result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t")[5] }
    #expect(
      values == ["tel:+81312345678", "tel:+861065529988", "tel:+842838221234", "tel:+493012345678", "tel:+33142685300"])
  }

  @Test func explainSaysWhichLanguageDecidedTheRegion() throws {
    let result = try CLIRunner.run(
      ["detect", "-", "--input", "text", "--format", "text", "--explain"],
      input: Data("Rufen Sie 030 12345678 an\n".utf8))
    #expect(result.stdout.contains("valid DE fixedLine, national format; region from detected language de"))
  }

  @Test func parseShowsDetectedLanguagesAndTheFlagTurnsThemOff() throws {
    let on = try CLIRunner.run(["parse", "-", "--input", "text", "--format", "json"], input: Data(Self.contact.utf8))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(on.stdout.utf8)) as? [String: Any])
    let runs = try #require(object["runs"] as? [[String: Any]])
    let detected = runs.filter { $0["detected"] as? Bool == true }.compactMap { $0["language"] as? String }
    #expect(detected == ["ja", "zh", "vi", "de", "fr"])
    #expect(runs.allSatisfy { ($0["confidence"] as? Double).map { $0 > 0 && $0 <= 1 } ?? true })

    let off = try CLIRunner.run(
      ["parse", "-", "--input", "text", "--format", "json", "--no-detect-language"], input: Data(Self.contact.utf8))
    #expect(!off.stdout.contains("\"detected\""))
    let detectOff = try CLIRunner.run(
      ["detect", "-", "--input", "text", "--format", "text", "--explain", "--no-detect-language"],
      input: Data("Rufen Sie 030 12345678 an\n".utf8))
    #expect(!detectOff.stdout.contains("detected language"))
  }

  @Test func speechUsesTheDetectedLanguage() throws {
    let result = try CLIRunner.run(
      ["speak", "-", "--input", "text", "--format", "ssml"],
      input: Data("Rufen Sie uns an, wir freuen uns auf Ihren Besuch im Park.\n".utf8))
    #expect(result.stdout.contains("<lang xml:lang=\"de\">"))
  }
}
