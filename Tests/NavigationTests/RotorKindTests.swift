import Navigation
import Testing

@Suite struct RotorKindTests {
  @Test func headingLevelRotorsAreNamedAsTheCLIExpects() {
    #expect(RotorKind.heading(level: 3).rawValue == "heading3")
  }
}
