public import TextModel

/// What a spoken segment is, for SSML `say-as` and for callers that follow the speech.
public enum SpeechSegmentKind: String, Sendable, Codable {
  case text, ratio, time, duration, verse, score, date, range, number, phone, email, link, abbreviation, code, spelled,
    pause
}

/// One piece of speech and the source range it says.
public struct SpeechSegment: Hashable, Sendable {
  /// What to say.
  public var speech: String
  /// The document text range (UTF-8 offsets) it comes from.
  public var range: TextRange
  public var kind: SpeechSegmentKind
  /// The language it is spoken in (the lexicon key: en, zh, ja, vi, ar…).
  public var language: String
  /// What separates it from the previous segment in plain text: "", " " or "\n".
  public var separator: String

  public init(speech: String, range: TextRange, kind: SpeechSegmentKind, language: String, separator: String) {
    self.speech = speech
    self.range = range
    self.kind = kind
    self.language = language
    self.separator = separator
  }
}

/// Rendered speech for a range of a document: segments in reading order, each mapped to its source.
public struct SpeechScript: Sendable {
  public var segments: [SpeechSegment]
  /// The main language (the document's, else the requested locale).
  public var language: String
  public var punctuation: PunctuationLevel

  /// The speech as plain text, one line per block.
  public func plainText() -> String {
    var out = ""
    for segment in segments {
      if !out.isEmpty { out += segment.separator }
      out += segment.speech
    }
    return out
  }

  /// Runs of consecutive segments in the same language, as plain text (for one synthesizer voice each).
  public func languageRuns() -> [(language: String, text: String)] {
    var runs: [(language: String, text: String)] = []
    for segment in segments where !segment.speech.isEmpty {
      if let last = runs.last, last.language == segment.language {
        runs[runs.count - 1].text += segment.separator + segment.speech
      } else {
        runs.append((segment.language, segment.speech))
      }
    }
    return runs
  }

  /// SSML 1.1: a `<mark>` before every segment naming its source range ("r120-131"), `<lang>` for
  /// segments in another language, `<say-as>` for telephone numbers and spelled text, `<break>` for
  /// pauses and between blocks.
  public func ssml() -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"\(language)\">\n"
    for (index, segment) in segments.enumerated() {
      if index > 0 {
        if segment.separator == "\n" { out += "\n<break strength=\"strong\"/>\n" } else { out += segment.separator }
      }
      out += "<mark name=\"r\(segment.range.start)-\(segment.range.end)\"/>"
      if segment.kind == .pause {
        out += "<break strength=\"medium\"/>"
        continue
      }
      var body = SpeechScript.escape(segment.speech)
      switch segment.kind {
      case .phone: body = "<say-as interpret-as=\"telephone\">\(body)</say-as>"
      case .spelled: body = "<say-as interpret-as=\"characters\">\(body)</say-as>"
      default: break
      }
      if segment.language != language { body = "<lang xml:lang=\"\(segment.language)\">\(body)</lang>" }
      out += body
    }
    out += "\n</speak>\n"
    return out
  }

  /// JSON: every segment with its speech, kind, language and source range (text, UTF-8/UTF-16/
  /// Character offsets, input byte and line:column).
  public func json(document: TextDocument) -> String {
    let converter = document.offsetConverter()
    var json = JSONWriter()
    json.object { json in
      json.member("language", language)
      json.member("punctuation", punctuation.rawValue)
      json.member("speech", plainText())
      json.key("segments")
      json.array { json in
        for segment in segments {
          json.object { json in
            json.member("speech", segment.speech)
            json.member("kind", segment.kind.rawValue)
            json.member("language", segment.language)
            document.writeRange(segment.range, converter: converter, into: &json)
          }
        }
      }
    }
    return json.output
  }

  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }
}
