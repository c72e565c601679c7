import ArgumentParser
import Foundation
import Synchronization
import TextModel
import TextRotor

#if canImport(Glibc)
  import Glibc
#endif

struct BrowseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Move through a document like a screen reader's rotor, one line per move.",
    discussion: """
      In a terminal: Up/Down move to the previous/next item of the rotor, Left/Right choose the rotor \
      (rotors without items are skipped); with --keys nvda the arrows read as NVDA's browse mode does \
      (Up/Down line, Left/Right character, Control+Left/Right word) and Alt+arrows work the rotor. \
      Letters jump like NVDA's browse mode (h heading, 1-9 heading level, k link, n text that is not a \
      link, l list, i list item, t table, d landmark, g image, q block quote, p paragraph, comma past \
      the list or table) and Alt+e e-mail, Alt+p phone, Alt+a alert, 0 warning (Shift for previous); Control+F \
      find, Insert then F3 find next; Control+B bookmark, ' next bookmark; F7 elements list; F8 say all \
      (any key stops it); F2 where am I; F3 the current item whole; F1 help; Control+D quits. Browse \
      resumes where the last session in a terminal left the document (--from-start ignores it); the \
      place and bookmarks are kept under $XDG_STATE_HOME/textrotor (default ~/.local/state/textrotor). \
      Both key maps, beside NVDA's and VoiceOver's keys, are in docs/NAVIGATION.md. Each move prints \
      one new line: no screen redraws, no cursor movement, no colour.

      Without a terminal it reads commands as words, one per line, and prints one line per command \
      (say all: one line per sentence):
        printf 'rotor alerts\\nnext\\nnext\\nprevious\\n' | textrotor browse corpus/park-trip-brochure.html
      """)

  enum OutputForm: String, ExpressibleByArgument, CaseIterable { case speech, text }

  @OptionGroup var input: InputOptions

  @OptionGroup var limits: DetectionLimitOptions

  @Option(
    help:
      "The rotor to start with: \(RotorIndex.builtInNames.joined(separator: ", ")); an EPUB also has \(RotorIndex.navigationNames.joined(separator: ", "))."
  )
  var rotor: String = "headings"

  @Flag(help: "Also speak each move with espeak-ng, interrupting the previous utterance.") var speak = false

  @Option(help: "ISO 3166 region for phone numbers.") var region: String?

  @Option(help: "How much announcements say: brief (no positions), normal, or full (also link targets).")
  var verbosity: BrowseSession.Verbosity = .normal

  @Option(
    help:
      "What to print: speech (the spoken form, \"4 1 5, 5 5 5…\") or text (the document's own text, for braille displays and copying)."
  )
  var output: OutputForm = .speech

  @Option(
    help: "The language of announcements: en, zh, ja, vi or ar (default: from LC_ALL, LC_MESSAGES or LANG, else en).")
  var messages: String?

  @Option(help: "Say all reads one sentence or one paragraph per line.") var sayAllBy: BrowseSession.SayAllUnit =
    .sentence

  @Option(
    parsing: .unconditional,
    help: "Say all's pace in a terminal without --speak, in words per minute (a key stops it between lines).")
  var sayAllRate: Double = 180

  enum KeyMapFormat: String, ExpressibleByArgument, CaseIterable { case markdown, json }

  @Option(
    help:
      "The key map in a terminal: rotor (Up/Down by rotor item, Left/Right choose the rotor) or nvda (Up/Down by line, Left/Right by character, Control+Left/Right by word, as NVDA's browse mode)."
  )
  var keys: BrowseKeyMap.Layout = .rotor

  @Flag(help: "Start at the top, ignoring where the last session in a terminal left this document.")
  var fromStart = false

  @Flag(
    help:
      "Also write each announcement as a line of Unicode braille (for a braille display), in the table of the document's language."
  )
  var braille = false

  @Option(
    help:
      "Print the terminal key map (markdown: the table in docs/NAVIGATION.md; json: with each key's bytes) and exit.")
  var keyMap: KeyMapFormat?

  func validate() throws {
    try validateLanguageTag(input.language, option: "--language")
    // A book's navigation rotors (contents, pages, guide, notes) exist for EPUBs.
    try RotorChoice.validate(rotor)
    if let messages, !BrowseMessages.hasTable(for: messages) {
      throw ValidationError(
        "--messages takes one of " + BrowseMessages.languages.joined(separator: ", ")
          + " (got \"\(printable(messages))\")")
    }
    if !(sayAllRate > 0) { throw ValidationError("--say-all-rate takes a number of words per minute above 0") }
  }

  /// The key map as JSON: each binding's key names, the bytes an xterm sends for them, its command
  /// and whether it moves (what the pseudo-terminal test drives).
  static func keyMapJSON() -> String {
    keyMapJSON(BrowseKeyMap.bindings)
  }

  static func keyMapJSON(_ bindings: [BrowseKeyMap.Binding]) -> String {
    let objects: [[String: Any]] = bindings.map { binding in
      [
        "keys": binding.keys, "command": binding.command, "moves": binding.moves,
        "bytes": binding.keys.map {
          TerminalKeyDecoder.bytes(for: $0).map { $0.map { String(format: "%02x", $0) }.joined() } ?? ""
        },
      ]
    }
    let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The language of announcements: --messages, else the locale's language when there is a table for it.
  private var messageLanguage: String {
    if let messages { return messages }
    let environment = ProcessInfo.processInfo.environment
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty {
        return BrowseMessages.hasTable(for: value) ? value : "en"
      }
    }
    return "en"
  }

  func run() throws {
    try runReportingInputErrors {
      if let keyMap {
        try StandardStreams.writeOutput(
          keyMap == .markdown
            ? (keys == .rotor ? BrowseKeyMap.markdownTable() : BrowseKeyMap.markdownTable(keys))
            : Self.keyMapJSON(BrowseKeyMap.bindings(for: keys)))
        return
      }
      if input.file == "-" {
        throw InputFailure(message: "browse reads its commands from standard input, so the document must be a file")
      }
      // Each rotor's kinds are detected when it is first visited, languages when a range is spoken.
      let documentSession = try DocumentSession(
        detectingOnDemand: input, region: region, limits: limits, reading: true)
      if let missing = RotorChoice.missing(rotor, in: documentSession.index) {
        throw UsageFailure(message: "\(input.displayName): \(missing)")
      }
      var session = BrowseSession(index: documentSession.index, rotor: RotorKind(rotor.lowercased()))
      session.messages = BrowseMessages(language: messageLanguage)
      session.verbosity = verbosity
      session.sayAllUnit = sayAllBy
      session.title = documentSession.document.title ?? input.displayName
      if output == .speech {
        // Speech reads every kind (a phone number by its digits, a link by its parts), so every kind
        // is detected before the first rotor is built, once.
        let (document, index) = (documentSession.document, documentSession.index)
        let detections = index.detections(of: [.email, .link, .phone, .alert])
        let renderer = SpeechHook.Renderer { SpeechRenderer(document: document, detections: detections) }
        session.speechForm = SpeechHook.itemForm(renderer: renderer)
        session.textForm = SpeechHook.textForm(renderer: renderer)
      } else {
        session.speechForm = SpeechHook.itemText
        session.textForm = SpeechHook.runningText
      }
      let speaker = speak ? Speaker(language: documentSession.document.language) : nil
      var announcer = BrowseAnnouncer(speaker: speaker)
      if braille {
        switch BrailleEcho.forLanguage(documentSession.document.language, grade: nil) {
        case .success(let echo): announcer.braille = echo
        case .failure(let reason): throw InputFailure(message: "\(input.displayName): \(reason)")
        }
      }
      Goodbye.install(session.messages.phrase(.goodbye))
      if isatty(0) != 0 {
        // Only a session in a terminal is remembered: a script's output must not depend on earlier runs.
        let memory = Memory(
          realPath: RealPath.of(input.file) ?? input.file, text: documentSession.document.text,
          textHash: BrowseMemory.fingerprint(of: documentSession.document.text))
        try runInTerminal(&session, announcer: announcer, memory: memory)
      } else {
        while let line = readLine() {
          let command = line.trimmingCharacters(in: .whitespaces)
          if command.isEmpty { continue }
          try announcer.announce(session.perform(command))
          if session.isFinished { break }
        }
        speaker?.finish()
      }
    }
  }

  /// The document's identity for ``BrowseMemory``.
  struct Memory {
    var realPath: String
    var text: String
    var textHash: String
  }

  /// Restores this document's kept place and bookmarks into `session`: what the greeting adds, and
  /// the bookmarks not found in this text. A state file that cannot be read turns saving off
  /// (`store` nil, `refusal` says why) and is said on standard error.
  private func restore(
    _ session: inout BrowseSession, memory: Memory, store: inout BrowseMemory?, refusal: inout String?
  ) -> (said: String, unplaced: [BrowseState.Mark]) {
    var said = ""
    var unplaced: [BrowseState.Mark] = []
    do {
      if let kept = try store?.load(), kept.path == memory.realPath {
        let placement = kept.placed(in: memory.text, textHash: memory.textHash)
        session.restoreBookmarks(placement.bookmarks)
        unplaced = placement.unplaced
        if !fromStart {
          if let position = placement.position, let resuming = session.resume(at: position) {
            said += "\n" + resuming
          } else if kept.place != nil && placement.position == nil {
            said += "\n" + session.messages.phrase(.placeNotFound)
          }
        }
        if !unplaced.isEmpty {
          said +=
            "\n" + session.messages.phrase(.marksNotFound, ["count": session.messages.count(.bookmark, unplaced.count)])
        }
      }
    } catch {
      store = nil
      refusal = error.description
      StandardStreams.error(
        "textrotor: \(error.description); browse goes on without its saved place and bookmarks")
    }
    return (said, unplaced)
  }

  private func runInTerminal(_ session: inout BrowseSession, announcer: BrowseAnnouncer, memory: Memory) throws {
    let speaker = announcer.speaker
    let terminal = RawTerminal()
    defer { terminal.restore() }
    var greeting = session.greeting(title: session.title)
    // The store, while saving is allowed: a state file that is refused is left as it is, and this
    // session goes on without saved state.
    var store = BrowseMemory(realPath: memory.realPath)
    var refusal = store == nil ? "no home folder to keep it in (set HOME or XDG_STATE_HOME)" : nil
    // Bookmarks not found in this text: kept, written back.
    let (resumed, unplaced) = restore(&session, memory: memory, store: &store, refusal: &refusal)
    greeting += resumed
    try announcer.announce(greeting)
    var saved = (session.position, session.bookmarks)
    var warnedSaving = false
    /// Keeps the place after each move (a Control+C exits from the signal handler, with no time to);
    /// returns why it could not, if it could not.
    func remember() -> String? {
      guard saved != (session.position, session.bookmarks) else { return nil }
      saved = (session.position, session.bookmarks)
      guard let store else { return refusal }
      let names = Set(session.bookmarks.map(\.name))
      let state = BrowseState(
        path: memory.realPath, textHash: memory.textHash,
        place: BrowseState.Mark(name: "", position: session.position, in: memory.text),
        bookmarks: session.bookmarks.map { BrowseState.Mark(name: $0.name, position: $0.position, in: memory.text) }
          + unplaced.filter { !names.contains($0.name) })
      do {
        try store.save(state)
        warnedSaving = false
        return nil
      } catch {
        if !warnedSaving {
          warnedSaving = true
          StandardStreams.error("textrotor: cannot keep the reading place: \(error.description)")
        }
        return error.description
      }
    }
    /// Announces what a command said; when it changed the bookmarks and they could not be saved, says so.
    func announceAndRemember(_ said: String, bookmarksBefore: [BrowseSession.Bookmark]) throws {
      if let reason = remember(), session.bookmarks != bookmarksBefore {
        try announcer.announce(session.messages.phrase(.notSaved, ["said": said, "reason": reason]))
      } else {
        try announcer.announce(said)
      }
    }
    var pending: String?  // a key that stopped say all, run next
    var insertHeld = false  // Insert was pressed: the next key makes a chord (NVDA's NVDA key)
    while !session.isFinished {
      let name: String
      if let held = pending {
        name = held
        pending = nil
      } else {
        guard let key = terminal.readKey() else { break }
        name = TerminalKeyDecoder.name(of: key)
      }
      if name == "Insert" && !insertHeld {
        insertHeld = true
        continue
      }
      let keys = insertHeld ? ["Insert", name] : [name]
      insertHeld = false
      let command = command(for: keys, name: name, listing: session.isTyping)
      if command == "say" {
        pending = try sayAll(&session, terminal: terminal, announcer: announcer)
        _ = remember()
        continue
      }
      let bookmarksBefore = session.bookmarks
      try announceAndRemember(session.perform(command), bookmarksBefore: bookmarksBefore)
    }
    speaker?.finish()
  }

  /// The command for a key: the key map's, the elements list's filter keys, or "unused KEY".
  private func command(for keys: [String], name: String, listing: Bool) -> String {
    if listing && keys.count == 1 {
      if name == "Space" { return "type space" }
      if name == "Backspace" { return "backspace" }
      if name.count == 1 || (!name.contains("+") && name.unicodeScalars.first.map { $0.value > 0x7F } == true) {
        return "type " + name
      }
    }
    if let command = BrowseKeyMap.command(for: keys, layout: self.keys) { return command }
    if keys.count == 1, name.unicodeScalars.count == 1, name.unicodeScalars.first!.value > 0x20 {
      return "unused " + name
    }
    return "unused " + keys.joined(separator: " then ")
  }

  /// Say all in a terminal: one line at a time, paced by speech (or by --say-all-rate), until the
  /// end or a key. Returns the key that stopped it when that key is a command of its own.
  private func sayAll(_ session: inout BrowseSession, terminal: RawTerminal, announcer: BrowseAnnouncer) throws
    -> String?
  {
    let speaker = announcer.speaker
    guard session.beginSayAll() else {
      try announcer.announce(session.messages.phrase(.endOfDocument), speaking: false)
      return nil
    }
    while let line = session.nextSayAllLine() {
      try announcer.announce(line)
      // Words to pace by: spaces separate them, except in scripts written without (about 3 characters a word).
      let spaced = line.split(separator: " ").count
      let words = spaced > 1 ? spaced : max(line.count / 3, 1)
      let seconds = speaker == nil ? Double(words) * 60 / sayAllRate : 600
      if let key = terminal.waitForKey(seconds: seconds, until: { speaker?.isSpeaking == false }) {
        session.stopSayAll()
        speaker?.stop()
        try announcer.announce(session.messages.phrase(.sayAllStopped), speaking: false)
        let name = TerminalKeyDecoder.name(of: key)
        // Escape, Space and Enter only stop, as NVDA's Control does; any other key also runs.
        return ["Escape", "Space", "Enter", "F8"].contains(name) ? nil : name
      }
    }
    try announcer.announce(session.messages.phrase(.sayAllEnd), speaking: false)
    return nil
  }
}

