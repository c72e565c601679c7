/// Fixture text with expected ranges marked inside it: `"Mail ⟦ann@example.org⟧ today"`.
///
/// The markers are removed; ``ranges`` holds the marked ranges as UTF-8 offsets into ``text``.
/// A marker may carry a label before a colon: `"⟦phone:555-0132⟧"` (label "phone").
public struct MarkedText: Sendable {
  /// The text without markers.
  public let text: String
  /// The marked ranges, in order, as UTF-8 offset ranges into ``text``.
  public let ranges: [Range<Int>]
  /// The label of each range ("" when none was given).
  public let labels: [String]

  public init(_ marked: String, labelled: Bool = false) {
    var output = ""
    var ranges: [Range<Int>] = []
    var labels: [String] = []
    var openAt: Int?
    var label = ""
    var readingLabel = false
    for character in marked {
      switch character {
      case "⟦":
        openAt = output.utf8.count
        readingLabel = labelled
        label = ""
      case "⟧":
        if let start = openAt { ranges.append(start..<output.utf8.count) }
        labels.append(label)
        openAt = nil
      default:
        if readingLabel {
          if character == ":" {
            readingLabel = false
            openAt = output.utf8.count
          } else {
            label.append(character)
          }
        } else {
          output.append(character)
        }
      }
    }
    text = output
    self.ranges = ranges
    self.labels = labels
  }

  /// The substring of a UTF-8 range.
  public func slice(_ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
  }
}
