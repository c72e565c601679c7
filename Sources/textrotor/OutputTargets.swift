#if canImport(Glibc)
  import Glibc
#endif

/// What a command reads and where it writes, for the one check that no output is one of its inputs
/// (``OutputTargets/refuseOverlap(in:)``, run before every command).
protocol FileCommand {
  /// The files the command reads (`-`: standard input).
  var inputPaths: [String] { get }
  /// The files it writes, each with the option that named it (`-o`, `--audio`).
  var outputPaths: [(path: String, option: String)] { get }
}

extension FileCommand {
  var outputPaths: [(path: String, option: String)] { [] }
}

/// The check that no command writes over one of its inputs: an output path, or standard output
/// redirected to a regular file, that is an input (the same device and inode: through symbolic
/// links, `..`, another spelling of the path, or a hard link) is a usage error (exit 2), before
/// anything is read or written. `preview notes.html -o notes.html` replaced the document by its
/// page; `parse notes.html >> notes.html` would read its own output.
enum OutputTargets {
  /// An output that is an input: a usage error (exit 2), printed as `textrotor: MESSAGE`.
  struct Overlap: Error {
    let message: String
  }

  /// The device and inode of a file, or nil when it does not exist (or cannot be looked at: the
  /// command then says why when it opens it).
  private static func identity(of path: String) -> (dev_t, ino_t)? {
    var status = stat()
    if path == "-" {
      guard fstat(0, &status) == 0 else { return nil }
    } else {
      guard stat(path, &status) == 0 else { return nil }
    }
    return (status.st_dev, status.st_ino)
  }

  /// Throws ``Overlap`` naming the output and the input when `command` writes over one of its inputs.
  static func refuseOverlap(in command: some FileCommand) throws(Overlap) {
    let inputs = command.inputPaths.compactMap { path in identity(of: path).map { (path, $0) } }
    guard !inputs.isEmpty else { return }
    func input(matching identity: (dev_t, ino_t)) -> String? {
      inputs.first { $0.1 == identity }.map { $0.0 == "-" ? "standard input" : $0.0 }
    }
    for (path, option) in command.outputPaths {
      if let found = identity(of: path), let name = input(matching: found) {
        throw Overlap(message: "\(option) \(path) is the input \(name) (the same file); write to another file")
      }
    }
    var status = stat()
    if fstat(1, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      let name = input(matching: (status.st_dev, status.st_ino))
    {
      throw Overlap(message: "standard output is the input \(name) (the same file); write to another file")
    }
  }
}

extension ParseCommand: FileCommand { var inputPaths: [String] { [input.file] } }
extension DetectCommand: FileCommand { var inputPaths: [String] { [input.file] + (rules.map { [$0] } ?? []) } }
extension RotorCommand: FileCommand { var inputPaths: [String] { [input.file] } }
extension BrowseCommand: FileCommand { var inputPaths: [String] { [input.file] } }
extension BrailleCommand: FileCommand { var inputPaths: [String] { [input.file] } }
extension AuditCommand: FileCommand { var inputPaths: [String] { files } }

extension SpeakCommand: FileCommand {
  var inputPaths: [String] { [input.file] + (symbols.map { [$0] } ?? []) }
  var outputPaths: [(path: String, option: String)] { audio.map { [($0, "--audio")] } ?? [] }
}

extension PreviewCommand: FileCommand {
  var inputPaths: [String] { [input.file] }
  var outputPaths: [(path: String, option: String)] { [(output, "--output")] }
}
