import ArgumentParser
import Audit
import Detection
import Foundation
import Output
import ParallelSupport
import TextModel
import TextRotor

struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Write one self-contained HTML page that shows what a screen reader meets in a document.",
    discussion: """
      The page shows every block in reading order with its role, level, language and source \
      line:column (linked to the source line, shown on the page); a panel per rotor (headings, links, \
      e-mail addresses, phone numbers, alerts, landmarks, tables, lists, images, quotes) whose items \
      link to their block; what speech says for each block; and the audit's findings (as \
      `textrotor audit` finds them) at their blocks, summed up at the top. --audio adds a WAV clip of each \
      block's speech (espeak-ng), as files in a folder beside the page (park.html: park-audio/). The \
      page loads nothing from anywhere else, and reads without scripts. A page is at most --page-bytes \
      (by default twice the input, 512 KiB to 1 MiB): a larger document is shown a page of consecutive \
      blocks at a time, --page P for the others. No output may be the input (exit 2).

      Examples:
        textrotor preview corpus/park-trip-brochure.html -o park.html
        textrotor preview corpus/contrast-note.zh.html -o note.html --audio --punctuation all
        textrotor preview big.html -o big-2.html --page 2
      """)

  @OptionGroup var input: InputOptions

  @OptionGroup var limits: DetectionLimitOptions

  @Option(name: [.short, .long], help: "The HTML file to write (replaced only once the page is complete).")
  var output: String

  @Flag(help: "Leave the audit out (by default its findings are shown at their blocks, summed up at the top).")
  var noAudit = false

  @Flag(
    help:
      "Add a WAV clip of each block's speech (espeak-ng, one voice per block's language), as files in a folder beside the page (PAGE-audio/)."
  )
  var audio = false

  @Option(help: "The page of a large document to write, from 1 (see --page-bytes).")
  var page: Int = 1

  @Option(
    help:
      "The bytes one page may take (default: twice the input's size, at least 512 KiB, at most 1 MiB); a larger document is split into pages of consecutive blocks."
  )
  var pageBytes: Int?

  @Option(help: "The language when the document names none (BCP 47: en, zh, ja, vi, ar…).")
  var locale: String?

  @Option(help: "Punctuation verbosity of the speech: none, some, most, all, char.")
  var punctuation: PunctuationLevel = .some

  /// A page's default bounds: twice the input, within these (a smaller page holds too little of a
  /// small document; a larger one is slow to open: Chromium took 40 s on a 24 MB page).
  static let defaultPageBytes = (least: 512 << 10, most: 1 << 20)

  func validate() throws {
    if page < 1 { throw ValidationError("--page takes 1 or more (got \(page))") }
    if let pageBytes, pageBytes < 64 << 10 {
      throw ValidationError("--page-bytes takes 65536 or more (got \(pageBytes))")
    }
    try validateLanguageTag(locale, option: "--locale")
    try validateLanguageTag(input.language, option: "--language")
  }

  func run() throws {
    try runReportingInputErrors {
      var input = self.input
      if input.language == nil { input.language = locale }
      let document = try input.readDocument(collectingMarkupFacts: !noAudit)
      noteMalformedLanguageTags(in: document, file: input.displayName)
      // Check the target before the work (a folder, a link, no folder: exit 1 with nothing written).
      let file = try ReplacementFile(target: output, noun: "the page", option: "--output")
      // The audit reads only the document: it runs on a thread of its own beside detection, speech
      // and the rotors, and its findings join the page before it is written (wall time; the CPU
      // is the same). Serial: on this thread, in turn.
      let audit =
        noAudit
        ? nil
        : Concurrently(serial: input.parallelism.isSerial) {
          Auditor().audit(document).map(PreviewPage.Finding.init)
        }
      let detections = limits.detect(
        in: document,
        with: DocumentDetector.Options(
          kinds: [.email, .link, .phone, .alert], identifiesLanguages: !input.noDetectLanguage),
        displayName: input.displayName, parallelism: input.parallelism)
      var options = SpeechOptions(locale: locale, punctuation: punctuation)
      options.parallelism = input.parallelism
      var page = PreviewPage(
        document: document, detections: detections,
        renderer: SpeechRenderer(document: document, detections: detections, options: options),
        name: input.displayName, source: sourceBytes(of: document))
      page.findings = audit?.value()
      let paging = PreviewPage.Paging(page: self.page, byteBudget: pageBudget(document))
      // The clips of the page's blocks, as files in a folder beside it.
      var clips: [PreviewPage.Clip?]?
      if audio {
        guard let shown = page.blocks(paging: paging) else { throw pastTheEnd() }
        clips = try PreviewClips.write(page, blocks: shown, beside: output, parallelism: input.parallelism)
      }
      var failure: InputFailure?
      let written = page.write(clips: clips, paging: paging) { bytes in
        guard failure == nil else { return }
        do throws(InputFailure) { try file.write(bytes) } catch { failure = error }
      }
      if let failure { throw failure }
      guard let shown = written else { throw pastTheEnd() }
      try file.commit()
      if !input.quiet { report(shown, document: document) }
    }
  }

  /// The bytes a page may take: `--page-bytes`, else twice the input's size (the file's, or the
  /// text's for standard input) within ``defaultPageBytes``.
  private func pageBudget(_ document: TextDocument) -> Int {
    if let pageBytes { return pageBytes }
    var size = document.text.utf8.count
    if input.file != "-", let attributes = try? FileManager.default.attributesOfItem(atPath: input.file),
      let bytes = attributes[.size] as? Int
    {
      size = bytes
    }
    return min(
      Self.defaultPageBytes.most, max(Self.defaultPageBytes.least, size.multipliedReportingOverflow(by: 2).partialValue)
    )
  }

  private func pastTheEnd() -> InputFailure {
    InputFailure(message: "\(input.displayName): --page \(page) is past the last page of the preview")
  }

  /// Says on standard error which blocks a page of several shows, and each block cut short.
  private func report(_ shown: PreviewPage.Shown, document: TextDocument) {
    func place(_ block: Int) -> String {
      let offset = document.sourceMap.sourceOffset(forTextOffset: document.blocks[block].range.start)
      let (line, column) = document.sourceMap.lineAndColumn(forSourceOffset: offset)
      return "\(input.displayName):\(line):\(column)"
    }
    for block in shown.cut {
      StandardStreams.error(
        "textrotor: \(place(block)): warning: block \(block + 1) is larger than half a page; the preview shows its start"
      )
    }
    if shown.hasMore {
      StandardStreams.error(
        "textrotor: \(place(shown.blocks.upperBound)): note: page \(shown.page) shows blocks \(shown.blocks.lowerBound + 1)–\(shown.blocks.upperBound) of \(shown.blockCount); --page \(shown.page + 1) writes the next"
      )
    }
  }

  /// The input's bytes, for the page's source lines: a file read as markup or text (an archive's
  /// line:column refer to its members, and standard input has gone by now: none then).
  private func sourceBytes(of document: TextDocument) -> [UInt8]? {
    guard input.file != "-", [.html, .xml, .text].contains(document.format) else { return nil }
    guard let data = FileManager.default.contents(atPath: input.file) else { return nil }
    return [UInt8](data)
  }
}

/// A value made on a thread of its own while the caller goes on (or at once, on the calling thread,
/// when serial or when no thread can be made); ``value()`` waits for it.
private final class Concurrently<Value: Sendable>: Sendable {
  private let promise = Promise<Value>()
  private let thread: JoinableThread?

  init(serial: Bool, _ make: @escaping @Sendable () -> Value) {
    let promise = promise
    thread = serial ? nil : JoinableThread.start { promise.keep(make()) }
    if thread == nil { promise.keep(make()) }
  }

  /// Whether the value is made (a caller may do other work first instead of waiting).
  var isMade: Bool { promise.isKept }

  /// The value, once made.
  func value() -> Value {
    let value = promise.value()
    thread?.join()
    return value
  }
}
