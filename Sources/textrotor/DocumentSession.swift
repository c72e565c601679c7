import Detection
import DocumentParsing
import TextModel
import TextRotor

/// What the interactive and rotor commands need: the document, its detections and its rotors.
struct DocumentSession {
  let document: TextDocument
  let detections: DetectionList
  let index: RotorIndex

  init(input: InputOptions, region: String? = nil, limits: DetectionLimitOptions) throws {
    document = try input.readDocument()
    detections = limits.detect(
      in: document, with: DocumentDetector.Options(region: region), displayName: input.displayName)
    index = RotorIndex(document: document, detections: detections)
  }
}
