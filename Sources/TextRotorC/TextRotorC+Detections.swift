public import CTextRotor
internal import ParallelSupport
internal import TextRotor

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The detections as a JSON array of the objects `detect --format jsonl` prints. Contract: `tr_document_detections_json` in include/textrotor.h.
@_cdecl("tr_document_detections_json")
public func tr_document_detections_json(
  _ document: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ length: UnsafeMutablePointer<Int>?, _ error: ErrorOut?
) -> tr_status {
  reporting(error) { () throws(CallFailure) in
    guard let document else { throw .invalid("document is NULL") }
    guard let json else { throw .invalid("json (the out parameter) is NULL") }
    let handle = DocumentHandle.from(document)
    // The objects `detect --format jsonl` prints, as one array: the library's detection sink, which
    // ends the array with a line feed that this contract leaves out.
    let sink = LockedValue<[UInt8]>([])
    handle.document.writeDetections(.jsonArray) { piece in sink.withValue { $0.append(contentsOf: piece) } }
    var bytes = sink.withValue { $0 }
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    json.pointee = bytes.withUnsafeBytes { CString.copy($0) }
    length?.pointee = bytes.count
  }
}

/// The detections as a calloc'd array of `tr_detection` with malloc'd strings. Contract: `tr_document_detections` in include/textrotor.h.
@_cdecl("tr_document_detections")
public func tr_document_detections(
  _ document: OpaquePointer?, _ detections: UnsafeMutablePointer<UnsafeMutablePointer<tr_detection>?>?,
  _ count: UnsafeMutablePointer<Int>?, _ error: ErrorOut?
) -> tr_status {
  reporting(error) { () throws(CallFailure) in
    guard let document else { throw .invalid("document is NULL") }
    guard let detections, let count else { throw .invalid("detections or count (out parameters) is NULL") }
    let handle = DocumentHandle.from(document)
    let found = handle.document.detections
    guard !found.isEmpty else {
      detections.pointee = nil
      count.pointee = 0
      return
    }
    guard let memory = calloc(found.count, MemoryLayout<tr_detection>.stride) else {
      fatalError("textrotor: out of memory")
    }
    let array = memory.bindMemory(to: tr_detection.self, capacity: found.count)
    let content = handle.document.content
    var converter = handle.converter  // a copy per call, as above
    for (index, detection) in found.enumerated() {
      let start = converter.position(advancingTo: detection.range.start)
      let end = converter.position(advancingTo: detection.range.end)
      array[index] = tr_detection(
        kind: UnsafePointer(CString.copy(detection.kind.rawValue)),
        text: UnsafePointer(CString.copy(String(content[detection.range]))),
        value: UnsafePointer(CString.copy(detection.value)),
        source: UnsafePointer(CString.copy(detection.source.rawValue)),
        start_utf8: start.utf8, end_utf8: end.utf8, start_utf16: start.utf16, end_utf16: end.utf16,
        // Rounded as the JSON writer rounds it, so that both forms agree.
        confidence: (detection.confidence * 100).rounded() / 100)
    }
    detections.pointee = array
    count.pointee = found.count
  }
}

/// Frees an array from `tr_document_detections` and its strings. Contract: `tr_detections_free` in include/textrotor.h.
@_cdecl("tr_detections_free")
public func tr_detections_free(_ detections: UnsafeMutablePointer<tr_detection>?, _ count: Int) {
  guard let detections else { return }
  for index in 0..<count {
    let detection = detections[index]
    for string in [detection.kind, detection.text, detection.value, detection.source] {
      free(UnsafeMutableRawPointer(mutating: string))
    }
  }
  free(detections)
}
