import Foundation

/// A fresh folder for one test, removed afterwards by the caller.
func freshFolder(_ name: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-\(name)-\(UUID().uuidString)")
    .path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// The names in a folder, sorted (empty when it cannot be read).
func contents(of folder: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}
