import CLibFuzzer
import FuzzSupport

/// The ZIP container and the DOCX reader: ``ContainerFuzzing`` checks what it reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  ContainerFuzzing.check(data, size, as: .docx)
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_zip_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
