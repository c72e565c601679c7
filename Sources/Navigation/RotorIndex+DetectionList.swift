public import Detection
public import TextModel

extension RotorIndex {
  /// Builds the rotors of `document` from its compact detection list.
  public init(document: TextDocument, detections: DetectionList) {
    self.init(document: document, detections: Array(detections))
  }
}
