import CLibFuzzer
import Navigation

/// Browse's state file decoder (BrowseState, issue 55): any bytes give a state or a DecodingError,
/// never a crash or a deep recursion; a decoded state written again reads back equal; its marks are
/// placed in a text made of the input (a search that ends, offsets inside the text or nil); a quote
/// taken at any offset of that text is found again there.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let text = String(decoding: bytes, as: UTF8.self)
  let length = text.utf8.count
  if let state = try? BrowseState(json: bytes) {
    let again = try? BrowseState(json: state.json)
    precondition(again == state, "a state does not read back equal: \(state)")
    let placement = state.placed(in: text, textHash: state.textHash)
    for bookmark in placement.bookmarks {
      precondition((0...length).contains(bookmark.position), "bookmark \(bookmark) outside 0...\(length)")
    }
    if let position = placement.position { precondition((0...length).contains(position), "place \(position)") }
    precondition(placement.bookmarks.count + placement.unplaced.count == state.bookmarks.count, "a mark lost")
  }
  // A quote taken from the text is found again in the unchanged text, at its own place.
  let at = size == 0 ? 0 : Int(bytes[0]) * length / 256
  let quote = TextQuote(in: text, at: at)
  precondition(quote.offset(in: text) == quote.hint, "a quote at \(at) is not found at its place in its own text")
  // In the text with its first half removed: nil or an offset inside it.
  let half = String(decoding: bytes[(size / 2)...], as: UTF8.self)
  if let moved = quote.offset(in: half) { precondition((0...half.utf8.count).contains(moved), "moved outside") }
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_state_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