/// Says goodbye when the process is interrupted (Control+C outside raw mode, `kill -INT`), through
/// ``InterruptionCleanup``'s thread; SIGTERM and SIGHUP end the session without a word, as before.
enum Goodbye {
  static func install(_ text: String) {
    let line = Array((text + "\n").utf8)
    InterruptionCleanup.shared.install()
    InterruptionCleanup.shared.handle(SIGINT, evenIfIgnored: true)
    InterruptionCleanup.shared.onSignal { number in
      if number == SIGINT { line.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) } }
      return true
    }
  }
}

/// The terminal in non-canonical, no-echo mode; signals stay on (Control+Z suspends), and Control+C's
/// SIGINT says goodbye through ``Goodbye``. Restored on exit and, through ``InterruptionCleanup``, on
/// SIGINT, SIGTERM and SIGHUP.
final class RawTerminal: Sendable {
  /// The settings go through heap blocks larger than any `struct termios`: glibc's tcgetattr writes
  /// 60 bytes, more than the 57 of Swift's imported `termios`, so a Swift value as its target was a
  /// buffer overflow (AddressSanitizer, found by `swift test --sanitize=address`).
  private static let blockSize = max(MemoryLayout<termios>.stride, 256)
  /// The settings before, as tcgetattr wrote them.
  private let saved: [UInt8]
  private let active = Atomic<Bool>(false)

