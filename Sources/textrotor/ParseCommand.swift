import ArgumentParser
import Detection
import DocumentParsing
import Foundation
import Output
import TextModel

struct ParseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse",
    abstract: "Read a document and print what a screen reader gets from it.",
    discussion: """
      text prints the reading view: one line per line of text, with headings, list items, alerts, \
      landmarks and images recognizable from words at the start of lines. json prints the whole \
      model: text, blocks, attribute runs, diagnostics, with offsets in UTF-8, UTF-16 and Characters.

      Examples:
        textrotor parse corpus/park-trip-brochure.html
        textrotor parse notes.xml --format json | jq '.blocks[] | select(.kind == "heading")'
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  @OptionGroup var input: InputOptions

  @Option(help: "Output: text (reading view) or json (the whole model).")
  var format: Format = .text

  @Flag(
    help:
      "Also print every one of the reader's diagnostics on standard error, informational ones too (after the output).")
  var diagnostics = false

  func validate() throws {
    try validateLanguageTag(input.language, option: "--language")
  }

  func run() throws {
    try runReportingInputErrors {
      // With --diagnostics every diagnostic is printed after the output, those that change text too.
      // The reading view shows no language, so only JSON (which lists the detected runs) pays for
      // identifying them.
      let document = try input.readDocument(identifyingLanguages: format == .json, reportingChanges: !diagnostics)
      let out = OutputBuffer()
      switch format {
      case .text:
        ReadingView(document, alerts: AlertDetector().detect(in: document)).write { out.write(text: $0) }
      case .json:
        var json = out.jsonWriter()
        document.writeJSON(into: &json, parallelism: input.parallelism)
        out.line(finishing: &json)
      }
      try out.flush()
      if diagnostics {
        for diagnostic in document.diagnostics {
          StandardStreams.error("\(input.displayName):\(diagnostic)")
        }
      }
    }
  }
}
