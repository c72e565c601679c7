package import Audit

/// `audit --format sarif`: SARIF 2.1.0 (OASIS), as GitHub code scanning takes it: one run, the
/// rules of `AuditRules.all` that ran as `tool.driver.rules`, one result per finding with its
/// physical location (URI relative as given, line, column, byte offset, snippet). ACT ids and WCAG
/// criteria go in each rule's and result's `properties`.
///
/// A finding inside a container (an EPUB chapter, a DOCX part) names the entry as SARIF nests
/// artifacts (§3.24.3): `run.artifacts` holds the container and each entry with `parentIndex`
/// pointing at it, and the result's physical location is the container's file (`uri` the path,
/// `index` its artifact) with the line and column inside the entry. GitHub code scanning reads only
/// `physicalLocation.artifactLocation.uri` and the region (not `artifacts`, `parentIndex` or logical
/// locations): pointing the result at the entry's own URI would name a file the repository does
/// not have, so the alert sits on the book, and the message starts with `ENTRY:LINE:COLUMN:`, the
/// place a reader of the alert needs; the entry is also the result's logical location.
package enum AuditSARIF {
  package static func write(
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
          let artifacts = Artifacts(files)
          if !artifacts.list.isEmpty {
            json.key("artifacts")
            json.array { json in
              for artifact in artifacts.list {
                json.object { json in
                  json.key("location")
                  json.object { json in json.member("uri", artifact.uri) }
                  if let parent = artifact.parent { json.member("parentIndex", parent) }
                }
              }
            }
          }
          json.key("results")
          json.array { json in
            for (position, file) in files.enumerated() {
              for finding in file.findings {
                write(
                  finding, file: file, ruleIndex: rules.firstIndex { $0.name == finding.rule },
                  fileIndex: artifacts.fileIndices[position], to: &json)
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

  /// The artifacts of the run: each container with findings inside it, followed by its entries
  /// (nested: `parentIndex`); documents of one input are not listed.
  struct Artifacts {
    var list: [(uri: String, parent: Int?)] = []
    /// The artifact index of each file's container, nil for a document of one input.
    var fileIndices: [Int?] = []

    init(_ files: [AuditedFile]) {
      for file in files {
        var entries: [String] = []
        var seen = Set<String>()
        for finding in file.findings {
          if let entry = finding.entry ?? file.entry, seen.insert(entry).inserted { entries.append(entry) }
        }
        guard !entries.isEmpty else {
          fileIndices.append(nil)
          continue
        }
        let parent = list.count
        fileIndices.append(parent)
        list.append((AuditSARIF.uri(file.path), nil))
        for entry in entries { list.append((AuditSARIF.uri(entry), parent)) }
      }
    }
  }

  private static func write(
    _ finding: AuditFinding, file: AuditedFile, ruleIndex: Int?, fileIndex: Int?, to json: inout JSONWriter
  ) {
    let entry = finding.entry ?? file.entry
    json.object { json in
      json.member("ruleId", finding.rule)
      if let ruleIndex { json.member("ruleIndex", ruleIndex) }
      json.member("level", level(finding.severity))
      json.key("message")
      json.object { json in
        json.member(
          "text", entry.map { "\($0):\(finding.line):\(finding.column): \(finding.message)" } ?? finding.message)
      }
      json.key("locations")
      json.array { json in
        json.object { json in
          json.key("physicalLocation")
          json.object { json in
            json.key("artifactLocation")
            json.object { json in
              json.member("uri", uri(file.path))
              if entry != nil, let fileIndex { json.member("index", fileIndex) }
            }
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
          if let entry {
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
