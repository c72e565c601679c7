internal import TextModel

/// Says a formula (``MathExpression``) in ClearSpeak's style, the wording MathCAT's English
/// ClearSpeak rules use at their default settings: "3 fourths", "x over y", "the fraction with
/// numerator x plus 1 and denominator 2", "x squared", "3 to the fifth power", "the cube root of x",
/// "x sub 1", "open paren … close paren"; the author's `alttext` when given. Other languages use their
/// own templates (``MathWords``).
///
/// - Complexity: O(n log n) in the formula's nodes (rows are flattened once per level).
struct MathSpeech {
  let words: MathWords

  /// Speech in the language whose lexicon key is `language` (en, zh, ja, vi, ar; English otherwise).
  init(language: String) { words = MathWords.forLanguage(language) }

  /// Speech in `language` as the region its tag declares says it ("en-GB": "3 quarters").
  init(language: String, region: String?) { words = MathWords.forLanguage(language, region: region) }

  /// What to say for `expression`.
  func say(_ expression: MathExpression) -> String {
    if let alttext = expression.alttext { return alttext }
    return Self.tidy(say(expression.root))
  }

  // MARK: items of a row

  /// A row's content: leaves, and groups between matching fences.
  indirect enum Item {
    case node(MathNode)
    case fenced(open: String, close: String, items: [Item])
  }

  private static let opening: Set<String> = ["(", "[", "{", "\u{27E8}", "\u{230A}", "\u{2308}", "|", "\u{2016}"]
  private static let closing: Set<String> = [")", "]", "}", "\u{27E9}", "\u{230B}", "\u{2309}"]
  private static let invisible: Set<String> = ["\u{2061}", "\u{2062}", "\u{2063}", "\u{2064}"]
  private static let largeOperators: Set<String> = ["\u{2211}", "\u{220F}", "\u{222B}", "\u{22C3}", "\u{22C2}", "lim"]

  /// The items of `node` (nested rows flattened, fences grouped).
  static func items(_ node: MathNode) -> [Item] {
    var leaves: [MathNode] = []
    func flatten(_ node: MathNode) {
      if case .row(let children) = node { children.forEach(flatten) } else { leaves.append(node) }
    }
    flatten(node)
    var stack: [(open: String, items: [Item])] = [("", [])]
    for leaf in leaves {
      // A script on a closing fence, "(1 − p)ⁿ" written <mo>(</mo>…<msup><mo>)</mo>…</msup>, scripts the group.
      if case .scripts(.operator(let text), let sub, let sup) = leaf, closing.contains(text) || text == "|",
        stack.count > 1, stack[stack.count - 1].open != "|" || text == "|"
      {
        let group = stack.removeLast()
        let base = MathNode.row([.operator(group.open)] + nodes(group.items) + [.operator(text)])
        stack[stack.count - 1].items.append(.node(.scripts(base: base, sub: sub, sup: sup)))
        continue
      }
      if case .operator(let text) = leaf, (text == "|" || text == "\u{2016}"), stack.count > 1,
        stack[stack.count - 1].open == text
      {
        let group = stack.removeLast()
        stack[stack.count - 1].items.append(.fenced(open: group.open, close: text, items: group.items))
      } else if case .operator(let text) = leaf, opening.contains(text) {
        stack.append((text, []))
      } else if case .operator(let text) = leaf, closing.contains(text), stack.count > 1 {
        let group = stack.removeLast()
        stack[stack.count - 1].items.append(.fenced(open: group.open, close: text, items: group.items))
      } else {
        stack[stack.count - 1].items.append(.node(leaf))
      }
    }
    while stack.count > 1 {
      let group = stack.removeLast()
      stack[stack.count - 1].items.append(.node(.operator(group.open)))
      stack[stack.count - 1].items += group.items
    }
    return stack[0].items
  }

  /// Items back as nodes (a group with its fences).
  static func nodes(_ items: [Item]) -> [MathNode] {
    items.flatMap { item -> [MathNode] in
      switch item {
      case .node(let node): [node]
      case .fenced(let open, let close, let inner): [.operator(open)] + nodes(inner) + [.operator(close)]
      }
    }
  }

  // MARK: nodes

