import Foundation
import Testing

/// Issue 45 under a pseudo-terminal with real key sequences: search, resuming after quit and reopen,
/// bookmarks, spelling a word by character (`--keys nvda`), heading levels 1–9 in both key maps.
@Suite(
  .serialized, .disabled(if: PseudoTerminal.python3 == nil, "python3 drives the pseudo-terminal and is not installed"))
struct BrowseReadingTests {
  static let page = """
    <!DOCTYPE html>
    <html lang="en"><head><title>Reading test</title></head><body><main>
    <h1>Zürich guide</h1>
    <p>Zürich is a city on a lake.</p>
    <h2>Level two</h2><h3>Level three</h3><h4>Level four</h4><h5>Level five</h5><h6>Level six</h6>
    <div role="heading" aria-level="7">Level seven</div>
    <div role="heading" aria-level="8">Level eight</div>
    <div role="heading" aria-level="9">Level nine</div>
    <ul><li>First item</li><li>Second item</li><li>Third item</li></ul>
    <p lang="fr">Bonjour, voilà le Café du Lac.</p>
    <p>Back in English at the CAFE.</p>
    </main></body></html>
    """

  /// Key bytes as an xterm sends them.
  enum Key {
    static let down = Array("\u{1B}[B".utf8)
    static let up = Array("\u{1B}[A".utf8)
    static let right = Array("\u{1B}[C".utf8)
    static let left = Array("\u{1B}[D".utf8)
    static let ctrlRight = Array("\u{1B}[1;5C".utf8)
    static let ctrlHome = Array("\u{1B}[1;5H".utf8)
    static let ctrlEnd = Array("\u{1B}[1;5F".utf8)
    static let insert = Array("\u{1B}[2~".utf8)
    static let f2 = Array("\u{1B}OQ".utf8)
    static let f3 = Array("\u{1B}OR".utf8)
    static let shiftF3 = Array("\u{1B}[1;2R".utf8)
    static let f7 = Array("\u{1B}[18~".utf8)
    static let ctrlF: [UInt8] = [0x06]
    static let ctrlB: [UInt8] = [0x02]
    static let ctrlD: [UInt8] = [0x04]
    static let enter: [UInt8] = [0x0D]
    static func text(_ string: String) -> [[UInt8]] { string.map { Array(String($0).utf8) } }
  }

  static func lines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  func writePage(in folder: String) throws -> String {
    let path = folder + "/reading.html"
    try Self.page.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func run(_ arguments: [String], _ keys: [[UInt8]], state: String? = nil) throws -> [String] {
    let steps = keys.map { PseudoTerminal.Step(send: $0) } + [PseudoTerminal.Step(send: Key.ctrlD)]
    let outputs = try PseudoTerminal.run(
      ["browse"] + arguments, steps: steps, environment: state.map { ["XDG_STATE_HOME": $0] } ?? [:])
    try #require(outputs.count == steps.count + 1, "the driver answered \(outputs.count) of \(steps.count + 1) steps")
    #expect(Self.lines(outputs.last ?? "") == ["Goodbye"])
    return outputs
  }

  /// Done when: a search. Control+F, a text typed, Enter; Insert then F3 for the next match,
  /// Insert then Shift+F3 for the previous, wrapping said; case and accents do not matter (ICU).
  @Test func searchFindsWithoutCaseOrAccentsAndSaysWhenItWraps() throws {
    let folder = try freshFolder("search")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try writePage(in: folder)
    let keys: [[UInt8]] =
      [Key.ctrlF] + Key.text("cafe") + [Key.enter, Key.insert, Key.f3, Key.insert, Key.f3, Key.shiftF3]
    let outputs = try run([page], keys)
    let typed = 1 + 4
    #expect(Self.lines(outputs[1]) == ["Find: type the text, then Enter; Escape cancels"])
    #expect(Self.lines(outputs[typed]) == ["cafe"])
    #expect(Self.lines(outputs[typed + 1]) == ["French: 1 of 2: Bonjour, voilà le Café du Lac."])
    #expect(outputs[typed + 2].isEmpty, "Insert waits for the chord's second key")
    #expect(
      Self.lines(outputs[typed + 3]) == ["English: 2 of 2: Back in English at the C A F E."]
        || Self.lines(outputs[typed + 3]) == ["English: 2 of 2: Back in English at the CAFE."])
    #expect(Self.lines(outputs[typed + 5]).first?.hasPrefix("French: Wrapped to top, 1 of 2: Bonjour") == true)
    #expect(Self.lines(outputs[typed + 6]).first?.hasPrefix("English: Wrapped to bottom, 2 of 2: Back in") == true)
  }

