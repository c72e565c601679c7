import Foundation
import Testing

/// `speak` says MathML formulas from their structure (issue 44, row 1), end to end.
@Suite struct SpeakMathCommandTests {
  static let dose = Data("<p>Dose: <math><mn>2</mn><mfrac><mn>3</mn><mn>4</mn></mfrac></math> tablets</p>".utf8)

  @Test func aDoseIsSaidAsAMixedNumber() throws {
    let result = try CLIRunner.run(["speak", "-", "--input", "html"], input: Self.dose)
    #expect(result.status == 0)
    #expect(result.stdout.contains("2 and 3 fourths tablets"))
    #expect(!result.stdout.contains("234"))
  }

  @Test func theReadingViewShowsTheFormulasSpokenForm() throws {
    let result = try CLIRunner.run(["parse", "-", "--input", "html"], input: Self.dose)
    #expect(result.stdout == "Dose: 2 and 3 fourths tablets\n")
  }

  @Test func ssmlCarriesTheFormulasSpeech() throws {
    let page = Data("<p><math alttext=\"x &lt; 1\"><mi>x</mi><mo>&lt;</mo><mn>1</mn></math></p>".utf8)
    let result = try CLIRunner.run(["speak", "-", "--input", "html", "--format", "ssml"], input: page)
    #expect(result.status == 0)
    #expect(result.stdout.contains("x &lt; 1"))
  }
}
