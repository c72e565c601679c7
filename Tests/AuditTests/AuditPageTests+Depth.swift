import DocumentParsing
import Testing
import TextModel

@testable import Audit

/// The page's walks (accessible names, own text, visible text) at any depth: loops with their own
/// stacks, so a document read with a depth limit far past the default still audits.
extension AuditPageTests {
  /// `html` read with markup facts and `maximumDepth` (the reader's `--max-depth`).
  static func page(_ html: String, maximumDepth: Int) throws -> AuditPage {
    var options = ReaderOptions(maximumDepth: maximumDepth)
    options.collectsMarkupFacts = true
    return AuditPage(document: try DocumentReader(options: options).read(bytes: Array(html.utf8), format: .html))
  }

  @Test func namesAndTextAreWorkedOutThroughFiftyThousandLevels() throws {
    let depth = 50_000
    let page = try Self.page(
      "<html lang=en><title>t</title><body><a href=\"/a\">" + String(repeating: "<span>", count: depth)
        + "Trail <img alt=\"map\"> notes" + String(repeating: "</span>", count: depth) + "</a></body></html>",
      maximumDepth: depth + 10)
    let link = try #require(page.elementIndices.first { page.name($0) == "a" })
    #expect(page.descendants(of: link).count == depth + 1)
    #expect(page.accessibleName(link) == "Trail map notes")
    #expect(page.visibleText(of: link) == "Trail  notes")
    #expect(page.ownText(of: 0).split(separator: " ") == ["t", "Trail", "map", "notes"])
    #expect(page.textContent(of: link) == "Trail  notes")
    // Every rule runs.
    _ = Auditor().audit(page.document)
  }

  @Test func anAriaLabelledByTargetsOwnLabelledByIsNotFollowed() throws {
    // Accessible Name 1.2, step 2B: not "when already part of an aria-labelledby traversal".
    let page = try Self.page(
      AuditFixture.page(
        "<a href=\"/x\" aria-labelledby=\"a\"></a><span id=\"a\">Park <span aria-labelledby=\"b\">map</span></span>"
          + "<span id=\"b\">Bus</span>"), maximumDepth: 256)
    let link = try #require(page.elementIndices.first { page.name($0) == "a" })
    #expect(page.accessibleName(link) == "Park map")
  }

  @Test func aChainOfFiftyThousandLabelledByStaysOneStepLong() throws {
    // Each span is labelled by the next: a chain the old recursion followed to the end of the page.
    let count = 50_000
    var body = "<a href=\"/x\" aria-labelledby=\"s0\"></a>"
    for index in 0..<count {
      body += "<span id=\"s\(index)\">w\(index)<b aria-labelledby=\"s\(index + 1)\"></b></span>"
    }
    let page = try Self.page(AuditFixture.page(body), maximumDepth: 256)
    let link = try #require(page.elementIndices.first { page.name($0) == "a" })
    #expect(page.accessibleName(link) == "w0")
  }
}
