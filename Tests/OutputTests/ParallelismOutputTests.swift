import ParallelSupport
import Speech
import TestSupport
import Testing
import TextModel

@testable import Detection
@testable import DocumentParsing
@testable import Output

/// One `Parallelism` value reaches every stage, and the outputs never depend on it: each corpus
/// document read, its languages identified, detected, written as JSON and JSON Lines and spoken
/// with the thresholds lowered so that every stage splits even a small document, the bytes are those
/// of ``Parallelism/serial`` (which starts no thread) for two and four workers.
@Suite(.tags(.threadSafety)) struct ParallelismOutputTests {
  static let corpus = String(#filePath).split(separator: "/").dropLast(3).map { "/" + $0 }.joined() + "/corpus/"
  static let documents = [
    "park-trip-brochure.html", "park-brochure.ja.html", "clinic-brochure.ar.html", "travel-notes.vi.html",
    "contrast-note.zh.html", "malformed.html", "hiking-checklist.txt",
  ]

  /// Everything made from `name` on `parallelism`'s threads, as bytes.
  static func outputs(_ name: String, _ parallelism: Parallelism) throws -> [UInt8] {
    var reading = ReaderOptions.default
    reading.parallelism = parallelism
    reading.tuning.textTwoThreadsFrom = 0
    var read: TextDocument
    if name.hasSuffix(".html") {
      var reader = HTMLReader(options: reading)
      reader.options.tuning.htmlTwoThreadsFrom = 0
      read = try reader.read(path: corpus + name)
    } else {
      read = try DocumentReader(options: reading).read(path: corpus + name, format: .text)
    }
    var identifier = LanguageIdentifier()
    identifier.parallelism = parallelism
    identifier.tuning.parallelMinimum = 0
    let document = identifier.annotating(read)
    var detection = DocumentDetector.Options()
    detection.parallelism = parallelism
    detection.tuning.parallelMinimum = 0
    let detections = DocumentDetector(options: detection).detect(in: document)
    #expect(!detections.isEmpty || name == "malformed.html", "\(name)")

    let splitting = TextDocument.Splitting(
      parallelFrom: 0, segment: 3, segmentText: 200, largeText: 60, parallelism: parallelism)
    var json = JSONWriter()
    document.writeJSON(into: &json, splitting: splitting)
    var out = Array(json.output.utf8)
    detections.writeJSONLines(in: document, splitting: splitting) { out += $0 }

    var speech = SpeechOptions()
    speech.parallelism = parallelism
    let renderer = SpeechRenderer(document: document, detections: detections, options: speech)
    renderer.render(
      nil, part: [UInt8](), chunking: SpeechRenderer.Chunking(parallelFrom: 0, chunk: 64, window: 2),
      format: { segment, part in
        part += Array("\(segment.range) \(segment.kind) \(segment.language) \(segment.speech)\n".utf8)
      },
      finished: { part in
        out += part
        part.removeAll()
      })
    var speechJSON = JSONWriter()
    renderer.writeJSON(nil, document: document, into: &speechJSON, chunking: .init(parallelFrom: 0, chunk: 64))
    return out + Array(speechJSON.output.utf8)
  }

  @Test(arguments: documents)
  func serialAndWorkersGiveTheSameBytes(name: String) throws {
    let serial = try Self.outputs(name, .serial)
    #expect(serial.count > 1000)
    for parallelism in [Parallelism.workers(2), .workers(4)] {
      let parallel = try Self.outputs(name, parallelism)
      #expect(JSONLinesTests.firstDifference(serial, parallel) == nil, "\(name), \(parallelism)")
    }
  }
}
