import Detection
import DocumentParsing
import Speech
import TestSupport
import Testing
import TextModel

@Suite struct SymbolsDicTests {
  static let dic = """
    # A user's symbols.dic in NVDA's format.
    complexSymbols:
    . sentence ending\t(?<=[^\\s.])\\.(?=[\\"'”’)\\s]|$)

    symbols:
    \\#\thash\tsome
    ~\tsquiggle\tnone
    ?\tquery\talways
    Functions
    &\tampersand\tloud
    """

  @Test func entriesOverrideNamesAndLevelsAndUnreadableLinesAreReported() throws {
    var table = SymbolTable(language: "en")
    let result = try table.load(symbolsDic: Self.dic)
    #expect(result.loaded == 3)
    #expect(result.unreadableLines == [9, 10])
    #expect(table["#"]?.name == "hash")
    #expect(table["~"]?.level == PunctuationLevel.none)
    let options = SpeechOptions(locale: "en", punctuation: .none, symbolTables: ["en": table])
    // "~" is named even at level none now; "#" (level some) is not.
    #expect(SpeechRenderer.speak("a ~ b #4", language: "en", options: options).plainText() == "a squiggle b 4")
  }

  @Test func aFileWithoutASymbolsSectionIsAnError() {
    var table = SymbolTable(language: "en")
    #expect(throws: SymbolFileError.self) { try table.load(symbolsDic: "# just a comment\nhello\tworld\n") }
  }
}
