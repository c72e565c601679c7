internal import Detection
internal import TextModel
internal import UnicodeSupport

extension SpeechBuilder {
  func renderSpecial(_ span: SpecialSpan, range: TextRange) {
    let tag = languageTag(at: range.start)
    let language = SpeechLexicon.key(tag)
    let lexicon = self.lexicon(language)
    let utf8 = context.document.text.utf8
    switch span {
    case .editStart(let kind):
      add(lexicon.lexicon.editCue(kind), range, kind: .text, language: language)
      return
    case .editEnd:
      // A pause when more words follow on the line ("deleted 20 dollars, inserted 15 dollars").
      let text = context.document.text.utf8
      let after = SpeechBuilder.skippingEditMarks(at: range.start, in: context.document)
      guard after < text.count else { return }
      let at = text.index(text.startIndex, offsetBy: after)
      let next = text.index(after: at)
      if text[at] == 0x20, next < text.endIndex, text[next] != 0x0A, text[next] != 0x20 {
        add(pauseMark(language), range, kind: .pause, language: language, attach: true)
      }
      return
    case .editMark: return
    default: break
    }
    if range.start > 0, case let before = utf8[utf8.index(utf8.startIndex, offsetBy: range.start - 1)],
      before == 0x20 || before == 0x0A || before == 0x09
    {
      pendingSpace = true
      if before == 0x0A { pendingParagraph = true }
    }
    if span.readsDigits {
      // "415-555-0132 415-555-0199": two numbers said digit by digit with only spaces between would
      // run together ("… 0 1 3 2 4 1 5 …"); a pause parts them (a comma, a break in SSML).
      if state.digitSpanEnd >= 0, state.digitSpanEnd < range.start, !pendingParagraph,
        SpeechBuilder.onlySpaces(in: utf8, from: state.digitSpanEnd, to: range.start)
      {
        add(
          pauseMark(language), TextRange(start: state.digitSpanEnd, end: state.digitSpanEnd), kind: .pause,
          language: language,
          attach: true)
        pendingSpace = true
      }
      state.digitSpanEnd = range.end
    }
    if range.length > context.renderer.tuning.longLine,
      range.length - context.renderer.tuning.longLine > context.renderer.tuning.longToken,
      renderLong(span, range: range, tag: tag, language: language, lexicon: lexicon)
    {
      lastTokenWasWord = false
      return
    }
    switch span {
    case .phone(let detection): renderPhone(detection, language: language, lexicon: lexicon)
    case .email: renderEmail(range, tag: tag, language: language, lexicon: lexicon)
    case .link: renderLink(range, tag: tag, language: language, lexicon: lexicon)
    case .abbreviation(let expansion):
      add(numerals(expansion, language), range, kind: .abbreviation, language: language)
    case .literal:
      let before = state.output.pieces.count
      renderText(range, literal: true)
      for index in before..<state.output.pieces.count
      where state.output.pieces[index].kind == .text || state.output.pieces[index].kind == .number {
        state.output.pieces[index].kind = .code
      }
    case .math(let expression):
      let speech = MathSpeech(
        language: language, region: language == "en" ? LocaleInfo.declaredRegion(forLanguageTag: tag) : nil)
      add(numerals(speech.say(expression), language), range, kind: .text, language: language)
    case .spellOut: renderSpelled(range, tag: tag, language: language, digitsOnly: false)
    case .digits: renderSpelled(range, tag: tag, language: language, digitsOnly: true)
    case .duration(let datetime):
      if let speech = SpeechBuilder.duration(datetime, lexicon: lexicon) {
        add(numerals(speech, language), range, kind: .duration, language: language)
      } else {
        renderText(range)
      }
    case .editStart, .editEnd, .editMark: break
    }
    lastTokenWasWord = false
  }

