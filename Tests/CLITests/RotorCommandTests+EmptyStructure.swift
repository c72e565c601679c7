import Foundation
import Testing

/// Issue 56: `rotor --list` shows a heading with no text as a screen reader says it, and a link
/// with no text by its target's file name, at the offset where each stands.
extension RotorCommandTests {
  static let emptyStructure = """
    <html lang="en"><h1>Feeds</h1><h2></h2><p>See <a href="/feeds/rss.xml"><img src="rss.png"></a> here</p></html>
    """

  @Test func theListsShowEmptyHeadingsAndLinksWhereTheyStand() throws {
    let headings = try CLIRunner.run(
      ["rotor", "-", "--input", "html", "--rotor", "headings", "--list"], input: Data(Self.emptyStructure.utf8))
    #expect(headings.status == 0)
    #expect(
      headings.stdout.split(separator: "\n") == [
        "2 headings", "1. level 1, line 1:21, offset 0: Feeds", "2. level 2, line 1:43, offset 6: heading level 2",
      ])
    let links = try CLIRunner.run(
      ["rotor", "-", "--input", "html", "--rotor", "links", "--list"], input: Data(Self.emptyStructure.utf8))
    #expect(links.stdout.split(separator: "\n") == ["1 link", "1. line 1:46, offset 9: rss.xml → /feeds/rss.xml"])
  }
}
