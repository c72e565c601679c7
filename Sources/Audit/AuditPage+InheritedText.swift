extension AuditPage {
  /// Whether some text inherits its programmatic language from element `index` and is neither
  /// empty nor only white space (Unicode White_Space), as the ACT rules define that text: the text
  /// nodes that are visible or included in the accessibility tree, of the element and of its
  /// descendants without a non-empty `lang` of their own, and the accessible names and
  /// descriptions of those included in the accessibility tree.
  ///
  /// Text hidden only from assistive technologies (`aria-hidden="true"`, a presentational role)
  /// is still seen, so it counts; text that is not rendered (``isRendered(_:)``) does not.
  ///
  /// - Complexity: O(descendants of `index`), stopping at the first such text; an explicit stack.
  func hasTextInheritingLanguage(from index: Int) -> Bool {
    guard ancestors(of: index).allSatisfy({ isRendered($0) }) else { return false }
    var stack = [index]
    while let element = stack.popLast() {
      guard isRendered(element) else { continue }
      if !excluded[element] && (!Self.isWhiteSpace(accessibleName(element)) || hasDescription(element)) {
        return true
      }
      for child in children(of: element).reversed() {
        switch child {
        case .text(let text): if !Self.isWhiteSpace(text) { return true }
        case .element(let inner):
          if let lang = attribute(inner, "lang"), !lang.isEmpty { continue }
          stack.append(inner)
        }
      }
    }
    return false
  }

  /// Whether element `index` is rendered, as far as its own markup says: not one of the elements
  /// that are never rendered, not `hidden`, not `display: none` or `visibility: hidden` inline, not
  /// a hidden input, not inside a closed `<details>` past its summary. (Its ancestors are the
  /// caller's: the walks that ask go down from a rendered element.)
  func isRendered(_ index: Int) -> Bool {
    let name = self.name(index)
    if Self.neverRendered.contains(name) || has(index, "hidden") || Self.styleHides(attribute(index, "style")) {
      return false
    }
    if name == "input" && keyword(index, "type") == "hidden" { return false }
    if let parent = parent(index), self.name(parent) == "details", !has(parent, "open") {
      return isFirstSummary(index, of: parent)
    }
    return true
  }

  private static let neverRendered: Set<String> = [
    "head", "script", "style", "template", "noscript", "title", "meta", "link", "base",
  ]

  /// Whether the element has an accessible description: `aria-describedby` naming an element with
  /// text, `aria-description`, or a `title` that is not its name.
  func hasDescription(_ index: Int) -> Bool {
    if let ids = attribute(index, "aria-describedby") {
      for id in ids.tokens {
        if let described = byID[String(id)], !Self.isWhiteSpace(textContent(of: described)) { return true }
      }
    }
    if let description = attribute(index, "aria-description"), !Self.isWhiteSpace(description) { return true }
    return attribute(index, "title").map { !Self.isWhiteSpace($0) } ?? false
  }

  /// Whether `text` is empty or only white space: characters with Unicode's White_Space property
  /// (the ACT rules' definition: the separators, tab, line feed, line tabulation, form feed,
  /// carriage return and next line).
  static func isWhiteSpace(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
  }
}
