import Testing
import TextModel

@testable import DocumentParsing

/// Issue 55 row 9: table width and container depth bounded before cmark-gfm sees the Markdown, each
/// with a diagnostic at its place, no text lost.
@Suite struct MarkdownBoundsTests {
  static func read(_ markdown: String, maximumDepth: Int = 256) throws -> TextDocument {
    var options = ReaderOptions.default
    options.maximumDepth = maximumDepth
    return try MarkdownReader(options: options).read(bytes: Array(markdown.utf8))
  }

  @Test func aTableWiderThanTheLimitIsReadAsTextWithADiagnosticAtItsFirstPipePastIt() throws {
    let columns = MarkdownBounds.maximumTableColumns + 1
    let markdown =
      "# Wide\n\n|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: "-|", count: columns)
      + "\n|" + String(repeating: "b|", count: columns) + "\n"
    let document = try Self.read(markdown)
    #expect(!document.blocks.contains { $0.kind.name == "table" })
    let warning = try #require(document.diagnostics.first { $0.message.hasPrefix("a table row of") })
    #expect(
      warning.message
        == "a table row of 1001 cells, more than the limit of 1000 columns: the pipes past it are read as text (3 such line(s))"
    )
    #expect(warning.line == 3 && warning.column == 2001 && warning.changesText)
    #expect(document.text.contains("|a|a|a|") && document.text.contains("|b|b|b|"), "header and rows kept as text")
  }

  /// A row wider than the limit in a table at the limit: cmark would drop the cells past the table's
  /// columns; here they stay in the last cell, and what follows the escaped pipes maps to its own bytes.
  @Test func aRowPastTheLimitKeepsItsTextInItsLastCellAndItsPositions() throws {
    let columns = MarkdownBounds.maximumTableColumns
    let markdown =
      "|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: "-|", count: columns) + "\n|"
      + String(repeating: "y|", count: 1500) + "END|\n"
    let document = try Self.read(markdown)
    #expect(document.blocks.contains { $0.kind.name == "table" })
    let text = document.text
    #expect(text.contains("y|y|y|END|"), "the text past the limit stays in the last cell")
    // In a paragraph (cmark's inline positions are exact there), what follows the escaped pipes maps
    // to its own bytes.
    let paragraph = "Intro.\n\nWords " + String(repeating: "y|", count: 1500) + "END here.\n"
    let read = try Self.read(paragraph)
    let end = try #require(read.text.firstRange(of: "END"))
    let source = read.sourceMap.sourceOffset(
      forTextOffset: read.text.utf8.distance(from: read.text.startIndex, to: end.lowerBound))
    #expect(Array(Array(paragraph.utf8)[source..<source + 3]) == Array("END".utf8))
    #expect(text.contains("y|y|y"))
  }

  @Test func aTableAtTheLimitIsStillATable() throws {
    let columns = MarkdownBounds.maximumTableColumns
    let markdown =
      "|" + String(repeating: "a|", count: columns) + "\n|" + String(repeating: ":-:|", count: columns) + "\n"
    let document = try Self.read(markdown)
    #expect(document.blocks.contains { $0.kind.name == "table" })
    #expect(document.diagnostics.isEmpty)
  }

  @Test func quotesAndListsDeeperThanTheLimitKeepTheirTextAndSaySo() throws {
    let document = try Self.read("Intro.\n\n" + String(repeating: "> ", count: 6) + "deep words\n", maximumDepth: 4)
    let warning = try #require(document.diagnostics.first { $0.message.hasPrefix("block quotes or lists") })
    #expect(
      warning.message
        == "block quotes or lists nested deeper than 4 levels on 1 line(s): the markers past the limit are read as text (limit: --max-depth)"
    )
    #expect(warning.line == 3 && warning.column == 9)
    #expect(document.text.contains("> > deep words"))
    let list = try Self.read(String(repeating: "- ", count: 6) + "item\n", maximumDepth: 4)
    #expect(list.diagnostics.contains { $0.message.hasPrefix("block quotes or lists") && $0.column == 9 })
    #expect(list.text.contains("item"))
  }

  @Test func aLongRunOfQuoteMarkersIsBoundedToTheDepthLimit() throws {
    let document = try Self.read(String(repeating: ">", count: 200_000) + " x\n")
    #expect(document.diagnostics.contains { $0.message.hasPrefix("block quotes or lists nested deeper than 256") })
    #expect(document.text.hasSuffix(" x") || document.text.hasSuffix(" x\n"))
  }
}
