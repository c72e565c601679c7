import ArgumentParser
import Detection
import Foundation
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

  @Option(help: "An NVDA-format symbols.dic whose names and levels override the built-in ones (e.g. /usr/share/speech-dispatcher/locale/en/symbols.dic).")
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
  }

  func run() throws {
    try runReportingInputErrors {
      var input = self.input
      if input.language == nil { input.language = locale }
      let document = try input.readDocument()
      var options = SpeechOptions(locale: locale, punctuation: punctuation, numbers: numbers)
      if let symbols {
        guard let data = FileManager.default.contents(atPath: symbols) else {
          throw InputFailure(message: "\(symbols): cannot read the symbols file")
        }
        let language = document.language ?? locale ?? "en"
        var table = SymbolTable(language: language)
        do {
          let result = try table.load(symbolsDic: String(decoding: data, as: UTF8.self))
          if !result.unreadableLines.isEmpty {
            let lines = result.unreadableLines.prefix(5).map(String.init).joined(separator: ", ")
            FileHandle.standardError.write(Data(
              "textrotor: \(symbols): skipped \(result.unreadableLines.count) unreadable line(s) (line \(lines)\(result.unreadableLines.count > 5 ? ", …" : ""))\n".utf8))
          }
        } catch {
          throw InputFailure(message: "\(symbols): \(error)")
        }
        options.symbolTables[table.language] = table
      }
      let detections = limits.detect(in: document, with: DocumentDetector.Options(), displayName: input.displayName)
      var textRange: TextRange?
      if let (start, end) = try parsedRange() {
        let length = document.text.utf8.count
        guard start <= length else {
          throw InputFailure(message: "\(input.displayName): --range starts at \(start), past the end of the text (\(length) UTF-8 bytes)")
        }
        textRange = TextRange(start: start, end: min(end, length))
      }
      let script = SpeechRenderer(document: document, detections: detections, options: options).render(textRange)
      if let audio { try AudioWriter.write(script, to: audio) }
      var out = OutputBuffer()
      switch format {
      case .text: out.line(script.plainText())
      case .ssml: out.write(script.ssml())
      case .json: out.line(script.json(document: document))
      }
      out.flush()
    }
  }
}

/// Speaks a script through espeak-ng, one voice per language run, and joins the parts with sox.
enum AudioWriter {
  static func voice(for language: String) -> String {
    ["zh": "cmn", "ja": "ja", "vi": "vi", "ar": "ar", "en": "en-us"][language] ?? language
  }

  static func write(_ script: SpeechScript, to path: String) throws {
    // Fail before synthesizing (which can take minutes) when the file cannot be written.
    let folderPath = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folderPath, isDirectory: &isFolder), isFolder.boolValue else {
      throw InputFailure(message: "\(path): cannot write the audio file (no folder \(folderPath))")
    }
    guard FileManager.default.isWritableFile(atPath: folderPath) else {
      throw InputFailure(message: "\(path): cannot write the audio file (the folder is not writable)")
    }
    let runs = script.languageRuns()
    guard !runs.isEmpty else { throw InputFailure(message: "\(path): nothing to speak in the chosen range") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-audio-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    warnAboutMissingDictionaries(runs)
    var parts: [String] = []
    for (index, run) in runs.enumerated() {
      let part = folder.appendingPathComponent(String(format: "part-%05d.wav", index)).path
      try runTool("/usr/bin/espeak-ng", ["-v", voice(for: run.language), "-w", part, "--stdin", "-b", "1"], input: run.text,
                  missing: "espeak-ng is not installed (apt-get install espeak-ng)")
      parts.append(part)
    }
    if parts.count == 1 {
      try? FileManager.default.removeItem(atPath: path)
      do { try FileManager.default.copyItem(atPath: parts[0], toPath: path) } catch {
        throw InputFailure(message: "\(path): cannot write the audio file (\(error.localizedDescription))")
      }
    } else {
      try runTool("/usr/bin/sox", parts + [path], input: nil, missing: "sox is not installed (apt-get install sox)")
    }
  }

  /// Debian's espeak-ng `cmn` and `ja` voices have no dictionary for Han characters: they read a
  /// code point or "Chinese letter" instead. Probe once per voice that has Han text and say so.
  static func warnAboutMissingDictionaries(_ runs: [(language: String, text: String)]) {
    var probed: Set<String> = []
    for run in runs where (run.language == "zh" || run.language == "ja") && !probed.contains(run.language) {
      guard run.text.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) else { continue }
      probed.insert(run.language)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
      process.arguments = ["-q", "-x", "-v", voice(for: run.language), "字"]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { continue }
      let phonemes = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      if phonemes.contains("(en)") {
        FileHandle.standardError.write(Data(("textrotor: note: espeak-ng's \(voice(for: run.language)) voice here has no dictionary "
          + "for Han characters and will not read them properly; the text and SSML are right for a full \(run.language) voice\n").utf8))
      }
    }
  }

  static func runTool(_ tool: String, _ arguments: [String], input: String?, missing: String) throws {
    guard FileManager.default.isExecutableFile(atPath: tool) else { throw InputFailure(message: missing) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let pipe = Pipe()
    if input != nil { process.standardInput = pipe }
    try process.run()
    if let input {
      pipe.fileHandleForWriting.write(Data(input.utf8))
      try? pipe.fileHandleForWriting.close()
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw InputFailure(message: "\(URL(fileURLWithPath: tool).lastPathComponent) failed: \(text)")
    }
  }
}
