import Foundation
import Testing

/// `textrotor audit`: exit status by `--fail-on`, the three formats, `--rules`, folders, input and
/// usage errors, and SARIF that validates against the OASIS SARIF 2.1.0 schema.
@Suite struct AuditCommandTests {
  static let errorPage =
    "<!doctype html><html lang=\"en\"><head><title>T</title></head><body><img src=\"a.png\"></body></html>"
  static let warningPage =
    "<!doctype html><html lang=\"en\"><head><title>T</title></head><body><h1>A</h1><h3>B</h3></body></html>"
  static let cleanPage = "<!doctype html><html lang=\"en\"><head><title>T</title></head><body><h1>A</h1></body></html>"

  /// Writes pages into a fresh folder; returns the folder and the paths.
  static func folder(_ pages: [String: String]) throws -> (String, [String: String]) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-audit-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    var paths: [String: String] = [:]
    for (name, text) in pages {
      paths[name] = root + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
    }
    return (root, paths)
  }

  @Test(arguments: [
    ("error", "errorPage", Int32(3)), ("error", "warningPage", 0), ("error", "cleanPage", 0),
    ("warning", "errorPage", 3), ("warning", "warningPage", 3), ("warning", "cleanPage", 0),
    ("never", "errorPage", 0), ("never", "warningPage", 0),
  ])
  func exitStatusFollowsFailOn(_ failOn: String, _ page: String, _ status: Int32) throws {
    let text = ["errorPage": Self.errorPage, "warningPage": Self.warningPage, "cleanPage": Self.cleanPage][page]!
    let (root, paths) = try Self.folder(["p.html": text])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try CLIRunner.run(["audit", "--fail-on", failOn, paths["p.html"]!])
    #expect(result.status == status, "\(failOn) \(page): \(result.stdout)")
  }

  @Test func jsonFindingsCarryTheContractsFields() throws {
    let (root, paths) = try Self.folder(["p.html": Self.errorPage])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try CLIRunner.run(["audit", "--format", "json", paths["p.html"]!])
    #expect(result.status == 3)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    let finding = try #require(findings.first { $0["rule"] as? String == "image-alt" })
    #expect(finding["act"] as? [String] == ["23a2a8"])
    #expect(finding["wcag"] as? [String] == ["1.1.1"])
    #expect(finding["severity"] as? String == "error")
    #expect(finding["snippet"] as? String == "<img src=\"a.png\">")
    #expect((finding["fix"] as? String)?.isEmpty == false)
    let input = try #require(finding["input"] as? [String: Any])
    #expect(input["line"] as? Int == 1)
    #expect((input["byte"] as? Int).map { $0 > 0 } == true)
  }

  @Test func anXHTMLFileIsNotTextHTMLSoTheTextHTMLRulesDoNotApply() throws {
    let page =
      "<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"en\"><head><title>T</title></head>"
      + "<body><p lang=\"xyz\">Hello</p></body></html>"
    let (root, paths) = try Self.folder(["p.xhtml": page, "p.html": page])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let rules = "html-has-lang,valid-lang"
    let xhtml = try CLIRunner.run(["audit", "--format", "json", "--rules", rules, paths["p.xhtml"]!])
    #expect(xhtml.status == 0, "\(xhtml.stdout)")
    let html = try CLIRunner.run(["audit", "--format", "json", "--rules", rules, paths["p.html"]!])
    #expect(html.status == 3)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(html.stdout.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(
      findings.map { $0["message"] as? String } == [
        "<html> has no lang attribute", "lang=\"xyz\" is not a valid language tag",
      ])
  }

  @Test func rulesOptionRunsOnlyTheNamedRules() throws {
    let (root, paths) = try Self.folder(["p.html": Self.errorPage + "<h1></h1>"])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try CLIRunner.run(["audit", "--format", "json", "--rules", "empty-heading", paths["p.html"]!])
    #expect(!result.stdout.contains("image-alt"))
    let unknown = try CLIRunner.run(["audit", "--rules", "no-such-rule", paths["p.html"]!])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown rule 'no-such-rule'"))
  }

  @Test func aFolderIsAuditedFileByFile() throws {
    let (root, _) = try Self.folder(["a.html": Self.errorPage, "b.html": Self.cleanPage, "c.bin": "x"])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try CLIRunner.run(["audit", root])
    #expect(result.status == 3)
    #expect(result.stdout.contains("\(root)/a.html:1:"))
    #expect(result.stdout.hasSuffix("in 2 files\n"))
  }

  @Test func inputAndUsageErrorsExitOneAndTwo() throws {
    let missing = try CLIRunner.run(["audit", "/nonexistent/page.html"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("/nonexistent/page.html"))
    #expect(missing.stdout.isEmpty)
    #expect(try CLIRunner.run(["audit"]).status == 2)
    #expect(try CLIRunner.run(["audit", "--fail-on", "sometimes", "x.html"]).status == 2)
    // One unreadable file among others: the others are audited, the status says input error.
    let (root, paths) = try Self.folder(["a.html": Self.errorPage])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let mixed = try CLIRunner.run(["audit", paths["a.html"]!, "/nonexistent/page.html"])
    #expect(mixed.status == 1)
    #expect(mixed.stdout.contains("image has no text alternative"))
  }

  /// Validates with Python's jsonschema (Draft 4, as the schema declares); a copy with a required
  /// member removed must fail, so the check is known to bite.
  @Test func sarifValidatesAgainstTheSchema() throws {
    let (root, paths) = try Self.folder(["p.html": Self.errorPage + "<p>Mail ann@example.org</p>"])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let result = try CLIRunner.run(["audit", "--format", "sarif", paths["p.html"]!])
    #expect(result.status == 3)
    let sarif = root + "/out.sarif"
    try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: sarif))
    let schema = CLIRunner.packageRoot + "/Tests/AuditTests/Fixtures/sarif-schema-2.1.0.json"
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
      v = jsonschema.Draft4Validator(schema)
      bad = json.loads(json.dumps(doc)); del bad["runs"][0]["tool"]["driver"]["name"]
      print(len(list(v.iter_errors(doc))), len(list(v.iter_errors(bad))) > 0, len(doc["runs"][0]["results"]))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, schema, sarif]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(output == "0 True 2\n")
  }
}
