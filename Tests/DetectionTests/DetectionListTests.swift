import DocumentParsing
import TestSupport
import Testing
import TextModel

@testable import Detection

/// The compact detection list against the simple version (an array of `Detection` values).
@Suite struct DetectionListTests {
  static let text = """
    Call (415) 555-0132 or +44 20 7946 0958, write to ranger@example.org or visit https://parks.example.org/a?b=1.
    WARNING: trails close at dusk. Docs at https://例え.jp/パス and mailto:x@example.com?subject=Hi.
    Caution: 電話 03-1234-5678, or tel:+81-3-1234-5678; the site example.com/path says so.
    """

  static func array(_ detections: some Sequence<Detection>) -> [Detection] { Array(detections) }

  @Test func everyFieldSurvivesTheCompactForm() {
    let document = TextDocument(format: .text, text: Self.text, language: "en")
    let list = DocumentDetector().detect(in: document)
    var expected: [Detection] = []
    for index in list.indices { expected.append(list[index]) }
    #expect(list.count >= 9)
    #expect(Set(list.map(\.kind)) == [.phone, .email, .link, .alert])
    // Made again from the array, the list is the same, field for field.
    let rebuilt = DetectionList(expected)
    #expect(rebuilt == list)
    #expect(rebuilt == expected)
    for (index, detection) in expected.enumerated() {
      #expect(rebuilt.kind(at: index) == detection.kind)
      #expect(rebuilt.range(at: index) == detection.range)
      #expect(rebuilt.valueBytes(at: index) { String(decoding: $0, as: UTF8.self) } == detection.value)
    }
    // Values made from the text (links, "mailto:" and an address) read as the stored ones do.
    for (index, detection) in expected.enumerated() {
      #expect(list.valueBytes(at: index) { String(decoding: $0, as: UTF8.self) } == detection.value)
    }
    let ownText = expected.map { String(document[$0.range]) }
    let stored = zip(expected, ownText).filter { $0.value != $1 && $0.value != "mailto:" + $1 }
    #expect(stored.count < expected.count)
    #expect(list.storedValueByteCount == stored.reduce(0) { $0 + $1.0.value.utf8.count })
    #expect(rebuilt.storedValueByteCount == expected.reduce(0) { $0 + $1.value.utf8.count })
    #expect(expected.contains { $0.kind == .email && $0.value == "mailto:ranger@example.org" })
    #expect(expected.contains { $0.kind == .link && $0.value == "https://parks.example.org/a?b=1" })
    #expect(expected.contains { $0.severity == .warning && $0.source == .text })
    #expect(expected.contains { $0.value.contains("例え") })
  }

  /// Profiles interleaved beyond the recent ones the list compares first: each detection keeps its
  /// own kind, reason, confidence and source (numbered through the dictionary when not recent).
  @Test func interleavedProfilesKeepTheirOwnFields() {
    var detections: [Detection] = []
    for index in 0..<60 {
      let variant = (index * 7) % 6
      detections.append(
        Detection(
          kind: variant % 2 == 0 ? .phone : .link, range: TextRange(start: index * 10, end: index * 10 + 5),
          value: "v\(index)", source: variant < 3 ? .text : .markup, confidence: variant == 5 ? 0.5 : 0.9,
          reason: "reason \(variant)"))
    }
    let list = DetectionList(detections)
    #expect(list == detections)
    #expect(Self.array(list).map(\.reason) == detections.map(\.reason))
  }

  /// A tel: link's value: digits and "+" kept, parameters after ";" lowercased; the ASCII fast path
  /// gives what the Character filter gives, and non-ASCII digits (full-width) still count.
  @Test func telLinkValuesMatchTheCharacterFilter() {
    func simple(_ number: Substring) -> String {
      guard let semicolon = number.firstIndex(of: ";") else { return number.filter { $0.isNumber || $0 == "+" } }
      return number[..<semicolon].filter { $0.isNumber || $0 == "+" } + number[semicolon...].lowercased()
    }
    let range = TextRange(start: 0, end: 3)
    for target in [
      "tel:+1-415-555-0132", "tel:(415) 555.0132;EXT=12;Phone-Context=Example.COM", "TEL:+44 20 7946 0958",
      "tel:", "tel:;ext=1", "tel:+81-3-1234-5678;isub=ABC", "tel:０３-１２３４-５６７８",
    ] {
      let value = DocumentDetector.markupDetection(target: target, range: range)?.value
      #expect(value == "tel:" + simple(target.dropFirst(4)), "\(target)")
    }
  }

