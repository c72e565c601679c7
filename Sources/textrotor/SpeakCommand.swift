import ArgumentParser
import Detection
import Foundation
import Output
import TextModel
import TextRotor

extension PunctuationLevel: ExpressibleByArgument {}
extension NumberStyle: ExpressibleByArgument {}

struct SpeakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "speak",
    abstract: "Render a document (or a range of it) as speech: text, SSML or JSON, and optionally a WAV file.",
    discussion: """
      Colons are read by context ("11.7:1" → "11.7 to 1", "10:30" a time, "John 3:16" a verse, \
      "Note:" a pause); phone numbers digit by digit in their groups; e-mail addresses and links by \
      parts; punctuation named as the level says. The language comes from the document (lang, \
      xml:lang), else --locale.

      Examples:
        textrotor speak corpus/contrast-accessibility-note.html
        textrotor speak corpus/contrast-note.zh.html --format ssml
        textrotor speak corpus/park-trip-brochure.html --range 0..400 --punctuation all
        textrotor speak corpus/park-brochure.ja.html --audio park.wav
        echo 'Call (415) 555-0132 at 10:30.' | textrotor speak --locale en --numbers words
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, ssml, json }

  @OptionGroup var input: InputOptions

  @OptionGroup var limits: DetectionLimitOptions

  @Option(help: "The UTF-8 range to speak, A..B (default: the whole document).")
  var range: String?

  @Option(help: "The language when the document names none (BCP 47: en, zh, ja, vi, ar…).")
  var locale: String?

  @Option(help: "Punctuation verbosity: none, some, most, all, char.")
  var punctuation: PunctuationLevel = .some

  @Option(help: "Numbers as numerals (every synthesizer reads them) or as words (ICU spell-out).")
  var numbers: NumberStyle = .numerals

  @Option(
    help:
      "An NVDA-format symbols.dic whose names and levels override the built-in ones (e.g. /usr/share/speech-dispatcher/locale/en/symbols.dic)."
  )
  var symbols: String?

  @Option(help: "Output: text, ssml or json (segments with their source ranges).")
  var format: Format = .text

  @Option(help: "Also speak through espeak-ng into this WAV file (one voice per language run).")
  var audio: String?

  func parsedRange() throws -> (Int, Int)? {
    guard let range else { return nil }
    let parts = range.components(separatedBy: "..")
    guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, end >= start else {
      throw ValidationError("--range takes two UTF-8 offsets A..B with A ≤ B (got \"\(range)\")")
    }
    return (start, end)
  }

  func validate() throws {
    _ = try parsedRange()
    try validateLanguageTag(locale, option: "--locale")
    try validateLanguageTag(input.language, option: "--language")
  }

  func run() throws {
    try runReportingInputErrors {
      var input = self.input
      if input.language == nil { input.language = locale }
      let document = try input.readDocument()
      noteMalformedLanguageTags(in: document, file: input.displayName)
      var options = SpeechOptions(locale: locale, punctuation: punctuation, numbers: numbers)
      options.parallelism = input.parallelism
      if let symbols {
        let data = try readSettingsFile(symbols)
        // The language speech uses for the document: a malformed document tag is skipped there too.
        let language = [document.language, locale].compactMap { $0 }.first(where: LanguageTag.isWellFormed) ?? "en"
        var table = SymbolTable(language: language)
        do {
          let result = try table.load(symbolsDic: data)
          if !result.unreadableLines.isEmpty {
            let lines = result.unreadableLines.prefix(5).map(String.init).joined(separator: ", ")
            StandardStreams.error(
              "textrotor: \(symbols): skipped \(result.unreadableLines.count) unreadable line(s) (line \(lines)\(result.unreadableLines.count > 5 ? ", …" : ""))"
            )
          }
        } catch {
          throw InputFailure(message: "\(symbols): \(error)")
        }
        options.symbolTables[table.language] = table
      }
      // Speech reads phones, e-mails and links as a whole; alerts are not asked for (the renderer
      // then shares this array instead of filtering a copy).
      let detections = limits.detectForReading(
        in: document,
        with: DocumentDetector.Options(kinds: [.phone, .email, .link], identifiesLanguages: !input.noDetectLanguage),
        parallelism: input.parallelism)
      var textRange: TextRange?
      if let (start, end) = try parsedRange() {
        let length = document.text.utf8.count
        guard start <= length else {
          throw InputFailure(
            message:
              "\(input.displayName): --range starts at \(start), past the end of the text (\(length) UTF-8 bytes)")
        }
        textRange = TextRange(start: start, end: min(end, length))
      }
      let renderer = SpeechRenderer(document: document, detections: detections, options: options)
      let out = OutputBuffer()
      let sinkFormat = SpeechFormat(rawValue: format.rawValue)!
      if let audio {
        // The WAV writer takes the whole script (voices per language run); the output is the same.
        let script = renderer.render(textRange)
        try AudioWriter.write(script, to: audio)
        script.write(format: sinkFormat, document: document) { out.write($0, isText: sinkFormat.isText) }
      } else {
        renderer.write(textRange, format: sinkFormat) { out.write($0, isText: sinkFormat.isText) }
      }
      try out.flush()
    }
  }
}
