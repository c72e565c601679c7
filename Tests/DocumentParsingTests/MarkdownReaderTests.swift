import TestSupport
import Testing
import TextModel

@testable import DocumentParsing

/// Markdown through cmark-gfm: the reading of the same document written as HTML, GitHub's
/// extensions and alerts, front matter, and a source map into the Markdown.
@Suite struct MarkdownReaderTests {
  static func read(_ markdown: String) throws -> TextDocument {
    try TextDocument(parsingMarkdown: Array(markdown.utf8))
  }

  static func blocks(_ document: TextDocument) -> [String] {
    document.blocks.map { "\($0.kind.name)\($0.kind.headingLevel.map(String.init) ?? ""):\(document[$0.range])" }
  }

  @Test func aMarkdownNoteReadsAsTheSameNoteInHTML() throws {
    let markdown = """
      # Install

      Run **make** and *then* `make check`.

      1. Clone
      2. Build

      > Quoted

      | Tool | Use |
      | --- | --- |
      | make | build |

          indented code

      ![A red bridge](bridge.png) [docs](https://example.org/docs)
      """
    let html = """
      <h1>Install</h1><p>Run <strong>make</strong> and <em>then</em> <code>make check</code>.</p>
      <ol><li>Clone</li><li>Build</li></ol><blockquote><p>Quoted</p></blockquote>
      <table><thead><tr><th>Tool</th><th>Use</th></tr></thead><tbody><tr><td>make</td><td>build</td></tr></tbody></table>
      <pre><code>indented code
      </code></pre>
      <p><img src="bridge.png" alt="A red bridge"> <a href="https://example.org/docs">docs</a></p>
      """
    let fromMarkdown = try Self.read(markdown)
    let fromHTML = try TextDocument(parsingHTML: Array(html.utf8))
    #expect(fromMarkdown.format == .markdown)
    #expect(fromMarkdown.text == fromHTML.text)
    #expect(Self.blocks(fromMarkdown) == Self.blocks(fromHTML))
    #expect(fromMarkdown.runs.map(\.attribute) == fromHTML.runs.map(\.attribute))
    #expect(!fromMarkdown.text.contains("**") && !fromMarkdown.text.contains("#"))
  }

  @Test(arguments: [
    ("NOTE", AlertSeverity.info, "Note"), ("TIP", .info, "Tip"), ("IMPORTANT", .warning, "Important"),
    ("WARNING", .warning, "Warning"), ("CAUTION", .critical, "Caution"), ("warning", .warning, "Warning"),
  ])
  func gitHubAlertsAreAlertRangesWithTheirSeverity(marker: String, severity: AlertSeverity, title: String) throws {
    let document = try Self.read("Before.\n\n> [!\(marker)]\n> The bridge is closed.\n\nAfter.\n")
    let alerts = document.runs.compactMap { run -> (AlertSeverity, String)? in
      if case .alert(let severity, _) = run.attribute { return (severity, String(document[run.range])) }
      return nil
    }
    #expect(alerts.count == 1)
    #expect(alerts.first?.0 == severity)
    #expect(alerts.first?.1 == "\(title)\nThe bridge is closed.")
    #expect(!document.text.contains("[!"))
  }

  @Test func aQuoteThatOnlyNamesAnAlertIsAQuote() throws {
    let alone = try Self.read("> [!NOTE]\n")
    #expect(!alone.runs.contains { if case .alert = $0.attribute { true } else { false } })
    #expect(alone.text == "[!NOTE]")
    let inline = try Self.read("> [!NOTE] not on its own line\n")
    #expect(!inline.runs.contains { if case .alert = $0.attribute { true } else { false } })
  }

  @Test func taskListItemsSayWhetherTheyAreDone() throws {
    let document = try Self.read("- [x] Pack water\n- [ ] Check the weather\n")
    let items = document.blocks.filter { $0.kind == .listItem }.map { String(document[$0.range]) }
    #expect(items == ["\u{2611} Pack water", "\u{2610} Check the weather"])
  }

