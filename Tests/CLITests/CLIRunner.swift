import Foundation

/// Runs the built `textrotor` binary (next to the test bundle) and captures what it prints.
struct CLIRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The built binary; `TEXTROTOR_BINARY` points the tests at another one (to check that a
  /// regression test fails on an older build).
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["TEXTROTOR_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("textrotor")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: packageRoot + "/.build/debug/textrotor")
  }

  /// The package root (three levels above this file).
  static let packageRoot: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .path
  }()

  /// A corpus file's path.
  static func corpus(_ name: String) -> String { packageRoot + "/corpus/" + name }

  /// Runs `textrotor arguments…` with `input` on standard input.
  static func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    // Output goes to temporary files, so a large output can never block the child on a full pipe.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("out")
    let errURL = directory.appendingPathComponent("err")
    let inURL = directory.appendingPathComponent("in")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: inURL.path, contents: input ?? Data())
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    try process.run()
    process.waitUntilExit()
    let outData = try Data(contentsOf: outURL)
    let errData = try Data(contentsOf: errURL)
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs a bash script with `$TEXTROTOR` set to the binary (for redirections the runner cannot
  /// make: `>/dev/full`, `>&-`, `2>&-`, pipes with SIGPIPE ignored), bounded by `timeout`.
  static func shell(_ script: String, environment: [String: String] = [:]) throws -> Result {
    var env = environment
    env["TEXTROTOR"] = binary.path
    let runner = Process()
    runner.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    runner.arguments = ["120", "/bin/bash", "-c", script]
    var full = ProcessInfo.processInfo.environment
    full["SWIFT_BACKTRACE"] = "enable=no"
    for (key, value) in env { full[key] = value }
    runner.environment = full
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-sh-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("out")
    let errURL = directory.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    runner.standardOutput = try FileHandle(forWritingTo: outURL)
    runner.standardError = try FileHandle(forWritingTo: errURL)
    runner.standardInput = FileHandle.nullDevice
    try runner.run()
    runner.waitUntilExit()
    return Result(
      status: runner.terminationStatus, stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
