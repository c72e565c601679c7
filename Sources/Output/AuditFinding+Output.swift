package import Audit

/// The audit of one input: its name (a path, or `-`), the entry inside a container (EPUB, DOCX) if
/// all the findings come from one (a finding's own `AuditFinding.entry` wins), and the findings.
package struct AuditedFile: Sendable {
  package var path: String
  package var entry: String?
  package var findings: [AuditFinding]

  package init(path: String, entry: String? = nil, findings: [AuditFinding]) {
    self.path = path
    self.entry = entry
    self.findings = findings
  }
}

/// `audit --format json`: one object, `{"findings": [...]}`, each finding with `file`, `rule`, `act`,
/// `wcag`, `severity`, `message`, `input` (`byte`, `line`, `column`, `entry`), `start`/`end` for text
/// findings (UTF-8 offsets into the document text), `snippet` and `fix`.
package enum AuditJSON {
  package static func write(_ files: [AuditedFile], to json: inout JSONWriter) {
    json.object { json in
      json.key("findings")
      json.array { json in
        for file in files {
          for finding in file.findings { write(finding, file: file, to: &json) }
        }
      }
      json.member("files", files.count)
      json.member("count", files.reduce(0) { $0 + $1.findings.count })
    }
  }

  static func write(_ finding: AuditFinding, file: AuditedFile, to json: inout JSONWriter) {
    json.object { json in
      json.member("file", file.path)
      json.member("rule", finding.rule)
      json.key("act")
      json.array { json in for id in finding.act { json.string(id) } }
      json.key("wcag")
      json.array { json in for criterion in finding.wcag { json.string(criterion) } }
      json.member("severity", finding.severity.rawValue)
      json.member("message", finding.message)
      json.key("input")
      json.object { json in
        json.member("byte", finding.sourceOffset)
        json.member("line", finding.line)
        json.member("column", finding.column)
        if let entry = finding.entry ?? file.entry { json.member("entry", entry) }
      }
      if let range = finding.range {
        json.key("start")
        json.object { json in json.member("utf8", range.start) }
        json.key("end")
        json.object { json in json.member("utf8", range.end) }
      }
      json.member("snippet", finding.snippet)
      json.member("fix", finding.fix)
    }
  }
}

/// `audit --format text`: one line per finding, `FILE:LINE:COLUMN: severity: message [rule; ACT …]`
/// (in a book `FILE:ENTRY:LINE:COLUMN`, the line and column inside the entry, as `detect` writes
/// them), then the snippet and the fix indented; controls shown visibly.
package enum AuditText {
  package static func lines(_ files: [AuditedFile]) -> [String] {
    var lines: [String] = []
    for file in files {
      for finding in file.findings {
        let name = (finding.entry ?? file.entry).map { "\(file.path):\($0)" } ?? file.path
        let ids =
          (finding.act.isEmpty ? "" : "; ACT " + finding.act.joined(separator: ", "))
          + (finding.wcag.isEmpty ? "" : "; WCAG " + finding.wcag.joined(separator: ", "))
        lines.append(
          TerminalText.visible(
            "\(name):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) "
              + "[\(finding.rule)\(ids)]"))
        if !finding.snippet.isEmpty { lines.append("    " + TerminalText.visible(finding.snippet)) }
        lines.append("    fix: " + finding.fix)
      }
    }
    let count = files.reduce(0) { $0 + $1.findings.count }
    lines.append("\(count) finding\(count == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s")")
    return lines
  }
}
