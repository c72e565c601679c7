import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The elements and xml:lang values of an XML document.
private final class Elements: NSObject, XMLParserDelegate {
  var names: Set<String> = []
  var languages: [String] = []
  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    names.insert(name)
    if let language = attributes["xml:lang"] { languages.append(language) }
  }
}

/// Issue 9, item 2: document `lang` values and `--locale` never become SSML markup or a voice path.
@Suite struct SSMLInjectionCommandTests {
  static let document =
    #"<html lang="en"><body><p>Hello <span lang='en"/><audio src="http://tracker.example/x.wav"/><s xml:lang="en'>world</span> and <span lang="../../x">path</span> and <span lang="fr">bonjour</span>.</p></body></html>"#

  @Test func langAttributesAreEscapedAndChecked() throws {
    let result = try CLIRunner.run(["speak", "--input", "html", "--format", "ssml"], input: Data(Self.document.utf8))
    #expect(result.status == 0)
    #expect(!result.stdout.contains("<audio") && !result.stdout.contains("tracker.example"))
    // Well-formed XML whose only elements are the ones SSML rendering makes.
    let parser = XMLParser(data: Data(result.stdout.utf8))
    let elements = Elements()
    parser.delegate = elements
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    #expect(elements.names.isSubset(of: ["speak", "mark", "break", "lang", "say-as"]))
    #expect(elements.languages == ["en", "fr"])
    #expect(result.stderr.contains("not well-formed BCP 47"))
  }

  @Test(arguments: [#"en"/><audio src="x"/><s xml:lang="en"#, "../../x", "en_US", ""])
  func aMalformedLocaleIsAUsageError(_ locale: String) throws {
    let result = try CLIRunner.run(["speak", "--locale", locale], input: Data("Hello.".utf8))
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let language = try CLIRunner.run(["speak", "--language", locale], input: Data("Hello.".utf8))
    #expect(language.status == 2)
    for command in ["parse", "detect"] {
      let other = try CLIRunner.run([command, "--language", locale], input: Data("Hello.".utf8))
      #expect(other.status == 2, "\(command): \(other.stderr)")
    }
  }

  @Test func aPathAsTheDocumentLanguageNeverReachesEspeak() throws {
    let folder = try freshFolder("audio-lang")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let html = #"<html lang="../../../../tmp/voice"><body><p>Hello there.</p></body></html>"#
    let result = try CLIRunner.run(
      ["speak", "--input", "html", "--audio", folder + "/out.wav"], input: Data(html.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder + "/out.wav"))
  }
}
