// A program that embeds TextRotor with nothing but `import TextRotor` (no Foundation): it reads the
// brochure, lists its alerts, and speaks the first one. CLITests/EmbedExampleTests runs it.
import TextRotor

let path = CommandLine.arguments.dropFirst().first ?? "corpus/park-trip-brochure.html"
do {
  let brochure = try Document(contentsOf: path)
  let alerts = brochure.rotor(.alerts)?.entries ?? []
  print("\(alerts.count) alerts")
  for (number, alert) in alerts.enumerated() {
    print("\(number + 1). \(alert.severity?.rawValue ?? "alert"): \(alert.label)")
  }
  if let first = alerts.first {
    print("Spoken: " + brochure.speech(for: first.range).plainText())
  }
} catch {
  print("cannot read \(path): \(error)")
}
