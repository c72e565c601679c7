// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "TextRotor",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "TextModel", targets: ["TextModel"]),
    .library(name: "DocumentParsing", targets: ["DocumentParsing"]),
    .library(name: "Detection", targets: ["Detection"]),
    .library(name: "TextRotor", targets: ["TextRotor"]),
    .executable(name: "textrotor", targets: ["textrotor"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // C shims: system libraries found by pkg-config, called through static inline wrappers.
    .systemLibrary(
      name: "CICU", pkgConfig: "icu-uc icu-i18n",
      providers: [.apt(["libicu-dev"])]),
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),

    .target(name: "TextModel"),
    .target(name: "UnicodeSupport", dependencies: ["CICU"]),
    .target(name: "DocumentParsing", dependencies: ["TextModel", "UnicodeSupport", "CLibXML2"]),
    .target(name: "Detection", dependencies: ["TextModel", "UnicodeSupport"]),
    .target(name: "TextRotor", dependencies: ["TextModel", "Detection", "UnicodeSupport"]),
    .executableTarget(
      name: "textrotor",
      dependencies: [
        "TextModel", "DocumentParsing", "Detection", "TextRotor",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // In-process measurements for tools/benchmark.sh (build with -c release).
    .executableTarget(name: "textrotor-bench", dependencies: ["TextModel", "DocumentParsing", "Detection", "TextRotor"]),

    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "TextModelTests", dependencies: ["TextModel", "TestSupport"]),
    .testTarget(name: "DocumentParsingTests", dependencies: ["DocumentParsing", "TextModel", "TestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "DetectionTests", dependencies: ["Detection", "DocumentParsing", "TextModel", "TestSupport"],
                exclude: ["Conformance", "Fixtures"]),
    .testTarget(name: "TextRotorTests", dependencies: ["TextRotor", "Detection", "DocumentParsing", "TextModel", "TestSupport"]),
    .testTarget(name: "CLITests", dependencies: ["textrotor"]),
  ]
)
