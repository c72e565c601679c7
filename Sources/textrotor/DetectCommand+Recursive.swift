import ArgumentParser
import Detection
import DocumentParsing
import Foundation
import Output
import ParallelSupport
import TextModel

#if canImport(Glibc)
  import Glibc
#endif

/// `detect --recursive DIR`: every document under a directory, in path order, `--jobs` at a time.
///
/// The documents are the entries whose extension names a format (.html, .htm, .xhtml, .xml,
/// .txt, .text, .md…; `DocumentReader.format(forPath:)`), sorted by path (bytes), found without
/// leaving the tree (``documents(under:)``: symbolic links out of it, dangling ones and links to
/// folders are named on standard error and skipped; a FIFO or a device is refused when read), read in chunks of
/// `jobs × 16` so that memory stays bounded on any tree. Output is as for one file, with the file
/// named: jsonl objects get a first member `"file"`, json is one `detect --format json` object per
/// file and line (JSON Lines of files), text lines start with `FILE: `, tsv has a first `file` column. A file that cannot be read
/// is one line on standard error ("textrotor: PATH: problem"), the others go on, and the exit status
/// is 1. Warnings go to standard error in file order. Progress (files done of all, rate, time left)
/// goes to standard error only when it is a terminal.
extension DetectCommand {
  /// What one file gave: its output lines and its messages for standard error.
  private struct FileResult: Sendable {
    var lines: [[UInt8]] = []
    var messages: [String] = []
    var failed = false
  }

  func runRecursive() throws {
    try runReportingInputErrors {
      let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
      guard jobs >= 1 else { throw ValidationError("--jobs takes 1 or more (got \(jobs))") }
      let root = input.file
      var isDirectory: ObjCBool = false
      guard root != "-", FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue
      else {
        throw InputFailure(message: "\(root): not a directory (--recursive reads every document under a directory)")
      }
      let walk = Self.documents(under: root)
      let paths = walk.documents
      // Links not followed and folders not listed, named first, one line each.
      for message in walk.skipped + walk.unreadable { StandardStreams.error(message) }
      let alertRules = try recursiveAlertRules()
      var options = DocumentDetector.Options(
        kinds: Set(kinds.split(separator: ",").map { DetectionKind(rawValue: $0.lowercased()) }),
        region: region?.uppercased(), alertRules: alertRules, maximumDetections: limits.maxDetections,
        identifiesLanguages: !input.noDetectLanguage)
      // Each document's own work as `--threads` says, beside the `--jobs` documents at once.
      options.parallelism = input.parallelism
      let reader = DocumentReader(options: input.readerOptions)
      let detectorOptions = options
      let format = self.format
      let explain = self.explain
      let quiet = input.quiet
      let forced = input.format
      let out = OutputBuffer()
      var progress = isatty(STDERR_FILENO) == 1 ? RecursiveProgress(total: paths.count) : nil
      var failed = walk.unreadable.count
      if format == .tsv { out.line("file\tkind\tstart\tend\tline:column\ttext\tvalue\tsource\tconfidence") }
      var chunkStart = 0
      while chunkStart < paths.count {
        let chunk = Array(paths[chunkStart..<min(chunkStart + jobs * 16, paths.count)])
        let results = Parallelism.workers(jobs).map(chunk.count) { index in
          Self.detect(
            path: chunk[index], reader: reader, forced: forced, options: detectorOptions, format: format,
            explain: explain,
            quiet: quiet)
        }
        for result in results {
          // JSON escapes controls itself; text and tsv lines (file names too) are shown safely.
          for line in result.lines {
            format == .text || format == .tsv ? out.line(text: line) : out.line(escaped: line)
          }
          if result.failed { failed += 1 }
          // Messages after the output written before them, in file order.
          if !result.messages.isEmpty { try out.flush() }
          for message in result.messages { StandardStreams.error(message) }
        }
        try out.flush()
        chunkStart += chunk.count
        progress?.update(done: chunkStart, failed: failed)
      }
      try out.flush()
      progress?.finish(done: paths.count, failed: failed)
      if failed > 0 {
        StandardStreams.error(
          "textrotor: \(failed) of \(paths.count + walk.unreadable.count) files under \(root) could not be read")
        throw ExitCode(1)
      }
    }
  }

  /// What a walk of the tree found: the documents to read, sorted by path, and one message per
  /// symbolic link or folder it did not follow.
  struct Walk {
    var documents: [String] = []
    var skipped: [String] = []
    /// Folders that could not be listed (each one a failure of the run).
    var unreadable: [String] = []
  }

