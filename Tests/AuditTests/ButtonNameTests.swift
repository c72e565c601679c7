import Testing

@testable import Audit

/// ``ButtonName`` (`button-name`): markup it reports, and markup it leaves alone.
@Suite struct ButtonNameTests {
  @Test(
    "reports",
    arguments: [
      "<button></button>",
      "<input type=\"button\">",
      "<div role=\"button\"></div>",
    ])
  func reports(_ body: String) throws {
    let findings = try AuditFixture.findings(of: "button-name", in: body)
    #expect(findings.count >= 1, "\(body)")
    #expect(findings.allSatisfy { $0.rule == "button-name" && $0.act == ButtonName.descriptor.act })
  }

  @Test(
    "leaves alone",
    arguments: [
      "<button>Save</button>",
      "<input type=\"submit\">",
      "<input type=\"button\" value=\"Go\">",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "button-name", in: body).isEmpty, "\(body)")
  }
}
