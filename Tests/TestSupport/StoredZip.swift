/// A stored (uncompressed) ZIP written in the tests, entry by entry, so the container readers are
/// tested on exact bytes.
public struct StoredZip {
  public var entries: [(name: String, data: [UInt8], flags: UInt16)] = []

  public init() {}

  public mutating func add(_ name: String, _ text: String, flags: UInt16 = 0) {
    entries.append((name, Array(text.utf8), flags))
  }

  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  public var bytes: [UInt8] {
    var out: [UInt8] = []
    var directory: [UInt8] = []
    func le(_ value: UInt32, _ size: Int, into array: inout [UInt8]) {
      for index in 0..<size { array.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) }
    }
    for entry in entries {
      let offset = UInt32(out.count)
      let crc = Self.crc32(entry.data)
      let name = Array(entry.name.utf8)
      for (value, size) in [
        (0x0403_4B50, 4), (20, 2), (UInt32(entry.flags), 2), (0, 2), (0, 2), (0, 2), (crc, 4),
        (UInt32(entry.data.count), 4), (UInt32(entry.data.count), 4), (UInt32(name.count), 2), (0, 2),
      ] as [(UInt32, Int)] { le(value, size, into: &out) }
      out += name + entry.data
      for (value, size) in [
        (0x0201_4B50, 4), (20, 2), (20, 2), (UInt32(entry.flags), 2), (0, 2), (0, 2), (0, 2), (crc, 4),
        (UInt32(entry.data.count), 4), (UInt32(entry.data.count), 4), (UInt32(name.count), 2), (0, 2), (0, 2),
        (0, 2), (0, 2), (0, 4), (offset, 4),
      ] as [(UInt32, Int)] { le(value, size, into: &directory) }
      directory += name
    }
    let start = UInt32(out.count)
    out += directory
    for (value, size) in [
      (0x0605_4B50, 4), (0, 2), (0, 2), (UInt32(entries.count), 2), (UInt32(entries.count), 2),
      (UInt32(directory.count), 4), (start, 4), (0, 2),
    ] as [(UInt32, Int)] { le(value, size, into: &out) }
    return out
  }
}
