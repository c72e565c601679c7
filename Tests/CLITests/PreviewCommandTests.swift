import Foundation
import Testing

/// `textrotor preview`: the page read back through the data attributes it writes.
@Suite struct PreviewCommandTests {
  static let documents = [
    "park-trip-brochure.html", "contrast-accessibility-note.html", "contrast-note.zh.html", "park-brochure.ja.html",
    "clinic-brochure.ar.html", "travel-notes.vi.html", "budget-app-notes.xml", "notes-docbook.xml",
    "hiking-checklist.txt", "malformed.html", "legacy-latin1.html", "invalid-utf8.html",
  ]

  static func page(_ arguments: [String]) throws -> String {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "textrotor-preview-\(UUID().uuidString).html")
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try CLIRunner.run(["preview"] + arguments + ["-o", out.path, "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    return try String(contentsOf: out, encoding: .utf8)
  }

  @Test(arguments: documents) func readingOrderIsParsesBlockForBlock(name: String) throws {
    let html = try Self.page([CLIRunner.corpus(name)])
    let shown = html.matches(of: /<li id="b(\d+)"[^>]*? data-kind="(\w+)" data-start="(\d+)" data-end="(\d+)"/).map {
      "\($0.2) \($0.3) \($0.4)"
    }
    let indices = html.matches(of: /<li id="b(\d+)"/).map { Int($0.1)! }
    #expect(indices == Array(0..<indices.count))
    let parse = try CLIRunner.run(["parse", CLIRunner.corpus(name), "--format", "json", "--quiet"])
    let json = try JSONSerialization.jsonObject(with: Data(parse.stdout.utf8)) as! [String: Any]
    let blocks = (json["blocks"] as! [[String: Any]]).map { block in
      let start = (block["start"] as! [String: Any])["utf8"] as! Int
      let end = (block["end"] as! [String: Any])["utf8"] as! Int
      return "\(block["kind"] as! String) \(start) \(end)"
    }
    #expect(!blocks.isEmpty)
    #expect(shown == blocks)
  }

  @Test(arguments: documents) func everyDetectionIsInItsRotor(name: String) throws {
    let html = try Self.page([CLIRunner.corpus(name)])
    // Items by panel: the text between one panel's start and the next.
    var items: [String: Set<String>] = [:]
    let panels = html.matches(of: /<div class="rotor" id="rotor-(\w+)"/)
    for (index, panel) in panels.enumerated() {
      let end = index + 1 < panels.count ? panels[index + 1].range.lowerBound : html.endIndex
      for item in html[panel.range.upperBound..<end].matches(of: /<a href="#b\d+" data-start="(\d+)" data-end="(\d+)">/)
      {
        items[String(panel.1), default: []].insert("\(item.1)-\(item.2)")
      }
    }
    let detect = try CLIRunner.run(["detect", CLIRunner.corpus(name), "--quiet"])
    var checked = 0
    for line in detect.stdout.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let kind = object["kind"] as! String
      let rotor = ["alert": "alerts", "link": "links", "email": "emails", "phone": "phones"][kind]!
      let start = (object["start"] as! [String: Any])["utf8"] as! Int
      let end = (object["end"] as! [String: Any])["utf8"] as! Int
      #expect(items[rotor]?.contains("\(start)-\(end)") == true, "\(name): \(kind) \(start)-\(end) not in \(rotor)")
      checked += 1
    }
    if name == "park-trip-brochure.html" { #expect(checked > 10) }
  }

  @Test func hostileDocumentStaysText() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("evil.html")
    try Data(
      ("<html lang=en><head><title>&lt;/title&gt;&lt;script&gt;alert(0)&lt;/script&gt;</title></head><body>"
        + "<h1 aria-label='\"><img src=x onerror=alert(1)>'>Hi</h1><p>\u{1B}]0;owned\u{07} and \u{202E}txt.exe "
        + "<a href='javascript:alert(2)'>x</a> <a href='https://e.example/\"><script>alert(3)</script>'>y</a></p>"
        + "<pre>&lt;/script&gt;&lt;script&gt;alert(4)&lt;/script&gt;</pre></body></html>").utf8
    ).write(to: input)
    let html = try Self.page([input.path])
    #expect(html.components(separatedBy: "<script").count == 2)  // the page's own script only
    #expect(!html.contains("<img"))
    #expect(!html.contains("href=\"javascript"))
    #expect(html.contains("\\x1b]0;owned\\x07"))
    #expect(html.contains("\\u202etxt.exe"))
    #expect(!html.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x0A) || $0.value == 0x202E })
    // Self-contained: every src is a data: URI and every href a place on the page.
    for match in html.matches(of: /(src|href)="([^"]*)"/) {
      #expect(match.2.hasPrefix("#") || match.2.hasPrefix("data:"), "\(match.0)")
    }
  }

  @Test func auditFindingsAreSummedUpAndShownAtTheirPlace() throws {
    let html = try Self.page([CLIRunner.corpus("malformed.html")])
    let audit = try CLIRunner.run(["audit", CLIRunner.corpus("malformed.html"), "--format", "json"])
    let count = (try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as! [String: Any])["count"] as! Int
    #expect(count > 0)
    #expect(html.contains("data-findings=\"\(count)\""))
    #expect(html.components(separatedBy: "<li class=\"finding\"").count - 1 == count)
    let none = try Self.page([CLIRunner.corpus("malformed.html"), "--no-audit"])
    #expect(none.contains("No audit was run"))
  }

  /// The audit runs on a thread of its own beside detection and speech (speech on both cores from
  /// a MiB): the page is the one made on the main thread alone, findings included.
  @Test(arguments: ["malformed.html", "park-trip-brochure.html", "contrast-note.zh.html"])
  func thePageIsTheSameOnOneThread(name: String) throws {
    let threaded = try Self.page([CLIRunner.corpus(name)])
    let alone = try Self.page([CLIRunner.corpus(name), "--threads", "1"])
    #expect(threaded == alone)
    #expect(threaded.contains("data-findings=\""))
  }

  @Test func aFolderAsTheOutputIsRefusedAndNothingIsWritten() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try CLIRunner.run(["preview", CLIRunner.corpus("malformed.html"), "-o", folder.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("is a folder; --output takes a file name"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  /// A page whose CSP names its one script and its one style block by SHA-256 (row 15): no
  /// `'unsafe-inline'`, and each hash is the script's or the style's, checked with Python's hashlib.
  @Test func theContentSecurityPolicyNamesThePagesOwnScriptAndStyleByHash() throws {
    let html = try Self.page([CLIRunner.corpus("park-trip-brochure.html")])
    let csp = try #require(html.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)).1
    #expect(!csp.contains("unsafe"))
    let script = try #require(html.firstMatch(of: /<script>([^<]*)<\/script>/)).1
    let style = try #require(html.firstMatch(of: /<style>([^<]*)<\/style>/)).1
    #expect(html.ranges(of: "<script").count == 1 && html.ranges(of: "<style").count == 1)
    #expect(!html.contains(" style=\""))
    func sha256(_ text: Substring) throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = [
        "-c",
        "import sys,hashlib,base64;print(base64.b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode())",
      ]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      input.fileHandleForWriting.write(Data(text.utf8))
      try input.fileHandleForWriting.close()
      let digest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return digest.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(csp.contains("script-src 'sha256-\(try sha256(script))'"), "\(csp)")
    #expect(csp.contains("style-src 'sha256-\(try sha256(style))'"), "\(csp)")
  }

  /// A large document's preview is paged (row 13): each page at most its byte budget, the pages
  /// together show every block once and in order, each says where the next is, and a page past the
  /// last is an error.
  @Test func aLargeDocumentIsPagedAndThePagesShowEveryBlockOnce() throws {
    let folder = try freshFolder("preview-pages")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = folder + "/big.html"
    var html = "<html lang=en><head><title>Big</title></head><body><main>"
    for section in 0..<300 {
      html += "<h2>Section \(section)</h2><p>Call 415-555-\(String(format: "%04d", section)) or write to "
      html += "desk\(section)@example.org about the 4.5:1 contrast &amp; the trail &lt;map&gt;.</p>"
    }
    html += "</main></body></html>"
    try Data(html.utf8).write(to: URL(fileURLWithPath: input))
    let parse = try CLIRunner.run(["parse", input, "--format", "json", "--quiet"])
    let blockCount =
      ((try JSONSerialization.jsonObject(with: Data(parse.stdout.utf8)) as! [String: Any])["blocks"]
      as! [Any]).count
    var shown: [Int] = []
    var page = 1
    while true {
      let out = folder + "/p\(page).html"
      let result = try CLIRunner.run(["preview", input, "-o", out, "--page", "\(page)", "--page-bytes", "65536"])
      #expect(result.status == 0, "\(result.stderr)")
      let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
      #expect(bytes.count <= 65536 + 16384, "page \(page): \(bytes.count) bytes")
      let text = String(decoding: bytes, as: UTF8.self)
      shown += text.matches(of: /<li id="b(\d+)"/).map { Int($0.1)! }
      if !result.stderr.contains("--page \(page + 1) writes the next") { break }
      #expect(text.contains("<code>textrotor preview --page \(page + 1)</code> writes the blocks after."))
      page += 1
      if page > 100 { break }
    }
    #expect(page > 2)
    #expect(shown == Array(0..<blockCount))
    let past = try CLIRunner.run(["preview", input, "-o", folder + "/past.html", "--page", "\(page + 1)"])
    #expect(past.status == 1)
    #expect(past.stderr.contains("--page \(page + 1) is past the last page of the preview"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/past.html"))
  }

  /// By default a page is at most twice its input (above 512 KiB) and at most 1 MiB; one block
  /// larger than half a page shows its start and is named in a warning.
  @Test func aPageStaysProportionateEvenForOneHugeBlock() throws {
    let folder = try freshFolder("preview-huge")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = folder + "/line.txt"
    let line = String(repeating: "Trail & map <4.5:1> ", count: 150_000)  // 3 MB, one block
    try Data(line.utf8).write(to: URL(fileURLWithPath: input))
    let result = try CLIRunner.run(["preview", input, "-o", folder + "/line.html", "--no-audit"])
    #expect(result.status == 0, "\(result.stderr)")
    let size = try Data(contentsOf: URL(fileURLWithPath: folder + "/line.html")).count
    #expect(size <= (1 << 20) + 16384, "\(size) bytes")
    #expect(
      result.stderr.contains("line.txt:1:1: warning: block 1 is larger than half a page; the preview shows its start"))
    let page = try String(contentsOfFile: folder + "/line.html", encoding: .utf8)
    #expect(page.contains("more bytes of this block's text are left out"))
  }

  /// `--audio` writes the clips beside the page (row 13): the page links to them and embeds none.
  @Test func clipsAreFilesBesideThePage() throws {
    let folder = try freshFolder("preview-audio")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try CLIRunner.run([
      "preview", CLIRunner.corpus("contrast-accessibility-note.html"), "-o", folder + "/note.html", "--audio",
      "--quiet",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let page = try String(contentsOfFile: folder + "/note.html", encoding: .utf8)
    #expect(!page.contains("data:audio"))
    let sources = page.matches(of: /<audio controls preload="metadata" src="note-audio\/b(\d+)\.wav">/).map { $0.1 }
    #expect(!sources.isEmpty)
    for block in sources {
      let wav = try Data(contentsOf: URL(fileURLWithPath: folder + "/note-audio/b\(block).wav"))
      #expect(wav.prefix(4) == Data("RIFF".utf8) && wav.count > 1000)
    }
    #expect(contents(of: folder + "/note-audio").count == sources.count)
  }
}
