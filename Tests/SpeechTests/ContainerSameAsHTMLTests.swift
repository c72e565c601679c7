import Detection
import DocumentParsing
import Speech
import TestSupport
import Testing
import TextModel

/// A Word document gives what the same text written in HTML gives (issue 46): the same text, the
/// same detections at the same places, the same speech.
@Suite struct ContainerSameAsHTMLTests {
  static let namespaces =
    #"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" "#
    + #"xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships""#

  static func paragraph(_ text: String, style: String? = nil) -> String {
    let properties = style.map { #"<w:pPr><w:pStyle w:val="\#($0)"/></w:pPr>"# } ?? ""
    return "<w:p>\(properties)<w:r><w:t xml:space=\"preserve\">\(text)</w:t></w:r></w:p>"
  }

  static let lines = [
    "Call the visitor center at (415) 555-0132 between 8:00 and 17:00.",
    "Write to visitors@example.org; the contrast ratio is 11.7:1.",
    "Warning: the East Meadow is closed until May 30.",
  ]

  static func docx() -> [UInt8] {
    var zip = StoredZip()
    zip.add("[Content_Types].xml", "<Types/>")
    let body = paragraph("Spring Trip Guide", style: "Heading1") + lines.map { paragraph($0) }.joined()
    zip.add("word/document.xml", "<w:document \(namespaces)><w:body>\(body)</w:body></w:document>")
    zip.add(
      "word/styles.xml",
      "<w:styles \(namespaces)>"
        + #"<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>"#)
    return zip.bytes
  }

  static func html() -> [UInt8] {
    Array(("<html><body><h1>Spring Trip Guide</h1>" + lines.map { "<p>\($0)</p>" }.joined() + "</body></html>").utf8)
  }

  @Test func aWordDocumentReadsDetectsAndSpeaksAsTheSameHTML() throws {
    let word = try DocumentReader().read(bytes: Self.docx(), name: "guide.docx")
    let page = try DocumentReader().read(bytes: Self.html(), format: .html)
    #expect(word.format == .docx)
    #expect(word.text == page.text)
    #expect(word.blocks.map(\.kind) == page.blocks.map(\.kind))
    let options = DocumentDetector.Options(region: "US")
    let wordDetections = DocumentDetector(options: options).detect(in: word)
    let pageDetections = DocumentDetector(options: options).detect(in: page)
    #expect(wordDetections.count == 3)  // the phone, the e-mail address, the alert
    #expect(Array(wordDetections) == Array(pageDetections))
    let wordSpeech = SpeechRenderer(document: word, detections: wordDetections).render().plainText()
    let pageSpeech = SpeechRenderer(document: page, detections: pageDetections).render().plainText()
    #expect(wordSpeech == pageSpeech)
    #expect(wordSpeech.contains("4 1 5, 5 5 5, 0 1 3 2"))
  }
}
