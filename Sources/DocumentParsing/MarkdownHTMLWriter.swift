/// A ``MarkdownSink`` that writes HTML text, for a Markdown document with raw HTML in it: raw HTML
/// only means something inside the whole stream of markup as a browser parses it (a `<details>`
/// block around Markdown paragraphs, an inline `<b>` closed three inlines later), so such a
/// document is read by the ``HTMLReader`` from the HTML GitHub would write. It records for every
/// piece where in the Markdown it came from, so that document maps back to the Markdown's bytes.
struct MarkdownHTMLWriter: MarkdownSink {
  /// The HTML written so far.
  private(set) var html: [UInt8] = []
  /// Where each recorded piece starts in ``html``, in increasing order.
  private(set) var htmlStarts: [Int] = []
  /// Where the same piece starts in the Markdown input (byte offset).
  private(set) var sourceStarts: [Int] = []
  /// How many Markdown bytes the piece spans (0 for markup the writer made up).
  private(set) var sourceLengths: [Int] = []
  /// Where the Markdown body starts in the input and how long the input is.
  private let bodyBase: Int
  private let inputEnd: Int

  init(bodyBase: Int, inputEnd: Int, capacity: Int) {
    self.bodyBase = bodyBase
    self.inputEnd = inputEnd
    html.reserveCapacity(capacity)
  }

  /// The Markdown byte offset that HTML byte `offset` came from.
  func sourceOffset(forHTMLOffset offset: Int) -> Int {
    var low = 0
    var high = htmlStarts.count
    while low < high {
      let middle = (low + high) / 2
      if htmlStarts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return bodyBase }
    let index = low - 1
    // Never past the input: a code line's literal can be longer than its Markdown (tabs expanded).
    return min(sourceStarts[index] + min(offset - htmlStarts[index], sourceLengths[index]), inputEnd)
  }

  // MARK: MarkdownSink

  static var takesRawHTML: Bool { true }

  mutating func mark(source: Int, length: Int) {
    if let last = htmlStarts.last, last == html.count {
      sourceStarts[sourceStarts.count - 1] = source
      sourceLengths[sourceLengths.count - 1] = length
      return
    }
    htmlStarts.append(html.count)
    sourceStarts.append(source)
    sourceLengths.append(length)
  }

  mutating func start(_ tag: MarkdownTag, _ attributes: [(String, String)]) {
    html.append(UInt8(ascii: "<"))
    html.append(contentsOf: tag.name.utf8)
    for (name, value) in attributes {
      html.append(UInt8(ascii: " "))
      html.append(contentsOf: name.utf8)
      write("=\"")
      var copy = value
      copy.withUTF8 { escape(UnsafeRawBufferPointer($0)) }
      html.append(UInt8(ascii: "\""))
    }
    html.append(UInt8(ascii: ">"))
  }

  mutating func end(_ tag: MarkdownTag) {
    write("</")
    html.append(contentsOf: tag.name.utf8)
    html.append(UInt8(ascii: ">"))
  }

  mutating func void(_ tag: MarkdownTag, _ attributes: [(String, String)]) {
    start(tag, attributes)
    html.removeLast()
    write(" />")
  }

  mutating func text(_ bytes: UnsafeRawBufferPointer) { escape(bytes) }

  mutating func lineFeed() { html.append(0x0A) }

  /// Raw HTML, as written. GFM's tag filter (spec 6.11: `<script>`, `<style>`, `<title>`… written
  /// as text) is not applied: it keeps a browser from running what a Markdown file carries, and
  /// TextRotor runs nothing; the HTML reader leaves out scripts and styles as a browser shows them.
  mutating func raw(_ bytes: UnsafeRawBufferPointer) { html.append(contentsOf: bytes) }

  // MARK: writing

  private mutating func write(_ literal: StaticString) {
    literal.withUTF8Buffer { html.append(contentsOf: $0) }
  }

  private mutating func escape(_ bytes: UnsafeRawBufferPointer) {
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "&"): write("&amp;")
      case UInt8(ascii: "<"): write("&lt;")
      case UInt8(ascii: ">"): write("&gt;")
      case UInt8(ascii: "\""): write("&quot;")
      default: html.append(byte)
      }
    }
  }
}
