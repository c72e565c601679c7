import DocumentParsing

/// Reads a small file named by an option (`--rules`, `--symbols`) as documents are read: regular
/// files only, never blocking on a FIFO, bounded before reading; else an input failure naming it.
func readSettingsFile(_ path: String) throws(InputFailure) -> String {
  do {
    return String(decoding: try RegularFile.contents(atPath: path), as: UTF8.self)
  } catch {
    throw InputFailure(message: error.description)
  }
}
