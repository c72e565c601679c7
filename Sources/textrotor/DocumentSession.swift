import Detection
import DocumentParsing
import TextModel
import TextRotor

/// What the interactive and rotor commands need: the document, its detections and its rotors.
struct DocumentSession {
  let document: TextDocument
  let detections: DetectionList
  let index: RotorIndex

  /// Reads the input and detects `kinds` (all by default; `rotor` asks only what its rotor shows).
  /// With `identifyingLanguages` false the document gets no detected language runs (for a rotor
  /// whose lines and JSON do not depend on them).
  init(
    input: InputOptions, region: String? = nil, limits: DetectionLimitOptions,
    kinds: Set<DetectionKind> = [.email, .link, .phone, .alert], identifyingLanguages: Bool = true
  ) throws {
    document = try input.readDocument(identifyingLanguages: identifyingLanguages)
    detections = limits.detect(
      in: document,
      with: DocumentDetector.Options(kinds: kinds, region: region, identifiesLanguages: !input.noDetectLanguage),
      displayName: input.displayName, parallelism: input.parallelism)
    index = RotorIndex(document: document, detections: detections)
  }
}
