import ArgumentParser
import Foundation
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
      In a terminal: left/right arrows choose the rotor, up/down move to the previous/next item; \
      letters jump like NVDA's browse mode (h heading, k link, 1-6 heading level, l list, t table, \
      d landmark, a alert, w warning, e e-mail, p phone, g image; shift for previous); Enter prints a \
      link's target; s says all from here; ? help; q quits. Each move prints one new line: no screen \
      redraws, no cursor movement, no colour.

      Without a terminal it reads commands as words, one per line, and prints one line per command:
        printf 'rotor alerts\\nnext\\nnext\\nprevious\\n' | textrotor browse corpus/park-trip-brochure.html
      """)

  @OptionGroup var input: InputOptions

  @OptionGroup var limits: DetectionLimitOptions

  @Option(help: "The rotor to start with.") var rotor: String = "headings"

  @Flag(help: "Also speak each move with espeak-ng, interrupting the previous utterance.") var speak = false

  @Option(help: "ISO 3166 region for phone numbers.") var region: String?

  func validate() throws {
    try validateLanguageTag(input.language, option: "--language")
  }

  func run() throws {
    try runReportingInputErrors {
      let documentSession = try DocumentSession(input: input, region: region, limits: limits)
      var session = BrowseSession(index: documentSession.index, rotor: RotorKind(rotor.lowercased()))
      let renderer = SpeechRenderer(document: documentSession.document, detections: documentSession.detections)
      session.speechForm = SpeechHook.itemForm(renderer: renderer)
      session.textForm = SpeechHook.textForm(renderer: renderer)
      let speaker = speak ? Speaker(language: documentSession.document.language) : nil
      if input.file != "-" && isatty(0) != 0 {
        try runInTerminal(&session, speaker: speaker, document: documentSession.document)
      } else {
        if input.file == "-" {
          throw InputFailure(message: "browse reads its commands from standard input, so the document must be a file")
        }
        while let line = readLine() {
          let command = line.trimmingCharacters(in: .whitespaces)
          if command.isEmpty { continue }
          let reply = session.perform(command)
          try StandardStreams.writeOutput(reply + "\n")
          speaker?.say(reply)
          if session.isFinished { break }
        }
        speaker?.finish()
      }
    }
  }

  private func runInTerminal(_ session: inout BrowseSession, speaker: Speaker?, document: TextDocument) throws {
    let terminal = RawTerminal()
    defer { terminal.restore() }
    let counts = [RotorKind.headings, .links, .alerts].compactMap { kind -> String? in
      guard let rotor = session.index.rotor(kind) else { return nil }
      return "\(rotor.count) \(BrowseSession.pluralName(kind).lowercased())"
    }
    let greeting = "\(document.title ?? input.displayName): \(counts.joined(separator: ", ")). Press ? for help, q to quit."
    try StandardStreams.writeOutput(greeting + "\n")
    speaker?.say(greeting)
    while !session.isFinished, let key = terminal.readKey() {
      guard let command = KeyMap.command(for: key) else { continue }
      let reply = session.perform(command)
      try StandardStreams.writeOutput(reply + "\n")
      speaker?.say(reply)
    }
    speaker?.finish()
  }
}

/// Turns terminal key sequences into browse commands.
enum KeyMap {
  static func command(for key: [UInt8]) -> String? {
    switch key {
    case [0x1B, 0x5B, 0x41], [0x1B, 0x4F, 0x41]: return "up"
    case [0x1B, 0x5B, 0x42], [0x1B, 0x4F, 0x42]: return "down"
    case [0x1B, 0x5B, 0x43], [0x1B, 0x4F, 0x43]: return "right"
    case [0x1B, 0x5B, 0x44], [0x1B, 0x4F, 0x44]: return "left"
    case [0x0D], [0x0A]: return "enter"
    case [0x03], [0x04]: return "quit"
    case [0x20]: return "next"
    default:
      guard key.count == 1, key[0] >= 0x21, key[0] < 0x7F else { return nil }
      let character = Character(Unicode.Scalar(key[0]))
      switch character {
      case "s", "S": return "say"
      case "?": return "help"
      case "q", "Q": return "quit"
      default: return String(character)
      }
    }
  }
}

/// The terminal in non-canonical, no-echo mode (signals still work), restored on exit and on SIGINT.
final class RawTerminal {
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var active = false

  init() {
    tcgetattr(0, &Self.saved)
    var raw = Self.saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSANOW, &raw)
    Self.active = true
    signal(SIGINT) { _ in
      RawTerminal.restoreSaved()
      _exit(130)
    }
    signal(SIGTERM) { _ in
      RawTerminal.restoreSaved()
      _exit(143)
    }
  }

  private static func restoreSaved() {
    if active { tcsetattr(0, TCSANOW, &saved) }
    active = false
  }

  func restore() { Self.restoreSaved() }

  /// One key: a byte, or an escape sequence read whole (ESC [ X).
  func readKey() -> [UInt8]? {
    var byte: UInt8 = 0
    guard read(0, &byte, 1) == 1 else { return nil }
    guard byte == 0x1B else { return [byte] }
    var sequence: [UInt8] = [byte]
    var poll = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    while sequence.count < 3, Glibc.poll(&poll, 1, 50) > 0, read(0, &byte, 1) == 1 {
      sequence.append(byte)
    }
    return sequence
  }
}

/// Speaks lines with espeak-ng, stopping the previous utterance first.
final class Speaker {
  private var current: Process?
  private let voice: String

  /// The voice comes from ``SynthesizerVoice``: a document's `lang` value never reaches espeak-ng as
  /// a path or an option.
  init(language: String?) { voice = SynthesizerVoice.espeakName(for: language) }

  func say(_ text: String) {
    if let current, current.isRunning { current.terminate() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
    process.arguments = ["-v", voice, "--", text]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
    current = process
  }

  func finish() { current?.waitUntilExit() }
}
