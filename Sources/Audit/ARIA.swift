/// The WAI-ARIA 1.2 vocabulary the rules check against (with DPUB-ARIA 1.0 and Graphics-ARIA 1.0
/// roles): roles, states and properties, and each attribute's value type.
enum ARIA {
  /// Whether an attribute name starts with `aria-` in any case, without making a lowercased copy.
  static func hasPrefixIgnoringCase(_ name: String) -> Bool {
    var bytes = name.utf8.makeIterator()
    for expected in "aria-".utf8 {
      guard let byte = bytes.next(), byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0) == expected else {
        return false
      }
    }
    return true
  }

  /// An attribute name lowercased, copied only when it holds an ASCII capital (HTML parsers already
  /// lowercase names; XHTML and XML keep them as written).
  static func lowercasedName(_ name: String) -> String {
    name.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } ? name.lowercased() : name
  }

  /// Non-abstract roles.
  static let roles: Set<String> = [
    "alert", "alertdialog", "application", "article", "banner", "blockquote", "button", "caption", "cell",
    "checkbox", "code", "columnheader", "combobox", "comment", "complementary", "contentinfo", "definition",
    "deletion", "dialog", "directory", "document", "emphasis", "feed", "figure", "form", "generic", "grid",
    "gridcell", "group", "heading", "image", "img", "insertion", "link", "list", "listbox", "listitem", "log",
    "main", "mark", "marquee", "math", "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "meter",
    "navigation", "none", "note", "option", "paragraph", "presentation", "progressbar", "radio", "radiogroup",
    "region", "row", "rowgroup", "rowheader", "scrollbar", "search", "searchbox", "separator", "slider",
    "spinbutton", "status", "strong", "subscript", "suggestion", "superscript", "switch", "tab", "table",
    "tablist", "tabpanel", "term", "textbox", "time", "timer", "toolbar", "tooltip", "tree", "treegrid",
    "treeitem",
    // DPUB-ARIA
    "doc-abstract", "doc-acknowledgments", "doc-afterword", "doc-appendix", "doc-backlink", "doc-biblioentry",
    "doc-bibliography", "doc-biblioref", "doc-chapter", "doc-colophon", "doc-conclusion", "doc-cover",
    "doc-credit", "doc-credits", "doc-dedication", "doc-endnote", "doc-endnotes", "doc-epigraph",
    "doc-epilogue", "doc-errata", "doc-example", "doc-footnote", "doc-foreword", "doc-glossary",
    "doc-glossref", "doc-index", "doc-introduction", "doc-noteref", "doc-notice", "doc-pagebreak",
    "doc-pagefooter", "doc-pageheader", "doc-pagelist", "doc-part", "doc-preface", "doc-prologue",
    "doc-pullquote", "doc-qna", "doc-subtitle", "doc-tip", "doc-toc",
    // Graphics-ARIA
    "graphics-document", "graphics-object", "graphics-symbol",
  ]

  /// The type of an ARIA attribute's value.
  enum ValueType {
    case trueFalse, trueFalseUndefined, tristate, idReference, idReferences, integer, number, string
    case token([String])
    case tokens([String])
  }

  /// Every state and property, with its value type.
  static let attributes: [String: ValueType] = [
    "aria-activedescendant": .idReference, "aria-atomic": .trueFalse,
    "aria-autocomplete": .token(["inline", "list", "both", "none"]), "aria-braillelabel": .string,
    "aria-brailleroledescription": .string, "aria-busy": .trueFalse, "aria-checked": .tristate,
    "aria-colcount": .integer, "aria-colindex": .integer, "aria-colindextext": .string, "aria-colspan": .integer,
    "aria-controls": .idReferences,
    "aria-current": .token(["page", "step", "location", "date", "time", "true", "false"]),
    "aria-describedby": .idReferences, "aria-description": .string, "aria-details": .idReference,
    "aria-disabled": .trueFalse, "aria-dropeffect": .tokens(["copy", "execute", "link", "move", "none", "popup"]),
    "aria-errormessage": .idReference, "aria-expanded": .trueFalseUndefined, "aria-flowto": .idReferences,
    "aria-grabbed": .trueFalseUndefined,
    "aria-haspopup": .token(["false", "true", "menu", "listbox", "tree", "grid", "dialog"]),
    "aria-hidden": .trueFalseUndefined,
    "aria-invalid": .token(["grammar", "false", "spelling", "true"]), "aria-keyshortcuts": .string,
    "aria-label": .string, "aria-labelledby": .idReferences, "aria-level": .integer,
    "aria-live": .token(["assertive", "off", "polite"]), "aria-modal": .trueFalse, "aria-multiline": .trueFalse,
    "aria-multiselectable": .trueFalse, "aria-orientation": .token(["horizontal", "undefined", "vertical"]),
    "aria-owns": .idReferences, "aria-placeholder": .string, "aria-posinset": .integer, "aria-pressed": .tristate,
    "aria-readonly": .trueFalse,
    "aria-relevant": .tokens(["additions", "all", "removals", "text"]), "aria-required": .trueFalse,
    "aria-roledescription": .string, "aria-rowcount": .integer, "aria-rowindex": .integer,
    "aria-rowindextext": .string, "aria-rowspan": .integer, "aria-selected": .trueFalseUndefined,
    "aria-setsize": .integer, "aria-sort": .token(["ascending", "descending", "none", "other"]),
    "aria-valuemax": .number, "aria-valuemin": .number, "aria-valuenow": .number, "aria-valuetext": .string,
  ]

  /// The global states and properties (any role takes them; they override a presentational role).
  /// WAI-ARIA 1.1's list, which ACT 46ca7f links, holds aria-hidden too: `aria-hidden="false"` on a
  /// presentational element is a conflict (`"true"` hides the element instead).
  static let globalAttributes: Set<String> = [
    "aria-atomic", "aria-braillelabel", "aria-brailleroledescription", "aria-busy", "aria-controls",
    "aria-current", "aria-describedby", "aria-description", "aria-details", "aria-disabled", "aria-dropeffect",
    "aria-errormessage", "aria-flowto", "aria-grabbed", "aria-haspopup", "aria-hidden", "aria-invalid",
    "aria-keyshortcuts",
    "aria-label", "aria-labelledby", "aria-live", "aria-owns", "aria-relevant", "aria-roledescription",
  ]

  /// Roles whose accessible name comes from their content.
  static let nameFromContent: Set<String> = [
    "button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "radio", "row", "rowheader", "switch", "tab", "tooltip", "treeitem", "summary",
    "doc-backlink", "doc-biblioref", "doc-glossref", "doc-noteref", "sectionhead", "comment", "suggestion",
  ]

  /// Whether `value` is a valid value of an attribute of type `type`.
  static func isValid(_ value: String, _ type: ValueType) -> Bool {
    let value = value.trimmed.lowercased()
    switch type {
    case .trueFalse: return value == "true" || value == "false"
    case .trueFalseUndefined: return value == "true" || value == "false" || value == "undefined"
    case .tristate: return value == "true" || value == "false" || value == "mixed"
    case .idReference: return !value.isEmpty && value.tokens.count == 1
    case .idReferences: return !value.isEmpty
    case .integer: return Int(value) != nil
    case .number: return Double(value) != nil
    case .string: return true
    case .token(let allowed): return allowed.contains(value)
    case .tokens(let allowed): return !value.tokens.isEmpty && value.tokens.allSatisfy { allowed.contains(String($0)) }
    }
  }
}
