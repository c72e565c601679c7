import Foundation
import Testing

/// No command writes over one of its inputs (issue 55, row 5): an output path or standard output that
/// is an input — by the same name, through a link, another spelling or a hard link — is a usage
/// error (exit 2) and the input stays as it was.
@Suite struct OutputTargetsTests {
  static let notes = "<html lang=en><head><title>Notes</title></head><body><p>Call 415-555-0100.</p></body></html>"

  /// A folder with `notes.html`, and the input's bytes.
  static func folderWithNotes() throws -> (folder: String, input: String, bytes: Data) {
    let folder = try freshFolder("outputs")
    let input = folder + "/notes.html"
    let bytes = Data(notes.utf8)
    try bytes.write(to: URL(fileURLWithPath: input))
    return (folder, input, bytes)
  }

  @Test func previewOverItsOwnInputIsAUsageErrorAndTheInputStays() throws {
    let (folder, input, bytes) = try Self.folderWithNotes()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.html", withDestinationPath: input)
    try FileManager.default.linkItem(atPath: input, toPath: folder + "/hard.html")
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
    for (output, named) in [
      (input, input), (folder + "/link.html", folder + "/link.html"), (folder + "/hard.html", folder + "/hard.html"),
      (folder + "/sub/../notes.html", folder + "/sub/../notes.html"),
    ] {
      let result = try CLIRunner.run(["preview", input, "-o", output])
      #expect(result.status == 2, "\(output): \(result.stderr)")
      #expect(result.stderr.contains("--output \(named) is the input \(input) (the same file)"), "\(result.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == bytes)
    }
    #expect(contents(of: folder) == ["hard.html", "link.html", "notes.html", "sub"])
  }

  @Test func speakAudioOverTheInputOrItsSymbolsIsAUsageError() throws {
    let (folder, input, bytes) = try Self.folderWithNotes()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let symbols = folder + "/symbols.dic"
    try Data("symbols:\n#\tnumber\tsome\n".utf8).write(to: URL(fileURLWithPath: symbols))
    let own = try CLIRunner.run(["speak", input, "--audio", input])
    #expect(own.status == 2)
    #expect(own.stderr.contains("--audio \(input) is the input \(input) (the same file)"))
    let table = try CLIRunner.run(["speak", input, "--symbols", symbols, "--audio", symbols])
    #expect(table.status == 2)
    #expect(table.stderr.contains("--audio \(symbols) is the input \(symbols)"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == bytes)
  }

  @Test(arguments: ["parse", "detect", "speak", "braille", "audit"])
  func standardOutputAppendedToTheInputIsAUsageError(command: String) throws {
    let (folder, input, bytes) = try Self.folderWithNotes()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "exec \"$0\" \(command) \"$1\" >> \"$1\" 2>\"$2\"", CLIRunner.binary.path, input, folder + "/err",
    ]
    process.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    let stderr = try String(contentsOfFile: folder + "/err", encoding: .utf8)
    #expect(stderr.contains("standard output is the input \(input) (the same file)"), "\(stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == bytes)
  }

  @Test func anotherFileAndStandardOutputElsewhereStillWork() throws {
    let (folder, input, _) = try Self.folderWithNotes()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try CLIRunner.run(["preview", input, "-o", folder + "/page.html", "--quiet"])
    #expect(page.status == 0, "\(page.stderr)")
    let parse = try CLIRunner.run(["parse", input])
    #expect(parse.status == 0)
    #expect(parse.stdout.contains("Call 415-555-0100."))
  }
}
