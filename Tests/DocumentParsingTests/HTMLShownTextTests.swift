import DocumentParsing
import Testing
import TextModel

/// Text a page shows that is not in its text nodes: form values, the selected option, SVG text and
/// CSS generated content, read as Chromium's accessibility tree reads them (issue 44 row 11).
@Suite struct HTMLShownTextTests {
  func text(_ html: String) throws -> String { try TextDocument(parsingHTML: Array(html.utf8)).text }

  @Test(arguments: [
    ("<p>Name <input value=\"Ann Lee\"> ok</p>", "Name Ann Lee ok"),
    ("<p>Mail <input type=email value=a@b.org></p>", "Mail a@b.org"),
    ("<p>A <input> <input value=\"  \"> <input type=checkbox value=on> <input type=password value=s> B</p>", "A B"),
    ("<p>Size <select><option>Small<option selected>Large &amp; tall</select> now</p>", "Size Large & tall now"),
    ("<p>Size <select><option>Small</option><option>Big</option></select></p>", "Size Small"),
    ("<p>Pick <select multiple><option selected>A<option>B<option selected>C</select></p>", "Pick A, C"),
    ("<p>Pick <select hidden><option>A</option></select> none</p>", "Pick none"),
  ])
  func formControlsShowTheirValues(_ html: String, _ expected: String) throws {
    #expect(try text(html) == expected)
  }

  @Test func anUnnamedSVGReadsItsTextANamedOneItsName() throws {
    #expect(
      try text("<p>Chart <svg><text>Sales</text><text><tspan>up</tspan> 20%</text></svg> end</p>")
        == "Chart Sales up 20% end")
    #expect(try text("<p>Logo <svg><title>Park</title><text>ignored</text></svg></p>") == "Logo Park")
    #expect(try text("<p>Art <svg role=img aria-label=Tree><text>ignored</text></svg></p>") == "Art Tree")
  }

  @Test(arguments: [
    ("<style>.req::after{content:\" (required)\"}</style><p><span class=req>Name</span></p>", "Name (required)"),
    ("<style>li:before{content:'New: '}</style><ul><li>Map</li></ul>", "New: Map"),
    ("<style>a::after{content:\"\\2197  out\"}</style><p><a href=x>Site</a></p>", "Site↗ out"),
    ("<style>.p::before{content:attr(data-c) \" \"}</style><p class=p data-c=EUR>5</p>", "EUR 5"),
    ("<style>.i::before{content:\"\\f101\"}</style><p class=i>Menu</p>", "Menu"),
    ("<style>p::before{content:\"x\";display:none}</style><p>Menu</p>", "Menu"),
    ("<style>p::before{content:\"a\"} #q::before{content:none}</style><p id=q>B</p><p>C</p>", "B\naC"),
    ("<style>p::after{content:counter(n)}</style><p>B</p>", "B"),
    ("<style>p:hover::before{content:\"x\"}</style><p>B</p>", "B"),
  ])
  func cssGeneratedContentIsRead(_ html: String, _ expected: String) throws {
    #expect(try text(html) == expected)
  }
}

/// `<q>` gets its quotation marks from Chromium's default style sheet (open-quote, close-quote) in
/// the marks of its language (CLDR's delimiters), nested quotations the inner marks.
@Suite struct HTMLQuoteMarksTests {
  func text(_ html: String) throws -> String { try TextDocument(parsingHTML: Array(html.utf8)).text }

  @Test(arguments: [
    ("<p>He said <q>stop</q> twice.</p>", "He said \u{201C}stop\u{201D} twice."),
    ("<html lang=fr><p>Il a dit <q>non</q>.</p></html>", "Il a dit \u{AB}non\u{BB}."),
    ("<p lang=ja><q>はい</q></p>", "\u{300C}はい\u{300D}"),
    ("<p lang=de-AT>Er sagte <q>ja</q></p>", "Er sagte \u{201E}ja\u{201C}"),
    ("<p>A <q>b <q>c</q> d</q> e</p>", "A \u{201C}b \u{2018}c\u{2019} d\u{201D} e"),
    ("<p lang=en>A <q lang=fr>oui</q></p>", "A \u{AB}oui\u{BB}"),
  ])
  func quotationsGetTheirLanguagesMarks(_ html: String, _ expected: String) throws {
    #expect(try text(html) == expected)
  }

  @Test func aPagesOwnRuleWins() throws {
    #expect(try text("<style>q::before{content:\"<\"}</style><p><q>x</q></p>") == "<x\u{201D}")
  }
}
