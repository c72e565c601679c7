import Foundation
import Testing

/// `detect --recursive DIR`: every document under a directory in path order, each line naming its
/// file, the same detections as `detect` on each file, the same output for any number of jobs, and a
/// file that cannot be read reported while the others go on.
@Suite struct DetectRecursiveTests {
  /// A tree: corpus documents at several depths, a PNG named .html, a file of no document format.
  static func makeTree() throws -> (root: String, documents: [String]) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-tree-\(UUID().uuidString)").path
    let copies = [
      ("a/park-trip-brochure.html", "park-trip-brochure.html"), ("a/hiking-checklist.txt", "hiking-checklist.txt"),
      ("a/b/notes-docbook.xml", "notes-docbook.xml"), ("contrast-note.zh.html", "contrast-note.zh.html"),
      ("z/travel-notes.vi.html", "travel-notes.vi.html"),
    ]
    for (target, source) in copies {
      let path = root + "/" + target
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: CLIRunner.corpus(source), toPath: path)
    }
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])
      .write(to: URL(fileURLWithPath: root + "/a/logo.html"))
    try Data("not a document format".utf8).write(to: URL(fileURLWithPath: root + "/a/data.bin"))
    // Path order, byte by byte ("a/b/…" before "a/h…").
    let documents = [
      "a/b/notes-docbook.xml", "a/hiking-checklist.txt", "a/park-trip-brochure.html", "contrast-note.zh.html",
      "z/travel-notes.vi.html",
    ].map { root + "/" + $0 }
    return (root, documents)
  }

  @Test func everyDocumentGetsTheDetectionsOfDetectInPathOrder() throws {
    let (root, documents) = try Self.makeTree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try CLIRunner.run(["detect", "--recursive", root, "--jobs", "3"])
    #expect(result.status == 1)
    #expect(
      result.stderr == "textrotor: \(root)/a/b/notes-docbook.xml:10:89: warning: external entity 'secret' was not "
        + "loaded (external entities never are, for safety); its text is left out\n"
        + "textrotor: \(root)/a/logo.html: binary data (a PNG image), not a document\n"
        + "textrotor: 1 of 6 files under \(root) could not be read\n")
    var expected: [[String: Any]] = []
    for document in documents {
      let single = try CLIRunner.run(["detect", document])
      #expect(single.status == 0)
      for line in single.stdout.split(separator: "\n") {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        object["file"] = document
        expected.append(object)
      }
    }
    let actual = try result.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(actual.count == expected.count)
    #expect(actual.map { NSDictionary(dictionary: $0) } == expected.map { NSDictionary(dictionary: $0) })
    // "file" is the first member of each line.
    #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("{\"file\":\"\(root)/") })
  }

  @Test(arguments: ["jsonl", "json", "text", "tsv"])
  func theOutputIsTheSameForAnyNumberOfJobs(_ format: String) throws {
    let (root, documents) = try Self.makeTree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let one = try CLIRunner.run(["detect", "--recursive", root, "--format", format, "--jobs", "1"])
    let four = try CLIRunner.run(["detect", "--recursive", root, "--format", format, "--jobs", "4"])
    #expect(one.stdout == four.stdout && one.stderr == four.stderr && one.status == four.status)
    let lines = one.stdout.split(separator: "\n").map(String.init)
    switch format {
    case "json":
      // One `detect --format json` object per file, in path order.
      #expect(lines.count == documents.count)
      for (line, document) in zip(lines, documents) {
        let single = try CLIRunner.run(["detect", document, "--format", "json"])
        #expect(line + "\n" == single.stdout)
      }
    case "text":
      let single = try CLIRunner.run(["detect", documents[1], "--format", "text"])
      let prefixed = single.stdout.split(separator: "\n").map { "\(documents[1]): \($0)" }
      #expect(lines.filter { $0.hasPrefix(documents[1] + ": ") } == prefixed)
    case "tsv":
      #expect(lines.first == "file\tkind\tstart\tend\tline:column\ttext\tvalue\tsource\tconfidence")
      #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(root + "/") })
    default:
      #expect(!lines.isEmpty)
    }
  }

  @Test func aPathThatIsNotADirectoryIsAnInputError() throws {
    let result = try CLIRunner.run(["detect", "--recursive", CLIRunner.corpus("hiking-checklist.txt")])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasSuffix(
        "hiking-checklist.txt: not a directory (--recursive reads every document under a directory)\n"))
    let jobs = try CLIRunner.run(["detect", "--recursive", CLIRunner.packageRoot + "/corpus", "--jobs", "0"])
    #expect(jobs.status == 2)
    let alone = try CLIRunner.run(["detect", CLIRunner.corpus("hiking-checklist.txt"), "--jobs", "2"])
    #expect(alone.status == 2 && alone.stderr.contains("--jobs goes with --recursive"))
  }

  /// On a terminal, progress with the count of all files and the time left goes to standard error.
  @Test(.disabled(if: PseudoTerminal.python3 == nil, "python3 makes the pseudo-terminal"))
  func progressIsShownOnATerminal() throws {
    let (root, _) = try Self.makeTree()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let script = """
      import os, pty, subprocess, sys
      master, slave = pty.openpty()
      child = subprocess.Popen([os.environ["TEXTROTOR"], "detect", "--recursive", sys.argv[1]],
                               stdout=subprocess.DEVNULL, stderr=slave)
      os.close(slave)
      seen = b""
      while True:
          try:
              chunk = os.read(master, 4096)
          except OSError:
              break
          if not chunk:
              break
          seen += chunk
      child.wait()
      print(child.returncode)
      print(seen.decode().replace("\\r", "<CR>").replace("\\x1b[K", ""))
      """
    let result = try CLIRunner.shell(
      "python3 -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))' '\(root)'")
    #expect(result.stdout.hasPrefix("1\n"), "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("textrotor detect: 6 of 6 files, "))
    #expect(result.stdout.contains(" 1 failed, 0:00 elapsed, 0:00 left"))
  }
}
