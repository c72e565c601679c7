import Foundation
import Synchronization
import Testing
import TextRotor

/// The library's sinks (speech, detections, reading view) are the one code path behind the CLI,
/// the facade and the C ABI: for corpus documents of every input format, the facade's bytes are
/// the CLI's, byte for byte, and the C ABI's strings are the same bytes (without the final line feed
/// its contract leaves out).
@Suite(.serialized) struct LibrarySinkTests {
  static let documents = [
    "park-trip-brochure.html", "contrast-accessibility-note.html", "contrast-note.zh.html", "clinic-brochure.ar.html",
    "park-brochure.ja.html", "travel-notes.vi.html", "budget-app-notes.xml", "notes-docbook.xml",
    "hiking-checklist.txt",
  ]

  static func bytes(_ write: (@Sendable ([UInt8]) -> Void) -> Void) -> String {
    let bytes = Mutex<[UInt8]>([])
    write { piece in bytes.withLock { $0.append(contentsOf: piece) } }
    return String(decoding: bytes.withLock { $0 }, as: UTF8.self)
  }

  static func cli(_ arguments: [String]) throws -> String {
    let result = try CLIRunner.run(arguments)
    #expect(result.status == 0, "textrotor \(arguments.joined(separator: " ")): \(result.stderr)")
    return result.stdout
  }

  @Test(arguments: documents)
  func theFacadeWritesTheCLIsSpeech(name: String) throws {
    let path = CLIRunner.corpus(name)
    let document = try Document(contentsOf: path)
    for format in SpeechFormat.allCases {
      let facade = Self.bytes { document.writeSpeech(format: format, to: $0) }
      let cli = try Self.cli(["speak", path, "--format", format.rawValue])
      #expect(facade == cli, "speak --format \(format.rawValue) \(name)")
    }
  }

  @Test(arguments: documents)
  func theFacadeWritesTheCLIsDetectionsAndReadingView(name: String) throws {
    let path = CLIRunner.corpus(name)
    let document = try Document(contentsOf: path)
    let formats: [(DetectionFormat, [String])] = [
      (.jsonLines, []), (.json(file: path), ["--format", "json"]), (.text(explain: false), ["--format", "text"]),
      (.text(explain: true), ["--format", "text", "--explain"]), (.tsv, ["--format", "tsv"]),
    ]
    for (format, options) in formats {
      let facade = Self.bytes { document.writeDetections(format, to: $0) }
      let cli = try Self.cli(["detect", path] + options)
      #expect(facade == cli, "detect \(options.joined(separator: " ")) \(name)")
    }
    // The C ABI's array holds the JSON Lines' objects.
    let lines = Self.bytes { document.writeDetections(.jsonLines, to: $0) }.split(separator: "\n")
    #expect(Self.bytes { document.writeDetections(.jsonArray, to: $0) } == "[" + lines.joined(separator: ",") + "]\n")
    #expect(Self.bytes { document.writeReadingView(to: $0) } == (try Self.cli(["parse", path])), "parse \(name)")
  }

  @Test(arguments: documents)
  func theCABIWritesTheFacadesSpeechAndDetections(name: String) throws {
    let path = CLIRunner.corpus(name)
    let document = try Document(contentsOf: path)
    let program = try CABITests.program.get()
    let c = CABITests.run(program.path, ["speech", path])
    #expect(c.status == 0, "\(c.stdout)\n\(c.stderr)")
    #expect(!c.stderr.contains("Sanitizer"), "\(c.stderr)")
    let parts = c.stdout.components(separatedBy: "\n\u{0C}\n")
    try #require(parts.count == 3)
    #expect(parts[0] + "\n" == Self.bytes { document.writeSpeech(format: .text, to: $0) }, "text \(name)")
    #expect(parts[1] == Self.bytes { document.writeSpeech(format: .ssml, to: $0) }, "SSML \(name)")
    #expect(parts[2] + "\n" == Self.bytes { document.writeDetections(.jsonArray, to: $0) }, "JSON \(name)")
  }
}
