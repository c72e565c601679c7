public import CTextRotor
internal import TextRotor

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

// The C ABI of include/textrotor.h, over the facade (`Document`). Each function's contract is in the
// header; this file only converts between C and Swift values. A caller's out parameter is written
// only on success, so a failed call leaves the caller's variables as they were.

/// An out parameter for an error message (`char **error`).
public typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

private let versionString: StaticString = "0.1.0"

/// The library version, a static string. Contract: `tr_version` in include/textrotor.h.
@_cdecl("tr_version")
public func tr_version() -> UnsafePointer<CChar> {
  UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// A static English description of a status. Contract: `tr_status_description` in include/textrotor.h.
@_cdecl("tr_status_description")
public func tr_status_description(_ status: tr_status) -> UnsafePointer<CChar> {
  let text: StaticString
  switch status {
  case TR_OK: text = "success"
  case TR_ERROR_INVALID_ARGUMENT: text = "invalid argument"
  case TR_ERROR_READ: text = "the input is not a readable document"
  case TR_ERROR_RANGE: text = "position or range outside the document text"
  case TR_END_OF_ROTOR: text = "no rotor entry in that direction"
  default: text = "unknown status"
  }
  return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// Reads bytes as a document, detects and builds the rotors; the handle is retained for the caller. Contract: `tr_document_open` in include/textrotor.h.
@_cdecl("tr_document_open")
public func tr_document_open(
  _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ format: tr_format, _ options: UnsafePointer<tr_options>?,
  _ document: UnsafeMutablePointer<OpaquePointer?>?, _ error: ErrorOut?
) -> tr_status {
  reporting(error) { () throws(CallFailure) in
    guard let document else { throw .invalid("document (the out parameter) is NULL") }
    // size_t arrives as Int: a length above Int.max (a negative Int) cannot be a buffer in memory.
    guard length >= 0 else { throw .invalid("length \(UInt(bitPattern: length)) is larger than any buffer") }
    guard bytes != nil || length == 0 else { throw .invalid("bytes is NULL but length is \(length)") }
    let inputFormat = try inputFormat(format)
    let settings = try DocumentSettings(
      region: CString.read(options?.pointee.region), locale: CString.read(options?.pointee.locale),
      kinds: CString.read(options?.pointee.kinds), threads: options?.pointee.threads ?? 0)
    let input = Array(UnsafeBufferPointer(start: bytes, count: length))
    let opened: Document
    do throws(ReadError) {
      opened = try Document(
        bytes: input, format: inputFormat, name: CString.read(options?.pointee.name) ?? "<bytes>",
        options: settings.options)
    } catch let failure {
      throw CallFailure(status: TR_ERROR_READ, message: failure.description)
    }
    let handle = DocumentHandle(document: opened, locale: settings.locale)
    document.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
  }
}

/// Reads a file as a document (regular files only, the size limit before reading: `InputSource`),
/// detects and builds the rotors. Contract: `tr_document_open_path` in include/textrotor.h.
@_cdecl("tr_document_open_path")
public func tr_document_open_path(
  _ path: UnsafePointer<CChar>?, _ maximumBytes: Int, _ format: tr_format, _ options: UnsafePointer<tr_options>?,
  _ document: UnsafeMutablePointer<OpaquePointer?>?, _ error: ErrorOut?
) -> tr_status {
  reporting(error) { () throws(CallFailure) in
    guard let document else { throw .invalid("document (the out parameter) is NULL") }
    guard let path, path.pointee != 0 else { throw .invalid("path is NULL or empty") }
    let inputFormat = try inputFormat(format)
    var settings = try DocumentSettings(
      region: CString.read(options?.pointee.region), locale: CString.read(options?.pointee.locale),
      kinds: CString.read(options?.pointee.kinds), threads: options?.pointee.threads ?? 0)
    // size_t arrives as Int: above Int.max (negative) is no limit at all, as is 0 (the default).
    if maximumBytes > 0 { settings.options.reading.maximumInputBytes = maximumBytes }
    // A file name, never standard input: "-" is the file called "-".
    let name = String(cString: path)
    let opened: Document
    do throws(ReadError) {
      opened = try Document(contentsOf: name == "-" ? "./-" : name, format: inputFormat, options: settings.options)
    } catch let failure {
      throw CallFailure(status: TR_ERROR_READ, message: failure.description)
    }
    let handle = DocumentHandle(document: opened, locale: settings.locale)
    document.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
  }
}

/// The input format of a `tr_format`, or an invalid argument.
private func inputFormat(_ format: tr_format) throws(CallFailure) -> InputFormat? {
  switch format {
  case TR_FORMAT_AUTO: nil
  case TR_FORMAT_HTML: .html
  case TR_FORMAT_XML: .xml
  case TR_FORMAT_TEXT: .text
  case TR_FORMAT_MARKDOWN: .markdown
  case TR_FORMAT_EPUB: .epub
  case TR_FORMAT_DOCX: .docx
  default:
    throw .invalid(
      "unknown format \(format.rawValue): use TR_FORMAT_AUTO, _HTML, _XML, _TEXT, _MARKDOWN, _EPUB or _DOCX")
  }
}

/// Releases the handle that `tr_document_open` retained. Contract: `tr_document_free` in include/textrotor.h.
@_cdecl("tr_document_free")
public func tr_document_free(_ document: OpaquePointer?) {
  guard let document else { return }
  Unmanaged<DocumentHandle>.fromOpaque(UnsafeRawPointer(document)).release()
}

/// The document text, NUL-terminated, owned by the document. Contract: `tr_document_text` in include/textrotor.h.
@_cdecl("tr_document_text")
public func tr_document_text(_ document: OpaquePointer?, _ length: UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>?
{
  guard let document else { return nil }
  let handle = DocumentHandle.from(document)
  length?.pointee = handle.textLength
  return UnsafePointer(handle.text)
}

/// Frees a string this library returned (malloc'd). Contract: `tr_string_free` in include/textrotor.h.
@_cdecl("tr_string_free")
public func tr_string_free(_ string: UnsafeMutablePointer<CChar>?) { free(string) }

/// The options of `tr_options`, checked: a bad region, locale or kind is an invalid argument.
struct DocumentSettings {
  var options: Document.Options
  var locale: String?

  init(region: String?, locale: String?, kinds: String?, threads: Int32 = 0) throws(CallFailure) {
    guard threads >= 0 else { throw .invalid("threads is \(threads): use 0 (the default), 1 (serial) or more") }
    var detection = DocumentDetector.Options()
    if let region, !region.isEmpty {
      guard region.utf8.count == 2, region.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else {
        throw .invalid("region takes a two-letter ISO 3166 code such as US, JP, CN, VN, EG (got \"\(region)\")")
      }
      detection.region = region.uppercased()
    }
    if let kinds, !kinds.isEmpty {
      var set: Set<DetectionKind> = []
      for kind in kinds.split(separator: ",") {
        let name = kind.lowercased()
        guard ["email", "link", "phone", "alert"].contains(name) else {
          throw .invalid("unknown kind \"\(kind)\": use email, link, phone, alert")
        }
        set.insert(DetectionKind(rawValue: name))
      }
      detection.kinds = set
    }
    var reading = ReaderOptions.default
    let language = locale.flatMap { $0.isEmpty ? nil : $0 }
    if let language {
      guard LanguageTag.isWellFormed(language) else {
        throw .invalid("locale \"\(language)\" is not a BCP 47 language tag (en, zh-Hans, ja, vi, ar…)")
      }
      reading.defaultLanguage = language
    }
    options = Document.Options(
      reading: reading, detection: detection, parallelism: threads == 0 ? .default : .workers(Int(threads)))
    self.locale = language
  }
}
