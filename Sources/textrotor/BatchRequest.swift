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
/// and `path` (a file), and optionally `format` (html, xml, text, epub, docx), `region` (ISO 3166), `locale`
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
      let data = Data(line)
      let decoder = JSONDecoder()
      decoder.userInfo[Self.lineKey] = data
      return try decoder.decode(BatchRequest.self, from: data)
    } catch let invalid as Invalid {
      throw invalid
    } catch DecodingError.typeMismatch(_, _) {
      throw Invalid(message: "not a JSON object")
    } catch {
      throw Invalid(message: "not valid JSON")
    }
  }

  /// The request's line, for messages that quote it.
  private static let lineKey = CodingUserInfoKey(rawValue: "textrotor.batch.line")!

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let line = decoder.userInfo[Self.lineKey] as? Data
    /// The precise problem with a string value that did not decode: a lone surrogate escape
    /// (`"\ud800"`, which no Unicode string holds) is named, else `otherwise`.
    func problem(_ name: String, otherwise: String) -> String {
      if let line, let escape = Self.loneSurrogateEscape(in: line, forKey: name) {
        return "\"\(name)\": invalid JSON string escape \(escape) (a lone surrogate: not a Unicode character)"
      }
      return otherwise
    }
    // The id first, so that every later problem can name it.
    var id: Identifier?
    if container.contains(Key(stringValue: "id")) {
      let key = Key(stringValue: "id")
      if let string = try? container.decode(String.self, forKey: key) {
        id = .string(string)
      } else if let integer = try? container.decode(Int.self, forKey: key) {
        id = .integer(integer)
      } else {
        throw Invalid(message: problem("id", otherwise: "\"id\" must be a string or an integer"))
      }
    }
    guard let id else { throw Invalid(message: "no \"id\"") }
    func fail(_ message: String) -> Invalid { Invalid(id: id, message: message) }
    func string(_ name: String) throws(Invalid) -> String? {
      let key = Key(stringValue: name)
      guard container.contains(key) else { return nil }
      guard let value = try? container.decode(String.self, forKey: key) else {
        throw fail(problem(name, otherwise: "\"\(name)\" must be a string"))
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
        // Every format the readers know (epub and docx for a "path"), from the list itself.
        let names = InputFormat.allCases.map(\.rawValue)
        throw fail(
          "unknown format \"\(format)\": use \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
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
    if container.contains(kindsKey) { kinds = try Self.kinds(container, kindsKey, fail: fail) }
    let speakKey = Key(stringValue: "speak")
    if container.contains(speakKey) { speak = try Self.speech(container, speakKey, fail: fail) }
  }

  /// The detection kinds of `"kinds"`: an array of names or a comma-separated string.
  private static func kinds(
    _ container: KeyedDecodingContainer<Key>, _ kindsKey: Key, fail: (String) -> Invalid
  ) throws(Invalid) -> Set<DetectionKind> {
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
    return kinds
  }

  /// The speech format of `"speak"`: true (text), false (none), "text" or "ssml".
  private static func speech(
    _ container: KeyedDecodingContainer<Key>, _ speakKey: Key, fail: (String) -> Invalid
  ) throws(Invalid) -> SpeechFormat? {
    if let flag = try? container.decode(Bool.self, forKey: speakKey) { return flag ? .text : nil }
    if let name = try? container.decode(String.self, forKey: speakKey), let format = SpeechFormat(rawValue: name) {
      return format
    }
    throw fail("\"speak\" must be true, false, \"text\" or \"ssml\"")
  }

  /// The first `\uXXXX` escape in the string value of `key` in `line` that is a lone surrogate (a
  /// high one not followed by a low one, or a low one alone), as written; nil when there is none.
  /// Keys are matched as written (the request's keys are ASCII).
  /// - Complexity: O(n) in the line's bytes; run only for a value that did not decode.
  static func loneSurrogateEscape(in line: Data, forKey key: String) -> String? {
    let bytes = [UInt8](line)
    func hex(at index: Int) -> UInt32? {
      guard index + 6 <= bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else { return nil }
      return UInt32(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16)
    }
    var lastKey: String?
    var index = 0
    while index < bytes.count {
      guard bytes[index] == 0x22 else {
        index += 1
        continue
      }
      // A string: find its end and its first lone surrogate.
      let start = index + 1
      var end = start
      var lone: String?
      while end < bytes.count && bytes[end] != 0x22 {
        guard bytes[end] == 0x5C else {
          end += 1
          continue
        }
        if let unit = hex(at: end) {
          if (0xD800...0xDBFF).contains(unit), let next = hex(at: end + 6), (0xDC00...0xDFFF).contains(next) {
            end += 12
            continue
          }
          if (0xD800...0xDFFF).contains(unit) && lone == nil {
            lone = String(decoding: bytes[end..<end + 6], as: UTF8.self)
          }
          end += 6
        } else {
          end += 2
        }
      }
      var after = end + 1
      while after < bytes.count && [0x20, 0x09, 0x0D, 0x0A].contains(bytes[after]) { after += 1 }
      if after < bytes.count && bytes[after] == 0x3A {
        lastKey = String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self)
      } else if let lone, lastKey == key {
        return lone
      }
      index = after
    }
    return nil
  }
}
