import ArgumentParser
import Detection
import DocumentParsing
import Foundation
import Output
import TextModel

struct DetectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "detect",
    abstract: "Find e-mail addresses, links, phone numbers and alerts.",
    discussion: """
      Markup comes first: an <a href> (mailto: and tel: too) is a detection with source "markup" and \
      its text is not detected again. Every range is given in UTF-8, UTF-16 and Character offsets.

      Examples:
        textrotor detect corpus/park-trip-brochure.html
        textrotor detect notes.txt --kinds phone --region JP --format tsv
        textrotor detect brochure.html --format text --explain
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case jsonl, json, text, tsv }

  @OptionGroup var input: InputOptions

  @OptionGroup var limits: DetectionLimitOptions

  @Option(help: "Kinds to report, comma-separated: email, link, phone, alert (default: all).")
  var kinds: String = "email,link,phone,alert"

  @Option(
    help:
      "ISO 3166 region for national phone numbers, tried after the language of the text around each number and the document's evidence (international numbers, country-code domains); without it, the locale."
  )
  var region: String?

  @Option(help: "A rules file adding alert cue words (see docs/ALERT-RULES.md).")
  var rules: String?

  @Option(help: "Output: jsonl (one object per line), json, text or tsv.")
  var format: Format = .jsonl

  @Flag(help: "Print why each detection was made (text format; json formats always carry a reason).")
  var explain = false

  @Flag(
    help: "Read every document under the directory FILE, in path order, --jobs at a time (each line names its file).")
  var recursive = false

  @Option(
    parsing: .unconditional, help: "With --recursive: documents read at once (default: the number of cores).")
  var jobs: Int?

  func validate() throws {
    if jobs != nil && !recursive { throw ValidationError("--jobs goes with --recursive") }
    try validateLanguageTag(input.language, option: "--language")
    for kind in kinds.split(separator: ",") where !["email", "link", "phone", "alert"].contains(kind.lowercased()) {
      throw ValidationError("unknown kind \"\(kind)\": use email, link, phone, alert")
    }
    if let region, region.count != 2 || !region.allSatisfy({ $0.isLetter && $0.isASCII }) {
      throw ValidationError("--region takes a two-letter ISO 3166 code such as US, JP, CN, VN, EG (got \"\(region)\")")
    }
  }

  func run() throws {
    if recursive { return try runRecursive() }  // DetectCommand+Recursive.swift
    try runReportingInputErrors {
      var alertRules = AlertRules()
      if let rules {
        let data = try readSettingsFile(rules)
        do { alertRules = try AlertRules(parsing: data) } catch {
          throw InputFailure(message: "\(rules): \(error)")
        }
      }
      // Languages are identified only where a national phone number needs a region (speed).
      let document = try input.readDocument(identifyingLanguages: false)
      let options = DocumentDetector.Options(
        kinds: Set(kinds.split(separator: ",").map { DetectionKind(rawValue: $0.lowercased()) }),
        region: region?.uppercased(), alertRules: alertRules, identifiesLanguages: !input.noDetectLanguage)
      let detections = limits.detect(
        in: document, with: options, displayName: input.displayName, parallelism: input.parallelism)
      let out = OutputBuffer()
      let sinkFormat: DetectionFormat =
        switch format {
        case .jsonl: .jsonLines
        case .json: .json(file: input.displayName)
        case .text: .text(explain: explain)
        case .tsv: .tsv
        }
      detections.write(sinkFormat, in: document) { out.write($0, isText: sinkFormat.isText) }
      try out.flush()
    }
  }
}
