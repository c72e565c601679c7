import Detection
import DocumentParsing
import TextModel
import TextRotor

/// What the interactive and rotor commands need: the document and its rotors (which detect what
/// they show when first asked).
struct DocumentSession {
  let document: TextDocument
  let index: RotorIndex

  /// Reads the input and detects nothing yet: each rotor's kinds are detected when a rotor first
  /// needs them, and a language is identified only for the line of a national phone number, when
  /// the phones are detected (its region may come from its language; no other rotor depends on
  /// languages; `DocumentDetector.Options.identifiesWholeLines` gives the answer identifying every line
  /// first gave). Identifying every line up front was ~80% of `browse`'s open time on plain text
  /// (issue 43). The rotors hold what the eager session's do (`WholeLineLanguageTests`,
  /// `tools/compare-builds`).
  ///
  /// `reading`: the session reads the text (browse), so every detection is kept whatever
  /// `--max-detections` says; otherwise (rotor, which writes them) the limit applies.
  init(
    detectingOnDemand input: InputOptions, region: String? = nil, limits: DetectionLimitOptions, reading: Bool = false
  )
    throws
  {
    let document = try input.readDocument(identifyingLanguages: false)
    self.document = document
    let displayName = input.displayName
    let identifiesLanguages = !input.noDetectLanguage
    let parallelism = input.parallelism
    index = RotorIndex(document: document) { kinds in
      var options = DocumentDetector.Options(kinds: kinds, region: region, identifiesLanguages: identifiesLanguages)
      options.identifiesWholeLines = true
      if reading { return limits.detectForReading(in: document, with: options, parallelism: parallelism) }
      return limits.detect(in: document, with: options, displayName: displayName, parallelism: parallelism)
    }
  }
}
