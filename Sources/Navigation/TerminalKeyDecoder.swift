/// Names the keys a terminal sends: single bytes, UTF-8 characters, and escape sequences read whole
/// (CSI `ESC [ params final` as in `ESC [ 1 ; 2 A` or `ESC [ 1 5 ~`, SS3 `ESC O P`, the Linux console's
/// `ESC [ [ A`), so no tail of a sequence is ever taken for a command.
///
/// ```swift
/// TerminalKeyDecoder.name(of: Array("\u{1B}[1;5C".utf8))  // "Ctrl+Right"
/// ```
package enum TerminalKeyDecoder {
  /// Whether `sequence` (starting with ESC) is a whole key: the reader keeps reading until it is.
  /// A lone ESC is whole only when nothing follows it in time (the caller decides that).
  package static func isComplete(_ sequence: [UInt8]) -> Bool {
    guard sequence.first == 0x1B else { return !sequence.isEmpty && utf8Length(sequence[0]) <= sequence.count }
    guard sequence.count >= 2 else { return false }
    switch sequence[1] {
    case 0x5B:  // CSI: parameters and intermediates, then one final byte 0x40…0x7E
      guard sequence.count >= 3 else { return false }
      if sequence[2] == 0x5B { return sequence.count >= 4 }  // Linux console ESC [ [ A
      if sequence.count > 32 { return true }  // give up on a runaway sequence (it is named unrecognized)
      return (0x40...0x7E).contains(sequence[sequence.count - 1])
    case 0x4F:  // SS3: optional digits and ';' (modifiers), then one final byte
      guard sequence.count >= 3 else { return false }
      if sequence.count > 16 { return true }
      return (0x40...0x7E).contains(sequence[sequence.count - 1])
    case 0x1B:
      // ESC ESC [ … (Alt with an escape sequence in some terminals): complete when the rest is.
      return isComplete(Array(sequence.dropFirst()))
    default:
      // Alt+character: ESC and one (UTF-8) character.
      return sequence.count >= 1 + utf8Length(sequence[1])
    }
  }

  private static func utf8Length(_ lead: UInt8) -> Int {
    lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }

  /// The key's name: "Up", "Shift+Up", "Ctrl+Home", "F5", "PageDown", "Insert", "Enter", "Ctrl+D",
  /// "h", "H", "?"; "Unrecognized key" for a sequence it does not know.
  package static func name(of key: [UInt8]) -> String {
    guard let first = key.first else { return "Unrecognized key" }
    if first != 0x1B {
      if key.count == 1 {
        switch first {
        case 0x0D, 0x0A: return "Enter"
        case 0x09: return "Tab"
        case 0x20: return "Space"
        case 0x7F, 0x08: return "Backspace"
        case 0x00: return "Ctrl+Space"
        case 0x01...0x1A: return "Ctrl+" + String(UnicodeScalar(first + 0x40))
        case 0x1C...0x1F: return "Ctrl+" + String(UnicodeScalar(first + 0x40))
        case 0x21...0x7E: return String(UnicodeScalar(first))
        default: return "Unrecognized key"
        }
      }
      return String(decoding: key, as: UTF8.self)
    }
    if key.count == 1 { return "Escape" }
    let body = Array(key.dropFirst(2))
    switch key[1] {
    case 0x5B:
      if body.first == 0x5B, body.count == 2 {  // Linux console F1…F5
        let index = Int(body[1]) - 0x41
        return (0...4).contains(index) ? "F\(index + 1)" : "Unknown key"
      }
      return csiName(body)
    case 0x4F:
      return csiName(body)
    case 0x1B:
      let inner = name(of: Array(key.dropFirst()))
      return inner == "Unrecognized key" ? inner : "Alt+" + inner
    default:
      let inner = name(of: Array(key.dropFirst()))
      return inner == "Unrecognized key" ? inner : "Alt+" + inner
    }
  }

  /// A CSI or SS3 body: parameters then the final byte.
  private static func csiName(_ body: [UInt8]) -> String {
    guard let final = body.last else { return "Unrecognized key" }
    let parameters = String(decoding: body.dropLast(), as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false)
    guard parameters.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return "Unrecognized key" }
    let numbers = parameters.map { Int($0) ?? 1 }
    let modifier = numbers.count >= 2 ? numbers[1] : (body.count >= 2 && final != 0x7E ? numbers.first ?? 1 : 1)
    let base: String?
    switch final {
    case 0x41: base = "Up"
    case 0x42: base = "Down"
    case 0x43: base = "Right"
    case 0x44: base = "Left"
    case 0x48: base = "Home"
    case 0x46: base = "End"
    case 0x50: base = "F1"
    case 0x51: base = "F2"
    case 0x52: base = "F3"
    case 0x53: base = "F4"
    case 0x5A: return "Shift+Tab"
    case 0x7E:
      switch numbers.first ?? 0 {
      case 1, 7: base = "Home"
      case 2: base = "Insert"
      case 3: base = "Delete"
      case 4, 8: base = "End"
      case 5: base = "PageUp"
      case 6: base = "PageDown"
      case 11...15: base = "F\((numbers.first ?? 11) - 10)"
      case 17...21: base = "F\((numbers.first ?? 17) - 11)"
      case 23, 24: base = "F\((numbers.first ?? 23) - 12)"
      default: base = nil
      }
    default: base = nil
    }
    guard let base else { return "Unrecognized key" }
    return modifierPrefix(modifier) + base
  }

  /// xterm's modifier parameter: 1 + (Shift 1, Alt 2, Ctrl 4).
  private static func modifierPrefix(_ parameter: Int) -> String {
    let bits = max(parameter - 1, 0)
    var prefix = ""
    if bits & 4 != 0 { prefix += "Ctrl+" }
    if bits & 2 != 0 { prefix += "Alt+" }
    if bits & 1 != 0 { prefix += "Shift+" }
    return prefix
  }

  /// The bytes an xterm-compatible terminal sends for a key name (for tests and documentation);
  /// nil for a name it does not know.
  package static func bytes(for name: String) -> [UInt8]? {
    // Shift+letter is the uppercase letter.
    if name.hasPrefix("Shift+"), name.count == 7, let letter = name.last, letter.isLetter {
      return Array(letter.uppercased().utf8)
    }
    var modifiers = 0
    var rest = Substring(name)
    while rest.count > 1 {
      if rest.hasPrefix("Shift+") {
        modifiers |= 1
        rest = rest.dropFirst(6)
      } else if rest.hasPrefix("Alt+") {
        modifiers |= 2
        rest = rest.dropFirst(4)
      } else if rest.hasPrefix("Ctrl+") {
        modifiers |= 4
        rest = rest.dropFirst(5)
      } else {
        break
      }
    }
    let parameter = modifiers == 0 ? "" : ";\(modifiers + 1)"
    func csi(_ s: String) -> [UInt8] { [0x1B, 0x5B] + Array(s.utf8) }
    let arrows = ["Up": "A", "Down": "B", "Right": "C", "Left": "D", "Home": "H", "End": "F"]
    if let letter = arrows[String(rest)] { return csi(modifiers == 0 ? letter : "1" + parameter + letter) }
    let tilde = [
      "Insert": 2, "Delete": 3, "PageUp": 5, "PageDown": 6, "F5": 15, "F6": 17, "F7": 18, "F8": 19, "F9": 20,
      "F10": 21, "F11": 23, "F12": 24,
    ]
    if let number = tilde[String(rest)] { return csi("\(number)\(parameter)~") }
    let ss3 = ["F1": "P", "F2": "Q", "F3": "R", "F4": "S"]
    if let letter = ss3[String(rest)] {
      return modifiers == 0 ? [0x1B, 0x4F] + Array(letter.utf8) : csi("1" + parameter + letter)
    }
    if rest == "Tab" && modifiers == 1 { return csi("Z") }
    // Alt+character: ESC and the character (Alt+E, with Shift, is ESC and "E").
    if modifiers == 2, rest.count == 1, let character = rest.first, !character.isWhitespace {
      return [0x1B] + Array(rest.utf8)
    }
    if modifiers != 0 && modifiers != 4 { return nil }
    switch rest {
    case "Enter": return [0x0D]
    case "Tab": return [0x09]
    case "Space": return [0x20]
    case "Backspace": return [0x7F]
    case "Escape": return [0x1B]
    default:
      if modifiers == 4, rest.count == 1, let ascii = rest.uppercased().utf8.first, (0x40...0x5F).contains(ascii) {
        return [ascii - 0x40]
      }
      return modifiers == 0 && !rest.isEmpty ? Array(rest.utf8) : nil
    }
  }
}
