import Foundation
import Testing

/// Issue 11 under a pseudo-terminal: every key of the documented map, escape sequences read whole,
/// say all stopped by a key, Control+C saying goodbye.
@Suite(
  .serialized, .disabled(if: PseudoTerminal.python3 == nil, "python3 drives the pseudo-terminal and is not installed"))
struct BrowseKeyTests {
  let brochure = CLIRunner.corpus("park-trip-brochure.html")

  struct Binding: Decodable {
    var keys: [String]
    var bytes: [String]
    var command: String
    var moves: Bool
  }

  func keyMap(_ layout: String = "rotor") throws -> [Binding] {
    let result = try CLIRunner.run(["browse", "--key-map", "json", "--keys", layout])
    #expect(result.status == 0)
    return try JSONDecoder().decode([Binding].self, from: Data(result.stdout.utf8))
  }

  static func lines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// Done when: every key of the documented map, including Shift+arrows, Home/End, PageUp/PageDown,
  /// F1–F12 and Control+arrows, with no "Unknown command" and no unintended move: after each key that
  /// is not documented as a move, "where am I" (F2) answers as it did before the key.
  /// Issue 45: for both key maps (the default rotor-first one and `--keys nvda`).
  @Test(arguments: ["rotor", "nvda"]) func everyKeyOfTheMapDoesWhatItSaysAndNothingElse(layout: String) throws {
    let map = try keyMap(layout)
    let names = Set(map.flatMap(\.keys))
    for required in [
      "Shift+Up", "Shift+Down", "Shift+Left", "Shift+Right", "Ctrl+Up", "Ctrl+Down", "Ctrl+Left", "Ctrl+Right",
      "Home", "End", "PageUp", "PageDown", "Insert", "Delete", "Escape",
    ] + (1...12).map({ "F\($0)" }) {
      #expect(names.contains(required), "the key map has no \(required)")
    }
    let whereAmI = PseudoTerminal.bytes(hex: try #require(map.first { $0.keys == ["F2"] }).bytes[0])
    let escape: [UInt8] = [0x1B]
    var steps: [PseudoTerminal.Step] = [PseudoTerminal.Step(send: whereAmI)]
    // For each binding: the indices of its key steps and of the "where am I" after it.
    var plan: [(binding: Binding, keySteps: [Int], whereStep: Int)] = []
    for binding in map where binding.command != "quit" {
      var keySteps: [Int] = []
      for hex in binding.bytes {
        steps.append(PseudoTerminal.Step(send: PseudoTerminal.bytes(hex: hex), quiet: 0.2))
        keySteps.append(steps.count)
      }
      if binding.command == "elements" { steps.append(PseudoTerminal.Step(send: escape)) }
      steps.append(PseudoTerminal.Step(send: whereAmI))
      plan.append((binding, keySteps, steps.count))
    }
    // Other encodings of the same keys, and a sequence nobody maps: each one key, no tail as commands.
    let variants: [(String, [UInt8])] = [
      ("Home (ESC [ 1 ~)", Array("\u{1B}[1~".utf8)), ("End (ESC [ 4 ~)", Array("\u{1B}[4~".utf8)),
      ("F1 (Linux console ESC [ [ A)", Array("\u{1B}[[A".utf8)),
      ("Shift+F5 (ESC [ 1 5 ; 2 ~)", Array("\u{1B}[15;2~".utf8)),
      ("bracketed paste (ESC [ 2 0 0 ~)", Array("\u{1B}[200~".utf8)),
      ("Alt+Shift+Up (ESC [ 1 ; 4 A)", Array("\u{1B}[1;4A".utf8)),
    ]
    var variantSteps: [(String, Int, Int)] = []
    for (label, bytes) in variants {
      steps.append(PseudoTerminal.Step(send: bytes, quiet: 0.2))
      let keyStep = steps.count
      steps.append(PseudoTerminal.Step(send: whereAmI))
      variantSteps.append((label, keyStep, steps.count))
    }
    steps.append(PseudoTerminal.Step(send: [0x03], quiet: 0.5))  // Control+C
    let outputs = try PseudoTerminal.run(["browse", brochure, "--keys", layout], steps: steps)
    try #require(outputs.count == steps.count + 1, "the driver answered \(outputs.count) of \(steps.count + 1) steps")
    let all = outputs.joined()
    #expect(!all.contains("Unknown command"))
    #expect(!all.contains("\u{1B}"), "browse wrote an escape sequence")
    var before = Self.lines(outputs[1]).last ?? ""
    #expect(before == "Top of document")
    for (binding, keySteps, whereStep) in plan {
      let label = binding.keys.joined(separator: " then ")
      let reply = keySteps.map { outputs[$0] }.joined()
      #expect(!Self.lines(reply).isEmpty, "\(label) said nothing")
      let after = Self.lines(outputs[whereStep]).last ?? ""
      if !binding.moves {
        #expect(after == before, "\(label) (\(binding.command)) moved: \"\(before)\" became \"\(after)\"")
      }
      before = after
    }
    // Single keys: one reply line each, for a key that is not a move (a move is one line too, but
    // page keys and say all may be more).
    let byKey = Dictionary(plan.map { ($0.binding.keys.joined(separator: " "), $0) }, uniquingKeysWith: { a, _ in a })
    #expect(Self.lines(outputs[byKey["F5"]!.keySteps[0]]) == ["F5 is not used; press F1 for help"])
    #expect(Self.lines(outputs[byKey["F12"]!.keySteps[0]]) == ["F12 is not used; press F1 for help"])
    #expect(Self.lines(outputs[byKey["Delete"]!.keySteps[0]]) == ["Delete is not used; press F1 for help"])
    #expect(Self.lines(outputs[byKey["Ctrl+Right"]!.keySteps[0]]).count == 1)
    #expect(Self.lines(outputs[byKey["Shift+Up"]!.keySteps[0]]).count == 1)
    #expect(outputs[byKey["Insert Down"]!.keySteps[0]].isEmpty, "Insert alone waits for the chord's second key")
    #expect(Self.lines(outputs[byKey["Ctrl+Home"]!.keySteps[0]]) == ["Top of document"])
    for (label, keyStep, _) in variantSteps {
      #expect(Self.lines(outputs[keyStep]).count == 1, "\(label) gave \(Self.lines(outputs[keyStep]))")
    }
    #expect(
      Self.lines(outputs[variantSteps[0].1]).first?.contains(", 1 of ") == true || layout == "nvda",
      "ESC [ 1 ~ is Home: the first item")
    #expect(Self.lines(outputs[variantSteps[2].1]).first?.hasPrefix("Keys:") == true, "ESC [ [ A is F1: help")
    #expect(Self.lines(outputs[variantSteps[4].1]) == ["Unrecognized key is not used; press F1 for help"])
    #expect(Self.lines(outputs.last ?? "") == ["Goodbye"], "Control+C says goodbye")
  }