  /// A span spoken as a whole that is longer than a line piece (`longLine + longToken`), said in
  /// pieces of about `longLine` so that no rendering holds it whole (24 bytes a scalar normalized; a 10 MB link
  /// held 293 MB, issue 42): a link or e-mail address says its first piece as a link or address
  /// (scheme, host and the path's start) and the rest as ordinary text; code and a spelled span are
  /// said piece by piece as they are (a piece is cut at a Character boundary; the spelled pieces'
  /// speech joins with a space, as within one). Phones are short by construction; an abbreviation
  /// says its expansion. False when the span is not one of these (the caller says it whole).
  func renderLong(_ span: SpecialSpan, range: TextRange, tag: String, language: String, lexicon: SharedLexicon)
    -> Bool
  {
    func cut(from start: Int) -> Int {
      Self.tokenCut(
        in: context.document.text, from: start, target: start + context.renderer.tuning.longLine, before: range.end,
        searching: context.renderer.tuning.longToken)
    }
    switch span {
    case .link:
      let head = cut(from: range.start)
      renderLink(TextRange(start: range.start, end: head), tag: tag, language: language, lexicon: lexicon)
      renderLines(TextRange(start: head, end: range.end))
    case .email:
      let head = cut(from: range.start)
      renderEmail(TextRange(start: range.start, end: head), tag: tag, language: language, lexicon: lexicon)
      renderLines(TextRange(start: head, end: range.end))
    case .literal: renderLines(range, literal: true)
    case .spellOut, .digits:
      var start = range.start
      while start < range.end {
        let end = range.end - start > context.renderer.tuning.longLine ? cut(from: start) : range.end
        let digitsOnly: Bool
        if case .digits = span { digitsOnly = true } else { digitsOnly = false }
        renderSpelled(TextRange(start: start, end: end), tag: tag, language: language, digitsOnly: digitsOnly)
        start = end
        mergeSegments()
      }
    case .duration: renderLines(range)
    case .phone, .abbreviation, .math, .editStart, .editEnd, .editMark: return false
    }
    return true
  }

  /// ISO 8601 durations as words: "PT1M" → "1 minute", "PT1H30M" → "1 hour 30 minutes".
  static func duration(_ datetime: String, lexicon: SharedLexicon) -> String? {
    var parts: [String] = []
    var number = ""
    var inTime = false
    for character in datetime.uppercased().dropFirst() {
      if character.isNumber || character == "." { number.append(character); continue }
      if character == "T" { inTime = true; continue }
      guard !number.isEmpty else { return nil }
      let one = number == "1"
      switch (character, inTime) {
      case ("H", true): parts.append(lexicon.hours(number, one))
      case ("M", true): parts.append(lexicon.minutes(number, one))
      case ("S", true): parts.append(lexicon.seconds(number, one))
      case ("D", false): parts.append(lexicon.hours(String((Int(number) ?? 0) * 24), false))
      default: return nil
      }
      number = ""
    }
    return parts.isEmpty || !number.isEmpty ? nil : lexicon.join(parts)
  }

  func digitGroupSeparator(_ language: String) -> String {
    switch language {
    case "zh": "，"
    case "ja": "の"
    case "ar": "، "
    default: ", "
    }
  }

  func spokenDigits(_ digits: String, language: String, lexicon: SharedLexicon) -> String {
    if context.options.numbers == .words {
      return lexicon.join(digits.map { numbers.digitWord($0, language: language, phone: true) })
    }
    return digits.map(String.init).joined(separator: " ")
  }

  /// Digit by digit in the groups the number was written in, "plus" for "+", the extension announced:
  /// "+1 415 555 0100 ext. 12" → "plus 1, 4 1 5, 5 5 5, 0 1 0 0, extension 1 2".
  func renderPhone(_ detection: Detection, language: String, lexicon: SharedLexicon) {
    let s = context.normalizer.normalize(context.document[detection.range], base: detection.range.start)
    // The digits in one buffer, and where each group ends in it: no string per digit or group (a
    // phone number cost 22,000 instructions to say that way, issue 15).
    var digits: [UInt8] = []
    digits.reserveCapacity(s.count)
    var groupEnds: [Int] = []
    var plus = false
    for item in s {
      if item.scalar.isASCIIDigit {
        digits.append(UInt8(truncatingIfNeeded: item.scalar.value))
      } else {
        if item.scalar == "+" && groupEnds.isEmpty && digits.isEmpty { plus = true }
        if digits.count > (groupEnds.last ?? 0) { groupEnds.append(digits.count) }
      }
    }
    if digits.count > (groupEnds.last ?? 0) { groupEnds.append(digits.count) }
    var extensionDigits = ""
    let value = detection.value
    if let marker = SpeechBuilder.firstRange(of: ";ext=", in: Substring(value)) {
      // The extension's digits are the number's last ones: its groups give them up from the end.
      extensionDigits = String(value[marker.upperBound...].filter(\.isNumber))
      Self.dropLastDigits(extensionDigits.count, digits: &digits, groupEnds: &groupEnds)
    }
    let separator = digitGroupSeparator(language)
    var speech: String
    if context.options.numbers == .words {
      var groups: [String] = []
      var start = 0
      for end in groupEnds {
        groups.append(String(decoding: digits[start..<end], as: UTF8.self))
        start = end
      }
      speech = groups.map { spokenDigits($0, language: language, lexicon: lexicon) }.joined(separator: separator)
    } else {
      speech = Self.spacedDigits(digits, groupEnds: groupEnds, separator: separator)
    }
    if plus { speech = lexicon.join([lexicon.plus, speech]) }
    if !extensionDigits.isEmpty {
      speech +=
        separator
        + lexicon.join([lexicon.extensionWord, spokenDigits(extensionDigits, language: language, lexicon: lexicon)])
    }
    add(speech, detection.range, kind: .phone, language: language)
  }

