internal import TextModel
@_spi(Plumbing) internal import UnicodeSupport

/// Links without a scheme: `www.` names and bare domains (a known top-level domain, the address
/// shapes around it).
extension LinkDetector {
  /// The whole dotted name around the dot at `dot` (labels and dots, within one script), from
  /// `notBefore` on; `previous` and `next` are the scalars beside the dot.
  @inline(__always)
  private static func dottedName(
    around dot: Int, in bytes: UnsafeBufferPointer<UInt8>, notBefore: Int, previous: UInt32, next: UInt32
  ) -> (start: Int, end: Int) {
    var start = dot
    var inner = previous
    while start > notBefore {
      let (scalar, length) = bytes.scalar(before: start)
      guard LinkProperties.isLabel(scalar) || scalar == 0x2E, !LinkProperties.crossesScript(inner, scalar) else {
        break
      }
      if scalar != 0x2E && scalar != 0x2D { inner = scalar }
      start -= length
    }
    var end = dot + 1
    inner = next
    while end < bytes.count {
      let (scalar, length) = bytes.scalar(at: end)
      guard LinkProperties.isLabel(scalar) || scalar == 0x2E, !LinkProperties.crossesScript(inner, scalar) else {
        break
      }
      if scalar != 0x2E && scalar != 0x2D { inner = scalar }
      end += length
    }
    return (start, end)
  }

  func domainLink(_ bytes: UnsafeBufferPointer<UInt8>, dot: Int, notBefore: Int) -> (
    detection: Detection?, end: Int
  )? {
    guard dot > notBefore, dot + 1 < bytes.count else { return nil }
    let (next, _) = bytes.scalar(at: dot + 1)
    let (previous, _) = bytes.scalar(before: dot)
    guard LinkProperties.isLabel(next), LinkProperties.isLabel(previous) else { return nil }
    let (start, end) = Self.dottedName(around: dot, in: bytes, notBefore: notBefore, previous: previous, next: next)
    // What comes right before decides: an e-mail ('@'), a path or identifier ('/', '\', '_', '$', '#', '@'),
    // or a scheme handled elsewhere (':').
    if start > 0 {
      let (before, _) = bytes.scalar(before: start)
      if before == 0x40 || before == 0x5F || before == 0x2F || before == 0x5C || before == 0x5F || before == 0x24
        || before == 0x3A
        || before == 0x23 || before == 0x2E || before == 0x2B || before == 0x3D || before == 0x26 || before == 0x7E
      {
        return (nil, end)
      }
    }
    // Followed by '@': the local part of an e-mail address.
    if end < bytes.count && bytes[end] == 0x40 { return (nil, end) }
    // Trailing dots belong to the sentence.
    var nameEnd = end
    while nameEnd > start && bytes[nameEnd - 1] == 0x2E { nameEnd -= 1 }
    var name = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<nameEnd]), as: UTF8.self))
    if name.first == "." || name.first == "-" { return (nil, end) }
    let hasWWW = name.lowercased().hasPrefix("www.")
    // A port (1…65535), then a path, query or fragment.
    var afterName = nameEnd
    if nameEnd == end, afterName < bytes.count, bytes[afterName] == 0x3A {
      var portEnd = afterName + 1
      while portEnd < bytes.count && bytes[portEnd] >= 0x30 && bytes[portEnd] <= 0x39 { portEnd += 1 }
      let digits = portEnd - afterName - 1
      if digits > 0 {
        let port =
          Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[(afterName + 1)..<portEnd]), as: UTF8.self)) ?? 0
        // An impossible port makes the whole thing something else ("google.com:500000").
        guard digits <= 5, port >= 1, port <= 65535 else { return (nil, portEnd) }
        afterName = portEnd
      }
    }
    let hasPort = afterName > nameEnd
    let followedByPath =
      afterName < bytes.count && (nameEnd == end || hasPort)
      && (bytes[afterName] == 0x2F || bytes[afterName] == 0x3F || bytes[afterName] == 0x23)
    // A bare IPv4 address is a link only with a port or a path ("192.168.1.1/abc"); alone it is an
    // address to type or a version number, not something to open (docs/CONFORMANCE.md).
    if Self.isIPv4(name) {
      guard followedByPath || hasPort else { return (nil, end) }
      let linkEnd = followedByPath ? UTS58.terminate(bytes, from: afterName) : afterName
      let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<linkEnd]), as: UTF8.self)
      return (
        Detection(
          kind: .link, range: TextRange(start: start, end: linkEnd), value: "http://" + written, source: .text,
          confidence: 0.75, reason: "IPv4 address with a path or port"),
        linkEnd
      )
    }
    guard let checked = validator.check(name, requireTLD: true) else { return (nil, end) }
    let labels = name.split(separator: ".")
    if !hasWWW && !followedByPath && !hasPort && labels.count == 2 && DomainValidator.fileLikeTLDs.contains(checked.tld)
    {
      return (nil, end)
    }
    let linkEnd = followedByPath ? UTS58.terminate(bytes, from: afterName) : afterName
    name = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<linkEnd]), as: UTF8.self))
    let reason = hasWWW ? "www prefix" : "bare domain with TLD .\(checked.tld)"
    let confidence = hasWWW ? 0.95 : (followedByPath ? 0.9 : 0.8)
    return (
      Detection(
        kind: .link, range: TextRange(start: start, end: linkEnd), value: "https://" + name, source: .text,
        confidence: confidence, reason: reason),
      linkEnd
    )
  }

  @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
  }
  @inline(__always) static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D || byte == 0x2E
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}

