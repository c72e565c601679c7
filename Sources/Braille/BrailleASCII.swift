/// North American Braille ASCII, the character set of BRF files: each 6-dot cell is one ASCII
/// character from space (0x20) to underscore (0x5F).
package enum BrailleASCII {
  /// The dots of each character from 0x20 to 0x5F, in order (BANA's table; "0" is the blank cell).
  static let dotsByCharacter: [String] = [
    "0", "2346", "5", "3456", "1246", "146", "12346", "3", "12356", "23456", "16", "346", "6", "36", "46", "34",
    "356", "2", "23", "25", "256", "26", "235", "2356", "236", "35", "156", "56", "126", "123456", "345", "1456",
    "4", "1", "12", "14", "145", "15", "124", "1245", "125", "24", "245", "13", "123", "134", "1345", "135",
    "1234", "12345", "1235", "234", "2345", "136", "1236", "2456", "1346", "13456", "1356", "246", "1256", "12456",
    "45", "456",
  ]

  /// The ASCII character of each 6-dot pattern (bit 0 is dot 1 … bit 5 dot 6, as in Unicode braille).
  static let characterByPattern: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 64)
    for (index, dots) in dotsByCharacter.enumerated() {
      var pattern = 0
      for digit in dots.utf8 where digit != UInt8(ascii: "0") { pattern |= 1 << Int(digit - UInt8(ascii: "1")) }
      table[pattern] = UInt8(0x20 + index)
    }
    return table
  }()

  /// The BRF character of a Unicode braille cell (U+2800…U+283F); nil for a cell with dot 7 or 8
  /// or a scalar that is not a braille cell.
  package static func character(for cell: Unicode.Scalar) -> UInt8? {
    let value = cell.value
    guard value >= 0x2800, value <= 0x28FF else { return cell == " " ? 0x20 : nil }
    let pattern = Int(value - 0x2800)
    guard pattern < 64 else { return nil }
    return characterByPattern[pattern]
  }

  /// The Unicode braille cell of a BRF character (either case of letters), nil outside the set.
  package static func cell(for character: UInt8) -> Unicode.Scalar? {
    var code = character
    if code >= 0x60, code <= 0x7E { code -= 0x20 }
    guard code >= 0x20, code <= 0x5F else { return nil }
    guard let pattern = characterByPattern.firstIndex(of: code) else { return nil }
    return Unicode.Scalar(0x2800 + UInt32(pattern))
  }

  /// `scalars` in computer braille, without liblouis: each printable ASCII character as its BRF
  /// cell (a letter of either case as the letter's), a space as the blank cell, any other
  /// character as liblouis writes one its table lacks (`'\xhhhh'`, in BRF cells); with, for each
  /// cell, the index of the scalar it came from. What a passage becomes when liblouis does not
  /// finish it.
  ///
  /// - Complexity: O(n).
  package static func computerBraille(_ scalars: [Unicode.Scalar]) -> (cells: [Unicode.Scalar], indices: [Int32]) {
    var cells: [Unicode.Scalar] = []
    var indices: [Int32] = []
    cells.reserveCapacity(scalars.count)
    indices.reserveCapacity(scalars.count)
    for (index, scalar) in scalars.enumerated() {
      if scalar == " " {
        cells.append("\u{2800}")
        indices.append(Int32(index))
      } else if scalar.value > 0x20, scalar.value < 0x7F, let cell = cell(for: UInt8(scalar.value)) {
        cells.append(cell)
        indices.append(Int32(index))
      } else {
        for byte in "'\\x\(String(scalar.value, radix: 16))'".utf8 {
          cells.append(cell(for: byte) ?? "\u{2800}")
          indices.append(Int32(index))
        }
      }
    }
    return (cells, indices)
  }
}
