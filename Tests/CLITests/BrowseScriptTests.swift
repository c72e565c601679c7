import Foundation
import Testing

/// Issue 11 through scripted standard input (the same session the terminal keys drive).
@Suite struct BrowseScriptTests {
  let brochure = CLIRunner.corpus("park-trip-brochure.html")

  func browse(_ file: String, _ commands: [String], _ options: [String] = []) throws -> (
    lines: [String], result: CLIRunner.Result
  ) {
    let result = try CLIRunner.run(
      ["browse", file] + options, input: Data((commands.joined(separator: "\n") + "\n").utf8),
      environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"])
    return (result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), result)
  }

  static let rotors = [
    "headings", "links", "alerts", "warnings", "landmarks", "emails", "phones", "lists", "tables", "images",
    "blockquotes",
    "listitems", "heading1", "heading2", "heading3", "heading4", "heading5", "heading6",
  ]

  /// Done when (item 1): from the start of every corpus document, Down reaches the first item of every
  /// rotor, and Up from the end the last.
  @Test func downFromTheTopReachesTheFirstItemAndUpFromTheEndTheLast() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot + "/corpus").sorted()
    var checked = 0
    for file in files {
      let path = CLIRunner.corpus(file)
      let commands = Self.rotors.flatMap { ["top", "rotor \($0)", "next", "bottom", "previous"] }
      let (lines, result) = try browse(path, commands)
      try #require(result.status == 0, "\(file): \(result.stderr)")
      try #require(lines.count == commands.count, "\(file): \(lines.count) lines for \(commands.count) commands")
      for (number, rotor) in Self.rotors.enumerated() {
        let base = number * 5
        let summary = lines[base + 1]
        let count: Int
        if summary.hasSuffix(", no items") {
          count = 0
        } else {
          let words = summary.split(separator: ",").last?.split(separator: " ") ?? []
          count = try #require(Int(words.first ?? ""), "\(file) \(rotor): \(summary)")
        }
        if count == 0 {
          #expect(lines[base + 2].hasSuffix("in this document"), "\(file) \(rotor): \(lines[base + 2])")
          continue
        }
        #expect(lines[base + 2].contains("1 of \(count)"), "\(file) \(rotor) first: \(lines[base + 2])")
        #expect(lines[base + 3] == "End of document")
        #expect(lines[base + 4].contains("\(count) of \(count)"), "\(file) \(rotor) last: \(lines[base + 4])")
        checked += 1
      }
    }
    #expect(checked > 50)
  }

  /// Item 1, the issue's own example and the Arabic brochure.
  @Test func anItemAtTheFirstCharacterIsReachable() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("h-\(UUID().uuidString).html")
    try "<h1>Title</h1><p>Body</p><h2>Two</h2>".write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(
      try browse(file.path, ["next", "next"]).lines == [
        "Heading level 1, 1 of 2: Title", "Heading level 2, 2 of 2: Two",
      ])
    let arabic = try browse(CLIRunner.corpus("clinic-brochure.ar.html"), ["next", "next"]).lines
    #expect(arabic.first?.hasPrefix("Heading level 1, 1 of 1: ") == true)
    #expect(arabic.last == "No next heading")
  }

  /// Item 3: say all, one sentence per line, announcing headings, links and alerts, position at the end.
  @Test func sayAllReadsOneSentencePerLineAnnouncingWhatItPasses() throws {
    let (lines, _) = try browse(brochure, ["say", "where", "previous"])
    #expect(lines.count > 40)
    #expect(lines.contains("Heading level 2: Getting here"))
    #expect(lines.contains("Welcome to Redwood Creek State Park."))
    #expect(lines.contains { $0.hasPrefix("Alert, critical: Heavy fog expected") })
    #expect(lines.contains { $0.contains("Follow the link park map from the highway exit") })
    #expect(lines.contains { $0.contains("phone number 4 1 5, 5 5 5, 0 1 3 2") })
    #expect(lines.allSatisfy { $0.count < 400 }, "a line is not one sentence")
    let end = try #require(lines.firstIndex(of: "End of document"))
    #expect(lines[end + 1] == "End of document", "where am I after say all")
    #expect(lines[end + 2].hasPrefix("Heading level"), "Up from the end: the last heading")
    let paragraphs = try browse(brochure, ["say paragraph"]).lines
    #expect(paragraphs.count < lines.count)
    #expect(paragraphs.contains { $0.hasPrefix("Welcome to Redwood Creek State Park. This guide covers") })
  }

  /// Item 4: role and name first, then position, then content; sizes and counts; the whole item.
  @Test func linesSayWhatTheItemIs() throws {
    let (lines, _) = try browse(
      brochure,
      [
        "rotor landmarks", "next", "next", "rotor tables", "next", "rotor lists", "first", "next", "rotor landmarks",
        "last", "previous", "read",
      ])
    #expect(lines[1].hasPrefix("Banner landmark, 1 of 6: "))
    #expect(lines[2].hasPrefix("Navigation landmark, Site, 2 of 6: Park home Permits Trails"))
    #expect(lines[4].hasPrefix("Table, 4 rows, 4 columns, 1 of 1: "))
    #expect(lines[6] == "List, 3 items, 1 of 4: Park home Permits Trails")
    #expect(lines[7].hasPrefix("List, 3 items, 2 of 4: Water"))
    #expect(lines[9].hasPrefix("Content information landmark, 6 of 6: "))
    let cut = lines[10]
    let whole = lines[11]
    #expect(cut.hasPrefix("Complementary landmark, Related, 5 of 6: "))
    #expect(whole.hasPrefix("Complementary landmark, Related: "), "read: role and name, then the whole content")
    let long = try browse(brochure, ["rotor landmarks", "next", "next", "next", "read"]).lines
    #expect(long[3].hasSuffix("…"), "the announcement cuts a long item")
    #expect(!long[4].hasSuffix("…") && long[4].count > long[3].count, "read says it whole")
  }

  /// Item 4: a link's aria-label is its name, before its text (and in say all, instead of it).
  @Test func aLinksAriaLabelNamesIt() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("aria-\(UUID().uuidString).html")
    try #"<p>Get the <a href="/map.pdf" aria-label="Park map, PDF">map</a> or <a href="/x">the x page</a>.</p>"#
      .write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let (lines, _) = try browse(file.path, ["k", "k", "top", "say"], ["--output", "text"])
    #expect(lines[0] == "Link, Park map, PDF, 1 of 2: map")
    #expect(lines[1] == "Link, 2 of 2: the x page")
    #expect(lines[3] == "Get the link Park map, PDF or link the x page.")
  }

  /// Item 4: the text instead of the spoken form.
  @Test func outputTextPrintsTheDocumentsOwnText() throws {
    let speech = try browse(brochure, ["rotor phones", "next"]).lines
    #expect(speech[1] == "Phone number, 1 of 5: 4 1 5, 5 5 5, 0 1 3 2")
    let text = try browse(brochure, ["rotor phones", "next", "next"], ["--output", "text"]).lines
    #expect(text[1] == "Phone number, 1 of 5: (415) 555-0132")
    #expect(text[2] == "Phone number, 2 of 5: 415-555-0199")
  }

  @Test func verbosityBriefLeavesOutPositionsAndFullAddsTargets() throws {
    #expect(try browse(brochure, ["next"], ["--verbosity", "brief"]).lines == ["Heading level 1: Spring Trip Guide"])
    let full = try browse(brochure, ["k"], ["--verbosity", "full", "--output", "text"]).lines
    #expect(full == ["Link, 1 of 7: Park home (Target: https://parks.example.org/redwood-creek/)"])
  }

  /// Item 6: Left/Right skip empty rotors.
  @Test func leftAndRightSkipEmptyRotors() throws {
    let (lines, _) = try browse(brochure, Array(repeating: "right", count: 16) + ["left", "left"])
    #expect(!lines.contains { $0.hasSuffix("no items") })
    #expect(lines.contains("Tables, 1 item"))
    #expect(!lines.contains { $0.hasPrefix("Headings level 4") || $0.hasPrefix("Block quotes") })
    #expect(Set(lines).count > 8)
    #expect(lines[0] == "Links, 7 items")
  }

  /// Item 7: grammar and the greeting's counts.
  @Test func countsTakeTheRightPluralAndTheGreetingNamesEmptyRotors() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("one-\(UUID().uuidString).html")
    try "<title>One</title><h1>Only</h1><p>Write to visitors@example.org</p>".write(
      to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let (lines, _) = try browse(
      file.path, ["greeting", "rotor emails", "next", "next", "rotor heading4", "next", "rotor phones"])
    #expect(
      lines[0] == "One: 1 heading, no links, 1 e-mail address, no phone numbers, no alerts, no landmarks, no lists, "
        + "no tables, no images. Press F1 for help, Control+D to quit.")
    #expect(lines[1] == "E-mail addresses, 1 item")
    #expect(lines[3] == "No next e-mail address")
    #expect(lines[4] == "Headings level 4, no items")
    #expect(lines[5] == "No headings of level 4 in this document")
    #expect(lines[6] == "Phone numbers, no items")
    let brochureGreeting = try browse(brochure, ["greeting"]).lines[0]
    #expect(brochureGreeting.contains("10 headings, 7 links, 4 e-mail addresses, 5 phone numbers, 6 alerts"))
  }

  /// Item 7: the Arabic, Chinese, Japanese and Vietnamese tables.
  @Test func announcementsComeFromTheTableOfTheLanguage() throws {
    let arabic = try browse(
      CLIRunner.corpus("clinic-brochure.ar.html"), ["greeting", "rotor phones", "next"], ["--messages", "ar"]
    ).lines
    #expect(
      arabic[0].hasPrefix(
        "عيادة الواحة — دليل المرضى: عنوان واحد، رابط واحد، عنوان بريد إلكتروني واحد، 4 أرقام هواتف، تنبيهان، "))
    #expect(arabic[1] == "أرقام الهواتف، 4 عناصر")
    #expect(arabic[2].hasPrefix("رقم هاتف، 1 من 4: "))
    let chinese = try browse(
      CLIRunner.corpus("contrast-note.zh.html"), ["rotor headings", "next"], ["--messages", "zh"]
    ).lines
    #expect(chinese[0].hasPrefix("标题，"))
    #expect(chinese[1].contains("第1个，共"))
    let japanese = try browse(CLIRunner.corpus("park-brochure.ja.html"), ["rotor headings"], ["--messages", "ja"]).lines
    #expect(japanese[0].hasPrefix("見出し、"))
    let vietnamese = try browse(CLIRunner.corpus("travel-notes.vi.html"), ["rotor links"], ["--messages", "vi"]).lines
    #expect(vietnamese[0].hasPrefix("Liên kết, "))
    let fromLocale = try CLIRunner.run(
      ["browse", brochure], input: Data("rotor links\n".utf8),
      environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "vi_VN.UTF-8"])
    #expect(fromLocale.stdout == "Liên kết, 7 mục\n")
  }

  /// Item 8: an unknown rotor is a usage error with the rotor list and browse's own usage.
  @Test func anUnknownRotorIsAUsageError() throws {
    let result = try CLIRunner.run(["browse", brochure, "--rotor", "bogus"], input: Data("next\n".utf8))
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("unknown rotor \"bogus\"; rotors: headings, links"))
    #expect(result.stderr.contains("textrotor browse"))
    let messages = try CLIRunner.run(["browse", brochure, "--messages", "xx"])
    #expect(messages.status == 2)
  }

  /// Item 5: the elements list without a terminal.
  @Test func theElementsListWorksFromWords() throws {
    let (lines, _) = try browse(brochure, ["elements links", "filter map", "enter", "where"])
    #expect(lines[0].hasPrefix("Elements list, Links, 7 items."))
    #expect(lines[1] == "1 of 7: Park home")
    #expect(lines[2] == "\"map\": 1 match")
    #expect(lines[3].hasPrefix("1 of 1: "))
    #expect(lines[4] == "Link, 5 of 7: park map")
    // Where am I: the item again, then where it is (issue 45).
    #expect(lines[5].hasPrefix(lines[4] + ". Under Spring Trip Guide"))
    #expect(lines[5].hasSuffix(" percent"))
  }

  /// Item 9: an interrupt (Control+C, SIGINT) says Goodbye.
  @Test func anInterruptSaysGoodbye() throws {
    let result = try CLIRunner.shell(
      """
      cd "$(mktemp -d)"
      mkfifo commands
      "$TEXTROTOR" browse '\(brochure)' < commands > out.txt &
      pid=$!
      exec 3> commands
      echo where >&3
      for i in $(seq 100); do [ -s out.txt ] && break; sleep 0.2; done
      kill -INT $pid
      wait $pid
      echo "status $?"
      exec 3>&-
      cat out.txt
      """)
    #expect(result.stdout == "status 130\nTop of document\nGoodbye\n")
  }
}
