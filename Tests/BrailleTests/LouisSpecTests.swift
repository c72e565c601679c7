import Foundation
import Testing

@testable import Braille

/// liblouis's own YAML cases (v3.24.0, converted by tools/louis-specs.py) for every table
/// `--table auto` can choose, run through `Louis` as lou_checkyaml runs them: forward, backward or
/// both, with the file's display table first in the table list, modes and typeforms; an `xfail`
/// case passes when the check fails.
@Suite struct LouisSpecTests {
  struct Spec: Decodable {
    var source: String
    var sections: [Section]
  }
  struct Section: Decodable {
    struct Display: Decodable {
      var name: String?
      var inline: String?
    }
    var display: Display?
    var table: String?
    var query: String?
    var assert: String?
    var inline: String?
    var testmode: String
    var cases: [Case]
  }
  struct Case: Decodable {
    var input: String
    var expected: String
    var line: Int
    var xfail: Bool?
    var mode: [String]?
    var typeform: [String: String]?
  }

  /// The tables `BrailleTable.forLanguage` returns for en, zh, vi and ar (ar.tbl is ar-ar-g1.utb).
  static let autoTables: Set<String> = [
    "en-ueb-g1.ctb", "en-ueb-g2.ctb", "zhcn-cbs.ctb", "zh-tw.ctb", "zh-hk.ctb", "vi-vn-g1.ctb", "vi-vn-g2.ctb",
    "ar-ar-g1.utb", "ar.tbl", "ar-ar-g2.ctb",
  ]

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Data/louis-specs")

  static func specs() throws -> [(String, Spec)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
      .sorted()
    return try names.map {
      ($0, try JSONDecoder().decode(Spec.self, from: Data(contentsOf: folder.appendingPathComponent($0))))
    }
  }

  static func modes(_ names: [String]) -> Louis.Mode {
    var mode: Louis.Mode = []
    for name in names {
      switch name {
      case "noContractions": mode.insert(.noContractions)
      case "dotsIO": mode.insert(.dotsIO)
      case "ucBrl": mode.insert(.unicodeBraille)
      case "noUndefined": mode.insert(.noUndefined)
      case "partialTrans": mode.insert(Louis.Mode(rawValue: 256))
      case "compbrlAtCursor": mode.insert(Louis.Mode(rawValue: 2))
      default: Issue.record("mode \(name) not known")
      }
    }
    return mode
  }

  static func typeforms(_ marks: [String: String], length: Int, table: String) -> [UInt16] {
    var form = [UInt16](repeating: 0, count: length)
    let classes = Louis.emphasisClasses(table)
    for (kind, marks) in marks {
      let bit: UInt16
      switch kind {
      case "computer_braille": bit = Louis.Typeform.computerBraille
      case "no_translate": bit = Louis.Typeform.noTranslate
      case "no_contract": bit = Louis.Typeform.noContract
      default:
        guard let index = classes.firstIndex(of: kind) else {
          Issue.record("typeform \(kind) is not an emphasis class of \(table)")
          continue
        }
        bit = Louis.Typeform.emphasis(index)
      }
      for (index, mark) in marks.unicodeScalars.enumerated() where mark != " " && index < length { form[index] |= bit }
    }
    return form
  }

  /// Whether `input` gives `expected` in the section's direction(s).
  static func passes(_ testCase: Case, tableList: String, table: String, testmode: String) -> Bool {
    let mode = modes(testCase.mode ?? [])
    let input = Array(testCase.input.unicodeScalars)
    let expected = Array(testCase.expected.unicodeScalars)
    if testmode == "forward" || testmode == "bothDirections" {
      let form = testCase.typeform.map { typeforms($0, length: input.count, table: table) }
      guard let forward = try? Louis.translate(input, table: tableList, mode: mode, typeform: form),
        forward.output == expected
      else { return false }
    }
    if testmode == "backward" || testmode == "bothDirections" {
      let source = testmode == "backward" ? input : expected
      let target = testmode == "backward" ? expected : input
      guard let backward = try? Louis.backTranslate(source, table: tableList, mode: mode), backward.output == target
      else { return false }
    }
    return true
  }

  @Test func everyCaseOfTheAutoTablesPasses() throws {
    var counted = 0
    var failures: [String] = []
    var perTable: [String: Int] = [:]
    for (file, spec) in try Self.specs() {
      for section in spec.sections where section.inline == nil && section.display?.inline == nil {
        let resolved: String
        if let table = section.table {
          resolved = table
        } else if let query = section.query, let path = Louis.findTable(query) {
          resolved = String(path.split(separator: "/").last ?? "")
          if let expected = section.assert { #expect(resolved == expected, "\(file): query \(query)") }
        } else {
          continue
        }
        let names = resolved.split(separator: ",").map(String.init)
        guard let main = names.first, Self.autoTables.contains(main) else { continue }
        let tableList = ([section.display?.name].compactMap { $0 } + names).joined(separator: ",")
        for testCase in section.cases {
          counted += 1
          perTable[main, default: 0] += 1
          let ok = Self.passes(testCase, tableList: tableList, table: resolved, testmode: section.testmode)
          if ok == (testCase.xfail ?? false) {
            failures.append(
              "\(file):\(testCase.line) [\(tableList) \(section.testmode)] \(testCase.input) → \(testCase.expected)")
          }
        }
      }
    }
    print(
      "liblouis specs through Louis: \(counted - failures.count)/\(counted) pass; per table: \(perTable.sorted { $0.key < $1.key })"
    )
    #expect(counted > 100_000)
    #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(10).joined(separator: "\n"))")
  }
}