  @Test func resolvingTheListEqualsResolvingTheArray() {
    let a = Detection(
      kind: .link, range: TextRange(start: 0, end: 30), value: "https://a.example/x@b.example", source: .text,
      confidence: 0.98, reason: "scheme https")
    let inside = Detection(
      kind: .email, range: TextRange(start: 18, end: 30), value: "mailto:x@b.example", source: .text,
      confidence: 0.97, reason: "address with TLD")
    let phone = Detection(
      kind: .phone, range: TextRange(start: 40, end: 52), value: "tel:+14155550132", source: .markup, confidence: 1,
      reason: "markup: tel: link")
    let sameAgain = Detection(
      kind: .phone, range: TextRange(start: 40, end: 52), value: "tel:+14155550199", source: .text,
      confidence: 0.9, reason: "valid US fixedLine, national format")
    let alert = Detection(
      kind: .alert, range: TextRange(start: 60, end: 70), value: "critical", source: .text, confidence: 0.9,
      reason: "line starts with \"danger\"", severity: .critical)
    let custom = Detection(
      kind: DetectionKind(rawValue: "isbn"), range: TextRange(start: 35, end: 38), value: "978", source: .text,
      confidence: 0.5, reason: "a custom detector")
    let unsorted = [alert, phone, inside, custom, a, sameAgain]
    var list = DetectionList(unsorted)
    DocumentDetector.resolve(&list)
    let resolved = DocumentDetector.resolve(unsorted)
    #expect(resolved == [a, custom, phone, alert])
    #expect(list == resolved)
    #expect(list[3].severity == .critical)
  }

  @Test func cuttingTheListKeepsTheValuesOfWhatStays() {
    var detections: [Detection] = []
    for index in 0..<1000 {
      detections.append(
        Detection(
          kind: index.isMultiple(of: 2) ? .email : .link, range: TextRange(start: index * 10, end: index * 10 + 5),
          value: "mailto:person\(index)@example.org", source: .text, confidence: 0.97, reason: "address with TLD"))
    }
    var list = DetectionList(detections)
    list.removeSubrange(10...)  // more than half of the value bytes unused: compacted
    #expect(list == Array(detections.prefix(10)))
    list.removeAll { $0.kind == .link }
    #expect(list == detections.prefix(10).filter { $0.kind == .email })
    list[0] = detections[999]
    #expect(list[0] == detections[999])
    #expect(list[1] == detections[2])
  }

  @Test func aCopyIsNotChangedByChangesToTheOriginal() {
    let phone = Detection(
      kind: .phone, range: TextRange(start: 0, end: 12), value: "tel:+14155550132", source: .text, confidence: 0.93,
      reason: "valid US fixedLine, national format")
    let email = Detection(
      kind: .email, range: TextRange(start: 20, end: 37), value: "mailto:ranger@example.org", source: .text,
      confidence: 0.97, reason: "address with TLD")
    var original: DetectionList = [phone]
    let copy = original
    original.append(email)
    original[0] = email
    #expect(copy == [phone])
    #expect(original == [email, email])
    var sorted = DetectionList([email, phone])
    let before = sorted
    DocumentDetector.resolve(&sorted)
    #expect(sorted == [phone, email])
    #expect(before == [email, phone])
  }
}

