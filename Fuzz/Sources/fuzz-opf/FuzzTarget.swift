import CLibFuzzer
import FuzzSupport

/// The EPUB package document (OPF) and spine reader: a fuzzed package document and first chapter in a fixed book: ``ContainerFuzzing`` checks what it reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  ContainerFuzzing.check(data, size, as: .packageDocument)
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_opf_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
