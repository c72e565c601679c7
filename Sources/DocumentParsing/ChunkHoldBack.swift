/// Bytes held back from libxml2's HTML push parser while it waits for the end of a long construct,
/// so that one comment, start tag or run of text of N bytes is searched for its end O(N) times in
/// all, not once per 64 KiB chunk (issue 42 row 7).
///
/// libxml2 2.9's HTML push parser parses a comment, a start tag or a run of text only once it has
/// found its end (`-->`, the `>` outside quoted values, the next `<`: htmlParseLookupSequence), and
/// each `htmlParseChunk` call searches again from the construct's first byte (`clx_html_parse_chunk`
/// resets `checkIndex`, which 2.9 cannot resume inside a quoted value). Fed 64 KiB at a time, one
/// construct of N bytes was searched N/64 KiB times: quadratic (a 40 MB comment, attribute value or
/// text node took 3–6 s, 80 MB a minute). Fed only when the bytes held back reach a quarter of those
/// libxml2 waits with, the waiting bytes grow by a quarter at each call, so the searches add up to
/// about 5N, and what is held back stays under a fifth of the construct (measured: the same peak
/// memory as feeding every chunk; with a half, 3N searches, the peak grew by 8 MB on a 40 MB token).
/// On ordinary pages libxml2 waits with a few bytes of an unfinished tag or text, and every chunk
/// goes straight through.
struct ChunkHoldBack {
  /// Bytes not yet handed on.
  private var held: [UInt8] = []

  /// What to hand to the parser now, given the next prepared `bytes` and how many bytes the parser
  /// holds unparsed (`waiting`: fed minus consumed); nil to hold them back. The final chunk, and
  /// everything held before it, always goes on.
  mutating func release(_ bytes: [UInt8], waiting: Int, isFinal: Bool) -> [UInt8]? {
    if !isFinal && (held.count + bytes.count) * 4 < waiting {
      held.append(contentsOf: bytes)
      return nil
    }
    guard !held.isEmpty else { return bytes }
    var input: [UInt8] = []
    swap(&input, &held)
    input.append(contentsOf: bytes)
    return input
  }
}
