// textrotor-bench: in-process measurements for tools/benchmark.sh (build with -c release).
//
//   textrotor-bench detect FILE.txt      text detectors (links, e-mails, phones) over plain text
//   textrotor-bench pipeline FILE.html   parse + detect + rotor index, the whole HTML pipeline
//   textrotor-bench rotor N              N-entry rotor: next/previous step cost
//   textrotor-bench speak FILE           speech rendering of a whole document
//   textrotor-bench perf FORMAT FILE…    time per byte of each input, whole pipeline (tools/fuzz.sh perf)
//
// Each prints "name value" lines; times are the best of three runs. Ratios against baselines are
// computed by tools/benchmark.sh from numbers measured in the same run.
import CMalloc
import Detection
import DocumentParsing
import Foundation
import TextModel
import TextRotor

func seconds(_ body: () throws -> Void) rethrows -> Double {
  var best = Double.infinity
  for _ in 0..<3 {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  return best
}

func peakRSSBytes() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss * 1024
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("textrotor-bench: \(message)\n".utf8))
  exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: textrotor-bench detect|pipeline|speak FILE, or rotor N") }

switch arguments[1] {
case "detect":
  guard let data = FileManager.default.contents(atPath: arguments[2]) else { fail("\(arguments[2]): cannot read") }
  let text = String(decoding: data, as: UTF8.self)
  let context = DetectionContext(region: "US", language: "en", excludedRanges: [])
  var count = 0
  let time = seconds {
    count = 0
    for detector in DocumentDetector.builtInTextDetectors(options: .init()) {
      count += detector.detect(in: text, context: context).count
    }
  }
  print("detect_mb_per_s \(String(format: "%.2f", Double(data.count) / 1e6 / time))")
  print("detect_matches \(count)")
  for detector in DocumentDetector.builtInTextDetectors(options: .init()) {
    let one = seconds { _ = detector.detect(in: text, context: context) }
    print("detect_\(type(of: detector))_mb_per_s \(String(format: "%.2f", Double(data.count) / 1e6 / one))")
  }
case "detect-one":
  // One detector (link, email or phone) over a text, for profiling.
  guard arguments.count >= 4, let data = FileManager.default.contents(atPath: arguments[3]) else {
    fail("detect-one KIND FILE")
  }
  let text = String(decoding: data, as: UTF8.self)
  let context = DetectionContext(region: "US", language: "en", excludedRanges: [])
  let detector: any TextDetector
  switch arguments[2] {
  case "link": detector = LinkDetector()
  case "email": detector = EmailDetector()
  default: detector = PhoneNumberDetector()
  }
  var count = 0
  let time = seconds { count = detector.detect(in: text, context: context).count }
  print("detect_one_mb_per_s \(String(format: "%.2f", Double(data.count) / 1e6 / time)) matches \(count)")
case "pipeline":
  let reader = DocumentReader()
  let size = (try? FileManager.default.attributesOfItem(atPath: arguments[2])[.size] as? Int) ?? 0
  var entries = 0
  let time = try seconds {
    let document = try reader.read(path: arguments[2])
    let detections = DocumentDetector().detect(in: document)
    let index = RotorIndex(document: document, detections: detections)
    entries = index.rotor(.links)?.count ?? 0
  }
  print("pipeline_mb_per_s \(String(format: "%.2f", Double(size) / 1e6 / time))")
  print("pipeline_links \(entries)")
  print("pipeline_peak_rss_mb \(String(format: "%.1f", Double(peakRSSBytes()) / 1e6))")
  print("pipeline_input_mb \(String(format: "%.1f", Double(size) / 1e6))")
case "stages":
  // One run, stage by stage: time and live heap after each (resident set), peak RSS at the end.
  func heapMB() -> Double {  // resident now, from /proc/self/statm (pages)
    let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
    let resident = fields.count > 1 ? Double(Int(fields[1]) ?? 0) * Double(sysconf(Int32(_SC_PAGESIZE))) / 1e6 : 0
    // Resident memory keeps freed heap pages glibc has not returned. With TEXTROTOR_BENCH_TRIM=1
    // the heap is trimmed after each stage and the resident figure after it printed too (about
    // what is in use; later stages then start from a trimmed heap, so peaks differ).
    guard ProcessInfo.processInfo.environment["TEXTROTOR_BENCH_TRIM"] == "1" else { return resident }
    _ = textrotor_malloc_trim()
    let trimmed = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
    if trimmed.count > 1 {
      print(
        "in_use_mb \(String(format: "%.1f", Double(Int(trimmed[1]) ?? 0) * Double(sysconf(Int32(_SC_PAGESIZE))) / 1e6))",
        terminator: " ")
    }
    return resident
  }
  var clock = DispatchTime.now().uptimeNanoseconds
  func lap() -> Double {
    let now = DispatchTime.now().uptimeNanoseconds
    defer { clock = now }
    return Double(now - clock) / 1e9
  }
  let parsed = try DocumentReader().read(path: arguments[2])
  print(
    "stage_parse_s \(String(format: "%.3f", lap())) heap_mb \(String(format: "%.1f", heapMB())) text_mb \(String(format: "%.1f", Double(parsed.text.utf8.count) / 1e6)) blocks \(parsed.blocks.count) runs \(parsed.runs.count) anchors \(parsed.sourceMap.anchors.count)"
  )
  // As the CLI reads a document: the language of each line or paragraph without one identified.
  let document = LanguageIdentifier().annotating(consume parsed)
  print(
    "stage_language_s \(String(format: "%.3f", lap())) heap_mb \(String(format: "%.1f", heapMB())) runs \(document.runs.count)"
  )
  let detections = DocumentDetector().detect(in: document)
  print(
    "stage_detect_s \(String(format: "%.3f", lap())) heap_mb \(String(format: "%.1f", heapMB())) detections \(detections.count)"
  )
  let index = RotorIndex(document: document, detections: detections)
  print(
    "stage_index_s \(String(format: "%.3f", lap())) heap_mb \(String(format: "%.1f", heapMB())) links \(index.rotor(.links)?.count ?? 0)"
  )
  print(
    "layout detection \(MemoryLayout<Detection>.stride) entry \(MemoryLayout<RotorEntry>.stride) block \(MemoryLayout<Block>.stride) run \(MemoryLayout<AttributeRun>.stride)"
  )
  print("stage_peak_rss_mb \(String(format: "%.1f", Double(peakRSSBytes()) / 1e6))")
case "rotor":
  guard let n = Int(arguments[2]), n > 0 else { fail("rotor takes an entry count") }
  let entries = (0..<n).map { RotorEntry(range: TextRange(start: $0 * 10, end: $0 * 10 + 5), label: "", kind: .link) }
  let rotor = Rotor(kind: .links, entries: entries)
  var generator = SystemRandomNumberGenerator()
  let positions = (0..<1_000_000).map { _ in Int.random(in: 0..<(n * 10), using: &generator) }
  var sink = 0
  let time = seconds {
    for position in positions {
      sink &+= rotor.indexOfEntry(after: position) ?? 0
      sink &+= rotor.indexOfEntry(before: position) ?? 0
    }
  }
  print("rotor_entries \(n)")
  print("rotor_ns_per_step \(String(format: "%.1f", time / 2e6 * 1e9))")
  if sink == 42 { print("") }
case "speak":
  let document = try DocumentReader().read(path: arguments[2])
  let detections = DocumentDetector().detect(in: document)
  var length = 0
  let time = seconds {
    length = SpeechRenderer(document: document, detections: detections).render().plainText().utf8.count
  }
  print("speak_mb_per_s \(String(format: "%.2f", Double(document.text.utf8.count) / 1e6 / time))")
  print("speak_output_bytes \(length)")
case "perf":
  // Performance fuzz (tools/fuzz.sh perf): time per byte of each input through the whole pipeline
  // (read as FORMAT, detect, rotor index, speech of the whole document). One line per input:
  // "perf_input<TAB>ns_per_byte<TAB>bytes<TAB>seconds<TAB>path". Sizes under 256 bytes count as 256, so
  // fixed costs do not make tiny inputs look slow.
  guard let format = InputFormat(rawValue: arguments[2]) else { fail("perf html|xml|text FILE…") }
  let reader = DocumentReader()
  for path in arguments.dropFirst(3) {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    let bytes = [UInt8](data)
    // Inputs the reader refuses (binary data) end at once; they say nothing about time per byte.
    guard (try? reader.read(bytes: bytes, format: format)) != nil else {
      print("perf_refused\t\(bytes.count)\t\(path)")
      continue
    }
    func once() {
      guard let document = try? reader.read(bytes: bytes, format: format) else { return }
      let detections = DocumentDetector().detect(in: document)
      _ = RotorIndex(document: document, detections: detections)
      _ = SpeechRenderer(document: document, detections: detections).render().plainText()
    }
    // Repeat small inputs until a run of them takes 2 ms, so the clock's resolution does not matter.
    let first = seconds(once)
    let repeats = first < 0.002 ? min(1000, Int(0.002 / max(first, 1e-7)) + 1) : 1
    let time = repeats == 1 ? first : seconds { for _ in 0..<repeats { once() } } / Double(repeats)
    let perByte = time * 1e9 / Double(max(bytes.count, 256))
    print("perf_input\t\(String(format: "%.2f", perByte))\t\(bytes.count)\t\(String(format: "%.6f", time))\t\(path)")
  }
default:
  fail("unknown measurement \(arguments[1])")
}