/// One list appended to another record by record (the two threads' detections joined) is the list
/// the detections appended one by one make.
@Suite struct DetectionListJoinTests {
  @Test func aListAppendedRecordByRecordIsTheListAppendedOneByOne() {
    let document = TextDocument(format: .text, text: DetectionListTests.text, language: "en")
    let all = DocumentDetector().detect(in: document)
    #expect(all.count >= 9)
    // Split in two by kind, so each part has its own profiles, stored and derived values.
    var first = DetectionList(rangesIn: document.text)
    var second = DetectionList(rangesIn: document.text)
    for detection in all {
      if detection.kind == .phone || detection.kind == .alert {
        second.append(detection)
      } else {
        first.append(detection)
      }
    }
    let expected = DetectionList(Array(first) + Array(second))
    var joined = first
    var moved = second
    joined.append(movingFrom: &moved)
    #expect(moved.isEmpty)
    #expect(joined == expected)
    #expect(Array(joined) == Array(first) + Array(second))
    for index in joined.indices {
      #expect(joined.valueBytes(at: index) { Array($0) } == Array(expected[index].value.utf8))
    }
    // The list appended to is changed, not the one it was copied from.
    #expect(first.count + second.count == joined.count)
    #expect(Array(first) == all.filter { $0.kind != .phone && $0.kind != .alert })
    #expect(Array(second) == all.filter { $0.kind == .phone || $0.kind == .alert })
    // The other way round: the list appended to stores more value bytes than the one moved.
    var reversed = second
    var movedFirst = first
    reversed.append(movingFrom: &movedFirst)
    #expect(Array(reversed) == Array(second) + Array(first))
    for index in reversed.indices {
      #expect(reversed.valueBytes(at: index) { Array($0) } == Array(reversed[index].value.utf8))
    }
  }
}

/// A join longer than one step (the moved list's buffer shrinks a MiB at a time) keeps every record
/// in order, with values and profiles, as appending one by one does.
@Suite struct DetectionListLongJoinTests {
  @Test(arguments: [1, DetectionList.recordsPerJoinStep, DetectionList.recordsPerJoinStep * 2 + 7])
  func aLongJoinIsAppendingOneByOne(_ moved: Int) {
    func detection(_ index: Int, _ kind: DetectionKind) -> Detection {
      Detection(
        kind: kind, range: TextRange(start: index * 10, end: index * 10 + 5),
        value: kind == .phone ? "tel:+1415555\(index % 10_000)" : "https://example.org/\(index % 7)",
        source: .text, confidence: index % 3 == 0 ? 0.9 : 0.75, reason: "reason \(index % 5)")
    }
    let head = (0..<1_000).map { detection($0, .link) }
    let tail = (0..<moved).map { detection(1_000 + $0, .phone) }
    var joined = DetectionList(head)
    var other = DetectionList(tail)
    joined.append(movingFrom: &other)
    #expect(other.isEmpty)
    #expect(joined.count == head.count + tail.count)
    #expect(Array(joined) == head + tail)
  }
}

