/// Vietnamese names of currencies, by sign and by ISO code (either case), as NeMo's `vi` grammar
/// and Vietnamese speech name them.
extension SpeechLexicon {
  static let vietnameseCurrency: [String: @Sendable (String) -> String] = {
    let signs = [
      "$": "đô la", "US$": "đô la Mỹ", "€": "ơ rô", "£": "bảng Anh", "¥": "yên Nhật", "₩": "won", "₹": "rupee",
      "₫": "đồng", "đ": "đồng", "AED": "dirham",
    ]
    let codes = [
      "VND": "đồng", "VNĐ": "đồng", "USD": "đô la Mỹ", "EUR": "ơ rô", "GBP": "bảng Anh", "JPY": "yên Nhật",
      "KRW": "won Hàn Quốc", "CNY": "nhân dân tệ", "CHF": "franc Thụy Sĩ", "SGD": "đô la Singapore",
      "MYR": "ringgit Malaysia", "THB": "baht Thái Lan", "IDR": "rupiah Indonesia", "PHP": "peso Philippines",
      "AUD": "đô la Úc", "CAD": "đô la Canada", "NZD": "đô la New Zealand", "HKD": "đô la Hồng Kông",
      "TWD": "đô la Đài Loan",
    ]
    var table: [String: @Sendable (String) -> String] = [:]
    for (sign, name) in signs { table[sign] = { "\($0) \(name)" } }
    for (code, name) in codes {
      table[code] = { "\($0) \(name)" }
      table[code.lowercased()] = { "\($0) \(name)" }
    }
    return table
  }()
}
