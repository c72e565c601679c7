/// An ICU object that nothing changes once it is opened and that ICU documents as safe to use from
/// several threads at once: plural rules (`uplrules_select` only reads them), a UTS #46 processor
/// (ICU: "the UIDNA object is immutable and thread-safe") and a compiled regular expression that is
/// only cloned, never matched (`uregex_clone`: "useful to threaded applications"; each clone matches
/// on one thread).
///
/// The one place in UnicodeSupport where a C handle's thread safety is taken on ICU's word: the types
/// that hold one (``PluralRules``, ``IDNA``, ``SharedRegex``) are `Sendable` by construction, and a
/// handle whose use changes it (a regular expression being matched, a break iterator) never goes here.
/// Closed in `deinit`.
final class SharedICUObject: @unchecked Sendable {  // an opaque C handle; ICU promises concurrent reads (above)
  /// The ICU object.
  let handle: OpaquePointer
  private let close: @Sendable (OpaquePointer) -> Void

  /// Takes `handle` over; `close` frees it when this object goes.
  init(_ handle: OpaquePointer, close: @escaping @Sendable (OpaquePointer) -> Void) {
    self.handle = handle
    self.close = close
  }

  deinit { close(handle) }
}
