/// A position expressed in every unit a client may want.
public struct TextPosition: Hashable, Sendable, Codable {
  /// UTF-8 offset (the library's own unit).
  public var utf8: Int
  /// UTF-16 code-unit offset (NSRange, UITextRange, JavaScript).
  public var utf16: Int
  /// Character (extended grapheme cluster) offset.
  public var char: Int

  public init(utf8: Int, utf16: Int, char: Int) {
    self.utf8 = utf8
    self.utf16 = utf16
    self.char = char
  }
}

/// Converts UTF-8 offsets of a text into UTF-16 and Character offsets, and back.
///
/// It keeps a checkpoint every 256 Characters, so a conversion walks at most 256 Characters.
/// An offset inside a Character converts to that Character's index for `char`, and exactly for `utf16`.
public struct TextOffsetConverter: Sendable {
  private let text: String
  /// (utf8, utf16, char) at every 256th Character boundary, starting at 0.
  private var checkpoints: [TextPosition] = []
  private static let stride = 256

  public init(_ text: String) {
    self.text = text
    var utf8 = 0
    var utf16 = 0
    var char = 0
    checkpoints.reserveCapacity(text.utf8.count / Self.stride + 1)
    var copy = text
    copy.withUTF8 { bytes in
      let count = bytes.count
      while utf8 < count {
        if char % Self.stride == 0 { checkpoints.append(TextPosition(utf8: utf8, utf16: utf16, char: char)) }
        let byte = bytes[utf8]
        // Fast path: an ASCII byte followed by an ASCII byte (or the end) is a whole Character,
        // except CR LF, which is one Character of two bytes.
        if byte < 0x80 && (utf8 + 1 == count || bytes[utf8 + 1] < 0x80) {
          if byte == 0x0D && utf8 + 1 < count && bytes[utf8 + 1] == 0x0A {
            utf8 += 2
            utf16 += 2
          } else {
            utf8 += 1
            utf16 += 1
          }
          char += 1
          continue
        }
        // Slow path: one Character by the standard library's grapheme rules.
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: utf8)
        let next = text.index(after: index)
        utf8 += text.utf8.distance(from: index, to: next)
        utf16 += text.utf16.distance(from: index, to: next)
        char += 1
      }
    }
    if checkpoints.isEmpty || char % Self.stride == 0 {
      checkpoints.append(TextPosition(utf8: utf8, utf16: utf16, char: char))
    }
    _end = TextPosition(utf8: utf8, utf16: utf16, char: char)
  }

  private var _end: TextPosition = TextPosition(utf8: 0, utf16: 0, char: 0)

  /// The position of the end of the text.
  public var end: TextPosition { _end }

  private func checkpoint(where key: (TextPosition) -> Int, atMost value: Int) -> TextPosition {
    var low = 0
    var high = checkpoints.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if key(checkpoints[mid]) <= value { low = mid } else { high = mid - 1 }
    }
    return checkpoints[low]
  }

  /// The position of a UTF-8 offset (clamped to the text).
  public func position(utf8 offset: Int) -> TextPosition {
    let target = Swift.min(Swift.max(offset, 0), _end.utf8)
    var position = checkpoint(where: { $0.utf8 }, atMost: target)
    var copy = text
    return copy.withUTF8 { bytes in
      let count = bytes.count
      while position.utf8 < target {
        let byte = bytes[position.utf8]
        if byte < 0x80 && (position.utf8 + 1 == count || bytes[position.utf8 + 1] < 0x80) {
          if byte == 0x0D && position.utf8 + 1 < count && bytes[position.utf8 + 1] == 0x0A {
            if position.utf8 + 2 > target {
              // Between CR and LF: inside one Character.
              position.utf8 += 1
              position.utf16 += 1
              return position
            }
            position.utf8 += 2
            position.utf16 += 2
          } else {
            position.utf8 += 1
            position.utf16 += 1
          }
          position.char += 1
          continue
        }
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: position.utf8)
        let next = text.index(after: index)
        let size = text.utf8.distance(from: index, to: next)
        if position.utf8 + size > target {
          // Inside a Character: count UTF-16 units of the scalars before the target.
          var scalarIndex = index
          while position.utf8 < target {
            let scalar = text.unicodeScalars[scalarIndex]
            position.utf8 += scalar.utf8.count
            position.utf16 += scalar.utf16.count
            scalarIndex = text.unicodeScalars.index(after: scalarIndex)
          }
          return position
        }
        position.utf8 += size
        position.utf16 += text.utf16.distance(from: index, to: next)
        position.char += 1
      }
      return position
    }
  }

  /// The UTF-8 offset of a UTF-16 offset (clamped to the text).
  public func utf8Offset(utf16 offset: Int) -> Int {
    let target = Swift.min(Swift.max(offset, 0), _end.utf16)
    var position = checkpoint(where: { $0.utf16 }, atMost: target)
    var index = text.utf8.index(text.utf8.startIndex, offsetBy: position.utf8)
    while position.utf16 < target, index < text.endIndex {
      let scalar = text.unicodeScalars[index]
      if position.utf16 + scalar.utf16.count > target { break }
      position.utf16 += scalar.utf16.count
      position.utf8 += scalar.utf8.count
      index = text.unicodeScalars.index(after: index)
    }
    return position.utf8
  }

  /// The UTF-8 offset of a Character offset (clamped to the text).
  public func utf8Offset(char offset: Int) -> Int {
    let target = Swift.min(Swift.max(offset, 0), _end.char)
    var position = checkpoint(where: { $0.char }, atMost: target)
    var index = text.utf8.index(text.utf8.startIndex, offsetBy: position.utf8)
    while position.char < target {
      let next = text.index(after: index)
      position.utf8 += text.utf8.distance(from: index, to: next)
      position.char += 1
      index = next
    }
    return position.utf8
  }
}
