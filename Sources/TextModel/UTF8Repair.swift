/// Replaces invalid UTF-8 with U+FFFD (one replacement per maximal invalid subpart, as the WHATWG
/// decoder and Swift's `String(decoding:)` do) and remembers where bytes moved, so offsets in the
/// repaired text map back to offsets in the original input.
///
/// Feed chunks in order with ``repair(_:isFinal:)``; an incomplete sequence at the end of a chunk is
/// carried to the next one.
public struct UTF8Repair: Sendable {
  /// Points where the repaired and original offsets differ from the previous point onwards.
  /// (repairedOffset, originalOffset), increasing.
  public private(set) var shifts: [(repaired: Int, original: Int)] = []
  /// How many replacements were made.
  public private(set) var replacementCount = 0
  /// The 0-based original offset of the first invalid byte, if any.
  public private(set) var firstInvalidOffset: Int?
  private var carry: [UInt8] = []
  private var originalConsumed = 0
  private var repairedProduced = 0

  public init() {}

  /// Repairs one chunk and returns valid UTF-8.
  public mutating func repair(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> [UInt8] {
    var input = carry
    input.append(contentsOf: chunk)
    let inputStart = originalConsumed - carry.count
    carry.removeAll(keepingCapacity: true)
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var index = 0
    let count = input.count
    while index < count {
      let byte = input[index]
      if byte < 0x80 {
        output.append(byte)
        index += 1
        continue
      }
      let (length, valid) = Self.sequence(input, at: index, count: count)
      if valid {
        output.append(contentsOf: input[index..<(index + length)])
        index += length
        continue
      }
      if length == 0 && !isFinal {
        // Possibly a sequence cut by the chunk boundary: keep it for the next chunk.
        carry.append(contentsOf: input[index...])
        break
      }
      let badLength = Swift.max(1, length == 0 ? count - index : length)
      if firstInvalidOffset == nil { firstInvalidOffset = inputStart + index }
      replacementCount += 1
      output.append(contentsOf: [0xEF, 0xBF, 0xBD])
      index += badLength
      shifts.append((repaired: repairedProduced + output.count, original: inputStart + index))
    }
    originalConsumed += chunk.count
    repairedProduced += output.count
    return output
  }

  /// The original input offset of a repaired-text offset.
  public func originalOffset(_ repaired: Int) -> Int {
    guard !shifts.isEmpty, repaired >= shifts[0].repaired else { return repaired }
    let low = shifts.partitioningIndex { $0.repaired > repaired } - 1
    return shifts[low].original + (repaired - shifts[low].repaired)
  }

  /// The length of the sequence at `index` and whether it is valid. A length of 0 means the
  /// sequence is a valid prefix cut short by the end of the input. An invalid sequence's length is
  /// its maximal invalid subpart (at least 1).
  @inline(__always)
  private static func sequence(_ bytes: [UInt8], at index: Int, count: Int) -> (Int, Bool) {
    let lead = bytes[index]
    let needed: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: needed = 1
    case 0xE0: needed = 2; lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: needed = 2
    case 0xED: needed = 2; upper = 0x9F
    case 0xF0: needed = 3; lower = 0x90
    case 0xF1...0xF3: needed = 3
    case 0xF4: needed = 3; upper = 0x8F
    default: return (1, false)
    }
    var offset = 1
    while offset <= needed {
      if index + offset >= count { return (0, false) }
      let next = bytes[index + offset]
      let (lo, hi): (UInt8, UInt8) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
      if next < lo || next > hi { return (offset, false) }
      offset += 1
    }
    return (needed + 1, true)
  }
}
