internal import CTextRotor
internal import TextRotor

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// What a `tr_document *` points to: the facade's ``Document`` with what the C calls need ready
/// (the text as a NUL-terminated copy, the offset converter, the options' locale).
///
/// Everything is immutable after `init`, so every C function may use one handle from several
/// threads at once (the header's thread-safety promise rests on this).
final class DocumentHandle: Sendable {
  let document: Document
  let converter: TextOffsetConverter
  let locale: String?
  /// The text, NUL-terminated, for `tr_document_text` (freed in `deinit`).
  nonisolated(unsafe) let text: UnsafeMutablePointer<CChar>
  let textLength: Int

  init(document: Document, locale: String?) {
    self.document = document
    self.locale = locale
    converter = document.content.offsetConverter(document.parallelism)
    text = CString.copy(document.content.text)
    textLength = document.content.text.utf8.count
  }

  deinit { free(text) }

  /// The handle behind a `tr_document *` (not retained: the caller owns the document).
  static func from(_ pointer: OpaquePointer) -> DocumentHandle {
    Unmanaged<DocumentHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
  }
}

/// C strings handed to the caller: malloc'd copies that `tr_string_free` (free) releases.
enum CString {
  /// A malloc'd, NUL-terminated copy of `string`'s UTF-8.
  static func copy(_ string: String) -> UnsafeMutablePointer<CChar> {
    var string = string
    return string.withUTF8 { copy(UnsafeRawBufferPointer($0)) }
  }

  /// A malloc'd, NUL-terminated copy of `bytes`.
  static func copy(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutablePointer<CChar> {
    // malloc(0) may return NULL; one byte more for the NUL keeps the result non-NULL.
    guard let memory = malloc(bytes.count + 1) else { fatalError("textrotor: out of memory") }
    if let base = bytes.baseAddress { memcpy(memory, base, bytes.count) }
    let result = memory.bindMemory(to: CChar.self, capacity: bytes.count + 1)
    result[bytes.count] = 0
    return result
  }

  /// A Swift string from a C string the caller passed, or nil for NULL.
  static func read(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
  }
}

/// A failure on its way back to C: the status and the message for `*error`.
struct CallFailure: Error {
  var status: tr_status
  var message: String

  static func invalid(_ message: String) -> CallFailure {
    CallFailure(status: TR_ERROR_INVALID_ARGUMENT, message: message)
  }
}

/// Runs `body`, turning a thrown ``CallFailure`` into its status and `*error` message.
func reporting(_ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: () throws(CallFailure) -> Void)
  -> tr_status
{
  do {
    try body()
    return TR_OK
  } catch {
    errorOut?.pointee = CString.copy(error.message)
    return error.status
  }
}
