import ArgumentParser
import Braille
import Foundation
import TextModel

struct BrailleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "braille",
    abstract: "Print the document in braille, for a braille display (Unicode) or an embosser (BRF).",
    discussion: """
      Each passage is translated with liblouis's table for its language: English UEB (grade 2 unless \
      --grade 1), Chinese zhcn-cbs, Vietnamese vi-vn-g1, Arabic ar-ar-g1; other languages get the \
      table liblouis's metadata names for them. --table sets one table for the whole document.
      unicode prints one line of Unicode braille per line of the reading view (wrapped at --cells \
      when it is given); brf lays the document out on pages of --cells × --lines in North American \
      Braille ASCII, as BANA's Braille Formats asks (CR LF line ends, a form feed after each page, \
      the braille page number at the bottom right).

      Examples:
        textrotor braille corpus/park-trip-brochure.html
        textrotor braille notes.html --format brf > notes.brf
        textrotor braille notes.html --table en-us-g2.ctb --grade 2
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case unicode, brf }

  @OptionGroup var input: InputOptions

  @Option(help: "A liblouis table (or comma-separated table list), or auto: each passage's language chooses.")
  var table: String = "auto"

  @Option(help: "1 (uncontracted) or 2 (contracted); without it each language's usual grade.")
  var grade: Int?

  @Option(help: "unicode (Unicode braille) or brf (embosser pages in Braille ASCII).")
  var format: Format = .unicode

  @Option(help: "Cells per line (BRF: 40 unless given; Unicode: lines are not wrapped unless given).")
  var cells: Int?

  @Option(help: "Lines per page for BRF, the page-number line included.")
  var lines: Int = 25

  func validate() throws {
    try validateLanguageTag(input.language, option: "--language")
    if let grade, grade != 1 && grade != 2 { throw ValidationError("--grade takes 1 or 2 (got \(grade))") }
    if let cells, cells < 8 || cells > 1000 { throw ValidationError("--cells takes 8 to 1000 (got \(cells))") }
    if lines < 2 || lines > 1000 { throw ValidationError("--lines takes 2 to 1000 (got \(lines))") }
  }

  func run() throws {
    try runReportingInputErrors {
      let chosen: BrailleTable?
      do {
        chosen = table == "auto" ? nil : try BrailleTable(named: table)
      } catch {
        throw InputFailure(message: "\(error)")
      }
      if format == .brf, let chosen, chosen.usesEightDots {
        throw InputFailure(message: BrailleError.eightDotCells(table: chosen.name).description)
      }
      let document = try input.readDocument(identifyingLanguages: chosen == nil)
      let braille = DocumentBraille(
        document: document, table: chosen, grade: grade.flatMap(BrailleGrade.init(rawValue:)))
      do {
        let (brailleLines, warnings) = try braille.lines()
        if !input.quiet {
          for warning in warnings {
            // line:column, or in a book entry:line:column (as `detect` gives them).
            let place = document.sourceMap.inputPlace(forTextOffset: warning.offset)
            StandardStreams.error("textrotor: \(input.displayName):\(place): warning: \(warning)")
          }
        }
        switch format {
        case .unicode:
          let rows =
            cells.map { BrailleLayout(cells: $0, lines: nil).wrap(brailleLines) } ?? brailleLines.map(\.cells)
          // Only braille cells (U+2800…U+28FF) and line feeds: composed here, no document text.
          var bytes: [UInt8] = []
          bytes.reserveCapacity(rows.reduce(0) { $0 + 3 * $1.count + 1 })
          for row in rows {
            for cell in row { UTF8.encode(cell) { bytes.append($0) } }
            bytes.append(0x0A)
          }
          try StandardStreams.writeComposed(bytes)
        case .brf:
          let tableName = chosen?.name ?? "the table of the document's language"
          let bytes = try BrailleLayout(cells: cells ?? 40, lines: lines).brf(brailleLines, table: tableName)
          try StandardStreams.writeComposed(bytes)
        }
      } catch let error as BrailleError {
        throw InputFailure(message: "\(input.displayName): \(error)")
      }
    }
  }
}