  /// Whether the UTF-8 bytes from `start` to `end` are all spaces or tabs.
  static func onlySpaces(in utf8: String.UTF8View, from start: Int, to end: Int) -> Bool {
    let first = utf8.index(utf8.startIndex, offsetBy: start)
    let last = utf8.index(first, offsetBy: end - start)
    return utf8[first..<last].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// `digits` without its last `count` (all when it has fewer), and the groups ending at
  /// `groupEnds` cut to match: the groups wholly among them go, the one they start in is shortened.
  static func dropLastDigits(_ count: Int, digits: inout [UInt8], groupEnds: inout [Int]) {
    let kept = max(0, digits.count - count)
    while let last = groupEnds.last, last > kept {
      if kept == 0 || (groupEnds.count >= 2 && groupEnds[groupEnds.count - 2] >= kept) {
        groupEnds.removeLast()
      } else {
        groupEnds[groupEnds.count - 1] = kept
      }
    }
    digits.removeLast(digits.count - kept)
  }

  /// The ASCII `digits` said as numerals: a space between two digits of a group, `separator`
  /// between groups (each group ends at one of `groupEnds`, increasing, the last at the end):
  /// what ``spokenDigits(_:language:lexicon:)`` of each group joined by `separator` gives.
  /// `SpeechPhoneDigitsTests` compares the two.
  static func spacedDigits(_ digits: [UInt8], groupEnds: [Int], separator: String) -> String {
    var separator = separator
    return separator.withUTF8 { between in
      String(unsafeUninitializedCapacity: digits.count * 2 + groupEnds.count * between.count) { buffer in
        var count = 0
        var start = 0
        for (group, end) in groupEnds.enumerated() {
          if group > 0 {
            for byte in between { buffer[count] = byte; count += 1 }
          }
          for index in start..<end {
            if index > start { buffer[count] = 0x20; count += 1 }
            buffer[count] = digits[index]
            count += 1
          }
          start = end
        }
        return count
      }
    }
  }

  /// "jane.doe@example.com" → "jane dot doe at example dot com".
  func renderEmail(_ range: TextRange, tag: String, language: String, lexicon: SharedLexicon) {
    var text = String(context.document[range])
    if text.lowercased().hasPrefix("mailto:") { text = String(text.dropFirst(7)) }
    let scalars = context.normalizer.normalize(Substring(text), base: 0)
    if context.renderer.tuning.asciiAddresses,
      let speech = asciiEmailSpeech(scalars, tag: tag, language: language, lexicon: lexicon)
    {
      add(speech, range, kind: .email, language: language)
      return
    }
    let folded = string(scalars, 0, scalars.count)
    add(
      addressParts(folded, tag: tag, language: language, lexicon: lexicon, inPath: false), range, kind: .email,
      language: language)
  }

  /// How an address says a separator (anything but a letter or digit), for both paths
  /// (``addressParts(_:tag:language:lexicon:inPath:)`` and the bytes' ``asciiAddressParts(_:table:language:lexicon:inPath:into:)``):
  /// the lexicon's word for ". @ - _ + / : = & ? #" (a dash in a path only from punctuation "some"
  /// on), nothing for a space, else the symbol table's name if it has one.
  @inline(__always) func addressSeparator(
    _ scalar: Unicode.Scalar, table: SymbolTable, lexicon: SharedLexicon, inPath: Bool
  ) -> String? {
    switch scalar {
    case ".": lexicon.dot
    case "@": lexicon.at
    case "-": context.options.punctuation >= .some || !inPath ? lexicon.dash : nil
    case "_": lexicon.underscore
    case "+": lexicon.plus
    case "/": lexicon.slash
    case ":": lexicon.colon
    case "=": lexicon.equals
    case "&": lexicon.and
    case "?": lexicon.question
    case "#": lexicon.hash
    case " ": nil
    default: table[Character(scalar)]?.name
    }
  }

  /// How a link says its scheme, for both paths (``renderLink(_:tag:language:lexicon:)`` and
  /// ``asciiLinkSpeech(_:tag:language:lexicon:)``): as written, "https colon slash slash", so a
  /// listener can write it down; nil (left out) for http(s) at punctuation "none".
  func schemeSpeech(_ scheme: String, lexicon: SharedLexicon) -> String? {
    let web = ["http", "https"].contains(scheme.lowercased())
    guard context.options.punctuation >= .some || !web else { return nil }
    return lexicon.join([scheme, lexicon.colon, lexicon.slash, lexicon.slash])
  }

  /// Says an address fragment by parts: letters and digits as written, separators as words.
  func addressParts(_ text: String, tag: String, language: String, lexicon: SharedLexicon, inPath: Bool) -> String {
    var parts: [String] = []
    var current = ""
    var afterDot = false
    let table = self.table(language, tag: tag)
    func flush(last: Bool) {
      if !current.isEmpty {
        let said = Self.addressWord(current, isTopLevel: last && afterDot && !inPath, language: language)
        parts.append(numerals(said, language))
        current = ""
      }
    }
    for scalar in text.unicodeScalars {
      if scalar.isWordScalar || scalar.isASCIIDigit {
        current.unicodeScalars.append(scalar)
        continue
      }
      flush(last: false)
      afterDot = scalar == "."
      if let word = addressSeparator(scalar, table: table, lexicon: lexicon, inPath: inPath) { parts.append(word) }
    }
    flush(last: true)
    return parts.joined(separator: " ")
  }

  /// A URL by parts: scheme, host, then path segments, then the query as "key equals value";
  /// percent-escapes decoded; Punycode hosts in Unicode. A listener must be able to write the
  /// address down, so the scheme is said as written ("https colon slash slash") and dashes in the
  /// path are named; only at punctuation "none" are an http(s) scheme and path dashes left out.
  /// Any other scheme (file, ftp, …) is always said: it changes what the address is.
  func renderLink(_ range: TextRange, tag: String, language: String, lexicon: SharedLexicon) {
    let scalars = context.normalizer.normalize(context.document[range], base: 0)
    if context.renderer.tuning.asciiAddresses,
      let speech = asciiLinkSpeech(scalars, tag: tag, language: language, lexicon: lexicon)
    {
      add(speech, range, kind: .link, language: language)
      return
    }
    let raw = string(scalars, 0, scalars.count)
    var rest = Substring(raw)
    var parts: [String] = []
    if let schemeEnd = SpeechBuilder.firstRange(of: "://", in: rest) {
      if let said = schemeSpeech(String(rest[..<schemeEnd.lowerBound]), lexicon: lexicon) { parts.append(said) }
      rest = rest[schemeEnd.upperBound...]
    } else if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
    }
    let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    var host = String(rest[..<hostEnd])
    rest = rest[hostEnd...]
    if SpeechBuilder.contains("xn--", in: Substring(host.lowercased())), let idna, let unicode = idna.toUnicode(host) {
      host = unicode
    }
    parts.append(addressParts(host, tag: tag, language: language, lexicon: lexicon, inPath: false))
    // Path segments.
    let pathEnd = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
    let path = rest[..<pathEnd]
    rest = rest[pathEnd...]
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      parts.append(lexicon.slash)
      parts.append(
        addressParts(
          SpeechBuilder.percentDecoded(segment), tag: tag, language: language, lexicon: lexicon,
          inPath: true))
    }
    if rest.hasPrefix("?") {
      let queryEnd = rest.firstIndex(of: "#") ?? rest.endIndex
      let query = rest[rest.index(after: rest.startIndex)..<queryEnd]
      rest = rest[queryEnd...]
      parts.append(lexicon.question)
      var first = true
      for pair in query.split(separator: "&") {
        if !first { parts.append(lexicon.and) }
        first = false
        let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        parts.append(
          addressParts(
            SpeechBuilder.percentDecoded(keyValue[0]), tag: tag, language: language, lexicon: lexicon, inPath: true))
        if keyValue.count == 2 {
          parts.append(lexicon.equals)
          parts.append(
            addressParts(
              SpeechBuilder.percentDecoded(keyValue[1]), tag: tag, language: language, lexicon: lexicon, inPath: true))
        }
      }
    }
    if rest.hasPrefix("#"), rest.count > 1 {
      parts.append(lexicon.hash)
      parts.append(
        addressParts(
          SpeechBuilder.percentDecoded(rest.dropFirst()), tag: tag, language: language, lexicon: lexicon, inPath: true))
    }
    add(parts.filter { !$0.isEmpty }.joined(separator: " "), range, kind: .link, language: language)
  }

  /// `text.firstRange(of: needle)` for an ASCII `needle`, found on UTF-8 bytes. The string-processing
  /// library's generic search compared Characters and was 4% of speaking a text full of links
  /// (issue 15). A byte match whose neighbours are ASCII (or the ends) is a match of Characters too:
  /// between two ASCII scalars there is always a grapheme break (but CR LF, which no needle here
  /// holds), so no combining mark or prepended scalar can join the needle's first or last character.
  /// Any other first byte match goes to `firstRange(of:)` itself. `SpeechSearchTests` compares the two.
  static func firstRange(of needle: StaticString, in text: Substring) -> Range<String.Index>? {
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
    let utf8 = text.utf8
    guard let first = pattern.first else { return text.startIndex..<text.startIndex }
    var start = utf8.startIndex
    while let candidate = utf8[start...].firstIndex(of: first) {
      var end = candidate
      var matched = true
      for byte in pattern {
        guard end < utf8.endIndex, utf8[end] == byte else {
          matched = false
          break
        }
        end = utf8.index(after: end)
      }
      if matched {
        let asciiBefore = candidate == utf8.startIndex || utf8[utf8.index(before: candidate)] < 0x80
        let asciiAfter = end == utf8.endIndex || utf8[end] < 0x80
        if asciiBefore && asciiAfter { return candidate..<end }
        return text.firstRange(of: needle.description)
      }
      start = utf8.index(after: candidate)
    }
    return nil
  }

  /// `text.contains(needle)` for an ASCII `needle`, by ``firstRange(of:in:)``.
  static func contains(_ needle: StaticString, in text: Substring) -> Bool { firstRange(of: needle, in: text) != nil }

  static func percentDecoded(_ text: Substring) -> String {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var i = 0
    func hex(_ b: UInt8) -> UInt8? {
      switch b {
      case 0x30...0x39: b - 0x30
      case 0x41...0x46: b - 0x41 + 10
      case 0x61...0x66: b - 0x61 + 10
      default: nil
      }
    }
    while i < utf8.count {
      if utf8[i] == 0x25, i + 2 < utf8.count, let high = hex(utf8[i + 1]), let low = hex(utf8[i + 2]) {
        bytes.append(high << 4 | low)
        i += 3
      } else {
        bytes.append(utf8[i])
        i += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Character by character (a `spell-out` hint), or digit by digit.
  func renderSpelled(_ range: TextRange, tag: String, language: String, digitsOnly: Bool) {
    let table = self.table(language, tag: tag)
    var parts: [String] = []
    for character in context.document[range] {
      if character.isWhitespace { continue }
      if character.isNumber, let digit = character.unicodeScalars.first,
        let value = SpeechNormalizer.special(digit)?.first ?? (digit.isASCIIDigit ? digit : nil)
      {
        let ascii = Character(value)
        parts.append(context.options.numbers == .words ? numbers.digitWord(ascii, language: language) : String(ascii))
      } else if character.isLetter || digitsOnly {
        parts.append(String(character))
      } else {
        parts.append(table[character]?.name ?? String(character))
      }
    }
    add(parts.joined(separator: " "), range, kind: digitsOnly ? .number : .spelled, language: language)
  }
}
