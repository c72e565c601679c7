package import Speech

extension SpeechScript {
  /// SSML 1.1: a `<mark>` before every segment naming its source range ("r120-131"), `<lang>` for
  /// segments in another language, `<say-as>` for telephone numbers and spelled text, `<break>` for
  /// pauses and between blocks.
  ///
  /// Every value is escaped as XML (text and attribute values alike), and every `xml:lang` is a
  /// well-formed BCP 47 tag: a malformed one is replaced by the main language, else "en".
  package func ssml() -> String {
    var out = ""
    writeSSML { out += $0 }
    return out
  }

  /// ``ssml()`` handed to `write` a segment at a time, never made whole (the SSML of a 100 MB text
  /// was a string as long as its speech beside the script, issue 42).
  package func writeSSML(_ write: (String) -> Void) {
    let main = safeMainLanguage
    write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    write(
      "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"\(SpeechScript.escape(main))\">\n"
    )
    for (index, segment) in segments.enumerated() {
      var out = ""
      if index > 0 {
        if segment.separator == "\n" { out += "\n<break strength=\"strong\"/>\n" } else { out += segment.separator }
      }
      out += "<mark name=\"r\(segment.range.start)-\(segment.range.end)\"/>"
      if segment.kind == .pause {
        out += "<break strength=\"medium\"/>"
        write(out)
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
      write(out)
    }
    write("\n</speak>\n")
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
