#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The HTML elements whose names change what TextRotor does (the rest are ``other``), so that what
/// an element means is one switch over a byte instead of string comparisons: a page of 160,000
/// elements went through dozens of `==` per element (`switch` over strings compares case by case).
enum HTMLElementKind: UInt8 {
  case other
  case title, head, html, body, h1, h2, h3, h4, h5, h6, ul, menu, ol, li, table, tr, td, th, blockquote
  case pre, listing, xmp, plaintext, nav, main, aside, header, footer, section, article, form, search
  case figure, br, wbr, hr, a, button, strong, b, em, i, cite, dfn, u, ins, mark, s, del, strike, code
  case samp, tt, `var`, kbd, abbr, acronym, time, input, area, img, image, svg, dialog, details, summary
  case style, symbol, use, script, template, noscript, iframe, object, embed, canvas, audio, video, meta
  case link, base, datalist, param, source, track, select, address, div, p, dl, dt, dd, figcaption
  case fieldset, legend, center, hgroup, caption, option, textarea, keygen
  case thead, tbody, tfoot, colgroup, col, q

  /// Every kind but ``other``, by its name (lowercase, as libxml2's HTML parser reports names).
  static let byName = namedCases(of: HTMLElementKind.self, name: \.name)

  /// The kind of an element named `name` (exactly; HTML names arrive lowercase).
  init(named name: String) { self = Self.byName[name] ?? .other }

  /// The element's name (the case name, `var` without its backquotes).
  var name: String { String(describing: self) }

  /// Elements whose content is never read.
  var isDropped: Bool {
    switch self {
    case .script, .style, .template, .noscript, .iframe, .object, .embed, .canvas, .audio, .video, .meta, .link,
      .base, .datalist, .param, .source, .track:
      true
    default: false
    }
  }

  /// Elements read as a paragraph block when nothing more specific applies.
  var isParagraphBlock: Bool {
    switch self {
    case .p, .div, .address, .article, .section, .header, .footer, .nav, .main, .aside, .dl, .dt, .dd, .figure,
      .figcaption, .form, .fieldset, .legend, .details, .summary, .dialog, .center, .hgroup, .caption, .search,
      .option, .textarea:
      true
    default: false
    }
  }

  /// HTML5 void elements libxml2 2.9's HTML 4 parser does not know: without an end they would swallow
  /// the text after them (`<h2>H<source>tail</h2>` read "H"). `image` is read as `img`, as HTML5 does.
  var isUnknownVoid: Bool {
    switch self {
    case .source, .track, .wbr, .keygen, .embed, .param, .image: true
    default: false
    }
  }

  /// The elements HTML's table model reads (``HTMLTableModel``).
  var isTablePart: Bool {
    switch self {
    case .table, .thead, .tbody, .tfoot, .tr, .td, .th, .colgroup, .col: true
    default: false
    }
  }
}

/// Every case of a byte enum whose cases are numbered from 0 without gaps, but case 0 (`other`), by
/// its name.
private func namedCases<Case: RawRepresentable<UInt8>>(of _: Case.Type, name: (Case) -> String) -> [String: Case] {
  var table: [String: Case] = [:]
  var raw: UInt8 = 1
  while let known = Case(rawValue: raw) {
    table[name(known)] = known
    raw += 1
  }
  return table
}

/// The attributes TextRotor reads by name; the rest are ``other`` (found by name when asked).
enum AttributeKey: UInt8 {
  case other
  case role, ariaLabel, ariaLabelledby, ariaHidden, ariaLive, ariaLevel, title, id, hidden, style
  case `class`, href, xlinkHref, lang, xmlLang, type, value, alt, src, datetime, media, open
  /// Read for every table cell (``HTMLTableModel``): a bit test instead of a search by name.
  case colspan, rowspan, scope, headers, span

  /// Every key but ``other``, by its attribute name (lowercase).
  static let byName = namedCases(of: AttributeKey.self, name: \.name)

  /// The key of the (lowercased) attribute name `name`.
  init(named name: String) { self = Self.byName[name] ?? .other }

  /// The attribute's name, lowercase.
  var name: String {
    switch self {
    case .other: ""
    case .ariaLabel: "aria-label"
    case .ariaLabelledby: "aria-labelledby"
    case .ariaHidden: "aria-hidden"
    case .ariaLive: "aria-live"
    case .ariaLevel: "aria-level"
    case .xlinkHref: "xlink:href"
    case .xmlLang: "xml:lang"
    default: String(describing: self)
    }
  }

  /// This key's bit in ``ElementAttributes``' set of keys present (none for ``other``).
  var bit: UInt64 { self == .other ? 0 : 1 << UInt64(rawValue) }
}

/// An element's name as libxml2 reported it, with its HTML kind.
struct ElementName {
  /// The name as reported (HTML: lowercase; XML: the qualified name, case kept).
  let string: String
  /// The HTML element it names (``HTMLElementKind/other`` for any other name).
  let kind: HTMLElementKind