/// The UTS #58 termination algorithm for the part of a link after its host.
enum UTS58 {
  /// The end of a link whose path, query or fragment starts at `start`: Include characters extend it,
  /// Soft characters extend it only when something Include follows, Hard characters end it, and
  /// brackets must pair (an unmatched closing bracket ends it).
  static func terminate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var openers: [UInt32] = []
    var lastSafe = start
    var index = start
    var previous: UInt32 = 0x2F
    var inQuery = false
    while index < bytes.count {
      let (scalar, length) = bytes.scalar(at: index)
      // U+FFFD stands for bytes that were not text, and bidi controls (U+200E/F, U+202A–E, U+2066–9)
      // are never part of a URL (the URL Standard percent-encodes them): either ends the link.
      if scalar == 0xFFFD || scalar == 0x200E || scalar == 0x200F || (0x202A...0x202E).contains(scalar)
        || (0x2066...0x2069).contains(scalar)
      {
        return lastSafe
      }
      // Unspaced CJK text right after ASCII inside one path segment is the sentence going on
      // ("…/admin咨询"); CJK right after a delimiter is part of the path ("/wiki/東京").
      if CJKScalars.isCJK(scalar), LinkProperties.isASCIIAlphanumeric(previous) {
        return lastSafe
      }
      previous = scalar
      // Brackets pair within one part: a path segment, a query key or value, a fragment directive.
      // ("=" and "&" separate parts only in a query: "…/httpwebrequest(v=VS.100).aspx" pairs its brackets.)
      if scalar == 0x3F || scalar == 0x23 { inQuery = true }
      if scalar == 0x2F || scalar == 0x3F || scalar == 0x23 || (inQuery && (scalar == 0x3D || scalar == 0x26)) {
        openers.removeAll()
      }
      switch LinkProperties.term(scalar) {
      case .include:
        lastSafe = index + length
      case .soft:
        break
      case .hard:
        return lastSafe
      case .open:
        // An opener counts only once something Include or its closer follows ("/wiki/(" ends before it).
        openers.append(scalar)
      case .close:
        guard let opener = LinkProperties.opening(forClosing: scalar), openers.last == opener else { return lastSafe }
        openers.removeLast()
        lastSafe = index + length
      }
      index += length
    }
    return lastSafe
  }
}
