/// Braille grade: uncontracted (grade 1, letter for letter) or contracted (grade 2).
package enum BrailleGrade: Int, Sendable, Hashable, CaseIterable {
  case uncontracted = 1
  case contracted = 2
}

/// A liblouis table (or comma-separated table list) and what it is for.
package struct BrailleTable: Hashable, Sendable, CustomStringConvertible {
  /// The liblouis table list ("en-ueb-g2.ctb").
  package let name: String

  package var description: String { name }

  /// A table by name; throws when it does not compile (a missing file or a bad rule).
  ///
  /// Each table of the comma-separated list is checked before liblouis sees it
  /// (``checkName(_:)``): liblouis opens whatever it is given, and read /dev/zero until it
  /// crashed, or waited on a FIFO forever.
  package init(named name: String) throws(BrailleError) {
    try Self.checkName(name)
    guard Louis.tableCompiles(name) else { throw BrailleError.unknownTable(name) }
    self.name = name
  }

  /// The file name endings of liblouis's tables (translation tables, display tables, the tables
  /// they include, hyphenation dictionaries).
  package static let fileExtensions = ["ctb", "utb", "tbl", "dis", "cti", "uti", "dic"]

  /// Throws unless every table in the comma-separated `tableList` is one a user may name: a table
  /// in liblouis's own table folders (``Louis/tableFolders``) or a readable regular file, each with
  /// a table's file name ending (``fileExtensions``). A device, a FIFO, a folder, a socket or any
  /// other file is refused without being opened for reading.
  package static func checkName(_ tableList: String) throws(BrailleError) {
    let names = tableList.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    var folders: [String]?
    for name in names {
      guard !name.isEmpty else { throw .notATable(tableList, reason: "the table list has an empty name") }
      let file = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
      let ending = file.lastIndex(of: ".").map { file[file.index(after: $0)...].lowercased() }
      guard let ending, fileExtensions.contains(ending) else {
        // Say what it is when it is no file at all (a device, a FIFO, a folder); never open it.
        let kind = Louis.fileKind(name, opening: false)
        if kind != .missing && kind != .regular { try refuse(name, kind) }
        throw .notATable(
          name,
          reason: "a table's file name ends in ." + fileExtensions.joined(separator: ", .") + " (liblouis's tables)")
      }
      var kind = Louis.fileKind(name)
      if kind == .missing, !name.contains("/") {
        if folders == nil { folders = Louis.tableFolders }
        for folder in folders ?? [] {
          kind = Louis.fileKind(folder + "/" + name)
          if kind != .missing { break }
        }
      }
      switch kind {
      case .regular: continue
      case .missing:
        let list = (folders ?? Louis.tableFolders).joined(separator: ", ")
        throw .unknownTable(name, folders: list)
      default: try refuse(name, kind)
      }
    }
  }

  /// Throws why `name`, which is `kind`, is no table.
  private static func refuse(_ name: String, _ kind: Louis.FileKind) throws(BrailleError) {
    switch kind {
    case .regular, .missing: return
    case .unreadable: throw .notATable(name, reason: "it cannot be read")
    case .folder: throw .notATable(name, reason: "it is a folder, not a file")
    case .fifo: throw .notATable(name, reason: "it is a FIFO, not a regular file")
    case .characterDevice, .blockDevice: throw .notATable(name, reason: "it is a device, not a regular file")
    case .socket: throw .notATable(name, reason: "it is a socket, not a regular file")
    case .other: throw .notATable(name, reason: "it is not a regular file")
    }
  }

  private init(trusted name: String) { self.name = name }

  /// Whether the table writes 8-dot cells (dots 7 and 8), which BRF cannot carry: its metadata
  /// says `dots: 8`. (Cells with dots 7 or 8 in an output are refused by BRF too, whatever the
  /// metadata says.)
  package var usesEightDots: Bool {
    name.split(separator: ",").contains { Louis.tableInfo(String($0), "dots") == "8" }
  }

  /// The table for text in `language` (a BCP 47 tag), as NVDA picks them for the languages
  /// TextRotor speaks, else the best table liblouis's metadata offers for the language; nil when
  /// liblouis has none (with the reason in ``noTableReason(for:)``).
  package static func forLanguage(_ language: String, grade: BrailleGrade?) -> BrailleTable? {
    let tag = language.lowercased().replacingUnderscores()
    let primary = tag.split(separator: "-").first.map(String.init) ?? tag
    let contracted = grade == .contracted
    switch primary {
    case "en": return BrailleTable(trusted: grade == .uncontracted ? "en-ueb-g1.ctb" : "en-ueb-g2.ctb")
    case "zh", "cmn":
      if tag.contains("hant") || tag.hasSuffix("-tw") { return BrailleTable(trusted: "zh-tw.ctb") }
      if tag.hasSuffix("-hk") || tag.hasPrefix("yue") { return BrailleTable(trusted: "zh-hk.ctb") }
      return BrailleTable(trusted: "zhcn-cbs.ctb")
    case "vi": return BrailleTable(trusted: contracted ? "vi-vn-g2.ctb" : "vi-vn-g1.ctb")
    case "ar": return BrailleTable(trusted: contracted ? "ar-ar-g2.ctb" : "ar-ar-g1.utb")
    case "ja": return nil
    default:
      // liblouis's metadata: a literary table of the grade asked for (1 unless 2 is asked), else
      // any; never an 8-dot one (computer braille), which an embosser cannot print.
      let level = grade?.rawValue ?? 1
      for query in [
        "language:\(primary) type:literary grade:\(level)", "language:\(primary) grade:\(level)",
        "language:\(primary) type:literary", "language:\(primary)",
      ] {
        guard let path = Louis.findTable(query), let found = Louis.tableInfo(path, "language")?.lowercased(),
          found == primary || found.hasPrefix(primary + "-"), Louis.tableInfo(path, "dots") != "8"
        else { continue }
        return BrailleTable(trusted: path)
      }
      return nil
    }
  }

  /// Why there is no table for `language`, in a sentence for an error message.
  package static func noTableReason(for language: String) -> String {
    let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? language
    if primary == "ja" {
      return "liblouis has no Japanese kana braille table (ja-kantenji.utb is kantenji, an 8-dot system for kanji); "
        + "choose a table with --table"
    }
    return "liblouis has no braille table for the language \"\(language)\"; choose one with --table"
  }
}

/// What can go wrong when brailling.
package enum BrailleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A table liblouis cannot load; `folders`, when known, where bare names were looked for.
  case unknownTable(String, folders: String? = nil)
  /// A name that is no table (a device, a FIFO, a folder, a file without a table's ending).
  case notATable(String, reason: String)
  case noTable(language: String)
  case eightDotCells(table: String)
  case translation(String)

  package var description: String {
    switch self {
    case .unknownTable(let name, let folders?):
      "the braille table \"\(name)\" is neither in liblouis's tables (\(folders)) nor a file"
    case .unknownTable(let name, nil): "the braille table \"\(name)\" is not one liblouis can load"
    case .notATable(let name, let reason): "\"\(name)\" is not a braille table: \(reason)"
    case .noTable(let language): BrailleTable.noTableReason(for: language)
    case .eightDotCells(let table):
      "the braille table \(table) writes 8-dot cells, and BRF carries 6-dot cells only; use --format unicode or a 6-dot table"
    case .translation(let message): message
    }
  }
}

extension String {
  fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
