import ArgumentParser
import Braille
import Foundation
import Output
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

  @Option(
    help:
      "A table of liblouis's (en-ueb-g2.ctb) or a table file (.ctb, .utb, …), or a comma-separated list; auto: each passage's language chooses."
  )
  var table: String = "auto"

  @Option(parsing: .unconditional, help: "1 (uncontracted) or 2 (contracted); without it each language's usual grade.")
  var grade: Int?

  @Option(help: "unicode (Unicode braille) or brf (embosser pages in Braille ASCII).")
  var format: Format = .unicode

  // `.unconditional`: "-5" is the option's value (then refused with the range), not a missing one.
  @Option(
    parsing: .unconditional,
    help: "Cells per line, 8 to 1000 (BRF: 40 unless given; Unicode: not wrapped unless given).")
  var cells: Int?

  @Option(parsing: .unconditional, help: "Lines per page for BRF, 2 to 1000, the page-number line included.")
  var lines: Int = 25

  func validate() throws {
    try validateLanguageTag(input.language, option: "--language")
    if let grade, grade != 1 && grade != 2 { throw ValidationError("--grade takes 1 or 2 (got \(grade))") }
    if let cells, cells < 8 || cells > 1000 { throw ValidationError("--cells takes 8 to 1000 (got \(cells))") }
    if lines < 2 || lines > 1000 { throw ValidationError("--lines takes 2 to 1000 (got \(lines))") }
    // Before liblouis sees the name: it opens whatever it is given (/dev/zero, a FIFO, /etc/shadow).
    if table != "auto" {
      do { try BrailleTable.checkName(table) } catch { throw ValidationError("--table: \(error)") }
    }
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
        // Lines are laid out as they are translated, a piece at a time; the output is held (past
        // 1 MiB in a temporary file) and written only when the whole document is done, so an input
        // that fails half-way writes nothing.
        let output = SpillBuffer()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16 + 4096)
        func hand(_ more: [UInt8]) {
          bytes += more
          if bytes.count >= 1 << 16 {
            output.append(bytes: bytes[...])
            bytes.removeAll(keepingCapacity: true)
          }
        }
        // Only braille cells (U+2800…U+28FF), line feeds and BRF's ASCII: composed here, no document text.
        func encode(_ row: some Sequence<Unicode.Scalar>, endingLine: Bool) {
          var encoded: [UInt8] = []
          for cell in row { UTF8.encode(cell) { encoded.append($0) } }
          if endingLine { encoded.append(0x0A) }
          hand(encoded)
        }
        let warnings: [BrailleWarning]
        switch format {
        case .unicode:
          if let cells {
            let layout = BrailleLayout(cells: cells, lines: nil)
            var wrapper: BrailleLayout.LineWrapper?
            warnings = try braille.translate { piece, endsLine in
              var current = wrapper ?? BrailleLayout.LineWrapper(layout: layout, role: piece.role)
              current.append(piece.cells) { encode($0, endingLine: true) }
              if endsLine { current.finish { encode($0, endingLine: true) } }
              wrapper = endsLine ? nil : current
            }
          } else {
            warnings = try braille.translate { piece, endsLine in encode(piece.cells, endingLine: endsLine) }
          }
        case .brf:
          let tableName = chosen?.name ?? "the table of the document's language"
          var pager = BrailleLayout.BRFPager(layout: BrailleLayout(cells: cells ?? 40, lines: lines), table: tableName)
          var inLine = false
          warnings = try braille.translate { piece, endsLine in
            if !inLine { pager.startLine(piece.role) }
            try pager.append(piece.cells, hand)
            if endsLine { try pager.endLine(hand) }
            inLine = !endsLine
          }
          try pager.finish(hand)
        }
        output.append(bytes: bytes[...])
        if !input.quiet {
          for warning in warnings {
            // line:column, or in a book entry:line:column (as `detect` gives them).
            let place = document.sourceMap.inputPlace(forTextOffset: warning.offset)
            StandardStreams.error("textrotor: \(input.displayName):\(place): warning: \(warning)")
          }
        }
        var failure: Int32 = 0
        output.forEachChunk { chunk in
          if failure == 0 { failure = StandardStreams.writeAll(STDOUT_FILENO, UnsafeRawBufferPointer(chunk)) }
        }
        if failure != 0 { throw OutputFailure(errno: failure) }
      } catch let error as BrailleError {
        throw InputFailure(message: "\(input.displayName): \(error)")
      }
    }
  }
}
