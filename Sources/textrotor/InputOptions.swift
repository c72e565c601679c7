import ArgumentParser
import Detection
import DocumentParsing
import Foundation
import ParallelSupport
import Speech
import TextModel

extension InputFormat: ExpressibleByArgument {}

/// The input file and format, shared by every subcommand that reads a document.
struct InputOptions: ParsableArguments {
  @Argument(help: "The document to read (HTML, XML, Markdown or plain text); - or nothing reads standard input.")
  var file: String = "-"

  @Option(
    name: .customLong("input"),
    help: "The input format: html, xml, text, markdown, epub or docx (default: from the extension, else sniffed)."
  )
  var format: InputFormat?

  @Option(help: "The language to assume when the document names none (BCP 47, e.g. en, zh-Hans, ja, vi, ar).")
  var language: String?

  @Option(
    help: ArgumentHelp(
      "The input's encoding, a WHATWG label (utf-8, windows-1252, shift_jis, utf-16le…); wins over <meta> and the XML declaration, not over a byte-order mark.",
      valueName: "label"))
  var encoding: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The deepest element nesting that keeps its structure.",
      discussion: "Deeper elements keep their text but not their structure; a warning says where."))
  var maxDepth: Int = ReaderOptions.default.maximumDepth

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The most attributes read on one element.",
      discussion:
        "Further attributes are dropped before libxml2 reads the tag (its duplicate check is quadratic); a warning says where and how many."
    ))
  var maxAttributes: Int = ReaderOptions.default.maximumAttributes

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The largest input read, in bytes.",
      discussion:
        "The default is 2 GiB. A larger input is refused with exit status 1 and a message; nothing is printed."))
  var maxInputBytes: Int = ReaderOptions.defaultMaximumInputBytes

  @Flag(
    name: .customLong("no-detect-language"),
    help: ArgumentHelp(
      "Do not identify the language of text that declares none.",
      discussion:
        "By default each line or paragraph with no lang gets a language identified from its text (CLD2, or the script for kana, hangul and Thai), marked as detected; it picks the region of national phone numbers and the speech lexicon and voice."
    ))
  var noDetectLanguage = false

  @Flag(
    help: ArgumentHelp(
      "Do not say on standard error where the text read differs from the document's.",
      discussion:
        "By default each diagnostic that means text was left out or changed (an entity not expanded, bytes replaced with U+FFFD, a limit hit, a document re-read after an error) is printed as one line: textrotor: FILE:LINE:COLUMN: warning: …"
    ))
  var quiet = false

  @Option(
    help: ArgumentHelp(
      "The most threads one document's work may use (1: none but the main thread).",
      discussion:
        "Reading a large page, detection, language identification, speech and JSON output use two by default. The output is the same whatever the number."
    ))
  var threads: Int?

  /// The one `Parallelism` every stage of this command gets (`--threads`; two by default).
  var parallelism: Parallelism { threads.map { .workers($0) } ?? .default }

  /// The display name of the input in messages.
  var displayName: String { file == "-" ? "<stdin>" : file }

  func validate() throws {
    if maxDepth < 1 { throw ValidationError("--max-depth takes a positive number (got \(maxDepth))") }
    if maxAttributes < 0 { throw ValidationError("--max-attributes takes 0 or more (got \(maxAttributes))") }
    if let threads, threads < 1 { throw ValidationError("--threads takes 1 or more (got \(threads))") }
    if maxInputBytes < 0 { throw ValidationError("--max-input-bytes takes 0 or more (got \(maxInputBytes))") }
    if let encoding, let refusal = ReaderOptions.refusal(ofEncodingLabel: encoding) {
      throw ValidationError("--encoding: \(refusal)")
    }
  }

  /// The reader options these flags ask for.
  var readerOptions: ReaderOptions {
    var options = ReaderOptions(
      maximumDepth: maxDepth, defaultLanguage: language, encoding: encoding, maximumAttributes: maxAttributes,
      maximumInputBytes: maxInputBytes)
    options.parallelism = parallelism
    options.spokenForms = .speech
    return options
  }

  /// Reads the document, or exits with status 1 and a one-line message naming the file. With
  /// `identifyingLanguages` (and no `--no-detect-language`), lines that declare no language get
  /// detected language runs (`LanguageIdentifier`). With `reportingChanges` (and no `--quiet`),
  /// says where the text read differs from the document's (``reportChanges(in:name:)``).
  /// With `collectingMarkupFacts`, the reader keeps what the audit reads (elements, attributes).
  func readDocument(
    identifyingLanguages: Bool = true, reportingChanges: Bool = true, collectingMarkupFacts: Bool = false
  ) throws -> TextDocument {
    let document: TextDocument
    var options = readerOptions
    options.collectsMarkupFacts = collectingMarkupFacts
    do {
      document = try DocumentReader(options: options).read(path: file, format: format)
    } catch {
      throw InputFailure(message: error.description)
    }
    if reportingChanges { reportChanges(in: document, name: displayName) }
    guard identifyingLanguages && !noDetectLanguage else { return document }
    var identifier = LanguageIdentifier()
    identifier.parallelism = parallelism
    return identifier.annotating(consume document)
  }
}

extension InputOptions {
  /// Prints each of the document's diagnostics that means text was left out or changed
  /// (``Diagnostic/changesText``) on standard error, one line each, `textrotor: FILE:LINE:COLUMN:
  /// warning: …`, unless `--quiet`. Informational ones are not printed (`parse --diagnostics` shows
  /// every one).
  func reportChanges(in document: TextDocument, name: String) {
    guard !quiet else { return }
    for diagnostic in document.diagnostics where diagnostic.changesText {
      StandardStreams.error("textrotor: \(name):\(diagnostic)")
    }
  }
}

/// An input error: printed as "textrotor: <message>" on standard error, exit status 1.
struct InputFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Runs a command body, turning input and output failures into the contract's exit status 1 (a
/// ``UsageFailure`` into 2).
func runReportingInputErrors(_ body: () throws -> Void) throws {
  do {
    try body()
  } catch let failure as InputFailure {
    StandardStreams.error("textrotor: \(failure.message)")
    throw ExitCode(1)
  } catch let failure as UsageFailure {
    StandardStreams.error("textrotor: \(failure.message)")
    throw ExitCode(2)
  } catch let failure as OutputFailure {
    // A closed pipe (EPIPE with SIGPIPE ignored) means the reader has gone: exit 1 without a word.
    if !failure.isClosedPipe { StandardStreams.error("textrotor: \(failure)") }
    throw ExitCode(1)
  }
}
