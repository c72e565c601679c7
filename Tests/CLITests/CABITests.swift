import Foundation
import Testing

/// The C ABI (libTextRotorC.so, Sources/CTextRotor/include/textrotor.h) used from C: CABI/abi_check.c
/// is compiled with gcc under AddressSanitizer against the library of the build being tested, run,
/// and its output checked. A leak or a bad access in the library or in its free functions makes
/// AddressSanitizer (with LeakSanitizer) exit non-zero with a report, which fails the test.
///
/// No LeakSanitizer suppression is needed: the Swift runtime's own allocations (metadata caches) stay
/// reachable from globals, so LeakSanitizer does not report them (checked: a planted missing
/// `tr_string_free` is reported, 6,963 bytes in 1 allocation, with nothing else).
@Suite(.serialized) struct CABITests {
  /// The directory of the build being tested (debug or release): where `textrotor` and
  /// `libTextRotorC.so` are.
  static var buildDirectory: URL { CLIRunner.binary.deletingLastPathComponent() }
  static var library: URL { buildDirectory.appendingPathComponent("libTextRotorC.so") }

  /// Compiles abi_check.c once per test run (into a temporary directory) and returns its path.
  static let program: Result<URL, CABIError> = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-cabi-\(UUID().uuidString)")
    do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
      return .failure(CABIError(message: "cannot create \(directory.path)"))
    }
    guard FileManager.default.fileExists(atPath: library.path) else {
      return .failure(
        CABIError(
          message: "\(library.path) is missing: build it with `swift build --build-tests` (the TextRotorC product)"))
    }
    let output = directory.appendingPathComponent("abi_check")
    let compile = run(
      "/usr/bin/env",
      [
        "gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-g", "-fsanitize=address", "-fno-omit-frame-pointer",
        "-I", CLIRunner.packageRoot + "/Sources/CTextRotor/include",
        CLIRunner.packageRoot + "/Tests/CLITests/CABI/abi_check.c", "-o", output.path,
        "-L", buildDirectory.path, "-lTextRotorC", "-Wl,-rpath," + buildDirectory.path, "-lpthread",
      ])
    guard compile.status == 0 else { return .failure(CABIError(message: "gcc failed:\n\(compile.stderr)")) }
    return .success(output)
  }()

  struct CABIError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// Runs a program with AddressSanitizer's leak check on and the Swift backtracer off.
  static func run(_ executable: String, _ arguments: [String]) -> CLIRunner.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=23"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch {
      return CLIRunner.Result(status: -1, stdout: "", stderr: "cannot run \(executable): \(error)")
    }
    // Read both pipes while it runs (a full pipe would block the child).
    nonisolated(unsafe) var errData = Data()
    let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !reader.isFinished { usleep(1000) }
    return CLIRunner.Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  @Test func theCProgramUsesEveryFunctionWithoutErrorsOrLeaks() throws {
    let program = try Self.program.get()
    let result = Self.run(program.path, ["check", CLIRunner.corpus("park-trip-brochure.html")])
    #expect(result.status == 0, "abi_check check failed:\n\(result.stdout)\n\(result.stderr)")
    #expect(!result.stderr.contains("Sanitizer"), "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("FAIL") }, "\(result.stdout)")
    #expect(lines.last == "OK")
    #expect(lines.contains("version 0.1.0"))
    #expect(lines.contains("error null-out: invalid argument: document (the out parameter) is NULL"))
    #expect(
      lines.contains(
        "error region: region takes a two-letter ISO 3166 code such as US, JP, CN, VN, EG (got \"USA\")"))
    #expect(lines.contains("error kinds: unknown kind \"fax\": use email, link, phone, alert"))
    #expect(lines.contains("error read: logo.png: binary data (a PNG image), not a document"))
    #expect(lines.contains("error null-bytes: bytes is NULL but length is 5"))
    #expect(lines.contains("options phone: 020 7946 0018 tel:+442079460018"))
    #expect(lines.contains("error range: the range starts at 10000, past the end of the text (42 UTF-8 bytes)"))
    #expect(lines.contains { $0.hasPrefix("error rotor: unknown rotor \"paragraphs\": use headings, links, alerts") })
    #expect(lines.contains("detections 22: email 4, link 7, phone 5, alert 6"))
    #expect(
      lines.contains(
        "first alert: East Meadow picnic area closed for maintenance until May 30. Use the River Bend tables instead. (warning) 375..470"
      ))
    #expect(lines.contains("alerts rotor: 6 forward, 6 backward"))
    // Speech, not text: the date is said as a date, as `textrotor speak` says it.
    #expect(
      lines.contains(
        "spoken: East Meadow picnic area closed for maintenance until May 30th. Use the River Bend tables instead."))
    #expect(lines.contains("threads: 22 22"))
  }

  /// The check that AddressSanitizer really runs here: a copy of the program that forgets one free
  /// must be reported (else the test above could pass with leaks).
  @Test func aForgottenFreeIsReported() throws {
    let source = try String(contentsOfFile: CLIRunner.packageRoot + "/Tests/CLITests/CABI/abi_check.c", encoding: .utf8)
    let leaky = source.replacingOccurrences(of: "  tr_string_free(json);\n", with: "  /* leaked on purpose */\n")
    #expect(leaky != source)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-leak-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("leaky.c")
    try leaky.write(to: file, atomically: true, encoding: .utf8)
    _ = try Self.program.get()
    let compile = Self.run(
      "/usr/bin/env",
      [
        "gcc", "-std=c11", "-g", "-fsanitize=address", "-I", CLIRunner.packageRoot + "/Sources/CTextRotor/include",
        file.path, "-o", directory.appendingPathComponent("leaky").path, "-L", Self.buildDirectory.path,
        "-lTextRotorC", "-Wl,-rpath," + Self.buildDirectory.path, "-lpthread",
      ])
    #expect(compile.status == 0, "\(compile.stderr)")
    let result = Self.run(
      directory.appendingPathComponent("leaky").path, ["check", CLIRunner.corpus("park-trip-brochure.html")])
    #expect(result.status == 23)
    #expect(result.stderr.contains("LeakSanitizer: detected memory leaks"))
    #expect(result.stderr.contains("tr_document_detections_json"))
  }

  /// Issue 16's "done when": the C program, the Python binding and the CLI report the brochure's
  /// detections with the same kinds, values and UTF-8 and UTF-16 offsets.
  @Test func theCProgramPythonAndTheCLIReportTheSameDetections() throws {
    let brochure = CLIRunner.corpus("park-trip-brochure.html")
    let cli = try CLIRunner.run(["detect", brochure, "--format", "jsonl"])
    #expect(cli.status == 0)
    let fromCLI = try cli.stdout.split(separator: "\n").map { line -> String in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let start = try #require(object["start"] as? [String: Int])
      let end = try #require(object["end"] as? [String: Int])
      let confidence = try #require(object["confidence"] as? Double)
      return [
        "\(object["kind"] ?? "")", "\(start["utf8"]!)", "\(end["utf8"]!)", "\(start["utf16"]!)", "\(end["utf16"]!)",
        "\(object["value"] ?? "")", String(format: "%.2f", confidence),
      ].joined(separator: "\t")
    }
    #expect(fromCLI.count == 22)

    let program = try Self.program.get()
    let c = Self.run(program.path, ["detections", brochure])
    #expect(c.status == 0, "\(c.stderr)")
    #expect(!c.stderr.contains("Sanitizer"), "\(c.stderr)")
    let fromC = c.stdout.split(separator: "\n").map(String.init)

    let script = """
      import sys, textrotor
      for d in textrotor.parse(sys.argv[1]).detections:
          print("\\t".join([d.kind, str(d.start.utf8), str(d.end.utf8), str(d.start.utf16), str(d.end.utf16), d.value, "%.2f" % d.confidence]))
      """
    let python = Self.run(
      "/usr/bin/env",
      [
        "PYTHONPATH=\(CLIRunner.packageRoot)/bindings/python", "TEXTROTOR_LIBRARY=\(Self.library.path)", "python3",
        "-c",
        script, brochure,
      ])
    #expect(python.status == 0, "\(python.stderr)")
    let fromPython = python.stdout.split(separator: "\n").map(String.init)

    #expect(fromC == fromCLI)
    #expect(fromPython == fromCLI)
    // The brochure's title has a dash, so UTF-16 offsets differ from UTF-8 ones after it: both are checked.
    #expect(fromCLI.contains { $0.split(separator: "\t")[1] != $0.split(separator: "\t")[3] })
  }
}