  func say(_ node: MathNode) -> String {
    switch node {
    case .number(let text): return text
    case .identifier(let text): return words.identifiers[text] ?? words.operators[text] ?? text
    case .operator(let text): return Self.invisible.contains(text) ? "" : words.operators[text] ?? text
    case .text(let text): return text
    case .row: return say(Self.items(node))
    case .fraction(let numerator, let denominator, let line): return fraction(numerator, denominator, line: line)
    case .root(let radicand, let index): return root(radicand, index)
    case .scripts(let base, let sub, let sup):
      if case .operator(let symbol) = base, Self.largeOperators.contains(symbol) {
        return MathWords.fill(words.sumLike, say(base), sub.map(say) ?? "", sup.map(say) ?? "")
      }
      var said = say(base)
      if let sub { said = MathWords.fill(words.sub, said, say(sub)) }
      if let sup { said = power(said, sup) }
      return said
    case .limits(let base, let under, let over):
      if case .operator(let symbol) = base, Self.largeOperators.contains(symbol) {
        if symbol == "lim" { return say(base) + " as " + (under.map(say) ?? "") + " of" }
        return MathWords.fill(words.sumLike, say(base), under.map(say) ?? "", over.map(say) ?? "")
      }
      if case .identifier("lim") = base {
        return (words.operators["lim"] ?? "lim") + " as " + (under.map(say) ?? "") + " of"
      }
      var said = say(base)
      if case .operator(let mark)? = over, let accent = words.accents[mark] {
        said = MathWords.fill(accent, said)
      } else if let over {
        said = MathWords.fill(words.over_, said, say(over))
      }
      if let under { said = MathWords.fill(words.under, said, say(under)) }
      return said
    case .table(let rows): return table(rows, fenced: false)
    }
  }

