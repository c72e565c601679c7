import Foundation

/// Drives `textrotor` under a pseudo-terminal (python3's pty module): sends keys one at a time and
/// collects what the program printed after each, waiting until it has been quiet for a while.
enum PseudoTerminal {
  static let python3 = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// One key press: its bytes, and how long the output must stay quiet before the next one.
  struct Step: Codable {
    var send: [UInt8]
    var quiet: Double = 0.25
    var atMost: Double = 4
  }

  static let driver = """
    import json, os, pty, sys, time, select
    plan = json.load(open(sys.argv[1]))
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["SWIFT_BACKTRACE"] = "enable=no"
        for k, v in plan.get("env", {}).items():
            os.environ[k] = v
        os.execv(plan["argv"][0], plan["argv"])
    def pump(quiet, at_most):
        out = b""
        start = time.time()
        last = time.time()
        while time.time() - start < at_most:
            r, _, _ = select.select([fd], [], [], 0.02)
            if r:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                out += data
                last = time.time()
            elif time.time() - last >= quiet and (out or time.time() - start >= quiet * 4):
                break
        return out.decode("utf-8", "replace")
    outputs = [pump(1.0, 15)]
    for step in plan["steps"]:
        try:
            os.write(fd, bytes(step["send"]))
        except OSError:
            outputs.append("")
            continue
        outputs.append(pump(step["quiet"], step["atMost"]))
    try:
        _, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        status = 0
    json.dump({"outputs": outputs}, sys.stdout)
    """

  /// Runs `textrotor arguments…` and returns the output before the first key, then after each step.
  static func run(_ arguments: [String], steps: [Step], environment: [String: String] = [:]) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("driver.py")
    try driver.write(to: script, atomically: true, encoding: .utf8)
    struct Plan: Codable {
      var argv: [String]
      var steps: [Step]
      var env: [String: String]
    }
    let plan = directory.appendingPathComponent("plan.json")
    // Announcements in English whatever the machine's locale (browse follows LC_ALL, LC_MESSAGES, LANG).
    // Browse remembers where it left a document under $XDG_STATE_HOME: a fresh folder per run unless
    // a test gives its own, so no run reads another's state and none writes into the real home.
    let env = ["LC_ALL": "C.UTF-8", "XDG_STATE_HOME": directory.path + "/state"].merging(environment) { _, given in
      given
    }
    try JSONEncoder().encode(Plan(argv: [CLIRunner.binary.path] + arguments, steps: steps, env: env)).write(to: plan)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["300", python3 ?? "python3", script.path, plan.path]
    let outURL = directory.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    try process.run()
    process.waitUntilExit()
    struct Result: Codable { var outputs: [String] }
    let data = try Data(contentsOf: outURL)
    return try JSONDecoder().decode(Result.self, from: data).outputs.map {
      $0.replacingOccurrences(of: "\r\n", with: "\n")
    }
  }

  /// The bytes of a key as the key map's JSON gives them (hex).
  static func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      result.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    return result
  }
}
