import Braille

/// Where `browse`'s announcements go: standard output, a line each; espeak-ng with `--speak`; and
/// with `--braille` each line again as a line of Unicode braille (for a braille display driven from
/// the terminal), translated with the table of the document's language.
struct BrowseAnnouncer {
  var speaker: Speaker?
  var braille: BrailleEcho?

  /// Writes `text` (and its braille), and speaks it unless `speaking` is false.
  func announce(_ text: String, speaking: Bool = true) throws {
    try StandardStreams.writeOutput(text + "\n")
    if let braille { try braille.write(text) }
    if speaking { speaker?.say(text) }
  }
}

/// An announcement's lines in Unicode braille, one output line each.
struct BrailleEcho {
  let table: BrailleTable

  /// The echo for a document in `language`; nil (with the reason) when liblouis has no table for it.
  static func forLanguage(_ language: String?, grade: BrailleGrade?) -> Result<BrailleEcho, BrailleError> {
    let language = language ?? DocumentBraille.fallbackLanguage
    guard let table = BrailleTable.forLanguage(language, grade: grade) else {
      return .failure(.noTable(language: language))
    }
    return .success(BrailleEcho(table: table))
  }

  func write(_ text: String) throws {
    var bytes: [UInt8] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let scalars = line.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
      let cells: [Unicode.Scalar]
      do {
        cells = try Louis.translate(Array(scalars), table: table.name, mode: .unicodeCells).output
      } catch  where error.unfinished {
        // liblouis looped on this line and was stopped: computer braille, as `braille` writes it.
        cells = BrailleASCII.computerBraille(Array(scalars)).cells
      } catch {
        cells = []
      }
      // Only braille cells and line feeds: composed here, no document text.
      for cell in cells where (0x2800...0x28FF).contains(cell.value) { UTF8.encode(cell) { bytes.append($0) } }
      bytes.append(0x0A)
    }
    try StandardStreams.writeComposed(bytes)
  }
}
