import Foundation
import Testing

/// Issue 58 end to end: a time of day to the second and a day-first date read the same in text,
/// SSML and JSON.
@Suite struct SpeakIssue58Tests {
  static func speak(_ text: String, locale: String, format: String = "text") throws -> CLIRunner.Result {
    try CLIRunner.run(
      ["speak", "--input", "text", "--locale", locale, "--format", format], input: Data((text + "\n").utf8))
  }

  @Test func aTimeWithSecondsAfterAtIsATimeOfDayInEveryFormat() throws {
    let text = try Self.speak("The train leaves at 09:12:44 sharp.", locale: "en")
    #expect(text.status == 0)
    #expect(text.stdout == "The train leaves at 9 12 and 44 seconds sharp.\n")
    let ssml = try Self.speak("The train leaves at 09:12:44 sharp.", locale: "en", format: "ssml")
    #expect(ssml.stdout.contains("9 12 and 44 seconds"))
    #expect(!ssml.stdout.contains("hours"))
    let json = try Self.speak("The train leaves at 09:12:44 sharp.", locale: "en", format: "json")
    #expect(json.stdout.contains("9 12 and 44 seconds"))
  }

  @Test func aDayAndMonthAfterOnFollowTheLocalesOrder() throws {
    let gb = try Self.speak("Meeting on 5/6", locale: "en-GB")
    #expect(gb.stdout == "Meeting on the 5th of June\n")
    let us = try Self.speak("Meeting on 5/6", locale: "en-US")
    #expect(us.stdout == "Meeting on May 6th\n")
    let ssml = try Self.speak("Meeting on 5/6", locale: "en-GB", format: "ssml")
    #expect(ssml.stdout.contains("the 5th of June"))
    let short = try Self.speak("Shipped 11/17/05.", locale: "en-US")
    #expect(short.stdout == "Shipped November 17th, oh 5.\n")
  }

  @Test func aHouseNumberAndAStreetType() throws {
    let result = try Self.speak("Nancy lived at 1428 Elm St. 4 doors down.", locale: "en")
    #expect(result.stdout == "Nancy lived at 14 28 Elm Street 4 doors down.\n")
  }

  @Test func browseSaysTheSameReading() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("textrotor-58-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: work + "/bin", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    // A fake espeak-ng first on PATH keeps what it is given to say (arguments and standard input).
    let fake = "#!/bin/sh\ncat >> \"$WORK/said\"; echo \"$@\" >> \"$WORK/said\"\n"
    try Data(fake.utf8).write(to: URL(fileURLWithPath: work + "/bin/espeak-ng"))
    chmod(work + "/bin/espeak-ng", 0o755)
    let page = "<html lang=\"en-GB\"><p>Meeting on 5/6, leaving at 09:12:44.</p></html>"
    try Data(page.utf8).write(to: URL(fileURLWithPath: work + "/doc.html"))
    // The next command stops the speech before it acts (as a key does): quit only once the fake
    // synthesizer has had the time to take the line.
    let result = try CLIRunner.shell(
      #"{ echo say; sleep 3; echo quit; } | PATH="$WORK/bin:$PATH" timeout -s KILL 60 "$TEXTROTOR" browse "$WORK/doc.html" --speak"#,
      environment: ["WORK": work])
    #expect(result.status == 0)
    let said = (try? String(contentsOfFile: work + "/said", encoding: .utf8)) ?? ""
    #expect(said.contains("the 5th of June"), "said: \(said)")
    #expect(said.contains("9 12 and 44 seconds"), "said: \(said)")
  }
}
