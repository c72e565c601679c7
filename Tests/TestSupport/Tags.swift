public import Testing

extension Tag {
  /// Suites that run work on several threads (or beside a one-thread run of it): `.ci/run` runs
  /// every suite with this tag under ThreadSanitizer (`swift test --sanitize=thread --filter
  /// tag:threadSafety`). A suite that starts threads, or checks a parallel path against the serial
  /// one, takes it.
  @Tag public static var threadSafety: Self
}
