import Testing

@testable import Speech

/// `SymbolTable.defaultLevel` switches on the scalar; the simple version switched on the Character.
@Suite struct SymbolDefaultLevelTests {
  static func simpleDefaultLevel(_ character: Character) -> (PunctuationLevel, Bool) {
    switch character {
    case ".", "!", "?", ",", "、", "。", "，", "！", "？", "،", "؟", "…": return (.all, true)
    case ";", "؛", "；": return (.most, true)
    case ":", "：": return (.most, false)
    // NVDA keeps parentheses and the en dash for the synthesizer ("always"): they shape pauses.
    case "(", ")", "（", "）", "–": return (.most, true)
    case "'", "$", "£", "€", "¥", "¢", "`": return (.all, false)
    // "§ 4" means "section 4": a mark that carries a word is named at "some", as % and & are.
    case "#", "%", "&", "*", "+", "/", "=", "@", "°", "§", "‰", "•", "′", "″", "™", "©", "®", "¡", "¿", "₹", "₫", "×",
      "÷",
      "±",
      "<", ">", "≤", "≥", "≠", "≈", "→", "←", "↑", "↓", "✓", "✔", "✗", "★", "☆", "■", "□", "◆", "●", "○", "½", "¼", "¾",
      "²", "³", "¹":
      return (.some, false)
    case "\"", "-", "[", "]", "\\", "^", "_", "{", "}", "|", "~", "·", "“", "”", "‘", "’", "„", "‚", "—",
      "«", "»", "‹", "›", "「", "」", "『", "』", "【", "】", "《", "》", "〈", "〉", "・", "¶", "‐":
      return (.most, false)
    default:
      // Emoji and other pictographs are named from "some" on, as NVDA's emoji dictionary does.
      return (.some, false)
    }
  }

  @Test func theScalarSwitchGivesTheCharacterSwitchsLevels() {
    var characters: [Character] = (0..<0x3_0000).compactMap { Unicode.Scalar($0).map(Character.init) }
    characters += ["e\u{301}", "👍🏽", "🇯🇵", "1\u{FE0F}\u{20E3}", "\r\n", ".\u{301}"]
    var differing: [Character] = []
    for character in characters where SymbolTable.defaultLevel(character) != Self.simpleDefaultLevel(character) {
      differing.append(character)
    }
    #expect(differing.isEmpty, "\(differing.prefix(10))")
  }
}
