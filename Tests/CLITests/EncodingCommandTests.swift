import Foundation
import Testing

/// The input layer end to end: sniffing standard input, encodings, NUL and binary input.
@Suite struct EncodingCommandTests {
  func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(UUID().uuidString)-\(name)")
    try Data(bytes).write(to: url)
    return url.path
  }

  func utf16LE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }

  @Test func standardInputStartingWithATagIsReadAsHTMLAndSpokenWhole() throws {
    let result = try CLIRunner.run(
      ["speak", "--locale", "en"], input: Data("<b>Warning</b>: the bridge is closed.\n".utf8))
    #expect(result.status == 0)
    #expect(result.stdout.contains("Warning"))
    #expect(result.stdout.contains("the bridge is closed"))
  }

  @Test func aPipeThatDeliversItsFirstBytesSlowlyIsSniffedOnTheWholeHead() throws {
    // A child process writes the document in small pieces with pauses, so the first read() of the
    // pipe returns one byte: the format must not be decided on it.
    let script =
      "printf '<'; sleep 0.3; printf 'b>Warn'; sleep 0.3; printf 'ing</b>: the bridge'; sleep 0.3; "
      + "printf ' is closed.\\n'"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "(\(script)) | timeout 60 '\(CLIRunner.binary.path)' parse"]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    // The reading view marks the cue line as an alert (found by the detection stage in every format).
    #expect(String(decoding: data, as: UTF8.self) == "Alert (warning): Warning: the bridge is closed.\n")
  }

  @Test func aUTF16FileIsDecoded() throws {
    let path = try temporaryFile("page.html", [0xFF, 0xFE] + utf16LE("<p>Grüße aus 東京</p>"))
    let result = try CLIRunner.run(["parse", path])
    #expect(result.status == 0)
    #expect(result.stdout == "Grüße aus 東京\n")
  }

  @Test func windows1252ReferencesAndBytesBecomeTheirCharacters() throws {
    let bytes = Array("<p>It&#146;s here: ".utf8) + [0x93] + Array("quoted".utf8) + [0x94] + Array("</p>".utf8)
    let path = try temporaryFile("legacy.html", bytes)
    let result = try CLIRunner.run(["parse", path, "--diagnostics"])
    #expect(result.status == 0)
    #expect(result.stdout == "It’s here: “quoted”\n")
    #expect(result.stderr.contains("windows-1252"))
  }

  @Test func theEncodingOptionOverridesTheMeta() throws {
    let bytes = Array("<meta charset=utf-8><p>".utf8) + [0xCF, 0xF0, 0xE8] + Array("</p>".utf8)
    let path = try temporaryFile("cyrillic.html", bytes)
    let result = try CLIRunner.run(["parse", path, "--encoding", "windows-1251"])
    #expect(result.status == 0)
    #expect(result.stdout == "При\n")
  }

  @Test func aNULInTheMiddleOfATextFileIsReplacedAndReported() throws {
    let bytes = Array(String(repeating: "Line of text.\n", count: 1000).utf8) + [0] + Array("The rest.\n".utf8)
    let path = try temporaryFile("notes.txt", bytes)
    let result = try CLIRunner.run(["parse", path, "--diagnostics"])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("\u{FFFD}The rest.\n"))
    #expect(!result.stdout.utf8.contains(0))
    #expect(result.stderr.contains("1001:1: warning: 1 NUL character(s) replaced with U+FFFD"))
  }

  @Test func aBogusXMLEncodingKeepsTheDocument() throws {
    let path = try temporaryFile(
      "note.xml",
      Array("<?xml version=\"1.0\" encoding=\"bogus\"?><note><para>The bridge is closed.</para></note>".utf8))
    let result = try CLIRunner.run(["parse", path, "--diagnostics"])
    #expect(result.status == 0)
    #expect(result.stdout == "The bridge is closed.\n")
    #expect(result.stderr.contains("bogus"))
  }

  @Test func theUTF8ByteOrderMarkIsNotPrinted() throws {
    for (name, body) in [("notes.txt", "Hello\nworld\n"), ("page.html", "<p>Hello</p>"), ("-", "Hello\n")] {
      let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(body.utf8)
      let result: CLIRunner.Result
      if name == "-" {
        result = try CLIRunner.run(["parse"], input: Data(bytes))
      } else {
        result = try CLIRunner.run(["parse", try temporaryFile(name, bytes)])
      }
      #expect(result.status == 0)
      #expect(!result.stdout.unicodeScalars.contains("\u{FEFF}"), "\(name)")
      #expect(result.stdout.hasPrefix("Hello"), "\(name)")
    }
  }

  @Test func aPNGIsRefusedWithExitStatus1AndNamed() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array("IHDR".utf8)
    let path = try temporaryFile("picture.dat", png)
    let result = try CLIRunner.run(["parse", path])
    #expect(result.status == 1)
    #expect(result.stderr == "textrotor: \(path): binary data (a PNG image), not a document\n")
    #expect(result.stdout.isEmpty)
  }
}
