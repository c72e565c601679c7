import ArgumentParser
import Detection
import Foundation
import ParallelSupport
import TextModel

/// The detections limit, shared by every subcommand that detects.
struct DetectionLimitOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The most detections written for one document (detect, rotor, batch's \"detections\").",
      discussion:
        "The first ones in document order are kept; a warning on standard error says how many were found. Speech and browse read every detection whatever the limit: a phone number past the limit is still read as a phone number."
    ))
  var maxDetections: Int = DocumentDetector.Options.defaultMaximumDetections

  func validate() throws {
    if maxDetections < 0 { throw ValidationError("--max-detections takes 0 or more (got \(maxDetections))") }
  }

  /// Every detection of `options`' kinds in `document`, for reading the text (speech, browse):
  /// `--max-detections` bounds what is written, not how text is read, so nothing is cut and no
  /// warning is printed.
  func detectForReading(
    in document: TextDocument, with options: DocumentDetector.Options, parallelism: Parallelism
  ) -> DetectionList {
    var options = options
    options.maximumDetections = Int.max
    options.parallelism = parallelism
    return DocumentDetector(options: options).detect(in: document)
  }

  /// Runs `detector` over `document` on the threads `parallelism` allows and reports a cut on
  /// standard error ("textrotor: FILE:L:C: warning: …").
  func detect(
    in document: TextDocument, with options: DocumentDetector.Options, displayName: String, parallelism: Parallelism
  ) -> DetectionList {
    var options = options
    options.maximumDetections = maxDetections
    options.parallelism = parallelism
    var diagnostics: [Diagnostic] = []
    let detections = DocumentDetector(options: options).detect(in: document, diagnostics: &diagnostics)
    for diagnostic in diagnostics {
      FileHandle.standardError.write(Data("textrotor: \(displayName):\(diagnostic)\n".utf8))
    }
    return detections
  }
}
