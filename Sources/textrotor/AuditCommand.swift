import ArgumentParser
import Audit
import DocumentParsing
import Foundation
import Output
import Speech
import TextModel

/// `textrotor audit FILE…`: what a listener will miss in each document (docs/AUDIT.md). Folders are
/// read as `detect --recursive` reads one. Exit status 3 when a finding is at or above `--fail-on`.
struct AuditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract: "Check documents for what a listener will miss (W3C ACT rules and speech checks).",
    discussion: "Exit status: 0 nothing at or above --fail-on, 3 something is, 1 input error, 2 usage error.")

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, sarif }
  enum FailOn: String, ExpressibleByArgument, CaseIterable { case error, warning, never }

  @Argument(help: "Documents or folders to audit (a folder: every document under it).")
  var files: [String]

  @Option(help: "Output: text, json or sarif (SARIF 2.1.0).")
  var format: Format = .text

  @Option(help: "Exit with status 3 when a finding has this severity or a higher one: error, warning or never.")
  var failOn: FailOn = .error

  @Option(help: "Only these rules, comma-separated (names as in docs/AUDIT.md).")
  var rules: String?

  @Option(help: "The input format, for every file (default: from each file's extension or content).")
  var input: InputFormat?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The deepest element nesting that keeps its structure (the rules see elements up to it).",
      discussion: "Deeper elements keep their text but not their structure; a warning says where."))
  var maxDepth: Int = ReaderOptions.default.maximumDepth

  @Option(parsing: .unconditional, help: "The most attributes read on one element.")
  var maxAttributes: Int = ReaderOptions.default.maximumAttributes

  @Option(parsing: .unconditional, help: "The largest input read, in bytes (default 2 GiB).")
  var maxInputBytes: Int = ReaderOptions.defaultMaximumInputBytes

  @Flag(help: "Do not say on standard error where the text read differs from the document's.")
  var quiet = false

  func validate() throws {
    if files.isEmpty { throw ValidationError("audit needs at least one FILE") }
    if maxDepth < 1 { throw ValidationError("--max-depth takes a positive number (got \(maxDepth))") }
    if maxAttributes < 0 { throw ValidationError("--max-attributes takes 0 or more (got \(maxAttributes))") }
    if maxInputBytes < 0 { throw ValidationError("--max-input-bytes takes 0 or more (got \(maxInputBytes))") }
    if let rules {
      for name in rules.split(separator: ",") where AuditRules.named(String(name)) == nil {
        throw ValidationError("unknown rule '\(name)' (see docs/AUDIT.md for the list)")
      }
    }
  }

  func run() throws {
    var failed = false
    var audited: [AuditedFile] = []
    try runReportingInputErrors {
      let auditor = Auditor(rules: rules.map { Set($0.split(separator: ",").map(String.init)) })
      var options = ReaderOptions(
        maximumDepth: maxDepth, maximumAttributes: maxAttributes, maximumInputBytes: maxInputBytes)
      options.collectsMarkupFacts = true
      options.spokenForms = .speech
      let reader = DocumentReader(options: options)
      var paths: [String] = []
      for file in files {
        var isDirectory: ObjCBool = false
        if file != "-", FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
          let walk = DetectCommand.documents(under: file)
          for message in walk.skipped + walk.unreadable { StandardStreams.error(message) }
          if !walk.unreadable.isEmpty { failed = true }
          paths += walk.documents
        } else {
          paths.append(file)
        }
      }
      for path in paths {
        do throws(ReadError) {
          let document = try reader.read(path: path, format: input)
          // What the reader changed or left out (a depth or attribute limit, bytes replaced…), as
          // every reading command says it, unless --quiet.
          if !quiet {
            for diagnostic in document.diagnostics where diagnostic.changesText {
              StandardStreams.error("textrotor: \(path == "-" ? "<stdin>" : path):\(diagnostic)")
            }
          }
          let findings = auditor.audit(document, contentType: Auditor.contentType(forPath: path))
          audited.append(AuditedFile(path: path, findings: findings))
        } catch {
          if paths.count == 1 { throw InputFailure(message: error.description) }
          StandardStreams.error("textrotor: \(error.description)")
          failed = true
        }
      }
      let out = OutputBuffer()
      switch format {
      case .text:
        for line in AuditText.lines(audited) { out.line(line) }
      case .json:
        var json = out.jsonWriter()
        AuditJSON.write(audited, to: &json)
        out.line(finishing: &json)
      case .sarif:
        var json = out.jsonWriter()
        AuditSARIF.write(
          audited, rules: auditor.rules.map { $0.descriptor }, version: TextRotorCommand.configuration.version,
          to: &json)
        out.line(finishing: &json)
      }
      try out.flush()
    }
    if failed { throw ExitCode(1) }
    let threshold: AuditSeverity? = failOn == .never ? nil : AuditSeverity(rawValue: failOn.rawValue)
    if let threshold, audited.contains(where: { $0.findings.contains { $0.severity >= threshold } }) {
      throw ExitCode(3)
    }
  }
}
