// The message tables of browse, one per language. Counted nouns: CLDR plural categories as keys
// ("one", "two", "few", "many", "other"), plus "=0" for the exact zero form.
// Chinese, Japanese and Vietnamese have only "other"; Arabic has all six (zero is "=0" here, since
// the Arabic sentence for "no links" differs from any counted form).

extension BrowseMessages {
  static let english = Table(
    nouns: [
      .heading: NounForms(
        name: "heading", title: "Headings",
        counted: ["=0": "no headings", "one": "{n} heading", "other": "{n} headings"]),
      .headingLevel: NounForms(
        name: "heading level {level}", title: "Headings level {level}",
        counted: [
          "=0": "no headings of level {level}", "one": "{n} heading of level {level}",
          "other": "{n} headings of level {level}",
        ]),
      .link: NounForms(
        name: "link", title: "Links", counted: ["=0": "no links", "one": "{n} link", "other": "{n} links"]),
      .email: NounForms(
        name: "e-mail address", title: "E-mail addresses",
        counted: ["=0": "no e-mail addresses", "one": "{n} e-mail address", "other": "{n} e-mail addresses"]),
      .phone: NounForms(
        name: "phone number", title: "Phone numbers",
        counted: ["=0": "no phone numbers", "one": "{n} phone number", "other": "{n} phone numbers"]),
      .alert: NounForms(
        name: "alert", title: "Alerts", counted: ["=0": "no alerts", "one": "{n} alert", "other": "{n} alerts"]),
      .warning: NounForms(
        name: "warning", title: "Warnings",
        counted: ["=0": "no warnings", "one": "{n} warning", "other": "{n} warnings"]),
      .landmark: NounForms(
        name: "landmark", title: "Landmarks",
        counted: ["=0": "no landmarks", "one": "{n} landmark", "other": "{n} landmarks"]),
      .list: NounForms(
        name: "list", title: "Lists", counted: ["=0": "no lists", "one": "{n} list", "other": "{n} lists"]),
      .numberedList: NounForms(
        name: "numbered list", title: "Numbered lists",
        counted: ["one": "{n} numbered list", "other": "{n} numbered lists"]),
      .table: NounForms(
        name: "table", title: "Tables", counted: ["=0": "no tables", "one": "{n} table", "other": "{n} tables"]),
      .image: NounForms(
        name: "image", title: "Images", counted: ["=0": "no images", "one": "{n} image", "other": "{n} images"]),
      .blockQuote: NounForms(
        name: "block quote", title: "Block quotes",
        counted: ["=0": "no block quotes", "one": "{n} block quote", "other": "{n} block quotes"]),
      .listItem: NounForms(
        name: "list item", title: "List items",
        counted: ["=0": "no list items", "one": "{n} list item", "other": "{n} list items"]),
      .item: NounForms(
        name: "item", title: "Items", counted: ["=0": "no items", "one": "{n} item", "other": "{n} items"]),
      .row: NounForms(name: "row", title: "Rows", counted: ["one": "{n} row", "other": "{n} rows"]),
      .column: NounForms(name: "column", title: "Columns", counted: ["one": "{n} column", "other": "{n} columns"]),
      .match: NounForms(
        name: "match", title: "Matches", counted: ["=0": "no matches", "one": "{n} match", "other": "{n} matches"]),
      .formField: NounForms(
        name: "form field", title: "Form fields",
        counted: ["=0": "no form fields", "one": "{n} form field", "other": "{n} form fields"]),
      .banner: NounForms(
        name: "banner landmark", title: "Banners", counted: ["one": "{n} banner", "other": "{n} banners"]),
      .navigation: NounForms(name: "navigation landmark", title: "Navigation", counted: ["other": "{n} navigation"]),
      .main: NounForms(name: "main landmark", title: "Main", counted: ["other": "{n} main"]),
      .complementary: NounForms(
        name: "complementary landmark", title: "Complementary", counted: ["other": "{n} complementary"]),
      .contentinfo: NounForms(
        name: "content information landmark", title: "Content information",
        counted: ["other": "{n} content information"]),
      .region: NounForms(name: "region", title: "Regions", counted: ["one": "{n} region", "other": "{n} regions"]),
      .search: NounForms(name: "search landmark", title: "Search", counted: ["other": "{n} search"]),
      .form: NounForms(name: "form landmark", title: "Forms", counted: ["one": "{n} form", "other": "{n} forms"]),
      .visitedLink: NounForms(
        name: "visited link", title: "Visited links",
        counted: ["=0": "no visited links", "one": "{n} visited link", "other": "{n} visited links"]),
      .paragraph: NounForms(
        name: "paragraph", title: "Paragraphs",
        counted: ["=0": "no paragraphs", "one": "{n} paragraph", "other": "{n} paragraphs"]),
      .bookmark: NounForms(
        name: "bookmark", title: "Bookmarks",
        counted: ["=0": "no bookmarks", "one": "{n} bookmark", "other": "{n} bookmarks"]),
    ],
    phrases: [
      .help:
        "Keys: Up/Down previous/next item, Left/Right previous/next rotor, Home/End first/last item, Page Up/Down ten items, Control+Home/End top/bottom; h heading, 1-9 heading level, k or u link, l list, i list item, t table, d landmark, g image, q block quote, p paragraph, n text that is not a link, comma past the list or table; Alt+e e-mail, Alt+p phone, Alt+a alert, 0 warning (Shift for previous); Control+F find, Insert then F3 next match; Control+B bookmark, ' next bookmark; Alt+Up/Down line, Alt+Left/Right word, Shift+Left/Right character (--keys nvda: the arrows, as NVDA); Enter link target; F7 elements list; F8 or Insert then Down say all; F2 where am I; F3 read item whole; Control+Alt+arrows table cells, Insert then Control+Alt+Left the row; F1 help; Control+D quit.",
      .rotorSummary: "{title}, {count}",
      .position: "{i} of {n}",
      .noNext: "No next {name}",
      .noPrevious: "No previous {name}",
      .emptyRotor: "{none} in this document",
      .noRotors: "No rotors",
      .topOfDocument: "Top of document",
      .endOfDocument: "End of document",
      .goodbye: "Goodbye",
      .notOnItem: "Not on an item; move to a link first",
      .notALink: "Not a link",
      .target: "Target: {value}",
      .unknownCommand: "Unknown command \"{command}\"; type help",
      .unknownRotor: "No rotor named {rotor}; rotors: {rotors}",
      .unusedKey: "{key} is not used; press F1 for help",
      .greeting: "{title}: {counts}. Press F1 for help, Control+D to quit.",
      .chooseRotor: "Say which rotor: {rotors}",
      .rotors: "Rotors: {rotors}",
      .elementsOpen:
        "Elements list, {title}, {count}. Type to filter, Up and Down to choose, Enter to jump, Escape to close.",
      .elementsItem: "{i} of {n}: {content}",
      .elementsNoMatch: "No match for \"{filter}\"",
      .elementsFilter: "\"{filter}\": {count}",
      .elementsClosed: "Elements list closed",
      .sayAllStopped: "Stopped",
      .sayAllEnd: "End of document",
      .critical: "critical",
      .warningSeverity: "warning",
      .info: "information",
      .notInDocument: "{none}: TextRotor's documents have no form controls",
      .capital: "cap {char}",
      .space: "space",
      .tab: "tab",
      .blank: "blank",
      .findPrompt: "Find: type the text, then Enter; Escape cancels",
      .noSearch: "Nothing searched for yet; press Control+F to find",
      .notFound: "\"{text}\" not found",
      .searchMatch: "{i} of {n}: {content}",
      .tableRow: "row {row}", .tableColumn: "column {column}", .tableEdge: "edge of table",
      .notInTable: "Not in a table",
      .wrappedToTop: "Wrapped to top",
      .wrappedToBottom: "Wrapped to bottom",
      .bookmarkPrompt: "Bookmark name: type it, then Enter; Escape cancels",
      .bookmarkSet: "Bookmark {name} set",
      .notSaved: "{said}, but it could not be saved: {reason}",
      .marksNotFound: "{count} could not be found in the changed document; kept",
      .placeNotFound: "The place where you left off could not be found in the changed document",
      .promptCancelled: "Cancelled",
      .resuming: "Resuming at {percent} percent: {content}",
      .underHeadings: "Under {path}",
      .inLandmark: "In {landmark}",
      .listItemOf: "List item {i} of {n}",
      .percent: "{percent} percent",
      .notInContainer: "Not in a list or table",
      .outOfList: "Out of list",
      .outOfTable: "Out of table",
      .nonLinkText: "text that is not a link",
      .languageChange: "{language}: {line}",
    ],
    listSeparator: ", ")
}
