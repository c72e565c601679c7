/// A value one thread hands to another, which waits for it: the country-code domains of links and
/// e-mail addresses, kept by the thread that finds them for the phone detector on the other.
package final class Promise<Value: Sendable>: Sendable {
  /// The value once kept (nil before), guarded; its lock's broadcast says it was kept.
  private let state = LockedValue<Value?>(nil)

  /// Not kept yet.
  package init() {}

  /// Hands over the value and wakes the waiting threads (once).
  package func keep(_ value: Value) {
    state.withValue { kept in
      precondition(kept == nil, "a promise is kept once")
      kept = value
      state.lock.broadcast()
    }
  }

  /// The value, once it is kept (waits until then).
  package func value() -> Value { state.withValue(when: { $0 != nil }) { $0! } }

  /// Whether the value is kept (a caller may do other work first instead of waiting).
  package var isKept: Bool { state.withValue { $0 != nil } }
}
