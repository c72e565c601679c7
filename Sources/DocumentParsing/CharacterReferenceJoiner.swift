/// Text on its way to the ``MarkupAssembler``, with the two repairs HTML text needs after libxml2:
/// a named reference libxml2 does not know arrives as an "&" event and then its name, so the two are
/// held and decoded together (``HTMLNamedReferences``); and the numeric references &#128;–&#159;,
/// which name windows-1252 characters (`&#146;` is ’) but come as U+0080–U+009F, are mapped
/// (``HTMLC1Characters``). The HTML builder and the Markdown assembly both deliver text through it.
struct CharacterReferenceJoiner {
  /// A held "&": its offset, and the name read after it so far.
  private var held: (offset: Int, name: [UInt8]?)?

  /// Takes the text of one event, starting at input offset `offset`: what is text now goes to
  /// `assembler`, an "&" and the name after it wait for the next event.
  mutating func text(_ text: UnsafeBufferPointer<UInt8>, offset: Int, into assembler: inout MarkupAssembler) {
    if text.count == 1 && text[0] == 0x26 {
      flush(into: &assembler)
      held = (offset, nil)
      return
    }
    var rest = text[...]
    if let pending = held {
      if pending.name == nil, text.count <= 40, text.allSatisfy(HTMLNamedReferences.isNameByte) {
        held!.name = Array(text)
        return
      }
      held = nil
      let semicolon = text.first == 0x3B
      if let name = pending.name, let (value, used) = HTMLNamedReferences.resolve(name: name, semicolon: semicolon) {
        Self.deliver(Array(value.utf8) + name[used...], offset: pending.offset, into: &assembler)
        if semicolon && used == name.count { rest = rest.dropFirst() }
      } else {
        Self.deliver([0x26] + (pending.name ?? []), offset: pending.offset, into: &assembler)
      }
    }
    guard !rest.isEmpty else { return }
    Self.deliver(UnsafeBufferPointer(rebasing: rest), offset: offset + (text.count - rest.count), into: &assembler)
  }

  /// Ends a held reference that nothing more follows (`&copy` before a tag).
  mutating func flush(into assembler: inout MarkupAssembler) {
    guard let pending = held else { return }
    held = nil
    if let name = pending.name, let (value, used) = HTMLNamedReferences.resolve(name: name, semicolon: false) {
      Self.deliver(Array(value.utf8) + name[used...], offset: pending.offset, into: &assembler)
    } else {
      Self.deliver([0x26] + (pending.name ?? []), offset: pending.offset, into: &assembler)
    }
  }

  private static func deliver(_ bytes: [UInt8], offset: Int, into assembler: inout MarkupAssembler) {
    bytes.withUnsafeBufferPointer { deliver($0, offset: offset, into: &assembler) }
  }

  private static func deliver(_ text: UnsafeBufferPointer<UInt8>, offset: Int, into assembler: inout MarkupAssembler) {
    guard HTMLC1Characters.contains(text) else { return assembler.text(text, sourceOffset: offset) }
    HTMLC1Characters.mapped(text).withUnsafeBufferPointer { assembler.text($0, sourceOffset: offset) }
  }
}
