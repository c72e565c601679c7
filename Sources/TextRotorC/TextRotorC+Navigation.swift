public import CTextRotor
internal import ParallelSupport
internal import TextRotor

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The next entry of a rotor after a UTF-8 position. Contract: `tr_rotor_next` in include/textrotor.h.
@_cdecl("tr_rotor_next")
public func tr_rotor_next(
  _ document: OpaquePointer?, _ rotor: UnsafePointer<CChar>?, _ from: Int,
  _ entry: UnsafeMutablePointer<tr_rotor_entry>?,
  _ error: ErrorOut?
) -> tr_status {
  rotorMove(document, rotor, from, entry, error, forward: true)
}

/// The previous entry of a rotor before a UTF-8 position. Contract: `tr_rotor_previous` in include/textrotor.h.
@_cdecl("tr_rotor_previous")
public func tr_rotor_previous(
  _ document: OpaquePointer?, _ rotor: UnsafePointer<CChar>?, _ from: Int,
  _ entry: UnsafeMutablePointer<tr_rotor_entry>?,
  _ error: ErrorOut?
) -> tr_status {
  rotorMove(document, rotor, from, entry, error, forward: false)
}

/// Frees the strings of a rotor entry and sets them to NULL. Contract: `tr_rotor_entry_clear` in include/textrotor.h.
@_cdecl("tr_rotor_entry_clear")
public func tr_rotor_entry_clear(_ entry: UnsafeMutablePointer<tr_rotor_entry>?) {
  guard let entry else { return }
  free(entry.pointee.label)
  free(entry.pointee.kind)
  free(entry.pointee.value)
  entry.pointee.label = nil
  entry.pointee.kind = nil
  entry.pointee.value = nil
}

/// One rotor move: the entry after (or before) `from`, written to `entry`.
/// - Complexity: O(log n) for n entries (``Rotor/indexOfEntry(after:)``).
private func rotorMove(
  _ document: OpaquePointer?, _ rotorName: UnsafePointer<CChar>?, _ from: Int,
  _ entry: UnsafeMutablePointer<tr_rotor_entry>?, _ error: ErrorOut?, forward: Bool
) -> tr_status {
  var status = TR_OK
  let result = reporting(error) { () throws(CallFailure) in
    guard let document else { throw .invalid("document is NULL") }
    guard let entry else { throw .invalid("entry (the out parameter) is NULL") }
    guard let name = CString.read(rotorName) else { throw .invalid("rotor is NULL") }
    let handle = DocumentHandle.from(document)
    let kind = RotorKind(name)
    guard RotorIndex.builtInNames.contains(kind.rawValue) else {
      throw .invalid("unknown rotor \"\(name)\": use \(RotorIndex.builtInNames.joined(separator: ", "))")
    }
    guard from >= 0, from <= handle.textLength else {
      throw CallFailure(
        status: TR_ERROR_RANGE,
        message: "position \(from) is past the end of the text (\(handle.textLength) UTF-8 bytes)"
      )
    }
    guard let rotor = handle.document.rotor(kind),
      let index = forward ? rotor.indexOfEntry(after: from) : rotor.indexOfEntry(before: from)
    else {
      status = TR_END_OF_ROTOR
      return
    }
    let found = rotor.entries[index]
    let start = handle.converter.position(utf8: found.range.start)
    let end = handle.converter.position(utf8: found.range.end)
    entry.pointee = tr_rotor_entry(
      index: index, count: rotor.count, start_utf8: start.utf8, end_utf8: end.utf8, start_utf16: start.utf16,
      end_utf16: end.utf16, label: CString.copy(found.label), kind: CString.copy(found.kind.rawValue),
      value: (found.value ?? found.severity?.rawValue).map { CString.copy($0) })
  }
  return result == TR_OK ? status : result
}

/// Speech (plain text or SSML) for a UTF-8 range of the text. Contract: `tr_document_speak` in include/textrotor.h.
@_cdecl("tr_document_speak")
public func tr_document_speak(
  _ document: OpaquePointer?, _ start: Int, _ end: Int, _ format: tr_speech_format, _ locale: UnsafePointer<CChar>?,
  _ speech: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ length: UnsafeMutablePointer<Int>?,
  _ error: ErrorOut?
) -> tr_status {
  reporting(error) { () throws(CallFailure) in
    guard let document else { throw .invalid("document is NULL") }
    guard let speech else { throw .invalid("speech (the out parameter) is NULL") }
    guard format == TR_SPEECH_TEXT || format == TR_SPEECH_SSML else {
      throw .invalid("unknown speech format \(format.rawValue): use TR_SPEECH_TEXT or TR_SPEECH_SSML")
    }
    let handle = DocumentHandle.from(document)
    // size_t arrives as Int: SIZE_MAX is -1.
    let whole = start == 0 && end == -1
    var range: TextRange?
    if !whole {
      guard start >= 0, start <= handle.textLength else {
        throw CallFailure(
          status: TR_ERROR_RANGE,
          message: "the range starts at \(start), past the end of the text (\(handle.textLength) UTF-8 bytes)")
      }
      let cut = end < 0 ? handle.textLength : min(end, handle.textLength)
      guard cut >= start else {
        throw CallFailure(status: TR_ERROR_RANGE, message: "the range ends (\(end)) before it starts (\(start))")
      }
      range = TextRange(start: start, end: cut)
    }
    let language = CString.read(locale).flatMap { $0.isEmpty ? nil : $0 } ?? handle.locale
    if let language, !LanguageTag.isWellFormed(language) {
      throw .invalid("locale \"\(language)\" is not a BCP 47 language tag (en, zh-Hans, ja, vi, ar…)")
    }
    // The library's speech sink, as `textrotor speak` and the facade write speech; plain text ends
    // with a line feed there that this contract leaves out.
    let sink = LockedValue<[UInt8]>([])
    let sinkFormat: SpeechFormat = format == TR_SPEECH_SSML ? .ssml : .text
    handle.document.writeSpeech(for: range, options: SpeechOptions(locale: language), format: sinkFormat) { piece in
      sink.withValue { $0.append(contentsOf: piece) }
    }
    var bytes = sink.withValue { $0 }
    if sinkFormat == .text, bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    speech.pointee = bytes.withUnsafeBytes { CString.copy($0) }
    length?.pointee = bytes.count
  }
}
