import Foundation

/// Writes to standard output in large blocks.
struct OutputBuffer {
  private var data = Data()
  mutating func write(_ string: String) {
    data.append(contentsOf: string.utf8)
    if data.count > 1 << 16 { flush() }
  }
  mutating func line(_ string: String) { write(string + "\n") }
  mutating func flush() {
    FileHandle.standardOutput.write(data)
    data.removeAll(keepingCapacity: true)
  }
}
