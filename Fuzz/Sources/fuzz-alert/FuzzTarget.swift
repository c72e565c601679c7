import Detection
import CLibFuzzer
import FuzzSupport
import TextModel

/// The AlertDetector (cues from markup and text) on a document read from any bytes, then the whole
/// DocumentDetector with a random set of kinds: detections inside the text, of the kinds asked for,
/// in document order after resolving.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let kindBits = input.byte()
  let region = input.pick(FuzzDocuments.regions)
  guard let document = FuzzDocuments.document(&input) else { return 0 }
  Invariants.check(document)
  let alerts = AlertDetector().detect(in: document)
  Invariants.check(alerts, in: document.text, kinds: [.alert], ordered: false)
  for alert in alerts { invariant(alert.severity != nil, "alert at \(alert.range) without a severity") }

  let all: [DetectionKind] = [.email, .link, .phone, .alert]
  let kinds = Set(all.indices.filter { kindBits & (1 << $0) != 0 }.map { all[$0] })
  let detections = DocumentDetector(options: .init(kinds: kinds, region: region)).detect(in: document)
  Invariants.check(detections, in: document.text, kinds: kinds, ordered: true)
  if kinds.contains(.alert) {
    invariant(detections.filter { $0.kind == .alert }.count <= alerts.count, "more alerts after resolving than found")
  }
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_alert_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
