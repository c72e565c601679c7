import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 55, rows 3, 4, 12 and 16: browse's saved place and bookmarks survive an edit of the document
/// and a second session, and a state file in the way (huge, a folder, a FIFO, a link, an unwritable
/// folder) is said in words, left as it is, and never read whole.
@Suite(
  .serialized, .disabled(if: PseudoTerminal.python3 == nil, "python3 drives the pseudo-terminal and is not installed"))
struct BrowseMemoryTests {
  typealias Key = BrowseReadingTests.Key

  static func lines(_ output: String) -> [String] { BrowseReadingTests.lines(output) }

  /// A fresh document folder and state folder, removed afterwards.
  struct Place {
    var folder: String
    var state: String
    var page: String

    init(_ name: String) throws {
      folder = try freshFolder(name)
      state = try freshFolder(name + "-state")
      page = folder + "/reading.html"
      try BrowseReadingTests.page.write(toFile: page, atomically: true, encoding: .utf8)
    }

    func remove() {
      for path in [folder, state] {
        chmod(path, 0o700)
        try? FileManager.default.removeItem(atPath: path)
      }
    }

    /// The state file browse uses for the page: FNV-1a of its real path, as 16 hex digits.
    var stateFile: String {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      let real = URL(fileURLWithPath: page).resolvingSymlinksInPath().path
      for byte in real.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      return state + "/textrotor/browse/" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    }

    func edit(_ old: String, _ new: String) throws {
      let text = try String(contentsOfFile: page, encoding: .utf8)
      try #require(text.contains(old))
      try text.replacingOccurrences(of: old, with: new).write(toFile: page, atomically: true, encoding: .utf8)
    }
  }

  func run(_ place: Place, _ keys: [[UInt8]], _ arguments: [String] = [], state: String? = nil) throws -> [String] {
    let steps = keys.map { PseudoTerminal.Step(send: $0) } + [PseudoTerminal.Step(send: Key.ctrlD)]
    let outputs = try PseudoTerminal.run(
      ["browse", place.page] + arguments, steps: steps, environment: ["XDG_STATE_HOME": state ?? place.state])
    try #require(outputs.count == steps.count + 1, "the driver answered \(outputs.count) of \(steps.count + 1) steps")
    return outputs
  }

  /// Heading level 6, then Control+B and a name.
  static func bookmark(_ name: String, level: Int = 6) -> [[UInt8]] {
    [Array(String(level).utf8), Key.ctrlB] + Key.text(name) + [Key.enter]
  }

  /// Row 3: change one word of the document and open it again: the place and the bookmark are found.
  @Test func anEditedDocumentKeepsItsPlaceAndBookmarks() throws {
    let place = try Place("edited")
    defer { place.remove() }
    let first = try run(place, Self.bookmark("six"))
    #expect(Self.lines(first[6]) == ["Bookmark six set"])
    try place.edit("Zürich is a city on a lake.", "Zürich is a town on a lake, and more words here.")
    let second = try run(place, [Key.ctrlHome, Array("'".utf8)])
    let greeting = Self.lines(second[0])
    #expect(greeting.last?.hasPrefix("Resuming at ") == true && greeting.last?.hasSuffix(": Level six") == true)
    #expect(Self.lines(second[2]).first?.hasPrefix("Bookmark, six, 1 of 1: Level six") == true)
  }

