// swift-tools-version: 6.1
// libFuzzer targets for TextRotor (issue 9). A package of its own, beside the library (the way
// swift-collections keeps its benchmarks), so the root package and `swift test` never see the
// fuzzer flags. Build and run with tools/fuzz.sh, which passes `-sanitize=fuzzer,address`:
//
//   swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// Each executable exports `LLVMFuzzerTestOneInput` and a `<module>_main` (the name SwiftPM links as
// `main`) that hands over to libFuzzer's driver.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between checkouts (worktrees).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent

let libraries: [Target.Dependency] = [
  .product(name: "TextModel", package: rootIdentity),
  .product(name: "DocumentParsing", package: rootIdentity),
  .product(name: "Detection", package: rootIdentity),
  .product(name: "TextRotor", package: rootIdentity),
  .product(name: "Speech", package: rootIdentity),
  .product(name: "Output", package: rootIdentity),
  .product(name: "Audit", package: rootIdentity),
]

let targets = ["fuzz-html", "fuzz-xml", "fuzz-text", "fuzz-email", "fuzz-link", "fuzz-phone", "fuzz-alert",
               "fuzz-speech", "fuzz-rotor", "fuzz-zip", "fuzz-epub", "fuzz-opf", "fuzz-markdown", "fuzz-preview", "fuzz-braille"]
// Targets that need a library the others do not link (liblouis).
let extra: [String: [Target.Dependency]] = [
  "fuzz-braille": [.product(name: "Braille", package: rootIdentity)],
]

let package = Package(
  name: "TextRotorFuzz",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: libraries),
  ] + targets.map { name in
    .executableTarget(name: name, dependencies: ["FuzzSupport", "CLibFuzzer"] + libraries + (extra[name] ?? []))
  } + [
    // Browse's state file: Navigation alone.
    .executableTarget(name: "fuzz-state", dependencies: ["CLibFuzzer", .product(name: "Navigation", package: rootIdentity)]),
    // Every audit rule and the preview's page builder (Output) over the rules' findings.
    .executableTarget(name: "fuzz-audit", dependencies: ["FuzzSupport", "CLibFuzzer"] + libraries),
  ]
)