  init() {
    let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
    defer { block.deallocate() }
    block.initializeMemory(as: UInt8.self, repeating: 0, count: Self.blockSize)
    tcgetattr(0, block.bindMemory(to: termios.self, capacity: 1))
    saved = Array(UnsafeRawBufferPointer(start: block, count: Self.blockSize))
    let raw = block.assumingMemoryBound(to: termios.self)
    raw.pointee.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.pointee.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSANOW, raw)
    active.store(true, ordering: .sequentiallyConsistent)
    InterruptionCleanup.shared.install()
    InterruptionCleanup.shared.onSignal { [self] _ in
      restore()
      return true
    }
  }

  /// The settings before (once; a second call does nothing).
  func restore() {
    guard active.exchange(false, ordering: .sequentiallyConsistent) else { return }
    let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 16)
    defer { block.deallocate() }
    saved.withUnsafeBytes { block.copyMemory(from: $0.baseAddress!, byteCount: Self.blockSize) }
    tcsetattr(0, TCSANOW, block.assumingMemoryBound(to: termios.self))
  }

  private func byte(within milliseconds: Int32) -> UInt8? {
    var request = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    var byte: UInt8 = 0
    guard poll(&request, 1, milliseconds) > 0, read(0, &byte, 1) == 1 else { return nil }
    return byte
  }

  /// One key: a byte, a UTF-8 character, or an escape sequence read whole (``TerminalKeyDecoder``):
  /// a sequence's bytes arrive together, so a lone ESC followed by nothing within 50 ms is Escape.
  func readKey() -> [UInt8]? {
    var first: UInt8 = 0
    guard read(0, &first, 1) == 1 else { return nil }
    var key = [first]
    while !TerminalKeyDecoder.isComplete(key), let next = byte(within: 50) { key.append(next) }
    return key
  }

  /// Waits up to `seconds` (or until `done` says so) for a key, returning it if one came.
  func waitForKey(seconds: Double, until done: () -> Bool) -> [UInt8]? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var request = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      if poll(&request, 1, 50) > 0 { return readKey() }
      if done() { return nil }
    }
    return nil
  }
}

extension BrowseSession.Verbosity: ExpressibleByArgument {}
extension BrowseKeyMap.Layout: ExpressibleByArgument {}
extension BrowseSession.SayAllUnit: ExpressibleByArgument {}
