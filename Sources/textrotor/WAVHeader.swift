/// The header of a PCM WAV file: what espeak-ng writes before its samples, and what ``AudioWriter``
/// writes at the start of the target (the canonical 44 bytes: RIFF, `fmt `, `data`).
struct WAVHeader: Equatable, CustomStringConvertible {
  var channels: UInt16
  var sampleRate: UInt32
  var bitsPerSample: UInt16
  /// The length of the samples in bytes (the `data` chunk's size).
  var dataBytes: UInt64

  /// The length of the header ``bytes`` writes.
  static let length = 44

  /// Room for the header, written first and overwritten once the length is known.
  static let placeholder = [UInt8](repeating: 0, count: length)

  var description: String { "\(sampleRate) Hz, \(channels) channel\(channels == 1 ? "" : "s"), \(bitsPerSample) bits" }

  /// Whether samples of `other` can follow these in one file.
  func sameSamples(as other: WAVHeader) -> Bool {
    channels == other.channels && sampleRate == other.sampleRate && bitsPerSample == other.bitsPerSample
  }

  /// The header and the offset of the first sample, once `bytes` holds the whole header; nil while
  /// it does not (or when the bytes are not a PCM WAV: the caller gives up after a few KiB).
  static func parse(_ bytes: [UInt8]) -> (WAVHeader, Int)? {
    func word(_ at: Int) -> UInt32 {
      UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
    func half(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8)
    else { return nil }
    var position = 12
    var format: (channels: UInt16, rate: UInt32, bits: UInt16)?
    while position + 8 <= bytes.count {
      let id = bytes[position..<position + 4]
      let size = Int(word(position + 4))
      let body = position + 8
      if id.elementsEqual("data".utf8) {
        guard let format else { return nil }
        let header = WAVHeader(
          channels: format.channels, sampleRate: format.rate, bitsPerSample: format.bits, dataBytes: UInt64(size))
        return (header, body)
      }
      if id.elementsEqual("fmt ".utf8) {
        guard body + 16 <= bytes.count else { return nil }
        guard half(body) == 1 else { return nil }  // PCM only
        format = (half(body + 2), word(body + 4), half(body + 14))
      }
      position = body + size + (size & 1)
    }
    return nil
  }

  /// The canonical 44-byte header for these samples.
  var bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(Self.length)
    func word(_ value: UInt32) {
      for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
    func half(_ value: UInt16) { out.append(UInt8(truncatingIfNeeded: value)); out.append(UInt8(value >> 8)) }
    let blockAlign = channels * (bitsPerSample / 8)
    out.append(contentsOf: "RIFF".utf8)
    word(UInt32(truncatingIfNeeded: 36 + dataBytes))
    out.append(contentsOf: "WAVEfmt ".utf8)
    word(16)
    half(1)
    half(channels)
    word(sampleRate)
    word(sampleRate * UInt32(blockAlign))
    half(blockAlign)
    half(bitsPerSample)
    out.append(contentsOf: "data".utf8)
    word(UInt32(truncatingIfNeeded: dataBytes))
    return out
  }
}
