extension PreviewPage {
  /// How much of the document one page shows: every block, or, for a document whose page would pass
  /// `byteBudget`, page `page` of consecutive blocks (``write(clips:rotorPanels:paging:to:)``).
  ///
  /// A page is at most about `byteBudget` bytes: the reading view takes at most half of it (a page
  /// holds the blocks from its first one while they fit; a block larger than that alone shows the
  /// start of its text and of its speech and says how much more there is), the rotor panels at most
  /// three eighths (items of the page's blocks; what does not fit is counted), the source lines the
  /// rest. The head, the style and the summary come on top (under 8 KiB, and a line per audit rule).
  /// Why: a 5 MB page made a 50 MB preview that Chromium took 40 s to open; a page stays
  /// proportionate, and the next one is a `--page` away.
  package struct Paging: Sendable, Hashable {
    /// The page to show, from 1.
    package var page: Int
    /// The bytes a page may take (`Int.max`: the whole document on one page).
    package var byteBudget: Int

    /// Page `page` of pages of at most `byteBudget` bytes.
    package init(page: Int = 1, byteBudget: Int) {
      self.page = max(1, page)
      self.byteBudget = max(1, byteBudget)
    }

    /// The whole document on one page.
    package static let whole = Paging(byteBudget: .max)

    var isBounded: Bool { byteBudget != .max }
    /// What the reading view may take.
    var readingShare: Int { isBounded ? byteBudget / 2 : .max }
    /// What the rotor panels may take.
    var rotorShare: Int { isBounded ? byteBudget / 8 * 3 : .max }
    /// What the source lines may take.
    var sourceShare: Int { isBounded ? byteBudget / 8 : .max }
  }

  /// What a written page shows.
  package struct Shown: Sendable, Hashable {
    /// The blocks shown, by index.
    package var blocks: Range<Int>
    /// The number of blocks in the document.
    package var blockCount: Int
    /// The page's number, from 1.
    package var page: Int
    /// Blocks whose text or speech was too large for a page: the page shows their start and says
    /// how many bytes are left out.
    package var cut: [Int] = []
    /// Whether blocks come after this page's (another page shows them).
    package var hasMore: Bool { blocks.upperBound < blockCount }
  }

  /// An audio clip of a block's speech: a WAV file embedded as a `data:` URI, or a file beside the
  /// page named by a relative URL (`PAGE-audio/b12.wav`).
  package enum Clip: Sendable, Hashable {
    case embedded([UInt8])
    case file(String)
  }
}
