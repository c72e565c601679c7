import Testing

extension Tag { @Tag static var threadSafety: Self }
