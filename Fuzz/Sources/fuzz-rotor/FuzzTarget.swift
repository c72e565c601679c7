import Detection
import CLibFuzzer
import FuzzSupport
import TextModel
import TextRotor

/// Rotor moves from random positions on every rotor of a document read from any bytes:
/// `entry(after: p)` starts after p, `entry(before: p)` at or before it, `entry(containing: p)`
/// contains it; stepping stays in range; a browse session's next/previous walk ends.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let wraps = input.byte() & 1 == 1
  let moves = input.all().prefix(24).map { Int($0) }
  guard let document = FuzzDocuments.document(&input) else { return 0 }
  let text = document.text
  let count = text.utf8.count
  Invariants.check(document)
  let detections = DocumentDetector().detect(in: document)
  let index = RotorIndex(document: document, detections: detections)
  var positions = [-1, 0, count, count + 1] + moves.map { count == 0 ? $0 : $0 * 7919 % (count + 1) }
  for kind in index.kinds {
    guard var rotor = index.rotor(kind) else { continue }
    rotor.wraps = wraps
    for (number, entry) in rotor.entries.enumerated() {
      // Entries copy block, run and detection ranges: a reader's open finding shows here too.
      Invariants.check(entry.range, in: text, "\(kind) entry \(number)", known: "entry")
    }
    positions += rotor.entries.prefix(4).flatMap { [$0.range.start, $0.range.end, $0.range.start - 1] }
    for position in positions {
      if let at = rotor.indexOfEntry(containing: position) {
        invariant(rotor.entries[at].range.contains(position), "\(kind): entry \(at) does not contain \(position)")
      }
      if let next = rotor.indexOfEntry(after: position) {
        invariant(rotor.entries.indices.contains(next), "\(kind): after(\(position)) = \(next) out of range")
        if rotor.isInDocumentOrder && !wraps {
          invariant(rotor.entries[next].range.start > position,
                    "\(kind): next after \(position) is entry \(next) at \(rotor.entries[next].range)")
        }
      } else {
        invariant(!wraps || rotor.entries.isEmpty, "\(kind): a wrapping rotor with entries has no next")
      }
      if let previous = rotor.indexOfEntry(before: position) {
        invariant(rotor.entries.indices.contains(previous), "\(kind): before(\(position)) = \(previous) out of range")
        if rotor.isInDocumentOrder && !wraps {
          invariant(rotor.entries[previous].range.start <= position,
                    "\(kind): previous before \(position) is entry \(previous) at \(rotor.entries[previous].range)")
        }
      }
    }
    for step in [-1, 1, -3, 5] {
      for at in rotor.entries.indices.prefix(4) {
        if let target = rotor.step(from: at, by: step) {
          invariant(rotor.entries.indices.contains(target), "\(kind): step(\(at), \(step)) = \(target)")
        }
      }
    }
    // A session walking one rotor from the top visits every entry once, then says "No next"; walking
    // back from the last one visits the others once, then says "No previous".
    var session = BrowseSession(index: index, rotor: kind)
    for forward in [true, false] {
      var steps = forward ? 0 : 1
      var last = forward ? -1 : Int.max
      while true {
        let line = session.perform(forward ? "next" : "previous")
        guard session.current != nil, !line.hasPrefix("No ") else { break }
        steps += 1
        invariant(steps <= rotor.count + 1, "\(kind): \(steps) moves \(forward ? "forward" : "back") over \(rotor.count) entries")
        if rotor.isInDocumentOrder {
          invariant(forward ? session.position >= last : session.position <= last,
                    "\(kind): moved \(forward ? "forward" : "back") from \(last) to \(session.position)")
        }
        last = session.position
      }
      if rotor.isInDocumentOrder && !rotor.entries.isEmpty {
        invariant(steps == rotor.count, "\(kind): walked \(steps) entries \(forward ? "forward" : "back") of \(rotor.count)")
      }
    }
  }
  var session = BrowseSession(index: index)
  for move in moves {
    let commands = ["next", "previous", "right", "left", "where", "enter", "say", "h", "K", "1", "!", "rotor links",
                    "rotor bogus", "rotor", "q", "a", "W", "e", "p", "g", "t", "l", "d", ""]
    _ = session.perform(commands[move % commands.count])
    invariant(session.position >= 0 && session.position <= count, "session position \(session.position) outside 0...\(count)")
  }
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_rotor_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
