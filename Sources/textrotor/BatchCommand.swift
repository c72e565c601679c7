import ArgumentParser
import Detection
import DocumentParsing
import Foundation
import Speech
import TextModel

#if canImport(Glibc)
  import Glibc
#endif

struct BatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Process many documents: JSON Lines requests in, JSON Lines results out, on all cores.",
    discussion: """
      Each input line is a JSON object: "id" (string or integer), "content" (the document) or "path" \
      (a file relative to --root: without --root every "path" request is refused; an absolute path, a \
      ".." component or a symbolic link out of the root is refused; only regular files are read), and optionally "format" \
      (\(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")); epub and docx for a "path"), "region", "locale", "kinds" (["phone"] or \
      "email,link") and "speak" (true, "text" or "ssml"). Each output line is the result for the input \
      line at the same position: its id, line number, format and detections (the objects of `detect \
      --format jsonl`), with "speech" when asked; or an "error" object with the id, and the stream goes \
      on. Exit status 1 when any line failed. Memory stays bounded however long the stream; with \
      --jobs N lines are processed N at a time and still written in input order. A progress line goes \
      to standard error only when it is a terminal (with the share done and the time left when \
      standard input is a file). Schema: docs/schema/batch-result.schema.json.

      Examples:
        printf '{"id":1,"path":"park-trip-brochure.html"}\\n' | textrotor batch --root corpus
        textrotor batch --jobs 2 < requests.jsonl > results.jsonl
      """)

  @Option(parsing: .unconditional, help: "Documents processed at once (default: the number of cores).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(parsing: .unconditional, help: "Input lines read ahead per job (the reorder window is jobs × this).")
  var window: Int = 64

  @OptionGroup var limits: DetectionLimitOptions

  @Option(
    help: ArgumentHelp(
      "The folder that \"path\" requests read from (without it they are refused).",
      discussion:
        "Paths are relative to it and stay beneath it: absolute paths, \"..\" and symbolic links that lead out are refused.",
      valueName: "dir"))
  var root: String?

  @Option(
    parsing: .unconditional,
    help: "The largest document read, in bytes (per line; a larger one is an error for that line).")
  var maxInputBytes: Int = ReaderOptions.defaultMaximumInputBytes

  @Option(
    parsing: .unconditional,
    help: "The largest input line, in bytes (a longer one is an error for that line; the stream goes on).")
  var maxLineBytes: Int = 64 << 20

  func validate() throws {
    if jobs < 1 { throw ValidationError("--jobs takes 1 or more (got \(jobs))") }
    if window < 1 { throw ValidationError("--window takes 1 or more (got \(window))") }
    if maxInputBytes < 0 { throw ValidationError("--max-input-bytes takes 0 or more (got \(maxInputBytes))") }
    if maxLineBytes < 1 { throw ValidationError("--max-line-bytes takes 1 or more (got \(maxLineBytes))") }
    if let root {
      do throws(BatchRoot.Refusal) { _ = try BatchRoot(root) } catch { throw ValidationError(error.message) }
    }
  }

  func run() throws {
    var reader = ReaderOptions.default
    reader.maximumInputBytes = maxInputBytes
    reader.spokenForms = .speech
    let folder: BatchRoot?
    do throws(BatchRoot.Refusal) {
      folder = try root.map { (path) throws(BatchRoot.Refusal) in try BatchRoot(path) }
    } catch {
      throw ValidationError(error.message)
    }
    let processor = BatchProcessor(reader: reader, maximumDetections: limits.maxDetections, root: folder)
    var pipeline = BatchPipeline(
      processor: processor, jobs: jobs, chunkSize: jobs * window, maximumLineBytes: maxLineBytes,
      progress: isatty(STDERR_FILENO) == 1 ? BatchProgress(input: STDIN_FILENO) : nil)
    var counts = (lines: 0, failed: 0)
    try runReportingInputErrors {
      counts = try pipeline.run(input: STDIN_FILENO)
    }
    if counts.failed > 0 {
      // The details are in the error objects on standard output; this line says that there are some.
      StandardStreams.error(
        "textrotor: batch: \(counts.failed) of \(counts.lines) lines failed (see their \"error\" objects)")
      throw ExitCode(1)
    }
  }
}
