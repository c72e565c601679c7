import DocumentParsing
import TestSupport
import Testing
import TextModel

@Suite struct XMLReaderTests {
  func read(_ xml: String) throws -> TextDocument { try TextDocument(parsingXML: Array(xml.utf8)) }

  static let noteXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <note xml:lang="en">
      <title>Budget notes</title>
      <heading level="2">Accounts</heading>
      <para>Mail <link href="mailto:help@budget.example">help@budget.example</link> &amp; wait.</para>
      <alert severity="critical">Overdraft on checking</alert>
      <list><item>One</item><item>Two <lang xml:lang="fr">bonjour</lang></item></list>
    </note>
    """

  @Test func theNoteVocabularyGivesTitleHeadingsLinksAlertsListsAndLanguage() throws {
    let document = try read(Self.noteXML)
    #expect(document.title == "Budget notes")
    #expect(document.language == "en")
    #expect(
      document.text
        == "Budget notes\nAccounts\nMail help@budget.example & wait.\nOverdraft on checking\nOne\nTwo bonjour")
    #expect(document.blocks.contains { $0.kind == .heading(level: 2) && document[$0.range] == "Accounts" })
    #expect(document.runs.contains { $0.attribute == .alert(severity: .critical, kind: "note:alert") })
    #expect(document.runs.contains { $0.attribute == .link(target: "mailto:help@budget.example", name: nil) })
    let bonjour = document.text.utf8.count - "bonjour".utf8.count
    #expect(document.language(at: bonjour) == "fr")
  }

  static let admonitions: [(String, AlertSeverity)] = [
    ("<article><warning><para>Hot</para></warning></article>", .warning),
    ("<article><caution><para>Hot</para></caution></article>", .warning),
    ("<article><important><para>Hot</para></important></article>", .warning),
    ("<article><note><para>Hot</para></note></article>", .info),
    ("<article><tip><para>Hot</para></tip></article>", .info),
    ("<topic><body><note type=\"danger\">Hot</note></body></topic>", .critical),
    ("<topic><body><note type=\"caution\">Hot</note></body></topic>", .warning),
    ("<topic><body><note type=\"tip\">Hot</note></body></topic>", .info),
  ]

  @Test(arguments: admonitions)
  func docBookAdmonitionsAndDITANotesBecomeAlerts(_ xml: String, _ severity: AlertSeverity) throws {
    let document = try read(xml)
    let alert = try #require(document.runs.first { $0.attribute.name == "alert" })
    #expect(document[alert.range] == "Hot")
    guard case .alert(let found, _) = alert.attribute else { return }
    #expect(found == severity)
  }

  @Test func unknownElementsContributeTheirText() throws {
    #expect(
      try read("<memo><to>Ann</to><body-text>Pay <amount>12</amount> today</body-text></memo>").text
        == "AnnPay 12 today")
  }

  @Test func internalEntitiesExpandExternalOnesNeverAndEachLossIsADiagnostic() throws {
    let xml = """
      <?xml version="1.0"?>
      <!DOCTYPE note [
        <!ENTITY lol "lol">
        <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY xxe SYSTEM "file:///etc/passwd">
      ]>
      <note><para>A &lol2; B &xxe; C &amp; D</para></note>
      """
    let document = try read(xml)
    #expect(document.text == "A lollollollollollollollollollol B C & D")
    #expect(!document.text.contains("root:"))
    #expect(document.diagnostics.contains { $0.message.contains("external entity 'xxe'") && $0.changesText })
  }

  @Test func theIssuesEntityIsExpanded() throws {
    let xml = """
      <!DOCTYPE note [<!ENTITY app "PocketBudget">]>
      <note><para>Install &app; on both phones.</para></note>
      """
    let document = try read(xml)
    #expect(document.text == "Install PocketBudget on both phones.")
    #expect(document.diagnostics.isEmpty)
  }

  /// Without XML_PARSE_NOENT libxml2 leaves "&" as "&#38;" and a declared entity as "&name;" in
  /// attribute values: a link's target came out "a?b=1&#38;c=2".
  @Test func attributeValuesResolveAmpersandsAndDeclaredEntities() throws {
    let xml = """
      <!DOCTYPE note [<!ENTITY app "budget"><!ENTITY site "https://ex.org/?a=1&amp;b=&app;">]>
      <note><para><link href="a?b=1&amp;c=2">one</link> <link href="&site;&amp;c=&#38;d">two</link></para></note>
      """
    let targets = try read(xml).runs.compactMap { run -> String? in
      if case .link(let target, _) = run.attribute { return target }
      return nil
    }
    #expect(targets == ["a?b=1&c=2", "https://ex.org/?a=1&b=budget&c=&d"])
  }

  @Test func anEntityWhoseExpansionPassesTheLimitExpandsNothingAndSaysSo() throws {
    // Ten levels of ten: 3 GB. A loop is refused the same way.
    var declarations = "<!ENTITY l0 \"lol\">"
    for level in 1...9 {
      declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
    }
    declarations += "<!ENTITY a \"&b;\"><!ENTITY b \"x&a;\">"
    let document = try read("<!DOCTYPE r [\(declarations)]>\n<r><p>Laughs: &l9;</p><p>Loop: &a;</p><p>&l1;</p></r>")
    #expect(document.text == "Laughs:\nLoop:\n" + String(repeating: "lol", count: 10))
    let refused = document.diagnostics.filter { $0.message.contains("was not expanded") && $0.changesText }
    #expect(refused.count == 2 && refused.allSatisfy { $0.line == 2 }, "\(document.diagnostics)")
    #expect(refused.first?.message.contains("billion laughs") == true)
  }

  @Test func anExternalDTDIsNotLoaded() throws {
    let xml = "<?xml version=\"1.0\"?><!DOCTYPE note SYSTEM \"file:///etc/passwd\"><note><para>ok</para></note>"
    #expect(try read(xml).text == "ok")
  }

  @Test func nestingBeyondTheLimitKeepsTextButReportsIt() throws {
    let depth = 2000
    let xml = String(repeating: "<d>", count: depth) + "deep text" + String(repeating: "</d>", count: depth)
    let document = try XMLReader(options: ReaderOptions(maximumDepth: 64)).read(bytes: Array(xml.utf8))
    #expect(!document.diagnostics.isEmpty)
  }

  @Test func malformedXMLRecoversWhatItCan() throws {
    let document = try read("<note><para>first</para><para>second <b>bold</para></note>")
    #expect(document.text.contains("first"))
    #expect(!document.diagnostics.isEmpty)
  }

  @Test func aControlCharacterInAnAttributeValueIsASpaceAndTheRestIsRead() throws {
    let document = try read("<?xml version=\"1.0\"?>\n<n><p a=\"x\u{1}y\">ab</p><p>after</p></n>")
    #expect(document.text == "ab\nafter")
    let warning = try #require(document.diagnostics.first { $0.message.contains("control character") })
    #expect(
      warning.description
        == "2:11: warning: 1 control character(s) that XML does not allow (the first U+0001) were read as spaces")
    #expect(warning.changesText)
  }
}