/// Detection on both cores (large documents: phones on one, links, e-mail addresses and alerts on the
/// other) gives the same detections, in the same order, as every detector run one after the other.
@Suite(.tags(.threadSafety)) struct ParallelDetectionTests {
  /// US numbers, links, e-mail addresses and alerts, then a national number whose region only a
  /// link's country-code domain gives (030 is no US number; the text has no German one).
  static let text: String = {
    var text = ""
    for index in 0..<3_000 {
      text += "Trails close at dusk. Write to desk@example.org or see https://parks.example.org/a?b=1, call "
      text += "+1 415 555 0132 or (415) 555-0133." + (index % 5 == 0 ? "\nWarning: the ford is closed.\n\n" : "\n")
    }
    return text + "Hotline 030 12345678, see https://beispiel.de/info for times.\n"
  }()

  @Test(arguments: [0, 1, 4_096])
  func detectionOnTwoCoresChangesNothing(_ minimum: Int) throws {
    let document = TextDocument(format: .text, text: Self.text, language: nil)
    var sequential = DocumentDetector.Options()
    sequential.tuning.parallelMinimum = .max
    var parallel = DocumentDetector.Options()
    parallel.tuning.parallelMinimum = minimum
    let expected = DocumentDetector(options: sequential).detect(in: document)
    let found = DocumentDetector(options: parallel).detect(in: document)
    #expect(expected.count(where: { $0.kind == .alert }) == 600)
    #expect(expected.count(where: { $0.kind == .phone }) == 6_001)
    #expect(expected.contains { $0.kind == .phone && $0.value == "tel:+493012345678" })
    #expect(found == expected)
  }

  /// A page: markup links (found on the first thread while the phones already run on the other)
  /// come first, are not detected again, and their country-code domain (.de, only in an href)
  /// still names the region of a national number; alerts go to whichever thread claims them.
  @Test(arguments: [
    Set<DetectionKind>([.link, .email, .phone, .alert]), [.phone], [.phone, .alert], [.link, .email],
  ])
  func markupLinksOnTwoCoresChangeNothing(_ kinds: Set<DetectionKind>) throws {
    var html = "<html><body>"
    for index in 0..<1_500 {
      html += "<p>Call (415) 555-0133 or <a href='tel:+1-415-555-0132'>the desk</a>, write "
      html +=
        "<a href='mailto:desk@example.org'>to us</a>, see <a href=' https://parks.example.org/a '>the map</a>.</p>"
      if index % 7 == 0 { html += "<p>Warning: the ford is closed.</p>" }
    }
    html += "<p>Hotline 030 12345678, see <a href='https://beispiel.de/info'>the times</a>.</p></body></html>"
    let document = try TextDocument(parsingHTML: Array(html.utf8))
    var sequential = DocumentDetector.Options(kinds: kinds)
    sequential.tuning.parallelMinimum = .max
    var parallel = DocumentDetector.Options(kinds: kinds)
    parallel.tuning.parallelMinimum = 0
    let expected = DocumentDetector(options: sequential).detect(in: document)
    #expect(expected.contains { $0.source == .markup } == !kinds.isDisjoint(with: [.link, .email, .phone]))
    if kinds.contains(.phone) { #expect(expected.contains { $0.value == "tel:+493012345678" }) }
    if kinds.contains(.alert) { #expect(expected.count(where: { $0.kind == .alert }) == 215) }
    #expect(DocumentDetector(options: parallel).detect(in: document) == expected)
  }

  /// The e-mail addresses found by either thread: the same detections, and a national number whose
  /// region only an address's country-code domain gives (info@parques.es) still has it; with no
  /// national number at all (the phones never ask for the domains) the addresses are still found.
  @Test(arguments: [0, 1])
  func eMailAddressesOnEitherThreadChangeNothing(_ thread: Int) throws {
    let line = "Trails close at dusk. Write to desk@example.org or see https://parks.example.org/a?b=1, call "
    for text in [
      String(repeating: line + "+1 415 555 0132 or (415) 555-0133.\n", count: 2_000)
        + "Call 912 345 678 or write to info@parques.es for times.\n",
      String(repeating: line + "+1 415 555 0132.\n", count: 2_000),
    ] {
      let document = TextDocument(format: .text, text: text, language: nil)
      var sequential = DocumentDetector.Options()
      sequential.tuning.parallelMinimum = .max
      var parallel = DocumentDetector.Options()
      parallel.tuning.parallelMinimum = 0
      parallel.tuning.claimThread = thread
      let expected = DocumentDetector(options: sequential).detect(in: document)
      #expect(expected.count(where: { $0.kind == .email }) >= 2_000)
      if text.contains("parques") { #expect(expected.contains { $0.value == "tel:+34912345678" }) }
      let found = DocumentDetector(options: parallel).detect(in: document)
      #expect(found == expected)
    }
  }

  /// Only some kinds asked for: phones still get the domains of links that are not reported.
  @Test(arguments: [Set<DetectionKind>([.phone]), [.phone, .alert], [.link, .alert], [.alert]])
  func detectionOnTwoCoresOfSomeKindsChangesNothing(_ kinds: Set<DetectionKind>) throws {
    let document = TextDocument(format: .text, text: Self.text, language: nil)
    var sequential = DocumentDetector.Options(kinds: kinds)
    sequential.tuning.parallelMinimum = .max
    var parallel = DocumentDetector.Options(kinds: kinds)
    parallel.tuning.parallelMinimum = 0
    let expected = DocumentDetector(options: sequential).detect(in: document)
    #expect(!expected.isEmpty)
    #expect(Set(expected.map(\.kind)).isSubset(of: kinds))
    let found = DocumentDetector(options: parallel).detect(in: document)
    #expect(found == expected)
    if kinds.contains(.phone) { #expect(found.contains { $0.value == "tel:+493012345678" }) }
  }
}
