import ArgumentParser
import Foundation
import Output
import TextModel
import TextRotor

struct RotorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rotor",
    abstract: "List a rotor's items, or move to the next or previous one from a position.",
    discussion: """
      Rotors: headings, heading1 … heading6, links, emails, phones, alerts, warnings, landmarks, lists, \
      tables, images.

      Examples:
        textrotor rotor corpus/park-trip-brochure.html --rotor alerts --list
        textrotor rotor corpus/park-trip-brochure.html --rotor headings --next --from 1200
        textrotor rotor notes.xml --rotor warnings --previous --from 900 --format json
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  @OptionGroup var input: InputOptions

  @OptionGroup var limits: DetectionLimitOptions

  @Option(
    help:
      "The rotor: headings, heading1…heading6, links, emails, phones, alerts, warnings, landmarks, lists, tables, images."
  )
  var rotor: String

  @Flag(help: "Print every item (the default).") var list = false
  @Flag(help: "Print the item after --from.") var next = false
  @Flag(help: "Print the item before --from.") var previous = false

  @Option(
    parsing: .unconditional, help: "The UTF-8 offset to move from (default 0 for --next, the end for --previous).")
  var from: Int?

  @Flag(help: "Wrap around at the ends.") var wrap = false

  @Option(help: "ISO 3166 region for phone numbers.") var region: String?

  @Option(help: "Output: text or json.") var format: Format = .text

  func validate() throws {
    try validateLanguageTag(input.language, option: "--language")
    if [list, next, previous].filter({ $0 }).count > 1 {
      throw ValidationError("choose one of --list, --next, --previous")
    }
    if let from, from < 0 { throw ValidationError("--from takes a UTF-8 offset of 0 or more (got \(from))") }
    try RotorChoice.validate(rotor)
  }

  func run() throws {
    try runReportingInputErrors {
      // Only what the rotor shows is detected (the structural rotors need no detection at all), and
      // languages only for the lines of national phone numbers.
      let kind = RotorKind(rotor.lowercased())
      let session = try DocumentSession(detectingOnDemand: input, region: region, limits: limits)
      guard var chosen = session.index.rotor(kind) else {
        let reason = RotorChoice.missing(rotor, in: session.index) ?? "no rotor \"\(printable(rotor))\" here"
        throw UsageFailure(message: "\(input.displayName): \(reason)")
      }
      chosen.wraps = wrap
      let document = session.document
      let singular = BrowseSession.singularName(chosen.kind).lowercased()
      let out = OutputBuffer()
      var converter = format == .json ? document.offsetConverter(input.parallelism) : nil
      func line(of entry: RotorEntry) -> String { chosen.textLine(for: entry, in: document) }
      func json(_ entries: some Sequence<(Int, RotorEntry)>) {
        var json = out.jsonWriter()
        chosen.writeJSON(entries: entries, in: document, converter: &converter!, into: &json)
        out.line(finishing: &json)
      }
      if next || previous {
        let origin = from ?? (next ? -1 : document.text.utf8.count)
        let found = next ? chosen.indexOfEntry(after: origin) : chosen.indexOfEntry(before: origin)
        if format == .json {
          json(found.map { [($0, chosen.entries[$0])] } ?? [])
        } else if let found {
          out.line(
            "\(BrowseSession.singularName(chosen.kind)) \(found + 1) of \(chosen.count), "
              + line(of: chosen.entries[found]))
        } else {
          out.line("No \(next ? "next" : "previous") \(singular)")
        }
      } else if format == .json {
        json(zip(chosen.entries.indices, chosen.entries))
      } else {
        let plural = BrowseSession.pluralName(chosen.kind).lowercased()
        out.line(chosen.count == 1 ? "1 \(singular)" : "\(chosen.count) \(plural)")
        for (position, entry) in chosen.entries.enumerated() { out.line("\(position + 1). " + line(of: entry)) }
      }
      try out.flush()
    }
  }
}