  /// Done when: a resume after quit and reopen (and --from-start ignoring it), kept under
  /// $XDG_STATE_HOME/textrotor, never in the document's folder.
  @Test func reopeningResumesWhereTheLastSessionLeftOff() throws {
    let folder = try freshFolder("resume")
    let state = try freshFolder("state")
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: state)
    }
    let page = try writePage(in: folder)
    let first = try run([page], [Array("4".utf8)], state: state)
    #expect(Self.lines(first[1]).first?.hasPrefix("Heading level 4, 1 of 1: Level four") == true)
    #expect(contents(of: folder) == ["reading.html"], "nothing is written beside the document")
    let kept = contents(of: state + "/textrotor/browse")
    #expect(kept.count == 1 && kept[0].hasSuffix(".json"))
    let second = try run([page], [Key.down], state: state)
    let greeting = Self.lines(second[0])
    #expect(greeting.count == 2)
    #expect(greeting.last?.hasPrefix("Resuming at ") == true)
    #expect(greeting.last?.hasSuffix(" percent: Level four") == true)
    // Down goes on from there: the next heading after level four.
    #expect(Self.lines(second[1]).first?.hasPrefix("Heading level 5") == true)
    let fresh = try run([page, "--from-start"], [Key.f2], state: state)
    #expect(Self.lines(fresh[0]).count == 1, "no resuming line with --from-start")
    #expect(Self.lines(fresh[1]).first == "Top of document")
  }

  /// Done when: a bookmark: set with Control+B and a name, listed in the elements list, jumped to with
  /// ' in this session and the next.
  @Test func bookmarksAreSetListedAndJumpedTo() throws {
    let folder = try freshFolder("bookmark")
    let state = try freshFolder("state")
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: state)
    }
    let page = try writePage(in: folder)
    let keys: [[UInt8]] = [Array("6".utf8), Key.ctrlB] + Key.text("six") + [Key.enter, Key.ctrlHome, Array("'".utf8)]
    let outputs = try run([page], keys, state: state)
    #expect(Self.lines(outputs[2]) == ["Bookmark name: type it, then Enter; Escape cancels"])
    #expect(Self.lines(outputs[6]) == ["Bookmark six set"])
    #expect(Self.lines(outputs[8]).first?.hasPrefix("Bookmark, six, 1 of 1: Level six") == true)
    // Reopened: the elements list has the bookmark (Left from headings wraps to the last rotor).
    let list = try run(
      [page, "--from-start"], [Key.f7, Key.left, Key.enter, Array("\"".utf8)], state: state)
    #expect(Self.lines(list[2]).first?.hasPrefix("Elements list, Bookmarks, 1 item.") == true)
    #expect(Self.lines(list[2]).last == "1 of 1: six")
    #expect(Self.lines(list[3]).first?.hasPrefix("Bookmark, six, 1 of 1: Level six") == true)
    #expect(Self.lines(list[4]) == ["No previous bookmark"])
  }

  /// Done when: spelling a word by character with --keys nvda: Down reads lines, Control+Right moves
  /// by word, Right and Left spell ("cap Z", "space", "comma").
  @Test func nvdaKeysReadByLineWordAndCharacter() throws {
    let folder = try freshFolder("spell")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try writePage(in: folder)
    let keys: [[UInt8]] = [Key.down, Key.down, Key.ctrlRight, Key.left] + Array(repeating: Key.right, count: 7)
    let outputs = try run([page, "--keys", "nvda"], keys)
    let said = outputs.dropFirst().dropLast().map { Self.lines($0).first ?? "" }
    #expect(said[0] == "Zürich guide")
    #expect(said[1] == "Zürich is a city on a lake.")
    #expect(said[2] == "is")
    #expect(said[3] == "space")
    #expect(Array(said[4...]) == ["i", "s", "space", "a", "space", "c", "i"])
    // Spelling the first word from the start of its line: Home, then Right.
    let zurich = try run(
      [page, "--keys", "nvda"], [Key.down, Array("\u{1B}[H".utf8)] + Array(repeating: Key.right, count: 6))
    let spelled = zurich.dropFirst(2).dropLast().map { Self.lines($0).first ?? "" }
    #expect(spelled == ["cap Z", "ü", "r", "i", "c", "h", "space"])
  }

  /// Done when: heading levels 1–9 in both key maps: each digit moves to the next heading of its
  /// level, Shift+digit to the previous one.
  @Test(arguments: ["rotor", "nvda"]) func headingLevelsOneToNine(keys map: String) throws {
    let folder = try freshFolder("levels")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try writePage(in: folder)
    let shifted = ["!", "@", "#", "$", "%", "^", "&", "*", "("]
    let keys: [[UInt8]] =
      (1...9).map { Array(String($0).utf8) } + [Key.ctrlEnd] + shifted.reversed().map { Array($0.utf8) }
    let outputs = try run([page, "--keys", map], keys)
    let names = ["Zürich guide", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    for level in 1...9 {
      let line = Self.lines(outputs[level]).first ?? ""
      let text = level == 1 ? names[0] : "Level " + names[level - 1]
      #expect(line == "Heading level \(level), 1 of 1: \(text)", "\(map): key \(level)")
      let back = Self.lines(outputs[11 + (9 - level)]).first ?? ""
      #expect(back == "Heading level \(level), 1 of 1: \(text)", "\(map): Shift+\(level)")
    }
  }
}
