import Detection
import Foundation
import TextModel

/// One line of `textrotor batch` input: a document (inline or by path) and what to do with it.
///
/// ```json
/// {"id": "a1", "path": "brochure.html", "kinds": ["phone"], "region": "US", "speak": true}
/// {"id": 2, "content": "Call +1 415 555 0100", "format": "text", "locale": "en"}
/// ```
/// Keys: `id` (string or integer, required), exactly one of `content` (the document as a string)
/// and `path` (a file), and optionally `format` (html, xml, text), `region` (ISO 3166), `locale`
/// (BCP 47), `kinds` (array or comma-separated string of email, link, phone, alert) and `speak`
/// (true, false, "text" or "ssml"). Any other key is an error, so that a misspelt option is never
/// silently ignored.
struct BatchRequest: Decodable {
  /// The id, echoed in the result: a string or an integer.
  enum Identifier: Equatable {
    case string(String)
    case integer(Int)
  }

  enum Source: Equatable {
    case content(String)
    case path(String)
  }

  enum SpeechFormat: String { case text, ssml }

  var id: Identifier
  var source: Source
  var format: InputFormat?
  var region: String?
  var locale: String?
  var kinds: Set<DetectionKind> = BatchRequest.allKinds
  var speak: SpeechFormat?

  static let allKinds: Set<DetectionKind> = [.email, .link, .phone, .alert]
  static let keys = ["id", "content", "path", "format", "region", "locale", "kinds", "speak"]

  /// A request that cannot be served: the message, and the id when it could be read.
  struct Invalid: Error {
    var id: Identifier?
    var message: String
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Reads one input line (a JSON object).
  static func parse(_ line: some Collection<UInt8>) throws(Invalid) -> BatchRequest {
    do {
      return try JSONDecoder().decode(BatchRequest.self, from: Data(line))
    } catch let invalid as Invalid {
      throw invalid
    } catch DecodingError.typeMismatch(_, _) {
      throw Invalid(message: "not a JSON object")
    } catch {
      throw Invalid(message: "not valid JSON")
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    // The id first, so that every later problem can name it.
    var id: Identifier?
    if container.contains(Key(stringValue: "id")) {
      let key = Key(stringValue: "id")
      if let string = try? container.decode(String.self, forKey: key) {
        id = .string(string)
      } else if let integer = try? container.decode(Int.self, forKey: key) {
        id = .integer(integer)
      } else {
        throw Invalid(message: "\"id\" must be a string or an integer")
      }
    }
    guard let id else { throw Invalid(message: "no \"id\"") }
    func fail(_ message: String) -> Invalid { Invalid(id: id, message: message) }
    func string(_ name: String) throws(Invalid) -> String? {
      let key = Key(stringValue: name)
      guard container.contains(key) else { return nil }
      guard let value = try? container.decode(String.self, forKey: key) else {
        throw fail("\"\(name)\" must be a string")
      }
      return value
    }

    if let unknown = container.allKeys.map(\.stringValue).first(where: { !Self.keys.contains($0) }) {
      throw fail("unknown key \"\(unknown)\" (keys: \(Self.keys.joined(separator: ", ")))")
    }
    self.id = id
    switch (try string("content"), try string("path")) {
    case (let content?, nil): source = .content(content)
    case (nil, let path?):
      guard !path.isEmpty else { throw fail("\"path\" is empty") }
      source = .path(path)
    case (_?, _?): throw fail("both \"content\" and \"path\": give one")
    case (nil, nil): throw fail("no \"content\" or \"path\"")
    }
    if let format = try string("format") {
      guard let known = InputFormat(rawValue: format) else {
        throw fail("unknown format \"\(format)\": use html, xml or text")
      }
      self.format = known
    }
    if let region = try string("region") {
      guard region.utf8.count == 2, region.allSatisfy({ $0.isLetter && $0.isASCII }) else {
        throw fail("\"region\" takes a two-letter ISO 3166 code such as US, JP, CN, VN, EG (got \"\(region)\")")
      }
      self.region = region.uppercased()
    }
    if let locale = try string("locale") {
      guard LanguageTag.isWellFormed(locale) else {
        throw fail("\"locale\" \"\(locale)\" is not a BCP 47 language tag (en, zh-Hans, ja, vi, ar…)")
      }
      self.locale = locale
    }
    let kindsKey = Key(stringValue: "kinds")
    if container.contains(kindsKey) {
      let names: [String]
      if let list = try? container.decode([String].self, forKey: kindsKey) {
        names = list
      } else if let text = try? container.decode(String.self, forKey: kindsKey) {
        names = text.split(separator: ",").map(String.init)
      } else {
        throw fail("\"kinds\" must be an array of strings or a comma-separated string")
      }
      var kinds: Set<DetectionKind> = []
      for name in names {
        let kind = DetectionKind(rawValue: name.lowercased())
        guard Self.allKinds.contains(kind) else {
          throw fail("unknown kind \"\(name)\": use email, link, phone, alert")
        }
        kinds.insert(kind)
      }
      guard !kinds.isEmpty else { throw fail("\"kinds\" is empty") }
      self.kinds = kinds
    }
    let speakKey = Key(stringValue: "speak")
    if container.contains(speakKey) {
      if let flag = try? container.decode(Bool.self, forKey: speakKey) {
        speak = flag ? .text : nil
      } else if let name = try? container.decode(String.self, forKey: speakKey),
        let format = SpeechFormat(rawValue: name)
      {
        speak = format
      } else {
        throw fail("\"speak\" must be true, false, \"text\" or \"ssml\"")
      }
    }
  }
}
