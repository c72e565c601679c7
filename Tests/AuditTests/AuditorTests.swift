import Detection
import DocumentParsing
import ParallelSupport
import TestSupport
import Testing
import TextModel

@testable import Audit

/// ``Auditor``: detections a caller already made, and two threads, give the findings of a plain
/// audit.
@Suite(.tags(.threadSafety)) struct AuditorTests {
  static let html = """
    <!doctype html><html lang="en"><head><title>Contacts</title></head><body>
    <h1>Desk</h1><h3>Hours</h3>
    <p>Open 9:30 to 17:00, ratio 4.5:1. Call 415-555-0780 or mail desk@example.org.</p>
    <p>See https://parks.example.org/trail/10-20/map for pages 10-20.</p>
    <p><a href="tel:+14155550781">415-555-0781</a> <img src="logo.png"> <a href="/x">click here</a></p>
    </body></html>
    """

  static func document() throws -> TextDocument {
    var options = ReaderOptions.default
    options.collectsMarkupFacts = true
    return try DocumentReader(options: options).read(bytes: Array(html.utf8), format: .html)
  }

  @Test func detectionsPassedInGiveTheSameFindings() throws {
    let document = try Self.document()
    let plain = Auditor().audit(document)
    #expect(plain.contains { $0.rule == "contact-not-linked" })
    #expect(plain.contains { $0.rule == "ambiguous-numbers" })
    let detections = DocumentDetector(
      options: DocumentDetector.Options(kinds: [.email, .link, .phone], identifiesLanguages: false)
    ).detect(in: document)
    #expect(Auditor().audit(document, detections: detections) == plain)
    // A caller's other kinds (alerts, as `preview` detects) are left out.
    let withAlerts = DocumentDetector(
      options: DocumentDetector.Options(kinds: [.email, .link, .phone, .alert], identifiesLanguages: false)
    ).detect(in: document)
    #expect(Auditor().audit(document, detections: withAlerts) == plain)
  }

  @Test func twoThreadsFindWhatOneFinds() throws {
    let document = try Self.document()
    var serial = Auditor()
    serial.parallelism = .serial
    let findings = serial.audit(document)
    #expect(Set(findings.map(\.rule)).count >= 4)
    #expect(Auditor().audit(document) == findings)
  }

  @Test func onlyTheDetectionRulesReadDetections() {
    let reading = AuditRules.all.filter { $0.readsDetections }.map { $0.descriptor.name }
    #expect(reading == ["contact-not-linked", "ambiguous-numbers"])
  }
}