  /// Row 3: a bookmark whose text is gone is said, kept, and found again when the text comes back.
  @Test func aBookmarkThatCannotBeFoundIsSaidAndKept() throws {
    let place = try Place("unplaced")
    defer { place.remove() }
    _ = try run(place, Self.bookmark("six"))
    let original = try String(contentsOfFile: place.page, encoding: .utf8)
    // Another text altogether: nothing around the place or the bookmark is left.
    try """
    <!DOCTYPE html><html lang="en"><head><title>Other</title></head><body><main>
    <h1>Another page</h1><p>Nothing from before is here, not one line of it.</p>
    <h2>Second part</h2><p>More words that were never in the first page.</p>
    </main></body></html>
    """.write(toFile: place.page, atomically: true, encoding: .utf8)
    let changed = try run(place, [Key.down, Key.down])
    let greeting = Self.lines(changed[0])
    #expect(greeting.contains("1 bookmark could not be found in the changed document; kept"))
    #expect(
      greeting.contains("The place where you left off could not be found in the changed document"))
    #expect(try String(contentsOfFile: place.stateFile, encoding: .utf8).contains("\"name\":\"six\""))
    try original.write(toFile: place.page, atomically: true, encoding: .utf8)
    let restored = try run(place, [Key.ctrlHome, Array("'".utf8)], ["--from-start"])
    #expect(Self.lines(restored[0]).count == 1, "nothing unfound once the text is back")
    #expect(Self.lines(restored[2]).first?.hasPrefix("Bookmark, six, 1 of 1: Level six") == true)
  }

  /// Row 3: a state file of the form written before anchors still loads.
  @Test func aStateFileOfTheOlderFormStillLoads() throws {
    let place = try Place("older")
    defer { place.remove() }
    _ = try run(place, Self.bookmark("six"))
    // Today's offsets, in the older form (no quotes), with the same text hash.
    let kept = try String(contentsOfFile: place.stateFile, encoding: .utf8)
    let hash = try #require(kept.firstMatch(of: /"textHash":"([0-9a-f]+)"/)?.1)
    let position = try #require(kept.firstMatch(of: /"name":"six","position":([0-9]+)/)?.1)
    let real = URL(fileURLWithPath: place.page).resolvingSymlinksInPath().path
    try
      #"{"bookmarks":[{"name":"six","position":\#(position)}],"path":"\#(real)","position":\#(position),"textHash":"\#(hash)"}"#
      .write(toFile: place.stateFile, atomically: true, encoding: .utf8)
    let reopened = try run(place, [Key.ctrlHome, Array("'".utf8)])
    #expect(Self.lines(reopened[0]).last?.hasSuffix(": Level six") == true)
    #expect(Self.lines(reopened[2]).first?.hasPrefix("Bookmark, six, 1 of 1: Level six") == true)
  }

  /// Row 4: two sessions on one file, each sets a bookmark, both quit: both bookmarks are kept.
  @Test func twoSessionsAtOnceKeepBothBookmarks() throws {
    let place = try Place("two")
    defer { place.remove() }
    let plans: [[[UInt8]]] = [
      Self.bookmark("four", level: 4) + [Key.down, Key.down],
      [Key.down, Key.down] + Self.bookmark("six"),
    ]
    let results = LockedResults()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      results.set(index, Result { try run(place, plans[index]) })
    }
    for index in 0..<2 { _ = try results.get(index) }
    let list = try run(place, [Key.f7, Key.left], ["--from-start"])
    #expect(Self.lines(list[2]).first?.hasPrefix("Elements list, Bookmarks, 2 items.") == true)
  }

  final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<[String], any Error>] = [:]
    func set(_ index: Int, _ result: Result<[String], any Error>) { lock.withLock { results[index] = result } }
    func get(_ index: Int) throws -> [String] { try lock.withLock { results[index] }!.get() }
  }

  /// Row 12: a state file over 1 MiB is refused before the greeting, in words, and left as it is.
  @Test func aHugeStateFileIsRefusedAndLeftAsItIs() throws {
    let place = try Place("huge")
    defer { place.remove() }
    try FileManager.default.createDirectory(
      atPath: (place.stateFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let huge = Data(repeating: UInt8(ascii: " "), count: 2 << 20)
    try huge.write(to: URL(fileURLWithPath: place.stateFile))
    let outputs = try run(place, Self.bookmark("six"))
    let said = outputs[0]
    #expect(said.contains("\(2 << 20) bytes, over the 1048576-byte limit of a saved state; left as it is"))
    #expect(Self.lines(outputs[6]).first?.hasPrefix("Bookmark six set, but it could not be saved: ") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: place.stateFile)) == huge)
  }

  /// Row 16: a folder, a FIFO or a link in the state file's place: refused in words, no waiting.
  @Test(arguments: ["folder", "fifo", "link"]) func somethingElseInTheStateFilesPlaceIsRefused(kind: String) throws {
    let place = try Place("inplace-" + kind)
    defer { place.remove() }
    let file = place.stateFile
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let expected: String
    switch kind {
    case "folder":
      try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
      expected = "\(file): a folder, not a regular file; left as it is"
    case "fifo":
      #expect(mkfifo(file, 0o600) == 0)
      expected = "\(file): a FIFO, not a regular file; left as it is"
    default:
      try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/etc/hostname")
      expected = "\(file): a symbolic link, not followed"
    }
    let outputs = try run(place, Self.bookmark("six"))
    #expect(outputs[0].contains(expected))
    #expect(!outputs.joined().contains("NSCocoaErrorDomain"))
    #expect(Self.lines(outputs[6]).first?.hasPrefix("Bookmark six set, but it could not be saved: \(expected)") == true)
  }

  /// Row 16: a file where the state folder should be, and a folder that cannot be written: setting a
  /// bookmark says it could not be saved, and why.
  @Test func aStateFolderInTheWayOrUnwritableIsSaidWhenABookmarkIsSet() throws {
    let place = try Place("folder")
    defer { place.remove() }
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: place.state + "/textrotor"))
    let blocked = try run(place, Self.bookmark("six"))
    #expect(
      Self.lines(blocked[6]) == [
        "Bookmark six set, but it could not be saved: \(place.state)/textrotor: a regular file is where the state folder should be"
      ])
    #expect(!blocked.joined().contains("NSCocoaErrorDomain"))
    // Unwritable: a folder without write permission (root writes anywhere: a folder of /sys then).
    let unwritable: String
    if geteuid() == 0 {
      unwritable = "/sys/fs"
    } else {
      unwritable = place.state + "/locked"
      try FileManager.default.createDirectory(atPath: unwritable, withIntermediateDirectories: false)
      chmod(unwritable, 0o500)
    }
    let refused = try run(place, Self.bookmark("six"), state: unwritable)
    let said = Self.lines(refused[6]).first ?? ""
    #expect(said.hasPrefix("Bookmark six set, but it could not be saved: \(unwritable)/textrotor: "))
    #expect(said.hasSuffix("Permission denied") || said.hasSuffix("Operation not permitted"))
  }
}