  init(_ string: String) {
    self.string = string
    kind = HTMLElementKind(named: string)
  }
}

/// The attributes of one element, as libxml2 reported them (names lowercased, values decoded).
struct ElementAttributes {
  struct Attribute {
    var name: String
    var value: String
    var key: AttributeKey
  }

  private(set) var pairs: [Attribute] = []
  /// The ``AttributeKey/bit`` of every known key present: most elements carry none of the attributes
  /// asked for, and a lookup of an absent key is then one AND (`ElementAttributesTests`).
  private var present: UInt64 = 0

  init(_ raw: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, names: NameTable) {
    guard var cursor = raw else { return }
    while let namePointer = cursor.pointee {
      let name = names.attribute(namePointer)
      let valuePointer = cursor.advanced(by: 1).pointee
      append(Attribute(name: name.lowered, value: valuePointer.map { String(cString: $0) } ?? "", key: name.key))
      cursor = cursor.advanced(by: 2)
    }
  }

  init(_ pairs: [(String, String)]) {
    for (name, value) in pairs { append(Attribute(name: name, value: value, key: AttributeKey(named: name))) }
  }

  private mutating func append(_ attribute: Attribute) {
    pairs.append(attribute)
    present |= attribute.key.bit
  }

  /// The value of the first attribute with this key.
  subscript(key: AttributeKey) -> String? {
    guard present & key.bit != 0 else { return nil }
    for pair in pairs where pair.key == key { return pair.value }
    return nil
  }

  /// The value of the first attribute named `name` (lowercase).
  subscript(name: String) -> String? {
    let key = AttributeKey(named: name)
    if key != .other { return self[key] }
    return pairs.first { $0.name == name }?.value
  }

  func has(_ key: AttributeKey) -> Bool { present & key.bit != 0 }
  func has(_ name: String) -> Bool { self[name] != nil }
}

/// The names of one parse, each made into a `String` once: libxml2 reports element and attribute
/// names as C strings, nearly always pointers into its parser's dictionary (the same pointer for the
/// same name), so a name is looked up by its pointer in a small direct-mapped table and checked
/// against the bytes kept there (`strcmp`): a reused pointer with other bytes is simply a miss.
/// The slots are read in place (no slot is copied: a copy retained and released four references per
/// name). `NameTableTests` compares every answer with a `String` made afresh.
final class NameTable {
  private struct Slot {
    var pointer: UnsafePointer<UInt8>?
    /// A copy of the name's bytes and a terminating NUL (malloc'd, freed with the table).
    var bytes: UnsafeMutablePointer<CChar>?
    var element = ElementName("")
    var lowered = ""
    var key = AttributeKey.other
  }

  /// Slots, 2^9 (the hash keeps the top 9 bits).
  private static let size = 512
  /// The slots in memory the table owns rather than an array: every lookup of an array held by a
  /// class retained and released its buffer (a fifth of the reading thread's time on a large page,
  /// with the batch's retains that `SAXParser` no longer makes).
  private let slots: UnsafeMutablePointer<Slot> = {
    let slots = UnsafeMutablePointer<Slot>.allocate(capacity: NameTable.size)
    slots.initialize(repeating: Slot(), count: NameTable.size)
    return slots
  }()

  deinit {
    for index in 0..<Self.size { free(slots[index].bytes) }
    slots.deinitialize(count: Self.size)
    slots.deallocate()
  }

  /// The slot holding the name at `pointer`, filled first when it holds another.
  @inline(__always)
  private func slot(_ pointer: UnsafePointer<UInt8>) -> Int {
    // Fibonacci hashing of the whole address: libxml2's dictionary packs names a few bytes apart
    // ("p", "a", "li"), which dropping the low bits made collide (every other lookup was a miss).
    let index = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: pointer)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
    if slots[index].pointer == pointer, let bytes = slots[index].bytes,
      strcmp(bytes, UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)) == 0
    {
      return index
    }
    fill(index, pointer)
    return index
  }

  private func fill(_ index: Int, _ pointer: UnsafePointer<UInt8>) {
    free(slots[index].bytes)
    let string = String(cString: pointer)
    let lowered = string.lowercased()
    slots[index] = Slot(
      pointer: pointer, bytes: strdup(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)),
      element: ElementName(string), lowered: lowered, key: AttributeKey(named: lowered))
  }

  /// An element's name.
  func element(_ pointer: UnsafePointer<UInt8>) -> ElementName { slots[slot(pointer)].element }

  /// An attribute's name, lowercased, and its key.
  func attribute(_ pointer: UnsafePointer<UInt8>) -> (lowered: String, key: AttributeKey) {
    let index = slot(pointer)
    return (slots[index].lowered, slots[index].key)
  }
}
