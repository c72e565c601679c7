package import TextModel
internal import TextRotor

/// Issue 42's invariant: whatever a document holds, the text formats the CLI writes for a person —
/// the reading view (`parse`), `detect --format text` and `tsv`, `rotor --list` and `--next`, and
/// every `browse` line (greeting, moves, say all, elements list, where am I) — reach the terminal
/// with no control byte but tab and line feed. Each line is made as the CLI makes it and written as
/// the CLI writes it (``TerminalText/append(_:to:)-(String,_)``, which its output buffer and
/// standard streams apply); the bytes are then checked, and compared with a plain scalar-by-scalar
/// rendering of the convention (so the fast path neither lets a control through nor changes
/// anything else).
package enum TerminalOutput {
  /// Checks every text-format line of `document`; `commands` picks browse commands.
  package static func check(_ document: TextDocument, commands: [UInt8]) {
    ReadingView(document, alerts: AlertDetector().detect(in: document)).forEachLine { check($0, "reading view") }
    let detections = DocumentDetector().detect(in: document)
    for detection in detections.prefix(64) {
      check(detection.textLine(in: document, explain: true), "detect text")
      check(detection.tsvLine(in: document), "detect tsv")
    }
    let index = RotorIndex(document: document, detections: detections)
    for kind in index.kinds {
      guard let rotor = index.rotor(kind) else { continue }
      for (number, entry) in rotor.entries.prefix(32).enumerated() {
        check("\(number + 1). " + rotor.textLine(for: entry, in: document), "rotor \(kind.rawValue)")
      }
    }
    var session = BrowseSession(index: index)
    session.title = document.title ?? "document"
    check(session.greeting(title: session.title), "browse greeting")
    let names = [
      "next", "previous", "right", "left", "where", "enter", "read", "h", "k", "rotor links", "rotor images",
      "elements", "elements links", "type a", "escape", "last", "first", "help", "greeting", "rotor alerts",
    ]
    for byte in commands.prefix(12) { check(session.perform(names[Int(byte) % names.count]), "browse") }
    _ = session.perform("top")
    if session.beginSayAll() {
      var lines = 0
      while lines < 200, let line = session.nextSayAllLine() {
        check(line, "say all")
        lines += 1
      }
    }
  }

  /// Writes `line` as the CLI does and checks the bytes.
  package static func check(_ line: String, _ what: @autoclosure () -> String) {
    var written: [UInt8] = []
    TerminalText.append(line, to: &written)
    var index = 0
    while index < written.count {
      let byte = written[index]
      invariant(byte >= 0x20 || byte == 0x09 || byte == 0x0A, "\(what()): control byte \(byte) written")
      invariant(byte != 0x7F, "\(what()): DEL written")
      if byte == 0xC2 && index + 1 < written.count {
        invariant(!(0x80...0x9F).contains(written[index + 1]), "\(what()): C1 control written")
      }
      if byte == 0xE2 && index + 2 < written.count {
        let (second, third) = (written[index + 1], written[index + 2])
        invariant(
          !(second == 0x80 && (0xAA...0xAE).contains(third)) && !(second == 0x81 && (0xA6...0xA9).contains(third)),
          "\(what()): bidi control written")
      }
      index += 1
    }
    invariant(written.elementsEqual(reference(line)), "\(what()): written differently from the scalar rendering")
  }

  /// The convention scalar by scalar: `\xHH` for C0 (but tab and line feed), DEL and C1, `\uHHHH` for
  /// the bidi embeddings, overrides and isolates, every other scalar as it is.
  static func reference(_ line: String) -> [UInt8] {
    var result = ""
    for scalar in line.unicodeScalars {
      let value = scalar.value
      func hex(_ width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: width - digits.count) + digits
      }
      switch value {
      case 0x09, 0x0A: result.unicodeScalars.append(scalar)
      case 0x00...0x1F, 0x7F...0x9F: result += "\\x" + hex(2)
      case 0x202A...0x202E, 0x2066...0x2069: result += "\\u" + hex(4)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return Array(result.utf8)
  }
}
