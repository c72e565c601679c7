import Synchronization
import Testing
import TextRotor

/// The facade an embedder imports: `Document` reads, identifies languages, detects, builds the
/// rotors and speaks with the same results as the modules it joins, whatever its parallelism.
@Suite struct DocumentTests {
  static let page = """
    <html><body><h1>Park trip</h1>
    <p>Call (415) 555-0132 or write to ranger@example.org; see https://parks.example.org/map.</p>
    <p role="alert">Danger: the bridge is closed.</p>
    <p>Les sentiers sont fermés aujourd'hui à cause de la neige, merci de votre compréhension.</p>
    </body></html>
    """

  static func document(_ parallelism: Parallelism = .default) throws -> Document {
    try Document(bytes: Array(page.utf8), format: .html, options: Document.Options(parallelism: parallelism))
  }

  static func bytes(_ write: (@Sendable ([UInt8]) -> Void) -> Void) -> [UInt8] {
    let bytes = Mutex<[UInt8]>([])
    write { piece in bytes.withLock { $0.append(contentsOf: piece) } }
    return bytes.withLock { $0 }
  }

  /// The languages the identifier annotated the text with.
  static func detectedLanguages(_ content: TextDocument) -> Set<String> {
    Set(
      content.runs.compactMap {
        if case .detectedLanguage(let language, _) = $0.attribute { language } else { nil }
      })
  }

  @Test func readsDetectsAndBuildsTheRotors() throws {
    let document = try Self.document()
    let kinds = Set(document.detections.map(\.kind))
    #expect(kinds.isSuperset(of: [.phone, .email, .link, .alert]))
    #expect(document.rotor(.headings)?.count == 1)
    #expect(document.rotor(.links)?.count == document.rotors.rotor(.links)?.count)
    #expect(document.rotor(RotorKind("nonesuch")) == nil)
  }

  /// The facade's document equals the modules' own: the reader's text, then the language
  /// identifier's runs, then the detector's list over that.
  @Test func equalsTheModulesJoinedByHand() throws {
    let document = try Self.document()
    let read = LanguageIdentifier().annotating(try TextDocument(parsingHTML: Array(Self.page.utf8)))
    #expect(document.content.text == read.text)
    #expect(document.detections == DocumentDetector().detect(in: document.content))
    let speech = SpeechRenderer(document: document.content, detections: document.detections).render(nil)
    #expect(document.speech().plainText() == speech.plainText())
  }

  /// Languages are identified where nothing declares them, unless the options say not to.
  @Test func identifiesLanguagesOnRequest() throws {
    let identified = try Self.document()
    #expect(Self.detectedLanguages(identified.content).contains("fr"))
    var options = Document.Options()
    options.detection.identifiesLanguages = false
    let plain = try Document(bytes: Array(Self.page.utf8), format: .html, options: options)
    #expect(Self.detectedLanguages(plain.content).isEmpty)
  }

  /// Serial and two workers give the same document, speech and bytes from every sink.
  @Test func parallelismChangesNothing() throws {
    let serial = try Self.document(.serial)
    let parallel = try Self.document(.workers(2))
    #expect(serial.content.text == parallel.content.text)
    #expect(serial.detections == parallel.detections)
    #expect(serial.speech().plainText() == parallel.speech().plainText())
    #expect(Self.bytes { serial.writeDetections(to: $0) } == Self.bytes { parallel.writeDetections(to: $0) })
    #expect(Self.bytes { serial.writeSpeech(to: $0) } == Self.bytes { parallel.writeSpeech(to: $0) })
    #expect(Self.bytes { serial.writeReadingView(to: $0) } == Self.bytes { parallel.writeReadingView(to: $0) })
  }

  /// Speech for a detection's range reads only that range.
  @Test func speechForARange() throws {
    let document = try Self.document()
    let email = try #require(document.detections.first { $0.kind == .email })
    let spoken = document.speech(for: email.range).plainText()
    #expect(spoken.contains("ranger"))
    #expect(!spoken.contains("Park"))
  }

  @Test func aMissingFileThrows() {
    #expect(throws: ReadError.self) { try Document(contentsOf: "/nonexistent/textrotor-test.html") }
  }
}
