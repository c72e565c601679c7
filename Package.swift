// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "TextRotor",
  // Built and tested on Linux (Debian 12). The few system calls (read, open, poll, termios) go through
  // Glibc or Darwin under canImport guards; macOS is not tested here.
  platforms: [.macOS(.v13)],
  products: [
    // What an embedder depends on: `import TextRotor`, the facade, re-exports the document, detection,
    // navigation, speech and output types it needs (docs/ARCHITECTURE.md, "The sealed API"). The product
    // names the re-exported modules too, so that `swift package diagnose-api-breaking-changes`
    // (tools/api-check) compares their public declarations; their plumbing is `package`. Audit and
    // Braille have no public API (the CLI and the C ABI reach them).
    .library(
      name: "TextRotor",
      targets: ["TextRotor", "TextModel", "ParallelSupport", "DocumentParsing", "Detection", "Navigation", "Speech", "Output"]),
    .executable(name: "textrotor", targets: ["textrotor"]),
    // The C ABI (Sources/CTextRotor/include/textrotor.h): libTextRotorC.so, for C and bindings/python.
    .library(name: "TextRotorC", type: .dynamic, targets: ["TextRotorC"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // The system libraries, found by pkg-config. Only the C shims below depend on them; no Swift
    // module imports them (their headers must never meet Foundation's own ICU: docs/ARCHITECTURE.md).
    .systemLibrary(
      name: "ICUSystem", pkgConfig: "icu-uc icu-i18n",
      providers: [.apt(["libicu-dev"])]),
    .systemLibrary(
      name: "LibXML2System", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(
      name: "LouisSystem", pkgConfig: "liblouis",
      providers: [.apt(["liblouis-dev", "liblouis-data"])]),
    .systemLibrary(
      name: "LibZipSystem", pkgConfig: "libzip",
      providers: [.apt(["libzip-dev"])]),
    .systemLibrary(
      name: "CMarkGFMSystem", pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
    // C shims: headers of plain C types only; the ICU and libxml2 calls are in their .c files.
    .target(
      name: "CICU", dependencies: ["ICUSystem"],
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
    .target(name: "CLibXML2", dependencies: ["LibXML2System"], linkerSettings: [.linkedLibrary("xml2")]),
    // liblouis (braille): one lock around every call (liblouis is not thread-safe), logging off.
    .target(name: "CLouis", dependencies: ["LouisSystem"], linkerSettings: [.linkedLibrary("louis")]),
    // EPUB and DOCX containers, read in memory (zip_source_buffer); docs/ARCHITECTURE.md says why libzip.
    .target(name: "CLibZip", dependencies: ["LibZipSystem"], linkerSettings: [.linkedLibrary("zip")]),
    // cmark-gfm and its GFM extensions (the Markdown reader): set-up and one switchable node kind.
    .target(
      name: "CCMarkGFM", dependencies: ["CMarkGFMSystem"],
      linkerSettings: [.linkedLibrary("cmark-gfm"), .linkedLibrary("cmark-gfm-extensions")]),
    // CLD2 (language identification) is C++: one extern "C" function of plain C types (DESIGN fact 5).
    // No pkg-config file. libcld2 (not cld2_full: Debian 0.0.197 leaves the detection entry points out of it).
    .target(name: "CCLD2", linkerSettings: [.linkedLibrary("cld2")]),
    // Process-wide malloc settings (glibc's mallopt, malloc_trim) by name: the CLI's and the bench's only.
    .target(name: "CMalloc"),

    // The package's one home for concurrency: the one lock type, ordered production, shared blocks,
    // joinable threads and the `Parallelism` value (standard library and Dispatch only).
    .target(name: "ParallelSupport"),
    // JSONWriter formats doubles with libm's trunc; without Foundation nothing else links libm (DESIGN fact 4).
    .target(name: "TextModel", linkerSettings: [.linkedLibrary("m")]),
    .target(name: "UnicodeSupport", dependencies: ["CICU", "ParallelSupport"]),
    .target(
      name: "DocumentParsing",
      dependencies: ["TextModel", "ParallelSupport", "UnicodeSupport", "CLibXML2", "CLibZip", "CCMarkGFM"]),
    .target(name: "Detection", dependencies: ["TextModel", "ParallelSupport", "UnicodeSupport", "CCLD2"]),
    .target(name: "Navigation", dependencies: ["TextModel", "ParallelSupport", "Detection", "UnicodeSupport"]),
    .target(name: "Speech", dependencies: ["TextModel", "ParallelSupport", "Detection", "UnicodeSupport"]),
    // Accessibility rules over a document's markup facts and text, one per file, in one table.
    .target(name: "Audit", dependencies: ["TextModel", "Detection", "Speech", "ParallelSupport"]),
    // Every writer: JSON, JSON Lines, TSV, text (the reading view), SSML; one home per format.
    .target(
      name: "Output", dependencies: ["TextModel", "ParallelSupport", "Detection", "Navigation", "Speech", "Audit"]),
    // Braille: liblouis translation with a map from each cell to its text offset; BRF page layout.
    .target(name: "Braille", dependencies: ["TextModel", "CLouis"]),
    // The facade an embedder imports: re-exports the document, detection, navigation and speech types.
    .target(
      name: "TextRotor",
      dependencies: ["TextModel", "ParallelSupport", "DocumentParsing", "Detection", "Navigation", "Speech", "Output"]),
    .executableTarget(
      name: "textrotor",
      dependencies: [
        "TextModel", "ParallelSupport", "DocumentParsing", "Detection", "TextRotor", "CMalloc", "Audit", "Braille",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // Release builds link the Swift runtime and libraries into the binary (what `swift build
      // --static-swift-stdlib` does, for every release build of this product): no symbol lookups
      // across a dozen Swift shared libraries at start-up, direct calls into the runtime.
      // `--version` 9.8 -> 5.7 ms, `detect` of a 10 MB page 0.34 -> 0.31 s (docs/BENCHMARKS.md,
      // "Start-up"). Release only: a debug build links the tests' bundle with this target's objects,
      // and that bundle must stay dynamic (swift-testing is a shared library).
      swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
    // In-process measurements for tools/benchmark.sh (build with -c release).
    .executableTarget(
      name: "textrotor-bench", dependencies: ["TextModel", "DocumentParsing", "Detection", "TextRotor", "CMalloc"]),

    // The C ABI over the facade: the header's plain C types (CTextRotor) and the @_cdecl functions.
    .target(name: "CTextRotor"),
    .target(name: "TextRotorC", dependencies: ["CTextRotor", "TextRotor"]),

    // A 20-line program that uses only `import TextRotor` (no Foundation); CLITests runs it.
    .executableTarget(name: "textrotor-embed-example", dependencies: ["TextRotor"], path: "Examples/EmbedExample"),

    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // One test target per library module, depending only on what its tests import.
    .testTarget(name: "ParallelSupportTests", dependencies: ["ParallelSupport", "TestSupport"]),
    .testTarget(name: "TextModelTests", dependencies: ["TextModel", "TestSupport"]),
    .testTarget(name: "UnicodeSupportTests", dependencies: ["UnicodeSupport"]),
    .testTarget(
      name: "DocumentParsingTests", dependencies: ["DocumentParsing", "TextModel", "ParallelSupport", "TestSupport"]),
    .testTarget(
      name: "DetectionTests",
      dependencies: ["Detection", "DocumentParsing", "TextModel", "ParallelSupport", "TestSupport"],
      exclude: ["Conformance", "Fixtures"]),
    .testTarget(
      name: "NavigationTests",
      dependencies: ["Navigation", "Detection", "DocumentParsing", "TextModel", "ParallelSupport", "TestSupport"]),
    .testTarget(
      name: "SpeechTests",
      dependencies: ["Speech", "Detection", "DocumentParsing", "TextModel", "UnicodeSupport", "Output", "TestSupport"],
      exclude: ["MathCAT"]),
    .testTarget(
      name: "BrailleTests", dependencies: ["Braille", "CLouis", "DocumentParsing", "Detection", "ParallelSupport", "TextModel", "TestSupport"],
      exclude: ["Data"]),
    .testTarget(
      name: "AuditTests",
      dependencies: ["Audit", "DocumentParsing", "TextModel", "Detection", "ParallelSupport", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "OutputTests",
      dependencies: ["Output", "Speech", "TextModel", "ParallelSupport", "Detection", "DocumentParsing", "TestSupport"]),
    // The facade only (Sources/TextRotor): `Document` against the modules it joins.
    .testTarget(name: "TextRotorTests", dependencies: ["TextRotor"]),
    .testTarget(
      name: "CLITests", dependencies: ["textrotor", "textrotor-embed-example", "TextRotorC"],
      exclude: ["Goldens", "CABI", "Pages"]),
  ]
)

// libFuzzer targets (Fuzz/Sources, docs/FUZZING.md), declared only when TEXTROTOR_FUZZ=1: tools/fuzz.sh
// builds each with `-sanitize=fuzzer[,address] -parse-as-library`, flags that `swift build` and `swift
// test` must never see. In this package, not one of their own, so that they reach the modules' `package`
// declarations (the fuzzers drive the readers' and rules' plumbing, which is not public API). Each
// executable exports `LLVMFuzzerTestOneInput`; libFuzzer's runtime supplies `main`.
if Context.environment["TEXTROTOR_FUZZ"] == "1" {
  let libraries: [Target.Dependency] = ["TextModel", "DocumentParsing", "Detection", "TextRotor", "Speech", "Output", "Audit"]
  let fuzzers = [
    "fuzz-html", "fuzz-xml", "fuzz-text", "fuzz-email", "fuzz-link", "fuzz-phone", "fuzz-alert", "fuzz-speech",
    "fuzz-rotor", "fuzz-zip", "fuzz-epub", "fuzz-opf", "fuzz-markdown", "fuzz-preview", "fuzz-audit",
  ]
  package.targets += [
    .target(name: "CLibFuzzer", path: "Fuzz/Sources/CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: libraries, path: "Fuzz/Sources/FuzzSupport"),
    // Browse's state file: Navigation alone. Braille: the one that links liblouis.
    .executableTarget(name: "fuzz-state", dependencies: ["CLibFuzzer", "Navigation"], path: "Fuzz/Sources/fuzz-state"),
    .executableTarget(
      name: "fuzz-braille", dependencies: ["FuzzSupport", "CLibFuzzer", "Braille"] + libraries,
      path: "Fuzz/Sources/fuzz-braille"),
  ]
  package.targets += fuzzers.map { name in
    .executableTarget(name: name, dependencies: ["FuzzSupport", "CLibFuzzer"] + libraries, path: "Fuzz/Sources/\(name)")
  }
}