  /// A row's items in order: operators named, a leading minus "negative", mixed numbers, function
  /// application ("f of x") and the "times" ClearSpeak says before a parenthesized factor.
  func say(_ items: [Item]) -> String {
    var said: [String] = []
    var previous: Item?
    var index = 0
    func next(after index: Int) -> (Item, Int)? {
      var cursor = index + 1
      while cursor < items.count {
        if case .node(.operator(let text)) = items[cursor],
          text == "\u{2062}" || text == "\u{2063}" || text == "\u{2061}"
        {
          cursor += 1
          continue
        }
        return (items[cursor], cursor)
      }
      return nil
    }
    while index < items.count {
      let item = items[index]
      switch item {
      case .node(.operator(let text)):
        if text == "\u{2062}" || text == "\u{2063}" || text == "\u{2061}" {
          index += 1
          continue
        }
        if text == "\u{2064}" {
          said.append(words.mixed == "{0} and {1}" ? "and" : "")
        } else if (text == "-" || text == "\u{2212}") && (previous == nil || Self.isOperator(previous!)) {
          said.append(words.negative)
        } else {
          said.append(say(.operator(text)))
        }
      case .node(let node):
        if let previous, Self.takesTimes(previous), Self.startsWithFence(node) { said.append(words.times) }
        if case .number(let whole) = node, let (following, at) = next(after: index),
          case .node(.fraction(.number(let top), .number(let bottom), true)) = following,
          Self.isInteger(whole), Self.isInteger(top), Self.isInteger(bottom)
        {
          said.append(MathWords.fill(words.mixed, whole, fraction(.number(top), .number(bottom), line: true)))
          previous = following
          index = at + 1
          continue
        }
        if isFunction(node, at: index, in: items), let (following, at) = next(after: index),
          case .fenced(_, _, let argument) = following
        {
          let inner =
            argument.count == 1 && isSimpleLeaf(argument[0])
            ? say(argument) : ", " + fenced(following) + ","
          said.append(MathWords.fill(words.function, say(node), inner))
          previous = following
          index = at + 1
          continue
        }
        said.append(say(node))
      case .fenced:
        if let previous, Self.takesTimes(previous) { said.append(words.times) }
        said.append(fenced(item))
      }
      previous = item
      index += 1
    }
    return said.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// A fenced group: its fences named, but around a lone binomial coefficient or a matrix.
  private func fenced(_ item: Item) -> String {
    guard case .fenced(let open, let close, let inner) = item else { return "" }
    if inner.count == 1, case .node(let node) = inner[0] {
      if case .fraction(_, _, false) = node { return say(node) }
      if case .table(let rows) = node {
        return open == "|" ? table(rows, fenced: true, template: words.determinant) : table(rows, fenced: true)
      }
    }
    if open == "|" && close == "|" { return MathWords.fill(words.absoluteValue, say(inner)) + "," }
    let opening = open == "(" ? words.openParen : words.operators[open] ?? open
    let closing = close == ")" ? words.closeParen : words.operators[close] ?? close
    return opening + ", " + say(inner) + ", " + closing
  }

  // MARK: constructs

  private func fraction(_ numerator: MathNode, _ denominator: MathNode, line: Bool) -> String {
    if !line { return MathWords.fill(words.choose, say(numerator), say(denominator)) }
    if let common = commonFraction(numerator, denominator) { return common }
    if isSimple(numerator) && isSimple(denominator) {
      return MathWords.fill(words.over, say(numerator), say(denominator))
    }
    return MathWords.fill(words.fraction, say(numerator), say(denominator))
  }

  /// "3 fourths": an integer under 20 over 2…10, in a language with fraction words.
  private func commonFraction(_ numerator: MathNode, _ denominator: MathNode) -> String? {
    guard case .number(let top) = numerator, case .number(let bottom) = denominator, Self.isInteger(top),
      Self.isInteger(bottom), let count = Int(top), let parts = Int(bottom), count < 20,
      let names = words.fractionOrdinals[parts]
    else { return nil }
    return top + " " + (count == 1 ? names.one : names.many)
  }

  private func root(_ radicand: MathNode, _ index: MathNode?) -> String {
    let said = say(radicand)
    guard let index else { return MathWords.fill(words.squareRoot, said) }
    switch index {
    case .number("2"): return MathWords.fill(words.squareRoot, said)
    case .number("3"): return MathWords.fill(words.cubeRoot, said)
    default: return MathWords.fill(words.root, said, ordinal(of: index) ?? say(index))
    }
  }

  /// ClearSpeak's exponents: squared, cubed, "to the fifth power", "to the n-th power", "to the
  /// negative 2 power", "raised to the … power", and "raised to the exponent, …, end exponent" when
  /// the exponent holds a power of its own.
  private func power(_ base: String, _ exponent: MathNode) -> String {
    switch exponent {
    case .number("2"): return MathWords.fill(words.squared, base)
    case .number("3"): return MathWords.fill(words.cubed, base)
    case .number, .identifier:
      if let ordinal = ordinal(of: exponent) { return MathWords.fill(words.ordinalPower, base, ordinal) }
    case .row(let children):
      let visible = children.filter {
        if case .operator(let text) = $0 { !Self.invisible.contains(text) } else { true }
      }
      if visible.count == 2, case .operator(let sign) = visible[0], sign == "-" || sign == "\u{2212}",
        case .number(let number) = visible[1], Self.isInteger(number)
      {
        return MathWords.fill(words.negativePower, base, number)
      }
    default: break
    }
    if Self.holdsPower(exponent) { return MathWords.fill(words.exponent, base, say(exponent)) }
    var said = say(exponent)
    // "raised to the fraction with …": the template's "the" is the exponent's own.
    if words.raised.contains("the {1}"), said.hasPrefix("the ") { said.removeFirst(4) }
    return MathWords.fill(words.raised, base, said)
  }

  /// A fenced table is a matrix (a determinant between bars), its rows' cells named one by one; a
  /// table outside fences holds lines (aligned equations), each said as one sequence.
  private func table(_ rows: [[MathNode]], fenced: Bool, template: String? = nil) -> String {
    let columns = rows.map(\.count).max() ?? 0
    guard fenced else {
      var said = MathWords.fill(words.table, String(rows.count))
      for (number, row) in rows.enumerated() {
        said += "; " + MathWords.fill(words.line, String(number + 1)) + "; " + say(.row(row))
      }
      return said + ";"
    }
    var said = MathWords.fill(template ?? words.matrix, String(rows.count), String(columns))
    for (number, row) in rows.enumerated() {
      said += "; " + MathWords.fill(words.row, String(number + 1)) + "; " + row.map(say).joined(separator: ", ")
    }
    return said + ";"
  }

  /// An integer's or a letter's ordinal as an exponent or a root index ("fifth", "n-th"); nil for
  /// anything else. Languages without ordinals there say the number or the letter.
  private func ordinal(of node: MathNode) -> String? {
    switch node {
    case .number(let text) where Self.isInteger(text):
      guard words.ordinals, let value = Int(text) else { return text }
      return value == 0 ? "0" : Self.englishOrdinal(value)
    case .identifier(let text) where text.count == 1: return MathWords.fill(words.letterOrdinal, say(node))
    default: return nil
    }
  }

  // MARK: ClearSpeak's "simple"

  /// Whether a fraction's part is simple enough for "over": a number, a letter or word, a common
  /// fraction, a number or fraction times letters or words ("2 x", "2 miles"), their negative, or a
  /// function of one such ("f of x").
  func isSimple(_ node: MathNode) -> Bool {
    let items = Self.items(node).filter {
      if case .node(.operator(let text)) = $0 { !Self.invisible.contains(text) } else { true }
    }
    if items.count == 2, case .node(let function) = items[0], isFunction(function, at: 0, in: items),
      case .fenced(_, _, let argument) = items[1]
    {
      return argument.count == 1 && isSimpleLeaf(argument[0])
    }
    var rest = items[...]
    if case .node(.operator(let sign)) = rest.first, sign == "-" || sign == "\u{2212}" { rest = rest.dropFirst() }
    guard !rest.isEmpty else { return false }
    for (position, item) in rest.enumerated() {
      guard case .node(let node) = item else { return false }
      switch node {
      case .identifier, .text: continue
      case .number: if position > 0 { return false }
      case .fraction(let top, let bottom, true):
        if position > 0 || commonFraction(top, bottom) == nil { return false }
      default: return false
      }
    }
    return true
  }

  private func isSimpleLeaf(_ item: Item) -> Bool {
    guard case .node(let node) = item else { return false }
    switch node {
    case .number, .identifier, .text: return true
    default: return false
    }
  }

  /// Whether `node` is a function name applied to what follows: f, g, h, the trigonometric and
  /// logarithmic names, or any identifier before U+2061 (function application).
  private func isFunction(_ node: MathNode, at index: Int, in items: [Item]) -> Bool {
    guard case .identifier(let name) = node else { return false }
    if index + 1 < items.count, case .node(.operator("\u{2061}")) = items[index + 1] { return true }
    return ["f", "g", "h", "F", "G", "H", "sin", "cos", "tan", "log", "ln", "exp"].contains(name)
  }

  /// Whether a factor after `item` is joined by "times" (a parenthesized one): not after an operator
  /// or words (`<mtext>for</mtext> |q|`).
  private static func takesTimes(_ item: Item) -> Bool {
    switch item {
    case .node(.operator(let text)): closing.contains(text)
    case .node(.text): false
    default: true
    }
  }

  private static func isOperator(_ item: Item) -> Bool {
    if case .node(.operator(let text)) = item { return !closing.contains(text) }
    return false
  }

  private static func startsWithFence(_ node: MathNode) -> Bool {
    switch node {
    case .scripts(let base, _, _): startsWithFence(base)
    case .row(let children): children.first.map { startsWithFence($0) } ?? false
    case .operator(let text): opening.contains(text)
    default: false
    }
  }

  /// Whether an exponent holds a power other than a simple base squared or cubed.
  private static func holdsPower(_ node: MathNode) -> Bool {
    switch node {
    case .scripts(let base, _, let sup?):
      let simpleBase: Bool
      switch base {
      case .identifier, .number: simpleBase = true
      case .fraction(.number, .number, true): simpleBase = true
      default: simpleBase = false
      }
      if !(simpleBase && (sup == .number("2") || sup == .number("3"))) { return true }
      return holdsPower(base)
    case .row(let children): return children.contains(where: holdsPower)
    case .fraction(let top, let bottom, _): return holdsPower(top) || holdsPower(bottom)
    case .root(let radicand, _): return holdsPower(radicand)
    default: return false
    }
  }

  private static func isInteger(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
  }

  private static let ones = [
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
    "nineteenth",
  ]
  private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

  /// English ordinals as ClearSpeak says them ("fifth", "twenty first"); "21st"-style past 99.
  static func englishOrdinal(_ value: Int) -> String {
    if value < 20 { return ones[value] }
    if value < 100 {
      let ten = tens[value / 10]
      return value % 10 == 0 ? String(ten.dropLast()) + "ieth" : ten + " " + ones[value % 10]
    }
    return String(value) + "th"
  }

  /// Spaces collapsed, none before a comma or semicolon, no doubled pause marks.
  static func tidy(_ text: String) -> String {
    var result = ""
    for word in text.split(separator: " ") {
      if word == "," || word == ";" || word.first == "," || word.first == ";" {
        if let last = result.last, last == "," || last == ";" {
          if word.count > 1 { result += " " + word.dropFirst() }
          continue
        }
        result += word
        continue
      }
      if !result.isEmpty { result += " " }
      result += word
    }
    while let last = result.last, last == "," || last == ";" || last == " " { result.removeLast() }
    return result
  }
}
