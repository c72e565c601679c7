@_exported public import Detection
@_exported public import DocumentParsing
@_exported public import Navigation
@_exported public import Output
@_exported public import ParallelSupport
@_exported public import Speech
@_exported public import TextModel

/// A document read and ready to use: its text and structure, what was detected in it, its rotors,
/// and speech for any range. This is the one type an embedding program needs.
///
/// ```swift
/// import TextRotor
///
/// let brochure = try Document(contentsOf: "corpus/park-trip-brochure.html")
/// for alert in brochure.rotor(.alerts)?.entries ?? [] { print(alert.label) }
/// print(brochure.speech(for: brochure.detections[0].range).plainText())
/// ```
///
/// Everything it holds is a value: a `Document` can be shared between threads.
public struct Document: Sendable {
  /// How to read and what to detect.
  public struct Options: Sendable {
    /// Reading limits, the encoding override and the default language.
    public var reading: ReaderOptions
    /// The kinds to detect, the phone region, extra alert rules.
    public var detection: DocumentDetector.Options
    /// The threads reading, detection and speech may use (``Parallelism/serial``:
    /// none but the caller's); it wins over the `parallelism` of ``reading`` and ``detection``.
    /// The results are the same either way.
    public var parallelism: Parallelism

    /// Options for reading and detection; the defaults are the CLI's.
    public init(
      reading: ReaderOptions = .default, detection: DocumentDetector.Options = .init(),
      parallelism: Parallelism = .default
    ) {
      self.reading = reading
      self.detection = detection
      self.parallelism = parallelism
    }

    /// ``reading`` with ``parallelism``, formulas and edits written in their spoken form
    /// (``SpokenForms/speech``).
    var readingOptions: ReaderOptions {
      var reading = reading
      reading.parallelism = parallelism
      if reading.spokenForms == nil { reading.spokenForms = .speech }
      return reading
    }

    /// ``detection`` with ``parallelism``.
    var detectionOptions: DocumentDetector.Options {
      var detection = detection
      detection.parallelism = parallelism
      return detection
    }
  }

  /// The text a screen reader reads, in reading order, with its blocks, runs and source map.
  public let content: TextDocument
  /// E-mail addresses, links, phone numbers and alerts, in document order.
  public let detections: DetectionList
  /// Every built-in rotor (headings, links, alerts…), built once.
  public let rotors: RotorIndex
  /// The threads this document's work may use (``Options/parallelism``); speech uses it too.
  public let parallelism: Parallelism

  /// Reads a file (HTML, XML or plain text; the format from `format`, else the extension, else the
  /// first bytes); `-` reads standard input.
  /// - Throws: ``ReadError`` when the file is missing, unreadable or not a document.
  /// - Complexity: O(n) for n input bytes; markup is streamed.
  public init(contentsOf path: String, format: InputFormat? = nil, options: Options = Options()) throws(ReadError) {
    self.init(
      content: try DocumentReader(options: options.readingOptions).read(path: path, format: format), options: options)
  }

  /// Reads a document already in memory; `name` is used in messages and to guess the format.
  /// - Throws: ``ReadError`` when the bytes are not a document.
  public init(bytes: [UInt8], format: InputFormat? = nil, name: String = "<input>", options: Options = Options())
    throws(ReadError)
  {
    self.init(
      content: try DocumentReader(options: options.readingOptions).read(bytes: bytes, format: format, name: name),
      options: options)
  }

  /// Wraps a document read elsewhere: identifies its languages (unless
  /// `options.detection.identifiesLanguages` is false), runs the detectors and builds the rotors.
  ///
  /// The languages are identified as `textrotor speak`, `rotor` and `browse` identify them (a
  /// detected-language run per stretch), so speech here is the CLI's speech byte for byte.
  public init(content: TextDocument, options: Options = Options()) {
    parallelism = options.parallelism
    self.content = options.detection.identifiesLanguages ? Self.identifyingLanguages(content) : content
    detections = DocumentDetector(options: options.detectionOptions).detect(in: self.content)
    rotors = RotorIndex(document: self.content, detections: detections)
  }

  /// `content` with its languages identified, unless it already holds identified ones (a document
  /// annotated before it was wrapped).
  private static func identifyingLanguages(_ content: TextDocument) -> TextDocument {
    let identified = content.runs.contains {
      if case .detectedLanguage = $0.attribute { true } else { false }
    }
    return identified ? content : LanguageIdentifier().annotating(content)
  }

  /// The rotor of that name ("headings", "alerts", "heading2"…), or nil when there is none.
  public func rotor(_ kind: RotorKind) -> Rotor? { rotors.rotor(kind) }

  /// Speech for a range of the text (the whole text when nil): plain text, SSML or JSON segments
  /// that map back to the source. The document's ``parallelism`` wins over that of `options`.
  public func speech(for range: TextRange? = nil, options: SpeechOptions = SpeechOptions()) -> SpeechScript {
    var options = options
    options.parallelism = parallelism
    return SpeechRenderer(document: content, detections: detections, options: options).render(range)
  }
}

extension Document {
  /// Writes speech for `range` (the whole text when nil) in `format`, byte for byte what
  /// `textrotor speak` prints for the same document and options, through the library's speech sink
  /// (`SpeechRenderer/write(_:format:to:)`): rendered on both cores for a long range. `write` gets
  /// the bytes in order, one piece at a time, possibly on another thread.
  public func writeSpeech(
    for range: TextRange? = nil, options: SpeechOptions = SpeechOptions(), format: SpeechFormat = .text,
    to write: @Sendable ([UInt8]) -> Void
  ) {
    SpeechRenderer(document: content, detections: detections, options: options).write(range, format: format, to: write)
  }

  /// Writes the detections in `format`, byte for byte what `textrotor detect` prints, through the
  /// library's detection sink (`DetectionList/write(_:in:to:)`). `write` gets the bytes in order,
  /// one piece at a time, possibly on another thread.
  public func writeDetections(_ format: DetectionFormat = .jsonLines, to write: @Sendable ([UInt8]) -> Void) {
    detections.write(format, in: content, to: write)
  }

  /// Writes the reading view (`ReadingView`, the alerts detection found marked), byte for byte
  /// what `textrotor parse` prints.
  public func writeReadingView(to write: ([UInt8]) -> Void) {
    ReadingView(content, alerts: detections.filter { $0.kind == .alert }).write(to: write)
  }
}
