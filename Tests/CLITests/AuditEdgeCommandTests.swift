import Foundation
import Testing

/// Issue 55's audit rows end to end: a deeply nested page is audited (no crash, the depth warning
/// said), Markdown gets no page rules, and a finding inside a book names its entry with the line
/// and column inside it, in text, JSON, SARIF, the preview's blocks and braille's warnings.
@Suite struct AuditEdgeCommandTests {
  /// The page: 50,000 `<div>`s around one word.
  static let deepPage =
    "<html lang=en><title>t</title>" + String(repeating: "<div>", count: 50_000) + "x"
    + String(repeating: "</div>", count: 50_000) + "\n"

  static func write(_ text: String, _ name: String, in folder: String) throws -> String {
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aPageNestedFiftyThousandDeepIsAuditedAndTheDepthLimitIsSaid() throws {
    let folder = try freshFolder("audit-deep")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try Self.write(Self.deepPage, "deep.html", in: folder)
    let result = try CLIRunner.run(["audit", page])
    #expect(result.status == 0, "\(result.status) \(result.stderr)")
    #expect(result.stdout == "0 findings in 1 file\n")
    #expect(
      result.stderr
        == "textrotor: \(page):1:1305: warning: elements nested deeper than 256 levels keep their text but not "
        + "their structure (limit: --max-depth)\n")
    let quiet = try CLIRunner.run(["audit", "--quiet", page])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    // Past the limit the walks still hold: the facts keep all 50,000 levels.
    let unlimited = try CLIRunner.run(["audit", "--max-depth", "100000", "--format", "json", page])
    #expect(unlimited.status == 0, "\(unlimited.status) \(unlimited.stderr)")
    #expect(unlimited.stderr.isEmpty)
    let preview = try CLIRunner.run(["preview", page, "-o", folder + "/deep-preview.html"])
    #expect(preview.status == 0, "\(preview.status) \(preview.stderr)")
  }

  @Test func aLinkFiftyThousandElementsDeepIsNamedThroughItsContent() throws {
    let folder = try freshFolder("audit-deep-link")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let page = try Self.write(
      "<html lang=en><title>t</title><body><a href=\"/a\">" + String(repeating: "<span>", count: 50_000) + "more"
        + String(repeating: "</span>", count: 50_000) + "</a></body></html>\n", "link.html", in: folder)
    let result = try CLIRunner.run(["audit", "--max-depth", "60000", "--quiet", "--rules", "link-text", page])
    #expect(result.status == 0, "\(result.status) \(result.stderr)")
    #expect(result.stdout.hasPrefix("\(page):1:"))
    #expect(result.stdout.contains("link text \"more\" does not say where the link goes"))
  }

  @Test func markdownGetsTheTextRulesOnlyAtItsOwnPositions() throws {
    let folder = try freshFolder("audit-markdown")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let clean = try Self.write("# Trail notes\n\nOpen daily.\n", "s.md", in: folder)
    let result = try CLIRunner.run(["audit", clean])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout == "0 findings in 1 file\n")
    let vague = try Self.write(
      "# Trail notes\n\nOpen daily.\n\nFor the map [click here](https://example.org/map).\n", "v.md", in: folder)
    let found = try CLIRunner.run(["audit", "--format", "json", vague])
    #expect(found.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(findings.map { $0["rule"] as? String } == ["link-text"])
    let input = try #require(findings.first?["input"] as? [String: Any])
    #expect(input["line"] as? Int == 5)
    // The HTML written from the Markdown is never the place named.
    #expect((input["column"] as? Int).map { $0 >= 1 && $0 <= 48 } == true, "\(input)")
    #expect(input["entry"] == nil)
  }

  static let book =
    ContainerCommandTests.epubWriter + """
      body_b = '<p>One.</p>\\n<p>Two <span lang="ja">公園</span>.</p>\\n<p>Write to ann@example.org today.</p>'
      epub('book.epub', [('b.xhtml', xhtml('en', body_b)), ('a.xhtml', xhtml('en', '<p>First chapter.</p>\\n<p>More.</p>'))])
      W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
      z = zipfile.ZipFile('doc.docx', 'w', zipfile.ZIP_DEFLATED)
      z.writestr('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
      z.writestr('word/document.xml', '<w:document %s><w:body><w:p><w:r><w:t>Intro.</w:t></w:r></w:p><w:p><w:r><w:t>Mail ann@example.org now.</w:t></w:r></w:p></w:body></w:document>' % W)
      z.close()

      """

  @Test func aFindingInABookNamesItsEntryInTextJSONAndSARIF() throws {
    let folder = try ContainerCommandTests.build(Self.book)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let book = folder + "/book.epub"
    let text = try CLIRunner.run(["audit", "--rules", "contact-not-linked", book])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(
      text.stdout.hasPrefix(
        "\(book):OEBPS/b.xhtml:3:13: warning: e-mail address \"ann@example.org\" is plain text, not a link [contact-not-linked]"
      ),
      "\(text.stdout)")

    let json = try CLIRunner.run(["audit", "--format", "json", "--rules", "contact-not-linked", book])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let finding = try #require((object["findings"] as? [[String: Any]])?.first)
    let input = try #require(finding["input"] as? [String: Any])
    #expect(input["entry"] as? String == "OEBPS/b.xhtml")
    #expect(input["line"] as? Int == 3)
    #expect(input["column"] as? Int == 13)

    let sarif = try CLIRunner.run(["audit", "--format", "sarif", "--rules", "contact-not-linked", book])
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let artifacts = try #require(run["artifacts"] as? [[String: Any]])
    #expect(artifacts.map { ($0["location"] as? [String: Any])?["uri"] as? String } == [book, "OEBPS/b.xhtml"])
    #expect(artifacts.map { $0["parentIndex"] as? Int } == [nil, 0])
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(
      (result["message"] as? [String: Any])?["text"] as? String
        == "OEBPS/b.xhtml:3:13: e-mail address \"ann@example.org\" is plain text, not a link")
    let physical = try #require(
      ((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
    let artifact = try #require(physical["artifactLocation"] as? [String: Any])
    #expect(artifact["uri"] as? String == book)
    #expect(artifact["index"] as? Int == 0)
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 3)
    #expect(region["startColumn"] as? Int == 13)

    let docx = try CLIRunner.run(["audit", "--rules", "contact-not-linked", folder + "/doc.docx"])
    #expect(docx.stdout.hasPrefix("\(folder)/doc.docx:word/document.xml:1:"), "\(docx.stdout)")
  }

  @Test func aBooksPreviewBlocksAndBrailleWarningsNameTheirEntry() throws {
    let folder = try ContainerCommandTests.build(Self.book)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let book = folder + "/book.epub"
    let preview = try CLIRunner.run(["preview", book, "-o", folder + "/book.html"])
    #expect(preview.status == 0, "\(preview.stderr)")
    let page = try String(contentsOfFile: folder + "/book.html", encoding: .utf8)
    #expect(page.contains(" · OEBPS/a.xhtml:1:"))
    #expect(page.contains(" · OEBPS/b.xhtml:3:"))
    #expect(!page.contains(" · line "))
    let braille = try CLIRunner.run(["braille", book])
    #expect(braille.status == 0)
    #expect(
      braille.stderr.contains("textrotor: \(book):OEBPS/b.xhtml:2:"),
      "\(braille.stderr)")
  }
}
