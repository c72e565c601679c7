/// Vietnamese dates from their parts, for every reader that has found one (numeric dates, a month
/// after "tháng", a day and a month): "ngày 14 tháng tư năm 2024".
extension SpeechLexicon {
  /// A date as Vietnamese says it: "ngày D" when there is a day, "tháng M" (April is "tháng tư",
  /// the month's name; the others are their numbers, "tháng một"), "năm Y" when there is a year.
  /// `lead` says whether "ngày" leads a date with a day.
  package static func vietnameseDate(_ year: Int?, _ month: Int, _ day: Int?, lead: Bool = true) -> String {
    var parts: [String] = []
    if let day { parts += lead ? ["ngày", String(day)] : [String(day)] }
    parts += ["tháng", month == 4 ? "tư" : String(month)]
    if let year { parts += ["năm", vietnameseYear(year)] }
    return parts.joined(separator: " ")
  }
}