  /// The documents under `root`, sorted by path: the entries whose name's extension names a format.
  ///
  /// The walk never leaves the tree: folders are entered only when they are real folders (`lstat`),
  /// never through a symbolic link. A symbolic link whose name names a format is read when its target
  /// (resolved with `realpath`) is inside the tree and not a folder; a link out of the tree, a
  /// dangling link and a link to a folder are skipped and named. Entries that are not regular files
  /// (a FIFO, a device, a socket) are kept: reading refuses them with a message naming the file, and
  /// the run goes on.
  static func documents(under root: String) -> Walk {
    let base = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    var walk = Walk()
    guard let realRoot = RealPath.of(base) else { return walk }
    var folders = [base]
    while let folder = folders.popLast() {
      let names: [String]
      do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
        walk.unreadable.append("textrotor: \(folder): cannot list the folder (\(Self.reason(error)))")
        continue
      }
      for name in names {
        let path = (folder == "/" ? "" : folder) + "/" + name
        var status = stat()
        guard lstat(path, &status) == 0 else { continue }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: folders.append(path)
        case S_IFLNK:
          var target = stat()
          let resolved = RealPath.of(path)
          let pointsAtFolder = stat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFDIR
          let isDocument = DocumentReader.format(forPath: name) != nil
          if let resolved, !RealPath.contains(realRoot, resolved) {
            if isDocument || pointsAtFolder {
              walk.skipped.append("textrotor: \(path): skipped: a symbolic link out of \(root) (to \(resolved))")
            }
          } else if resolved == nil {
            if isDocument { walk.skipped.append("textrotor: \(path): skipped: a dangling symbolic link") }
          } else if pointsAtFolder {
            walk.skipped.append("textrotor: \(path): skipped: a symbolic link to a folder (not followed)")
          } else if isDocument {
            walk.documents.append(path)
          }
        default:
          if DocumentReader.format(forPath: name) != nil { walk.documents.append(path) }
        }
      }
    }
    walk.documents.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    walk.skipped.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    walk.unreadable.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return walk
  }

  private static func reason(_ error: any Error) -> String {
    if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }

  /// The `--rules` file's alert rules, read once for every document.
  private func recursiveAlertRules() throws -> AlertRules {
    guard let rules else { return AlertRules() }
    let data = try readSettingsFile(rules)
    do { return try AlertRules(parsing: data) } catch {
      throw InputFailure(message: "\(rules): \(error)")
    }
  }

  /// One file: read, detect, write its lines in `format` with its name (as `detect` does for one).
  private static func detect(
    path: String, reader: DocumentReader, forced: InputFormat?, options: DocumentDetector.Options, format: Format,
    explain: Bool, quiet: Bool
  ) -> FileResult {
    var result = FileResult()
    let document: TextDocument
    do {
      document = try reader.read(path: path, format: forced)
    } catch {
      result.failed = true
      result.messages.append("textrotor: \(error.description)")
      return result
    }
    var diagnostics: [Diagnostic] = []
    let detections = DocumentDetector(options: options).detect(in: document, diagnostics: &diagnostics)
    // What the reader changed (unless --quiet, as InputOptions.reportChanges), then what detection says.
    let changes = quiet ? [] : document.diagnostics.filter(\.changesText)
    result.messages = (changes + diagnostics).map { "textrotor: \(path):\($0)" }
    switch format {
    case .jsonl:
      var converter = document.offsetConverter(options.parallelism)
      var json = JSONWriter()
      for detection in detections {
        json.reset()
        detection.writeJSON(in: document, converter: &converter, into: &json)
        // The detection's object with "file" as its first member (an object has members: a kind…).
        var line = Array("{\"file\":".utf8)
        JSONWriter.appendQuoted(path, to: &line)
        line.append(0x2C)
        line.append(contentsOf: json.utf8.dropFirst())
        result.lines.append(line)
      }
    case .json:
      var json = JSONWriter()
      detections.writeJSON(file: path, in: document, into: &json, parallelism: options.parallelism)
      result.lines.append(json.utf8)
    case .text:
      for detection in detections {
        result.lines.append(Array("\(path): \(detection.textLine(in: document, explain: explain))".utf8))
      }
    case .tsv:
      for detection in detections { result.lines.append(Array("\(path)\t\(detection.tsvLine(in: document))".utf8)) }
    }
    return result
  }
}

/// "textrotor detect: 120 of 450 files, 35/s, 0 failed, 0:03 elapsed, 0:09 left" on a terminal.
private struct RecursiveProgress {
  let total: Int
  private let started = Date()
  private var lastDrawn = Date.distantPast

  init(total: Int) { self.total = total }

  mutating func update(done: Int, failed: Int) {
    let now = Date()
    guard now.timeIntervalSince(lastDrawn) >= 0.25 else { return }
    lastDrawn = now
    draw(done: done, failed: failed, now: now, end: "")
  }

  func finish(done: Int, failed: Int) { draw(done: done, failed: failed, now: Date(), end: "\n") }

  private func draw(done: Int, failed: Int, now: Date, end: String) {
    let elapsed = max(now.timeIntervalSince(started), 0.001)
    let left = done > 0 ? elapsed * Double(total - done) / Double(done) : 0
    let line =
      "\r\u{1B}[Ktextrotor detect: \(done) of \(total) files, \(Int((Double(done) / elapsed).rounded()))/s, "
      + "\(failed) failed, \(Self.clock(elapsed)) elapsed, \(Self.clock(left)) left\(end)"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { StandardStreams.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
  }

  private static func clock(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.down))
    return "\(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)"
  }
}
