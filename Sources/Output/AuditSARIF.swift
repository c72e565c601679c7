public import Audit

/// `audit --format sarif`: SARIF 2.1.0 (OASIS), as GitHub code scanning takes it: one run, the
/// rules of `AuditRules.all` that ran as `tool.driver.rules`, one result per finding with its
/// physical location (URI relative as given, line, column, byte offset, snippet). ACT ids and WCAG
/// criteria go in each rule's and result's `properties`.
public enum AuditSARIF {
  public static func write(
    _ files: [AuditedFile], rules: [AuditRuleDescriptor], version: String, to json: inout JSONWriter
  ) {
    json.object { json in
      json.member("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
      json.member("version", "2.1.0")
      json.key("runs")
      json.array { json in
        json.object { json in
          json.key("tool")
          json.object { json in
            json.key("driver")
            json.object { json in
              json.member("name", "textrotor")
              json.member("version", version)
              json.member("informationUri", "https://github.com/textrotor/textrotor/blob/main/docs/AUDIT.md")
              json.key("rules")
              json.array { json in for rule in rules { write(rule, to: &json) } }
            }
          }
          json.member("columnKind", "unicodeCodePoints")
          json.key("results")
          json.array { json in
            for file in files {
              for finding in file.findings {
                write(finding, file: file, ruleIndex: rules.firstIndex { $0.name == finding.rule }, to: &json)
              }
            }
          }
        }
      }
    }
  }

  private static func level(_ severity: AuditSeverity) -> String { severity == .error ? "error" : "warning" }

  private static func write(_ rule: AuditRuleDescriptor, to json: inout JSONWriter) {
    json.object { json in
      json.member("id", rule.name)
      json.key("shortDescription")
      json.object { json in json.member("text", rule.summary) }
      json.key("help")
      json.object { json in json.member("text", rule.fix) }
      json.key("defaultConfiguration")
      json.object { json in json.member("level", level(rule.severity)) }
      json.key("properties")
      json.object { json in
        json.key("tags")
        json.array { json in
          json.string("accessibility")
          for id in rule.act { json.string("act:" + id) }
          for criterion in rule.wcag { json.string("wcag:" + criterion) }
        }
      }
    }
  }

  private static func write(_ finding: AuditFinding, file: AuditedFile, ruleIndex: Int?, to json: inout JSONWriter) {
    json.object { json in
      json.member("ruleId", finding.rule)
      if let ruleIndex { json.member("ruleIndex", ruleIndex) }
      json.member("level", level(finding.severity))
      json.key("message")
      json.object { json in json.member("text", finding.message) }
      json.key("locations")
      json.array { json in
        json.object { json in
          json.key("physicalLocation")
          json.object { json in
            json.key("artifactLocation")
            json.object { json in json.member("uri", uri(file.path)) }
            json.key("region")
            json.object { json in
              json.member("startLine", max(1, finding.line))
              json.member("startColumn", max(1, finding.column))
              json.member("byteOffset", max(0, finding.sourceOffset))
              if !finding.snippet.isEmpty {
                json.key("snippet")
                json.object { json in json.member("text", finding.snippet) }
              }
            }
          }
          if let entry = file.entry {
            json.key("logicalLocations")
            json.array { json in
              json.object { json in
                json.member("fullyQualifiedName", entry)
                json.member("kind", "member")
              }
            }
          }
        }
      }
      json.key("properties")
      json.object { json in
        json.key("act")
        json.array { json in for id in finding.act { json.string(id) } }
        json.key("wcag")
        json.array { json in for criterion in finding.wcag { json.string(criterion) } }
        json.member("fix", finding.fix)
      }
    }
  }

  /// A path as a relative URI reference: percent-encodes what a URI may not hold.
  static func uri(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      let scalar = Unicode.Scalar(byte)
      if byte < 0x80,
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/-._~".unicodeScalars.contains(scalar)
      {
        result.unicodeScalars.append(scalar)
      } else {
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
      }
    }
    return result
  }
}