  @Test func strikethroughAndAutolinksComeFromTheExtensions() throws {
    let document = try Self.read("Open ~~Monday~~ Tuesday, see www.example.org/trails.\n")
    #expect(document.text == "Open Monday Tuesday, see www.example.org/trails.")
    #expect(document.runs.contains { $0.attribute == .emphasis(.strikethrough) && document[$0.range] == "Monday" })
    #expect(
      document.runs.contains {
        if case .link(let target, _) = $0.attribute { target == "http://www.example.org/trails" } else { false }
      })
  }

  @Test func frontMatterIsLeftOutAndGivesTitleAndLanguage() throws {
    let document = try Self.read("---\ntitle: \"Trail notes\"\nlang: de # German\ntags:\n  - hiking\n---\n# Wege\n")
    #expect(document.text == "Wege")
    #expect(document.title == "Trail notes")
    #expect(document.language == "de")
    // The heading's text maps to line 7, column 3 of the Markdown.
    let place = document.sourceMap.lineAndColumn(forSourceOffset: document.sourceMap.sourceOffset(forTextOffset: 0))
    #expect(place.line == 7 && place.column == 3)
  }

  @Test func aRuleAroundAParagraphIsNotFrontMatter() throws {
    let document = try Self.read("---\nFoo\n---\nBar\n")
    #expect(document.text == "Foo\nBar")
    #expect(document.blocks.first?.kind == .heading(level: 2))
  }

  @Test func rawHTMLIsReadByTheHTMLReader() throws {
    let document = try Self.read(
      "Say <span lang=\"fr\">bonjour</span> and press <kbd>q</kbd>.\n\n<div hidden>\n\nsecret\n\n</div>\n\n<script>x()</script>\n"
    )
    #expect(document.text == "Say bonjour and press q.")
    #expect(document.runs.contains { $0.attribute == .language("fr") && document[$0.range] == "bonjour" })
  }

  @Test func everyTextNodeMapsToItsMarkdownLineAndColumn() throws {
    let marked = MarkedText("# ⟦Title⟧\n\n- one ⟦*two*⟧\n- ⟦three⟧\n\n```\n⟦code⟧ line\n```\n\n> quoted ⟦`x`⟧\n")
    let document = try Self.read(marked.text)
    let expected = ["Title", "two", "three", "code", "x"]
    for (range, word) in zip(marked.ranges, expected) {
      let textOffset = try #require(document.text.utf8.firstRange(of: word.utf8)).lowerBound
      let offset = document.text.utf8.distance(from: document.text.utf8.startIndex, to: textOffset)
      let source = document.sourceMap.sourceOffset(forTextOffset: offset)
      // The marked range starts at the word or at its delimiter (`*two*`, `` `x` ``).
      #expect(source == range.lowerBound || source == range.lowerBound + 1, "\(word)")
    }
    #expect(document.sourceMap.inputLength == marked.text.utf8.count)
  }

  @Test func wordsAfterQuotesAmpersandsAndAngleBracketsMapToTheirOwnBytes() throws {
    // Through HTML text each `"`, `&`, `<`, `>` took 4–6 bytes, and a word after one in the same
    // text node was placed that many bytes too far right (`<abbr>` at 1:26 was 1:29).
    let marked = MarkedText("Use `alt=\"\"` and `⟦<abbr>⟧`; say \"hi\" ⟦now⟧ & ⟦then⟧.\n")
    let document = try Self.read(marked.text)
    for (range, word) in zip(marked.ranges, ["<abbr>", "now", "then"]) {
      let textOffset = try #require(document.text.utf8.firstRange(of: word.utf8)).lowerBound
      let offset = document.text.utf8.distance(from: document.text.utf8.startIndex, to: textOffset)
      #expect(document.sourceMap.sourceOffset(forTextOffset: offset) == range.lowerBound, "\(word)")
    }
  }

  @Test func anIndentedCodeBlockMapsToItsCodeNotFourBytesPastIt() throws {
    // cmark's column of an indented code block is already its content's; four more were added.
    let marked = MarkedText("Intro.\n\n    ⟦first⟧ line\n    ⟦second⟧ line\n\n- item\n\n      ⟦nested⟧ code\n")
    let document = try Self.read(marked.text)
    for (range, word) in zip(marked.ranges, ["first", "second", "nested"]) {
      let textOffset = try #require(document.text.utf8.firstRange(of: word.utf8)).lowerBound
      let offset = document.text.utf8.distance(from: document.text.utf8.startIndex, to: textOffset)
      #expect(document.sourceMap.sourceOffset(forTextOffset: offset) == range.lowerBound, "\(word)")
    }
  }

  @Test func aControlCharacterIsLeftOutWithAnErrorAtItsPlace() throws {
    // As the HTML reader reads the same text (libxml2's message), now without HTML in between.
    let document = try Self.read("Trail\u{3} notes\n\nOpen \u{1}daily.\n")
    #expect(document.text == "Trail notes\nOpen daily.")
    #expect(
      document.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" } == [
        "1:6 Invalid char in CDATA 0x3", "3:6 Invalid char in CDATA 0x1",
      ])
  }

  @Test func aCodeSpanKeepsAnAmpersandAndTheNameAfterIt() throws {
    // cmark-gfm's text is decoded already: `&copy2024` in code is those nine characters, not ©2024
    // (the HTML reader's rule for a reference libxml2 leaves as text no longer applies to it).
    let document = try Self.read("Type `&copy2024` and `AT&T`.\n")
    #expect(document.text == "Type &copy2024 and AT&T.")
  }

  @Test func rawHTMLLateInTheDocumentStillEnclosesTheMarkdownAfterIt() throws {
    // The direct walk stops at the first raw HTML and the document is read through HTML as a whole:
    // the closed <details> hides the Markdown paragraph inside it.
    let document = try Self.read(
      "# Title\n\nText *a*.\n\n<details><summary>More</summary>\n\nhidden body\n\n</details>\n\nAfter.\n")
    #expect(document.text == "Title\nText a.\nMore\nAfter.")
    #expect(Self.blocks(document).first == "heading1:Title")
  }

  @Test func markdownFilesAreRecognisedByTheirExtension() {
    #expect(DocumentReader.format(forPath: "notes/README.md") == .markdown)
    #expect(DocumentReader.format(forPath: "guide.MARKDOWN") == .markdown)
    #expect(DocumentReader.format(forPath: "notes.txt") == .text)
  }

  @Test func aReaderReadsMarkdownByNameAndByFormat() throws {
    let bytes = Array("## Hours\n\nOpen *daily*.\n".utf8)
    let byName = try DocumentReader().read(bytes: bytes, name: "hours.md")
    let byFormat = try DocumentReader().read(bytes: bytes, format: .markdown)
    #expect(byName.text == "Hours\nOpen daily.")
    #expect(byFormat.text == byName.text)
    #expect(byName.blocks.first?.kind == .heading(level: 2))
  }

  @Test func anOversizedInputIsRefusedNamingIt() {
    let reader = MarkdownReader(options: ReaderOptions(maximumInputBytes: 4))
    #expect(throws: ReadError.self) { try reader.read(bytes: Array("# Long title".utf8), name: "big.md") }
  }
}
