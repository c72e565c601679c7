public import TextModel

extension TextDocument {
  /// The whole model as JSON: text, title, language, blocks, runs and diagnostics, with every
  /// range given in UTF-8, UTF-16 and Character offsets and mapped to the input's line:column.
  public func jsonString() -> String {
    var json = JSONWriter()
    writeJSON(into: &json)
    return json.output
  }

  /// Writes the model of ``jsonString()`` into `json`; a streaming writer passes it on as it grows.
  public func writeJSON(into json: inout JSONWriter) {
    var converter = offsetConverter()
    json.object { json in
      json.member("format", format.rawValue)
      json.member("title", title)
      json.member("language", language)
      json.key("text")
      json.string(text)
      json.key("blocks")
      json.array { json in
        for block in blocks {
          json.object { json in
            json.member("kind", block.kind.name)
            if let level = block.kind.headingLevel { json.member("level", level) }
            switch block.kind {
            case .landmark(let landmark): json.member("landmark", landmark.rawValue)
            case .list(let ordered): json.key("ordered"); json.bool(ordered)
            case .tableCell(let header): json.key("header"); json.bool(header)
            default: break
            }
            json.member("label", block.label)
            json.member("depth", block.depth)
            writeRange(block.range, converter: &converter, into: &json)
          }
        }
      }
      json.key("runs")
      json.array { json in
        for run in runs {
          json.object { json in
            json.member("attribute", run.attribute.name)
            switch run.attribute {
            case .link(let target, let name):
              json.member("target", target)
              json.member("name", name)
            case .emphasis(let style): json.member("style", style.rawValue)
            case .language(let tag): json.member("language", tag)
            case .detectedLanguage(let tag, let confidence):
              json.member("language", tag)
              json.key("detected")
              json.bool(true)
              json.key("confidence")
              json.number((confidence * 100).rounded() / 100)
            case .alert(let severity, let kind):
              json.member("severity", severity.rawValue)
              json.member("marking", kind)
            case .abbreviation(let expansion): json.member("expansion", expansion)
            case .image(let source): json.member("source", source)
            case .speech(let hint): json.member("hint", hint.rawValue)
            case .time(let datetime): json.member("datetime", datetime)
            case .code: break
            }
            writeRange(run.range, converter: &converter, into: &json)
          }
        }
      }
      json.key("diagnostics")
      json.array { json in
        for diagnostic in diagnostics {
          json.object { json in
            json.member("severity", diagnostic.severity.rawValue)
            json.member("message", diagnostic.message)
            if let line = diagnostic.line { json.member("line", line) }
            if let column = diagnostic.column { json.member("column", column) }
          }
        }
      }
    }
  }

  /// Writes `"text"`, `"start"`, `"end"` (each with utf8, utf16, char) and `"input"` (the input byte offset, line and column).
  public func writeRange(_ range: TextRange, converter: inout TextOffsetConverter, into json: inout JSONWriter) {
    json.key("text")
    json.string(self[range])
    for (name, offset) in [("start", range.start), ("end", range.end)] {
      let position = converter.position(advancingTo: offset)
      json.key(name)
      json.object { json in
        json.member("utf8", position.utf8)
        json.member("utf16", position.utf16)
        json.member("char", position.char)
      }
    }
    let byte = sourceMap.sourceOffset(forTextOffset: range.start)
    let (line, column) = sourceMap.lineAndColumn(forSourceOffset: byte)
    json.key("input")
    json.object { json in
      json.member("byte", byte)
      json.member("line", line)
      json.member("column", column)
    }
  }
}
