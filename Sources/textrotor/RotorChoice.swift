import ArgumentParser
import TextRotor

/// The checks of a `--rotor NAME` option that `rotor` and `browse` share: an unknown name is a usage
/// error that names it and lists the rotors, before the document is read; a book's navigation rotor
/// (`contents`, `pages`, `guide`, `notes`) that this document does not have says what is missing.
enum RotorChoice {
  /// Throws a usage error unless `name` is a built-in rotor or a book's navigation rotor.
  static func validate(_ name: String) throws {
    let lowered = name.lowercased()
    guard !RotorIndex.builtInNames.contains(lowered), !RotorIndex.navigationNames.contains(lowered) else { return }
    throw ValidationError(
      "unknown rotor \"\(printable(name))\"; rotors: " + RotorIndex.builtInNames.joined(separator: ", ")
        + "; in a book also " + RotorIndex.navigationNames.joined(separator: ", "))
  }

  /// Why the navigation rotor `name` is not in `index`, in words ("this document has no print
  /// pages"); nil when it is there or is not a navigation rotor.
  static func missing(_ name: String, in index: RotorIndex) -> String? {
    let lowered = name.lowercased()
    guard RotorIndex.navigationNames.contains(lowered), index.rotor(RotorKind(lowered)) == nil else { return nil }
    let what =
      switch lowered {
      case "pages": "print pages (no page list)"
      case "contents": "table of contents"
      case "guide": "guide (no landmarks list)"
      default: "notes"
      }
    return "this document has no \(what), so it has no \"\(lowered)\" rotor; rotors here: "
      + index.kinds.map(\.rawValue).joined(separator: ", ")
  }
}

/// A usage error found after the document was read (a rotor this document does not have): printed
/// as "textrotor: <message>" without the usage lines, exit status 2.
struct UsageFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