  /// Item 3: say all is stopped by a key, and leaves the position where it stopped.
  @Test func sayAllStopsOnAKeyAndStaysThere() throws {
    let down: [UInt8] = Array("\u{1B}[B".utf8)
    let outputs = try PseudoTerminal.run(
      ["browse", brochure, "--say-all-rate", "150"],
      steps: [
        PseudoTerminal.Step(send: down),
        // F8: say all; each of the first two lines (6 words) is followed by 2.4 s of quiet.
        PseudoTerminal.Step(send: Array("\u{1B}[19~".utf8), quiet: 3.6, atMost: 3.6),
        PseudoTerminal.Step(send: [0x1B]),  // Escape: stop only
        PseudoTerminal.Step(send: Array("\u{1B}OQ".utf8)),  // F2: where am I
        PseudoTerminal.Step(send: down),
        PseudoTerminal.Step(send: [0x04]),
      ])
    try #require(outputs.count == 7)
    #expect(Self.lines(outputs[1]) == ["Heading level 1, 1 of 10: Spring Trip Guide"])
    let said = Self.lines(outputs[2])
    #expect(said.first == "Heading level 1: Spring Trip Guide")
    #expect(said.count >= 2 && said.count < 4, "say all did not pause between lines: \(said)")
    #expect(Self.lines(outputs[3]) == ["Stopped"])
    // Where am I: the paragraph of the line being read when it stopped, not the top or the end.
    let stoppedIn = Self.lines(outputs[4]).first ?? ""
    #expect(stoppedIn.hasPrefix("Welcome to Redwood Creek State Park."))
    #expect(stoppedIn.contains(said.last ?? "?"))
    #expect(Self.lines(outputs[5]) == ["Heading level 2, 2 of 10: Getting here"])
    #expect(Self.lines(outputs[6]) == ["Goodbye"])
  }

