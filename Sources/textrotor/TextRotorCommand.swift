import ArgumentParser
import CMalloc
import DocumentParsing
import Foundation

@main
struct TextRotorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "textrotor",
    abstract: "Make documents navigable and speakable for people who do not look at the screen.",
    discussion: """
      Reads HTML, XML, plain text, Markdown, EPUB books and Word (DOCX) files; finds e-mail addresses, \
      links, phone numbers and alerts; moves between them like a screen reader's rotor; renders text \
      so speech says it right; prints braille, audits a document and previews what a listener meets.
      """,
    version: "0.1.0",
    subcommands: [
      ParseCommand.self, DetectCommand.self, RotorCommand.self, BrowseCommand.self, SpeakCommand.self,
      BatchCommand.self, AuditCommand.self, BrailleCommand.self, PreviewCommand.self,
    ]
  )

  /// Runs the command; a usage error exits with status 2 as the CLI contract says (ArgumentParser's own is 64).
  static func main() {
    StandardStreams.occupyClosedDescriptors()
    do {
      var command = try parseAsRoot()
      // No output may be one of the command's inputs (a usage error, before anything is read).
      if let files = command as? any FileCommand {
        do throws(OutputTargets.Overlap) { try OutputTargets.refuseOverlap(in: files) } catch {
          StandardStreams.error("textrotor: \(error.message)")
          Foundation.exit(2)
        }
      }
      tuneMalloc(arenas: command is BatchCommand ? nil : command is SpeakCommand ? 2 : 1)
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        StandardStreams.error(fullMessage(for: error))
        Foundation.exit(2)
      }
      if code == .success { writeCleanExit(fullMessage(for: error)) }
      // Any other error's message through the terminal-safe standard error (it may quote a file
      // name or an argument), not ArgumentParser's raw print.
      let message = fullMessage(for: error)
      if !message.isEmpty { StandardStreams.error(message) }
      Foundation.exit(code.rawValue)
    }
  }

  /// Help and version through ``StandardStreams``, whose writes are checked: ArgumentParser's own
  /// `print` dropped a failed write (`--help >/dev/full` exited 0). Exit 0, or 1 with one line.
  private static func writeCleanExit(_ message: String) -> Never {
    do {
      if !message.isEmpty { try StandardStreams.writeOutput(message + "\n") }
    } catch {
      if !error.isClosedPipe { StandardStreams.error("textrotor: \(error)") }
      Foundation.exit(1)
    }
    Foundation.exit(0)
  }
}

/// How this process allocates (glibc's malloc, through the CMalloc shim), set before any work
/// (measured with `tools/bench-process`):
///
/// - A fixed mmap threshold of 1 MiB. By default glibc raises the threshold to the size of each large
///   block freed, up to 32 MiB: once the input's bytes are released, every buffer under 32 MiB (the
///   detection records, the language runs, the blocks) lives in the heap, where `realloc` copies
///   (two copies at once) and `free` does not give pages back. Fixed, large buffers are mapped:
///   `GrowableBuffer` grows by `mremap` and a freed buffer leaves at once (speak 50 MB of text:
///   149 → 133 MB peak).
/// - A trim threshold of 1 MiB, the mmap threshold's size. glibc's default (128 KiB) gave the heap's
///   top back whenever that much was free there: speaking 10 MB of text made 86,000 `brk` calls,
///   each growth then refaulting zeroed pages (8% of the run). Blocks of 1 MiB and more are mapped
///   anyway, so at most 1 MiB of freed heap is kept.
/// - One arena for a single document, read on at most two threads (detection puts phone numbers
///   on the second core): glibc gives that thread its own arena, and what it frees there the main
///   thread never reuses (speak 50 MB of text peaked 19 MB higher). The two threads rarely allocate
///   at the same moment (measured: no slower). `speak` has two: it renders speech on both cores,
///   both threads allocating all the time, and with one arena they waited on its lock (speaking
///   10 MB of text 1.68 → 1.5 s with two; the peak at 50 MB the same, 142 MB). `batch` keeps glibc's
///   arenas: its workers allocate all the time, each on its own file.
/// - Freed heap pages given back when a large HTML page's parsing thread has ended
///   (`ReadingHooks.afterParsingThread`): its frees (attribute strings, batches) lie between the
///   document's blocks, and trimming them there keeps them out of the next step's peak
///   (`parse --format json` of a 10 MB page: ~1 MB lower).
private func tuneMalloc(arenas: Int32?) {
  _ = textrotor_malloc_set(textrotor_malloc_mmap_threshold, 1 << 20)
  _ = textrotor_malloc_set(textrotor_malloc_trim_threshold, 1 << 20)
  if let arenas { _ = textrotor_malloc_set(textrotor_malloc_arena_max, arenas) }
  ReadingHooks.afterParsingThread = { _ = textrotor_malloc_trim() }
}
