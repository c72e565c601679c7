import Detection
import DocumentParsing
import TestSupport
import Testing
import TextModel

@testable import Speech

/// Speech made in chunks on both cores is the speech one thread makes (`render(_:eachSegment:)`,
/// the simple version), whatever the chunks: tiny chunks put a seam at nearly every line start,
/// and the lines are chosen so that a line's speech depends on the one before (a book name before a
/// verse on the next line, a colon label opening a line, a code block over several lines, a
/// language change, nothing said for a while).
@Suite(.tags(.threadSafety)) struct SpeechTwoCoresTests {
  static let lines = [
    "Read John", "3:16 and Psalm 23:1.", ": a label opening a line", "Note: the ratio is 4.5:1", "",
    "Call +1 415 555 0132 ext. 12 today", "mail ranger@example.org", "https://parks.example.org/a?b=c", "   ",
    "第3章：東京都 03-1234-5678。", "مرحبا ١٢٣٫٤٥", "Tiếng Việt: 028 3822 1234", "v2.10.77 setup.py",
    "10:30 to 11:45, score 3:2", "$4.50 or 4,50 €", "(May 14, 2026", "...", "\r", "e\u{301}te\u{301} 👍🏽",
    "WARNING", "the 2nd of July", "Chapter XIV", "#5 and #mytag", "1/2 cup",
  ]

  static func text(_ generator: inout some RandomNumberGenerator, lines count: Int) -> String {
    (0..<count).map { _ in lines.randomElement(using: &generator)! }.joined(separator: "\n")
  }

  /// Segments from the two-core rendering with `chunk`-byte chunks, in the order they are finished.
  /// The window (how many chunks one thread may run ahead) goes with the chunk size, so that each
  /// test also has a thread waiting for the other (1), taking turns (2) and running far ahead.
  static func chunked(_ renderer: SpeechRenderer, chunk: Int) -> [SpeechSegment] {
    var all: [SpeechSegment] = []
    renderer.render(
      nil, part: [SpeechSegment](),
      chunking: SpeechRenderer.Chunking(parallelFrom: 0, chunk: chunk, window: [1, 2, 8, 3][chunk % 4]),
      format: { segment, part in part.append(segment) },
      finished: { part in
        all += part
        part.removeAll()
      })
    return all
  }

  static func simple(_ renderer: SpeechRenderer) -> [SpeechSegment] {
    var all: [SpeechSegment] = []
    renderer.render { all.append($0) }
    return all
  }

  static func renderers(for document: TextDocument) -> [SpeechRenderer] {
    let detections = DocumentDetector().detect(in: document)
    return [
      SpeechRenderer(document: document, detections: detections),
      SpeechRenderer(
        document: document, detections: detections,
        options: SpeechOptions(punctuation: .all, numbers: .words)),
    ]
  }

  @Test func plainTextInChunksIsTheSpeechOfOneThread() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<12 {
      let document = TextReader().read(bytes: Array(Self.text(&generator, lines: 120).utf8))
      for renderer in Self.renderers(for: document) {
        let simple = Self.simple(renderer)
        #expect(!simple.isEmpty)
        for chunk in [1, 7, 40, 300] {
          let chunked = Self.chunked(renderer, chunk: chunk)
          let first = (0..<min(chunked.count, simple.count)).first { chunked[$0] != simple[$0] }
          #expect(
            chunked == simple,
            "chunk \(chunk) first difference \(first.map { "\(chunked[$0]) vs \(simple[$0]) in \(document.text.utf8.dropFirst(max(0, simple[$0].range.start - 40)).prefix(80).map { Character(Unicode.Scalar($0)) })" } ?? "none")"
          )
        }
      }
    }
  }

  /// A page: languages declared per element, code and preformatted blocks over several lines,
  /// abbreviations, links; chunks never start inside what is spoken as a whole.
  @Test func aPageInChunksIsTheSpeechOfOneThread() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<8 {
      var html = "<html lang=en><body>"
      for _ in 0..<60 {
        let line = Self.lines.randomElement(using: &generator)!
          .replacingAll("&", "&amp;").replacingAll("<", "&lt;")
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: html += "<pre><code>x = 1\n  y: 2\n\(line)\n</code></pre>"
        case 1: html += "<p lang=ja>\(line)</p>"
        case 2: html += "<p>See <abbr title=\"World Health Organization\">WHO</abbr>\n\(line)</p>"
        case 3: html += "<p><a href=\"https://example.org/\(Int.random(in: 0..<9, using: &generator))\">\(line)</a></p>"
        case 4: html += "<h2>\(line)</h2>"
        default: html += "<p>\(line)<br>\(line)</p>"
        }
      }
      let document = try HTMLReader().read(bytes: Array((html + "</body></html>").utf8))
      for renderer in Self.renderers(for: document) {
        let simple = Self.simple(renderer)
        for chunk in [1, 20, 500] {
          #expect(Self.chunked(renderer, chunk: chunk) == simple, "chunk \(chunk)")
        }
      }
    }
  }

  /// A line's speech depending on the line before is what the check at each seam catches: after a
  /// book name ending one line, a verse opening the next is read as a reference, so a chunk starting
  /// there from the assumed state would say it otherwise, and must be rendered again — also when
  /// the chunk itself ends as the line before it did (the assumption, not the chunk's end, is
  /// compared).
  @Test func aSeamWhereTheNextLineDependsOnTheLastIsRenderedAgain() {
    func speech(_ text: String) -> [String] {
      let document = TextReader().read(bytes: Array(text.utf8))
      return Self.simple(SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document)))
        .map(\.speech)
    }
    // The dependency is real: the same second line is said differently after another first line.
    #expect(speech("Read John\n3:16 today.").dropFirst() != speech("Read on\n3:16 today.").dropFirst())
    let document = TextReader().read(
      bytes: Array(String(repeating: "Read John\n3:16 today.\nSee John\n3:16 says John\n", count: 40).utf8))
    let renderer = SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document))
    for chunk in [1, 5, 30] { #expect(Self.chunked(renderer, chunk: chunk) == Self.simple(renderer)) }
  }
}

extension String {
  fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