  /// Item 3: a key other than Escape stops say all and then does its own job.
  @Test func aNavigationKeyStopsSayAllAndMoves() throws {
    let outputs = try PseudoTerminal.run(
      ["browse", brochure, "--say-all-rate", "60"],
      steps: [
        PseudoTerminal.Step(send: Array("\u{1B}[19~".utf8), quiet: 0.4),
        PseudoTerminal.Step(send: Array("h".utf8)),
        PseudoTerminal.Step(send: [0x04]),
      ])
    try #require(outputs.count == 4)
    #expect(Self.lines(outputs[2]) == ["Stopped", "Heading level 1, 1 of 10: Spring Trip Guide"])
  }

  /// Items 5 and 7: NVDA's letters, TextRotor's kinds on Alt+letters (issue 45: the digits 7–9 are
  /// heading levels now), the greeting's counts, and a quick-navigation letter that does not change
  /// what Down does.
  @Test func lettersFollowNVDAAndDoNotChangeTheRotor() throws {
    let top = "\u{1B}[1;5H"  // Control+Home
    let keys = ["k", "\u{1B}[B", top, "\u{1B}e", top, "\u{1B}p", top, "\u{1B}a", top, "0", top, "q", "e", "i", "I"]
    let outputs = try PseudoTerminal.run(
      ["browse", brochure],
      steps: keys.map { PseudoTerminal.Step(send: Array($0.utf8)) } + [
        PseudoTerminal.Step(send: [0x04])
      ])
    try #require(outputs.count == keys.count + 2)
    #expect(
      outputs[0].contains(
        "10 headings, 7 links, 4 e-mail addresses, 5 phone numbers, 6 alerts, 6 landmarks, 4 lists, 1 table, 2 images.")
    )
    func first(_ step: Int) -> String { Self.lines(outputs[step]).first ?? "" }
    #expect(first(1) == "Link, 1 of 7: Park home")
    #expect(first(2) == "Heading level 1, 1 of 10: Spring Trip Guide", "Down still moves by heading after k")
    #expect(first(4).hasPrefix("E-mail address, 1 of 4: visitors at redwoodcreek"))
    #expect(first(6).hasPrefix("Phone number, 1 of 5: 4 1 5, 5 5 5, 0 1 3 2"))
    #expect(first(8).hasPrefix("Alert, 1 of 6: East Meadow"))
    #expect(first(10).hasPrefix("Warning") || first(10).hasPrefix("Alert, "))
    #expect(first(12) == "No block quotes in this document")  // q is NVDA's block quote, not quit
    #expect(first(13) == "No form fields: TextRotor's documents have no form controls")
    #expect(first(14).hasPrefix("List item, 1 of "))
    #expect(first(15) == "No previous list item")
    #expect(Self.lines(outputs[16]) == ["Goodbye"])
  }

  /// Item 5: the elements list: pick a rotor, type to filter, Enter jumps.
  @Test func theElementsListFiltersAndJumps() throws {
    let f7 = Array("\u{1B}[18~".utf8)
    let outputs = try PseudoTerminal.run(
      ["browse", brochure],
      steps: [
        PseudoTerminal.Step(send: f7),
        PseudoTerminal.Step(send: Array("\u{1B}[C".utf8)),  // Right: links
        PseudoTerminal.Step(send: Array("p".utf8)),
        PseudoTerminal.Step(send: Array("e".utf8)),
        PseudoTerminal.Step(send: Array("r".utf8)),
        PseudoTerminal.Step(send: Array("\u{1B}[B".utf8)),
        PseudoTerminal.Step(send: [0x0D]),
        PseudoTerminal.Step(send: [0x04]),
      ])
    try #require(outputs.count == 9)
    #expect(Self.lines(outputs[1]).first?.hasPrefix("Elements list, Headings, 10 items.") == true)
    #expect(Self.lines(outputs[1]).last == "1 of 10: Spring Trip Guide")
    #expect(Self.lines(outputs[2]).first?.hasPrefix("Elements list, Links, 7 items.") == true)
    #expect(Self.lines(outputs[5]) == ["\"per\": 2 matches", "1 of 2: Camping and picnic permits, Permits"])
    #expect(Self.lines(outputs[6]).first?.hasPrefix("2 of 2: ") == true)
    #expect(Self.lines(outputs[7]).first?.hasPrefix("Link, 6 of 7: ") == true)
    #expect(Self.lines(outputs[8]) == ["Goodbye"])
  }
}
