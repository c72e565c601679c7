package import Detection
package import TextModel

/// The one body of the text-detector targets (e-mail, link, phone): the detector on any text with a
/// region, a language and up to three excluded ranges read from the first bytes; its detections must
/// lie inside the text, on scalar boundaries, in order, outside every excluded range, each with a
/// value; offsets of the text convert and round-trip.
package enum TextDetectorFuzzing {
  package static func run(_ detector: some TextDetector, kind: DetectionKind, _ data: UnsafePointer<UInt8>?, _ size: Int) {
    var input = FuzzInput(data, size)
    let region = input.pick(FuzzDocuments.regions)
    let language = input.pick(FuzzDocuments.languages)
    let exclusions = Int(input.byte() % 4)
    var excluded: [TextRange] = []
    for _ in 0..<exclusions {
      let start = input.uint16() % 512
      excluded.append(TextRange(start: start, end: start + Int(input.byte())))
    }
    excluded.sort { $0.start < $1.start }
    let text = String(decoding: input.rest(), as: UTF8.self)
    let context = DetectionContext(region: region, language: language, excludedRanges: excluded)
    let detections = detector.detect(in: text, context: context)
    Invariants.check(detections, in: text, kinds: [kind], ordered: true, context: context)
    Invariants.checkOffsets(of: text, probes: detections.prefix(4).flatMap { [$0.range.start, $0.range.end] })
  }
}
