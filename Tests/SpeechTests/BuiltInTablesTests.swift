import Testing
import UnicodeSupport

@testable import Speech

@Suite struct BuiltInTablesTests {
  @Test func everyGeneratedLanguageHasItsLazyTable() {
    #expect(Set(BuiltInTables.languages) == Set(symbolNameTables.keys))
    for key in BuiltInTables.languages {
      #expect(BuiltInTables.table(key)?.language == key)
    }
    #expect(BuiltInTables.table("xx") == nil)
  }

  @Test func theIndexFindsWhatTheDictionaryFound() throws {
    for key in BuiltInTables.languages {
      let table = SymbolTable(language: key == "zh_Hant" ? "zh-Hant" : key)
      var dictionary = SymbolTable.parseNames(symbolNameTables[key]! + "\n" + symbolSequenceNameTables[key]!)
      for (character, name) in SymbolTable.speechNames[key] ?? [:] { dictionary[character] = name }
      for (character, name) in dictionary {
        let entry = table[character]
        #expect(entry?.name == name, "\(key) \(character)")
        #expect(entry.map { ($0.level, $0.preserve) } ?? (.none, true) == SymbolTable.defaultLevel(character))
        // Generated characters are in NFC, so a lookup under a character's first scalar is exact.
        let composed = try Normalizer(.nfc).normalize(String(character))
        #expect(composed.unicodeScalars.first == character.unicodeScalars.first, "\(key) \(character)")
      }
      // Characters that are not there, and canonical equivalents of ones that are, as the
      // dictionary answered them (it compared Characters by canonical equivalence).
      let probes: [Character] = [
        "a", "Z", "5", " ", "\u{037E}", "\u{2126}", "\u{212B}", "A\u{30A}", "e\u{301}", "\u{1FEF}", "\u{2329}",
        "👍🏽", "🇻🇳", "中", "ß", "\u{0387}",
      ]
      for probe in probes {
        #expect(
          table[probe]?.name == dictionary[probe],
          "\(key) U+\(probe.unicodeScalars.map { String($0.value, radix: 16) })")
      }
    }
  }

  @Test func aLanguageWithoutATableHasCLDRsEnglishNames() {
    let cldr = SymbolTable.parseNames(symbolNameTables["en"]!)
    let danish = SymbolTable(language: "da")
    for character in [".", "(", "-", "@", "€", "©"] as [Character] {
      #expect(danish[character]?.name == cldr[character])
    }
    #expect(danish["."]?.name != SymbolTable(language: "en")["."]?.name)  // "dot" is the English speech name
  }

  @Test func entriesSetOnATableOverrideAndRemove() {
    var table = SymbolTable(language: "en")
    #expect(table[","] != nil)
    table[","] = SymbolInfo(name: "pause", level: .some, preserve: true)
    #expect(table[","]?.name == "pause")
    table["."] = nil
    #expect(table["."] == nil)
    #expect(SymbolTable(language: "en")["."] != nil)  // the shared names are untouched
  }
}

extension SymbolTable {
  /// A generated CLDR table ("character<TAB>name" lines) parsed into a dictionary: the simple
  /// version that ``SymbolNames``' sorted index is compared with (test support, not used by the
  /// renderer).
  static func parseNames(_ lines: String) -> [Character: String] {
    var table: [Character: String] = [:]
    for line in lines.split(separator: "\n") {
      guard let tab = line.firstIndex(of: "\t") else { continue }
      let key = line[..<tab]
      guard key.count == 1, let character = key.first else { continue }
      table[character] = String(line[line.index(after: tab)...])
    }
    return table
  }
}
