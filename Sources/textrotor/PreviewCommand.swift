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
      block's speech (espeak-ng), embedded in the page. The page loads nothing from anywhere and \
      reads without scripts.

      Examples:
        textrotor preview corpus/park-trip-brochure.html -o park.html
        textrotor preview corpus/contrast-note.zh.html -o note.html --audio --punctuation all
      """)

  @OptionGroup var input: InputOptions

  @OptionGroup var limits: DetectionLimitOptions

  @Option(name: [.short, .long], help: "The HTML file to write (replaced only once the page is complete).")
  var output: String

  @Flag(help: "Leave the audit out (by default its findings are shown at their blocks, summed up at the top).")
  var noAudit = false

  @Flag(help: "Embed a WAV clip of each block's speech (espeak-ng, one voice per block's language).")
  var audio = false

  @Option(help: "The language when the document names none (BCP 47: en, zh, ja, vi, ar…).")
  var locale: String?

  @Option(help: "Punctuation verbosity of the speech: none, some, most, all, char.")
  var punctuation: PunctuationLevel = .some

  func validate() throws {
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
      // What depends on neither the findings nor one another is made while the audit may still
      // run: the clips, then the rotor panels (only if it still runs: otherwise they are written
      // as they are made).
      let clips = audio ? try PreviewClips.synthesize(page.blockSpeech) : nil
      let panels = audit.map { $0.isMade ? nil : page.rotorPanels() } ?? nil
      page.findings = audit?.value()
      var failure: InputFailure?
      page.write(clips: clips, rotorPanels: panels) { bytes in
        guard failure == nil else { return }
        do throws(InputFailure) { try file.write(bytes) } catch { failure = error }
      }
      if let failure { throw failure }
      try file.commit()
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
private final class Concurrently<Value>: Sendable {
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
