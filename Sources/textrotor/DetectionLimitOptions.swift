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
      "The most detections reported for one document.",
      discussion: "The first ones in document order are kept; a warning on standard error says how many were found."))
  var maxDetections: Int = DocumentDetector.Options.defaultMaximumDetections

  func validate() throws {
    if maxDetections < 0 { throw ValidationError("--max-detections takes 0 or more (got \(maxDetections))") }
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
