import Detection
import DocumentParsing
import TextModel
import TextRotor

/// What the interactive and rotor commands need: the document, its detections and its rotors.
struct DocumentSession {
  let document: TextDocument
  let detections: [Detection]
  let index: RotorIndex

  init(input: InputOptions, region: String? = nil) throws {
    document = try input.readDocument()
    detections = DocumentDetector(options: DocumentDetector.Options(region: region)).detect(in: document)
    index = RotorIndex(document: document, detections: detections)
  }
}
