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
  ///
  /// Every run's language is a well-formed BCP 47 tag (see ``safeLanguage(_:)``), so it can be
  /// passed on as a voice name: a tag from a document's `lang` attribute never reaches a synthesizer
  /// as a path or an option.
  public func languageRuns() -> [(language: String, text: String)] {
    var runs: [(language: String, text: String)] = []
    for segment in segments where !segment.speech.isEmpty {
      let language = safeLanguage(segment.language)
      if let last = runs.last, last.language == language {
        runs[runs.count - 1].text += segment.separator + segment.speech
      } else {
        runs.append((language, segment.speech))
      }
    }
    return runs
  }

  /// The script's main language if it is a well-formed BCP 47 tag, else "en".
  public var safeMainLanguage: String { LanguageTag.isWellFormed(language) ? language : "en" }

  /// `tag` if it is a well-formed BCP 47 tag, else the main language (``safeMainLanguage``).
  /// Segments and scripts are public values that anyone can build, so the check is made here,
  /// where a tag leaves as markup or as a voice name, whatever the renderer did before.
  public func safeLanguage(_ tag: String) -> String {
    LanguageTag.isWellFormed(tag) ? tag : safeMainLanguage
  }

  /// SSML 1.1: a `<mark>` before every segment naming its source range ("r120-131"), `<lang>` for
  /// segments in another language, `<say-as>` for telephone numbers and spelled text, `<break>` for
  /// pauses and between blocks.
  ///
  /// Every value is escaped as XML (text and attribute values alike), and every `xml:lang` is a
  /// well-formed BCP 47 tag: a malformed one is replaced by the main language, else "en".
  public func ssml() -> String {
    let main = safeMainLanguage
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"\(SpeechScript.escape(main))\">\n"
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
      let segmentLanguage = safeLanguage(segment.language)
      if segmentLanguage != main { body = "<lang xml:lang=\"\(SpeechScript.escape(segmentLanguage))\">\(body)</lang>" }
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

  /// `text` escaped for XML character data and for attribute values in double quotes (the only
  /// quotes this writer uses). Characters XML 1.0 does not allow at all (C0 controls other than tab,
  /// line feed and carriage return; U+FFFE, U+FFFF) become U+FFFD, so the SSML stays well-formed.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
