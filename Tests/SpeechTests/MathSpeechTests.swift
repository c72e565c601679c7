import Detection
import DocumentParsing
import Foundation
import Speech
import Testing

@testable import Speech

/// Formulas (MathML) are said from their structure in ClearSpeak's wording (issue 44, row 1), and
/// MathCAT's own ClearSpeak expectations for fractions, powers and roots are met.
@Suite struct MathSpeechTests {
  /// The speech of an HTML page in `language`.
  static func speak(_ html: String, language: String = "en") throws -> String {
    let page = "<!DOCTYPE html><html lang=\"\(language)\"><body><p>\(html)</p></body></html>"
    let document = try DocumentReader().read(bytes: Array(page.utf8), format: .html)
    return SpeechRenderer(document: document, detections: [Detection]()).render().plainText()
  }

  /// Words, lower-cased, without punctuation (a number's decimal point is kept).
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    let scalars = Array(text.lowercased().unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      let isDigitPoint =
        scalar == "." && index > 0 && index + 1 < scalars.count && scalars[index - 1].properties.numericType != nil
        && scalars[index + 1].properties.numericType != nil
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" || isDigitPoint {
        word.unicodeScalars.append(scalar)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  @Test func aDoseIsSaidAsAMixedNumberNotAsGluedDigits() throws {
    let said = try Self.speak("Dose: <math><mn>2</mn><mfrac><mn>3</mn><mn>4</mn></mfrac></math> tablets")
    #expect(Self.words(said) == ["dose", "2", "and", "3", "fourths", "tablets"])
  }

  @Test func aFractionThatIsNoCommonOneIsSaidOver() throws {
    #expect(Self.words(try Self.speak("<math><mfrac><mi>a</mi><mi>b</mi></mfrac></math>")) == ["a", "over", "b"])
    #expect(Self.words(try Self.speak("<math><mfrac><mn>1</mn><mn>2</mn></mfrac></math>")) == ["1", "half"])
  }

  @Test func alttextIsSaidInsteadOfTheStructure() throws {
    let said = try Self.speak("<math alttext=\"one over two\"><mfrac><mn>1</mn><mn>2</mn></mfrac></math>")
    #expect(Self.words(said) == ["one", "over", "two"])
  }

  @Test func invisibleTimesIsNotNamed() throws {
    let said = try Self.speak("<math><mn>2</mn><mo>&#x2062;</mo><mi>x</mi></math>")
    #expect(Self.words(said) == ["2", "x"])
  }

  @Test func scriptsRootsOperatorsAndTablesAreSaid() throws {
    #expect(
      Self.words(try Self.speak("<math><msub><mi>x</mi><mn>1</mn></msub><mo>+</mo><msqrt><mi>y</mi></msqrt></math>"))
        == ["x", "sub", "1", "plus", "the", "square", "root", "of", "y"])
    #expect(Self.words(try Self.speak("<math><mover><mi>x</mi><mo>&#x2D9;</mo></mover></math>")) == ["x", "dot"])
    #expect(
      Self.words(try Self.speak("<math><mtext>for</mtext><mo>|</mo><mi>q</mi><mo>|</mo><mo>&lt;</mo><mn>1</mn></math>"))
        == ["for", "the", "absolute", "value", "of", "q", "is", "less", "than", "1"])
    #expect(
      Self.words(
        try Self.speak("<math><mo>(</mo><mn>1</mn><mo>-</mo><mi>p</mi><msup><mo>)</mo><mi>n</mi></msup></math>"))
        == ["open", "paren", "1", "minus", "p", "close", "paren", "to", "the", "n", "th", "power"])
    let matrix = try Self.speak(
      "<math><mo>(</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr>"
        + "<mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable><mo>)</mo></math>")
    #expect(Self.words(matrix) == ["the", "2", "by", "2", "matrix", "row", "1", "1", "0", "row", "2", "0", "1"])
  }

  @Test func xhtmlWithANamespacePrefixIsReadToo() throws {
    let xml =
      "<doc xmlns:m=\"http://www.w3.org/1998/Math/MathML\"><p>Take <m:math><m:mfrac><m:mn>1</m:mn><m:mn>3</m:mn>"
      + "</m:mfrac></m:math> cup</p></doc>"
    let document = try DocumentReader().read(bytes: Array(xml.utf8), format: .xml)
    let said = SpeechRenderer(document: document, detections: [Detection]()).render().plainText()
    #expect(Self.words(said) == ["take", "1", "third", "cup"])
  }

  @Test(arguments: [
    ("zh", ["4分之3"]), ("ja", ["4分の3"]), ("vi", ["3", "phần", "4"]), ("ar", ["3", "على", "4"]),
  ])
  func otherLanguagesSayFractionsWithTheirOwnWords(language: String, expected: [String]) throws {
    let said = try Self.speak("<math><mfrac><mn>3</mn><mn>4</mn></mfrac></math>", language: language)
    #expect(Self.words(said) == expected)
  }

  @Test func theReadingViewKeepsTheFormulasCharacters() throws {
    let page = "<p>Dose: <math><mn>2</mn><mfrac><mn>3</mn><mn>4</mn></mfrac></math> tablets</p>"
    let document = try DocumentReader().read(bytes: Array(page.utf8), format: .html)
    #expect(document.text == "Dose: 234 tablets")
    #expect(document.math.count == 1)
    #expect(document.math.first.map { document[$0.range] } == "234")
  }

  /// MathCAT's English ClearSpeak cases at default preferences (Tests/SpeechTests/MathCAT/clearspeak.tsv,
  /// from tools/extract_mathcat_clearspeak.py): at least 90% said the same.
  @Test func mathCATsClearSpeakCasesAreSaidTheSame() throws {
    var path = #filePath
    path = String(path[..<path.lastIndex(of: "/")!]) + "/MathCAT/clearspeak.tsv"
    let data = try String(contentsOfFile: path, encoding: .utf8)
    var total = 0
    var same = 0
    var differing: [String] = []
    for line in data.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, fields[2] == "default" else { continue }
      total += 1
      let said = try Self.speak(fields[3])
      if Self.words(said) == Self.words(fields[4]) { same += 1 } else { differing.append("\(fields[1]): \(said)") }
    }
    #expect(total == 47)
    #expect(same * 10 >= total * 9, "\(same)/\(total); differing: \(differing)")
  }
}
