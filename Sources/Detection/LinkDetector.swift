internal import TextModel
internal import UnicodeSupport

/// Finds links in text by Unicode UTS #58 "Link Detection and Formatting": URLs with a scheme
/// (`https://…`, `ftp://…`), `www.` names, and bare domain names with a real top-level domain
/// ("example.com", "www.example.org/parks"), followed by a port, path, query and fragment that end
/// where UTS #58's Link_Term and bracket pairing say (trailing sentence punctuation, quotes and
/// unbalanced closing brackets stay outside).
///
/// Not links: file names ("setup.py", "report.txt"), version numbers ("v2.10.3"), IP-like numbers
/// without a scheme, `user@host` inside a scheme URL (UTS #58 leaves it unlinked), e-mail addresses
/// (``EmailDetector`` finds those). Values are absolute URLs: "www.example.org/parks" becomes
/// "https://www.example.org/parks"; the scheme is lowercased.
///
/// - Complexity: O(n) over the UTF-8 text; only bytes '.', ':' start any work.
package struct LinkDetector: TextDetector {
  let validator = DomainValidator()

  /// Creates a link detector (schemes, `www.` hosts and bare domains with a known TLD).
  package init() {}

  /// The country-code domains of its links: evidence for the region of national phone numbers.
  package var provides: DetectionEvidence { .domainRegions }

  /// The links in `text`, in order, as UTF-8 offset ranges with their target URL as the value.
  /// - Complexity: O(n) in the length of `text`.
  package func detect(in text: String, context: DetectionContext) -> [Detection] {
    var copy = text
    return copy.withUTF8 { detect(bytes: $0, context: context) }
  }

  /// Appends the matches in `text` to `detections`, in order.
  package func detect(in text: String, context: DetectionContext, appendingTo detections: inout DetectionList) {
    var copy = text
    copy.withUTF8 { detect(bytes: $0, context: context, into: &detections) }
  }

  func detect(bytes: UnsafeBufferPointer<UInt8>, context: DetectionContext) -> [Detection] {
    var results: [Detection] = []
    detect(bytes: bytes, context: context, into: &results)
    return results
  }

  func detect(bytes: UnsafeBufferPointer<UInt8>, context: DetectionContext, into results: inout some DetectionAppending)
  {
    var index = 0
    let count = bytes.count
    var resumeAt = 0  // nothing before this offset may start a new link
    while index < count {
      index = ByteScan.first(0x2E, 0x3A, 0x2F, in: bytes, from: index)
      guard index < count else { break }
      let byte = bytes[index]
      if index < resumeAt {
        index += 1
        continue
      }
      if byte == 0x3A, let link = schemeLink(bytes, colon: index) ?? opaqueLink(bytes, colon: index) {
        let found = Self.closedByWrapper(link, bytes)
        if !context.isExcluded(found.range) { results.append(found) }
        resumeAt = found.range.end
        index = found.range.end
        continue
      }
      if byte == 0x2F, let link = protocolRelativeLink(bytes, slash: index) {
        let found = Self.closedByWrapper(link, bytes)
        if !context.isExcluded(found.range) { results.append(found) }
        resumeAt = found.range.end
        index = found.range.end
        continue
      }
      if byte == 0x2E, let found = domainLink(bytes, dot: index, notBefore: resumeAt) {
        if let link = found.detection {
          let detection = Self.closedByWrapper(link, bytes)
          if !context.isExcluded(detection.range) { results.append(detection) }
        }
        resumeAt = found.end
        index = max(index + 1, found.end)
        continue
      }
      index += 1
    }
  }

  /// A link written right after an opening quotation mark ends at the closing one ("\"http://a.b/c\"more",
  /// a JSON string value): a straight double quote is not a URL code point (the URL Standard
  /// percent-encodes it), so the pair is the writer's. One wrapped in Markdown emphasis or code
  /// marks ("*http://a.b/c*", "`a.b/c`") ends before its closing marks. UTS #58 alone has no
  /// pairing for these and would run on.
  static func closedByWrapper(_ link: Detection, _ bytes: UnsafeBufferPointer<UInt8>) -> Detection {
    let start = link.range.start
    guard start > 0 else { return link }
    let opener = bytes[start - 1]
    var end = link.range.end
    switch opener {
    case 0x22:
      if let quote = (start..<end).first(where: { bytes[$0] == 0x22 }) { end = quote }
    case 0x2A, 0x60:
      while end > start, bytes[end - 1] == opener { end -= 1 }
    default:
      return link
    }
    // What is cut off is copied verbatim at the end of the value; a link never shrinks into its host.
    while end > start, bytes[end - 1] == 0x2E || bytes[end - 1] == 0x2C { end -= 1 }
    guard end < link.range.end, end > start, link.value.utf8.count > link.range.end - end else { return link }
    var cut = link
    cut.value = String(decoding: link.value.utf8.dropLast(link.range.end - end), as: UTF8.self)
    cut.range = TextRange(start: start, end: end)
    return cut
  }

  // MARK: scheme URLs

  /// The known scheme spelled by `bytes` (any case), as a lowercase literal; no allocation.
  private static func knownScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count >= 2, bytes.count <= 5 else { return nil }
    var folded: UInt64 = 0
    for byte in bytes { folded = folded << 8 | UInt64(byte | 0x20) }
    switch (bytes.count, folded) {
    case (4, 0x6874_7470): return "http"
    case (5, 0x68_7474_7073): return "https"
    case (3, 0x66_7470): return "ftp"
    case (4, 0x6674_7073): return "ftps"
    case (4, 0x7366_7470): return "sftp"
    case (2, 0x7773): return "ws"
    case (3, 0x77_7373): return "wss"
    case (4, 0x6669_6C65): return "file"
    default: return nil
    }
  }

  private func schemeLink(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int) -> Detection? {
    // "scheme://" with a known scheme; the scheme starts after a non-letter.
    guard colon + 2 < bytes.count, bytes[colon + 1] == 0x2F, bytes[colon + 2] == 0x2F else { return nil }
    var start = colon
    while start > 0, Self.isSchemeByte(bytes[start - 1]) { start -= 1 }
    guard start < colon else { return nil }
    // A scheme starts with a letter; skip leading digits or signs that glued on ("+://foo" has none).
    while start < colon && !Self.isLetter(bytes[start]) { start += 1 }
    guard start < colon else { return nil }
    // Glued to a word ("_http://…", "word_http://…") it is not a link.
    if start > 0 {
      let (before, _) = bytes.scalar(before: start)
      if before == 0x5F || (before < 0x80 && LinkProperties.isLabel(before)) { return nil }
    }
    guard let scheme = Self.knownScheme(UnsafeBufferPointer(rebasing: bytes[start..<colon])) else {
      // "randomtexthttp://…": a web scheme glued after letters (a lost space) starts the link itself.
      for known in ["https", "http", "ftp"] where colon - start > known.utf8.count {
        let tail = UnsafeBufferPointer(rebasing: bytes[(colon - known.utf8.count)..<colon])
        if Self.knownScheme(tail) == known {
          return authorityLink(bytes, start: colon - known.utf8.count, hostStart: colon + 3, scheme: known)
        }
      }
      return otherSchemeLink(bytes, start: start, colon: colon)
    }
    if scheme == "file", colon + 3 < bytes.count, bytes[colon + 3] == 0x2F {
      return otherSchemeLink(bytes, start: start, colon: colon)  // "file:///home/ann": no host
    }
    // After a scheme the host runs to '/', '?', '#' or a space, as the URL Standard parses it: a
    // name that mixes scripts or holds a symbol UTS #46 allows ("http://exampleこれは日本語です.com/",
    // "http://✪df.ws/") is one host when it ends in a real top-level domain; otherwise the host
    // ends where the script changes ("http://example.com中国語").
    return authorityLink(bytes, start: start, hostStart: colon + 3, scheme: scheme, wide: true)
      ?? authorityLink(bytes, start: start, hostStart: colon + 3, scheme: scheme)
  }

  /// Any other RFC 3986 scheme followed by "//" ("postgres://host/db", "zoommtg://zoom.us/join?…",
  /// "facetime://+15551234567", "file:///home/ann"): what follows is the scheme's own business, so
  /// no host is checked; the link ends where UTS #58 says. A lower confidence says so.
  private func otherSchemeLink(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, colon: Int) -> Detection? {
    guard colon - start <= 32 else { return nil }
    let end = UTS58.terminate(bytes, from: colon + 3)
    guard end > colon + 3 else { return nil }
    let range = TextRange(start: start, end: end)
    let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<colon]), as: UTF8.self).lowercased()
    let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[colon..<end]), as: UTF8.self)
    return Detection(
      kind: .link, range: range, value: scheme + rest, source: .text, confidence: 0.8,
      reason: "scheme \(scheme) (not a web scheme: host not checked)")
  }

  /// `sms:` and `geo:` URIs, which have no "//": an SMS number ("sms:+15551234567?body=hi", RFC 5724)
  /// or coordinates ("geo:48.2010,16.3695;u=40", RFC 5870). The value is the URI with its scheme
  /// lowercased. (`tel:` is a phone number and `mailto:` an e-mail address: their own detectors.)
  private func opaqueLink(_ bytes: UnsafeBufferPointer<UInt8>, colon: Int) -> Detection? {
    guard colon >= 3, colon + 1 < bytes.count else { return nil }
    var start = colon
    while start > 0 && colon - start < 8 && Self.isLetter(bytes[start - 1]) { start -= 1 }
    guard colon - start >= 3 else { return nil }
    if start > 0 {
      let (before, _) = bytes.scalar(before: start)
      if before == 0x5F || LinkProperties.isLabel(before) { return nil }
    }
    let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<colon]), as: UTF8.self).lowercased()
    if Self.opaqueSchemes.contains(scheme) { return registeredOpaqueLink(bytes, start: start, colon: colon, scheme) }
    guard scheme == "sms" || scheme == "geo" else { return nil }
    var end = colon + 1
    var digits = 0
    if scheme == "sms" {
      // One or more numbers ("+" global or local digits, visual separators), comma-separated.
      while end < bytes.count {
        let byte = bytes[end]
        if byte >= 0x30 && byte <= 0x39 {
          digits += 1
        } else if !(byte == 0x2B || byte == 0x2D || byte == 0x2E || byte == 0x28 || byte == 0x29 || byte == 0x2C) {
          break
        }
        end += 1
      }
      guard digits >= 3 else { return nil }
    } else {
      // latitude,longitude[,altitude]: signed decimal numbers.
      var numbers = 0
      while end < bytes.count {
        var numberEnd = end
        if bytes[numberEnd] == 0x2D { numberEnd += 1 }
        var numberDigits = 0
        while numberEnd < bytes.count
          && ((bytes[numberEnd] >= 0x30 && bytes[numberEnd] <= 0x39) || bytes[numberEnd] == 0x2E)
        {
          numberDigits += bytes[numberEnd] == 0x2E ? 0 : 1
          numberEnd += 1
        }
        guard numberDigits > 0 else { break }
        numbers += 1
        end = numberEnd
        guard numbers < 3, end + 1 < bytes.count, bytes[end] == 0x2C else { break }
        end += 1
      }
      while end > colon + 1 && (bytes[end - 1] == 0x2C || bytes[end - 1] == 0x2E) { end -= 1 }
      guard numbers >= 2 else { return nil }
    }
    // Parameters (";u=40") and, for sms:, a query ("?body=…") end where UTS #58 says.
    if end < bytes.count && (bytes[end] == 0x3B || (scheme == "sms" && bytes[end] == 0x3F)) {
      end = UTS58.terminate(bytes, from: end)
    }
    while end > colon + 1 && (bytes[end - 1] == 0x2E || bytes[end - 1] == 0x2C || bytes[end - 1] == 0x2D) { end -= 1 }
    let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon + 1)..<end]), as: UTF8.self)
    return Detection(
      kind: .link, range: TextRange(start: start, end: end), value: scheme + ":" + written, source: .text,
      confidence: 0.95, reason: "\(scheme): URI")
  }

  /// IANA-registered permanent URI schemes that have no "//" and that people write in text
  /// (RFC 6121 xmpp, BIP 21 bitcoin, RFC 2392 cid and mid, matrix, magnet, RFC 8141 urn, RFC 3261 sip
  /// and sips, RFC 5538 news). `tel:`, `sms:`, `geo:` and `mailto:` have their own rules.
  private static let opaqueSchemes: Set<String> = [
    "xmpp", "bitcoin", "cid", "mid", "matrix", "magnet", "urn", "sip", "sips", "news",
  ]

  /// "xmpp:ann@example.org", "bitcoin:Addr?amount=1": the scheme-specific part ends where UTS #58 says.
  private func registeredOpaqueLink(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, colon: Int, _ scheme: String
  ) -> Detection? {
    let (first, _) = bytes.scalar(at: colon + 1)
    guard LinkProperties.term(first) == .include, first != 0x2F else { return nil }
    let end = UTS58.terminate(bytes, from: colon + 1)
    guard end > colon + 1 else { return nil }
    let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon + 1)..<end]), as: UTF8.self)
    return Detection(
      kind: .link, range: TextRange(start: start, end: end), value: scheme + ":" + written, source: .text,
      confidence: 0.9, reason: "\(scheme): URI")
  }

  /// A link from its authority on: `[userinfo@]host[:port]` then path, query and fragment. The
  /// steps: the authority's extent (``authorityExtent``), underscores in labels after a scheme, the
  /// punctuation that belongs to the sentence (``trimmedAuthority``), the port (``hostNameEnd``),
  /// the host's validity, then the path's end and the detection (``linkDetection``).
  private func authorityLink(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, hostStart authorityStart: Int, scheme: String?,
    wide: Bool = false
  )
    -> Detection?
  {
    guard var authority = Self.authorityExtent(bytes, from: authorityStart, wide: wide) else { return nil }
    let hostStart = authority.hostStart
    // The wide reading stands only for a non-ASCII name (below): an ASCII authority reads the same
    // either way, and checking its host twice was half the cost of every link (issue 15).
    if wide, !bytes[hostStart..<authority.hostEnd].contains(where: { $0 >= 0x80 }) { return nil }
    if scheme != nil {
      authority.hostEnd = Self.underscoreLabelsEnd(bytes, hostStart: hostStart, from: authority.hostEnd)
    }
    if authority.hostEnd < bytes.count, bytes[authority.hostEnd] == 0x5F { return nil }
    let (authorityEnd, followedByPath) = Self.trimmedAuthority(bytes, hostStart: hostStart, hostEnd: authority.hostEnd)
    guard let hostNameEnd = Self.hostNameEnd(bytes, hostStart: hostStart, authorityEnd: authorityEnd) else {
      return nil
    }
    let host = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[hostStart..<hostNameEnd]), as: UTF8.self))
    guard Self.isValidHost(host, validator: validator, schemeGiven: scheme != nil) else { return nil }
    if wide {
      // The wide reading stands only for a non-ASCII name that ends in a real top-level domain.
      guard host.utf8.contains(where: { $0 >= 0x80 }), let lastDot = host.lastIndex(of: "."),
        LinkProperties.topLevelDomains.contains(host[host.index(after: lastDot)...].lowercased())
      else { return nil }
    }
    let end = followedByPath ? UTS58.terminate(bytes, from: authorityEnd) : authorityEnd
    return Self.linkDetection(bytes, start..<end, scheme: scheme, hasUserinfo: authority.hasUserinfo)
  }

  /// Where a link's authority lies: the host's start (after any userinfo) and end, and whether a
  /// userinfo came before it.
  private struct AuthorityExtent {
    var hostStart: Int
    var hostEnd: Int
    var hasUserinfo: Bool
  }

  /// The authority from `authorityStart`: it ends at '/', '?', '#', or a Hard/Soft character (and,
  /// unless `wide`, where the host's script changes). Nil when a userinfo is malformed.
  private static func authorityExtent(_ bytes: UnsafeBufferPointer<UInt8>, from authorityStart: Int, wide: Bool)
    -> AuthorityExtent?
  {
    var hostStart = authorityStart
    var hostEnd = hostStart
    var hasUserinfo = false
    while hostEnd < bytes.count {
      let (scalar, length) = bytes.scalar(at: hostEnd)
      if scalar == 0x2F || scalar == 0x3F || scalar == 0x23 { break }
      if scalar == 0x40 {
        // userinfo ("user:pass@"): valid RFC 3986; UTS #58 leaves such URLs unlinked, linkify-it links them.
        // We link them when the user name is well formed, with a lower confidence and a reason that says so.
        let user = UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd])
        if hasUserinfo || user.isEmpty || user.first == 0x2E || user.last == 0x2E { return nil }
        for offset in 1..<max(1, user.count) where user[offset] == 0x2E && user[offset - 1] == 0x2E { return nil }
        hasUserinfo = true
        hostStart = hostEnd + 1
        hostEnd += 1
        continue
      }
      if scalar == 0x3A || scalar == 0x5B || scalar == 0x5D || scalar == 0x2E || LinkProperties.isLabel(scalar) {
        if !wide, hostEnd > hostStart, LinkProperties.crossesScript(bytes.scalar(before: hostEnd).0, scalar) {
          break
        }
        hostEnd += length
        continue
      }
      if wide, scalar >= 0x80, Unicode.Scalar(scalar)?.properties.generalCategory == .otherSymbol {
        hostEnd += length
        continue
      }
      break
    }
    return AuthorityExtent(hostStart: hostStart, hostEnd: hostEnd, hasUserinfo: hasUserinfo)
  }

  /// The host's end with underscores inside labels after a scheme ("http://sub_domain.example.com":
  /// DNS allows them, IDNA does not); glued to a word after the host ("http://example.com_") the
  /// caller rejects it.
  private static func underscoreLabelsEnd(_ bytes: UnsafeBufferPointer<UInt8>, hostStart: Int, from end: Int) -> Int {
    var hostEnd = end
    while hostEnd < bytes.count, bytes[hostEnd] == 0x5F, hostEnd + 1 < bytes.count,
      LinkProperties.isLabel(UInt32(bytes[hostEnd + 1])), bytes[hostEnd + 1] < 0x80, hostEnd > hostStart
    {
      hostEnd += 1
      while hostEnd < bytes.count, bytes[hostEnd] < 0x80,
        LinkProperties.isLabel(UInt32(bytes[hostEnd])) || bytes[hostEnd] == 0x2E || bytes[hostEnd] == 0x5F
      {
        hostEnd += 1
      }
    }
    return hostEnd
  }

  /// The authority's end without the punctuation that belongs to the sentence, and whether a path,
  /// query or fragment follows: a hyphen ending the host ("https://example.org-", "…com-/") ends
  /// the link before it; a trailing '.' or ':' too, unless a path follows.
  private static func trimmedAuthority(_ bytes: UnsafeBufferPointer<UInt8>, hostStart: Int, hostEnd end: Int)
    -> (end: Int, followedByPath: Bool)
  {
    var hostEnd = end
    var hyphenCut = false
    while hostEnd > hostStart + 1, bytes[hostEnd - 1] == 0x2D, bytes[hostStart] != 0x5B {
      hostEnd -= 1
      hyphenCut = true
    }
    var authorityEnd = hostEnd
    let followedByPath =
      !hyphenCut && hostEnd < bytes.count
      && (bytes[hostEnd] == 0x2F || bytes[hostEnd] == 0x3F || bytes[hostEnd] == 0x23)
    if !followedByPath {
      while authorityEnd > hostStart, bytes[authorityEnd - 1] == 0x2E || bytes[authorityEnd - 1] == 0x3A {
        authorityEnd -= 1
      }
    }
    return (authorityEnd, followedByPath)
  }

  /// The end of the host name in `hostStart..<authorityEnd`, before a port of up to five digits
  /// after the last colon (not inside an IPv6 literal, "[IPv6]:port") and a fully qualified name's
  /// final dot ("example.com.", "example.com.:8080"); nil when the port or the literal is malformed.
  private static func hostNameEnd(_ bytes: UnsafeBufferPointer<UInt8>, hostStart: Int, authorityEnd: Int) -> Int? {
    var hostNameEnd = authorityEnd
    if hostNameEnd > hostStart, bytes[hostStart] == 0x5B {
      // "[IPv6]" or "[IPv6]:port" (RFC 3986 IP-literal).
      var close = hostStart
      while close < hostNameEnd && bytes[close] != 0x5D { close += 1 }
      guard close < hostNameEnd else { return nil }
      if close + 1 < hostNameEnd {
        let portLength = hostNameEnd - close - 2
        guard bytes[close + 1] == 0x3A, portLength > 0, portLength <= 5 else { return nil }
        for offset in (close + 2)..<hostNameEnd where bytes[offset] < 0x30 || bytes[offset] > 0x39 { return nil }
      }
      hostNameEnd = close + 1
    } else if hostNameEnd > hostStart {
      // The last colon, if any (below `hostStart` when there is none).
      var colonAt = hostNameEnd - 1
      while colonAt >= hostStart && bytes[colonAt] != 0x3A { colonAt -= 1 }
      if colonAt >= hostStart {
        let portLength = hostNameEnd - colonAt - 1
        guard portLength > 0, portLength <= 5 else { return nil }
        for offset in (colonAt + 1)..<hostNameEnd where bytes[offset] < 0x30 || bytes[offset] > 0x39 { return nil }
        hostNameEnd = colonAt
      }
    }
    if hostNameEnd > hostStart, bytes[hostNameEnd - 1] == 0x2E { hostNameEnd -= 1 }
    return hostNameEnd
  }

  /// The detection of the link written at `range`: its value is the written link with `scheme`
  /// (or "https:" before a protocol-relative one), its confidence lower with a user name.
  private static func linkDetection(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, scheme: String?, hasUserinfo: Bool
  ) -> Detection {
    // One string of the written link, rebuilt only when its scheme is not written as `scheme` (a
    // link of 100 MB was copied three times at once, issue 42).
    var value = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    if let scheme {
      if !value.utf8.starts(with: scheme.utf8) { value = scheme + value.dropFirst(scheme.utf8.count) }
    } else {
      value = "https:" + value
    }
    var reason = scheme.map { "scheme \($0)" } ?? "protocol-relative //"
    var confidence = scheme == nil ? 0.85 : 0.98
    if hasUserinfo {
      reason += ", user name before the host (check the host: it comes after @)"
      confidence = 0.7
    }
    return Detection(
      kind: .link, range: TextRange(start: range.lowerBound, end: range.upperBound), value: value, source: .text,
      confidence: confidence, reason: reason)
  }

  /// "//host/…" at the start of a word: a protocol-relative link.
  private func protocolRelativeLink(_ bytes: UnsafeBufferPointer<UInt8>, slash: Int) -> Detection? {
    guard slash + 2 < bytes.count, bytes[slash + 1] == 0x2F else { return nil }
    if slash > 0 {
      let (before, _) = bytes.scalar(before: slash)
      guard before == 0x20 || before == 0x0A || before == 0x09 || before == 0x28 || before == 0x3C else { return nil }
    }
    let (first, _) = bytes.scalar(at: slash + 2)
    guard LinkProperties.isLabel(first) else { return nil }
    return authorityLink(bytes, start: slash, hostStart: slash + 2, scheme: nil)
  }

  /// Whether `host` can be the host of a link: localhost, an IPv4 or bracketed IPv6 address, a
  /// single-label intranet name (only after a scheme), or a domain that passes UTS #46.
  private static func isValidHost(_ host: Substring, validator: DomainValidator, schemeGiven: Bool) -> Bool {
    let utf8 = host.utf8
    if utf8.count == 9, host.lowercased() == "localhost" { return true }
    if utf8.first == 0x5B && utf8.last == 0x5D {  // [IPv6]: hex groups, at least two colons
      let inside = utf8.dropFirst().dropLast()
      return inside.count >= 2 && inside.allSatisfy { isHexDigit($0) || $0 == 0x3A || $0 == 0x2E }
        && inside.filter { $0 == 0x3A }.count >= 2
    }
    if isIPv4(host) { return true }
    // The URL Standard's "ends in a number": after a web scheme, a host whose last label is all
    // digits is an IPv4 address or no host at all ("https://12-7.0.0.1/" fails to parse).
    if schemeGiven, let lastDot = utf8.lastIndex(of: 0x2E), utf8.index(after: lastDot) < utf8.endIndex,
      utf8[utf8.index(after: lastDot)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    {
      return false
    }
    // Underscores: DNS allows them in subdomain labels ("sub_domain.example.com"), never in the
    // registrable name or the top-level domain, nor at a label's start.
    if schemeGiven, utf8.contains(0x5F) {
      let labels = host.split(separator: ".", omittingEmptySubsequences: false)
      for (position, label) in labels.enumerated() where label.utf8.contains(0x5F) {
        if position >= labels.count - 2 || label.utf8.first == 0x5F { return false }
      }
    }
    // One pass: ASCII name characters only? well-formed labels? any dot?
    var asciiName = true
    var labelsOK = true
    var hasDot = false
    var labelLength = 0
    var first: UInt8 = 0
    var last: UInt8 = 0
    for byte in utf8 {
      if byte == 0x2E {
        hasDot = true
        if labelLength == 0 || labelLength > 63 || first == 0x2D || last == 0x2D { labelsOK = false }
        labelLength = 0
        continue
      }
      if !((byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
        || (byte == 0x5F && schemeGiven))
      {
        asciiName = false
      }
      if labelLength == 0 { first = byte }
      last = byte
      labelLength += 1
    }
    if labelLength == 0 || labelLength > 63 || first == 0x2D || last == 0x2D { labelsOK = false }
    if !hasDot {
      // A single-label host (an intranet name such as "http://build-server") only after a scheme.
      if schemeGiven && !asciiName && !utf8.isEmpty { return validator.check(host, requireTLD: false) != nil }
      return schemeGiven && !utf8.isEmpty && asciiName && labelsOK
    }
    // Any well-formed ASCII labels (a scheme or "//" says this is a host: "//test.123" is one).
    if asciiName { return labelsOK }
    return validator.check(host, requireTLD: false) != nil
  }

  @inline(__always) private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
  }

  /// Four dotted decimal parts, each 0…255 with at most three digits.
  static func isIPv4(_ host: Substring) -> Bool {
    var parts = 0
    var digits = 0
    var value = 0
    for byte in host.utf8 {
      if byte >= 0x30 && byte <= 0x39 {
        digits += 1
        value = value * 10 + Int(byte - 0x30)
        if digits > 3 || value > 255 { return false }
      } else if byte == 0x2E {
        if digits == 0 { return false }
        parts += 1
        digits = 0
        value = 0
      } else {
        return false
      }
    }
    return digits > 0 && parts == 3
  }

}
