/// The Chinese, Japanese, Vietnamese and Arabic lexicons and the helpers they use.
extension SpeechLexicon {
  static let chinese = SpeechLexicon(
    language: "zh", spaced: false, ratio: "比", score: "比", range: "至",
    plus: "加", minus: "负", extensionWord: "分机",
    at: "at", dot: "点", slash: "斜杠", colon: "冒号", dash: "横杠", underscore: "下划线",
    question: "问号", equals: "等于", and: "和", hash: "井号",
    chapterVerse: { "\($0)章\($1)节" },
    hourMinute: { h, m in
      m == "00" ? "\(chineseHour(h))点" : "\(chineseHour(h))点\(m.hasPrefix("0") ? m.dropFirst() : Substring(m))分"
    },
    oclock: { "\(chineseHour($0))点" },
    hours: { n, _ in "\(n)小时" }, minutes: { n, _ in "\(n)分钟" }, seconds: { n, _ in "\(n)秒" },
    percent: { "百分之\($0)" },
    degrees: { n, scale in
      switch scale {
      case "C": return "\(n)摄氏度"
      case "F": return "\(n)华氏度"
      default: return "\(n)度"
      }
    },
    currency: [
      "$": { "\($0)美元" }, "US$": { "\($0)美元" }, "€": { "\($0)欧元" }, "£": { "\($0)英镑" },
      "¥": { "\($0)元" }, "￥": { "\($0)元" }, "₫": { "\($0)越南盾" }, "AED": { "\($0)迪拉姆" },
      "₩": { "\($0)韩元" },
    ],
    units: [
      "km": "千米", "m": "米", "cm": "厘米", "mm": "毫米", "kg": "千克", "g": "克", "mg": "毫克", "l": "升",
      "L": "升", "ml": "毫升", "mL": "毫升", "km/h": "千米每小时", "GB": "GB", "MB": "MB", "min": "分钟", "h": "小时",
      "ms": "毫秒", "s": "秒", "m²": "平方米", "km²": "平方千米", "cm²": "平方厘米", "m³": "立方米", "cm³": "立方厘米", "km³": "立方千米",
      // NeMo's zh measure/units_en.tsv: the standard Chinese names.
      "ft": "英尺", "yd": "码", "dm": "分米", "nm": "纳米", "μm": "微米", "lb": "磅", "lbs": "磅", "oz": "盎司", "μg": "微克",
      "ha": "公顷", "Hz": "赫兹", "kHz": "千赫兹", "GHz": "吉赫兹", "kW": "千瓦", "kWh": "千瓦时", "dB": "分贝", "kPa": "千帕",
      "kcal": "千卡", "ns": "纳秒", "μs": "微秒", "rpm": "转每分",
    ],
    ratioCues: ["比例", "对比度", "對比度", "对比", "比率", "稀释", "稀釋", "混合", "配比", "坡度"],
    scoreCues: ["比分", "比赛", "比賽", "战胜", "擊敗", "击败", "获胜", "赢", "输"],
    durationCues: ["时长", "時長", "持续", "用时", "耗时"],
    books: ["约翰福音", "約翰福音", "创世记", "創世記", "马太福音", "馬太福音", "诗篇", "詩篇", "罗马书", "羅馬書", "路加福音", "马可福音", "箴言"],
    date: { y, m, d in chineseDate(year: String(y), month: m, day: d) },
    decimalWord: "点", phoneDigits: ["1": "幺"],
    spellOutFix: chineseSpellOutFix, year: chineseYear, scaleWords: ["万": "万", "亿": "亿", "萬": "萬", "億": "億"],
    tildeIsRange: true,
    fraction: { numerator, denominator, _ in "\(denominator)分之\(numerator)" },
    mixedNumber: { whole, fraction, _ in "\(whole)又\(fraction)" }, yearMarker: "年",
    clockWithSeconds: { h, m, s in "\(chineseHour(h))点\(m)分\(s)秒" }, dimensionWord: "乘")

  static let japanese = SpeechLexicon(
    language: "ja", spaced: false, ratio: "対", score: "対", range: "から",
    plus: "プラス", minus: "マイナス", extensionWord: "内線",
    at: "アット", dot: "ドット", slash: "スラッシュ", colon: "コロン", dash: "ハイフン", underscore: "アンダースコア",
    question: "クエスチョン", equals: "イコール", and: "アンド", hash: "シャープ",
    chapterVerse: { "\($0)章\($1)節" },
    hourMinute: { h, m in m == "00" ? "\(h)時" : "\(h)時\(m.hasPrefix("0") ? Substring(m.dropFirst()) : Substring(m))分" },
    oclock: { "\($0)時" },
    hours: { n, _ in "\(n)時間" }, minutes: { n, _ in "\(n)分" }, seconds: { n, _ in "\(n)秒" },
    percent: { "\($0)パーセント" },
    degrees: { n, scale in
      switch scale {
      case "C": return "摂氏\(n)度"
      case "F": return "華氏\(n)度"
      default: return "\(n)度"
      }
    },
    currency: [
      "$": { "\($0)ドル" }, "US$": { "\($0)米ドル" }, "€": { "\($0)ユーロ" }, "£": { "\($0)ポンド" },
      "¥": { "\($0)円" }, "￥": { "\($0)円" }, "₫": { "\($0)ドン" }, "AED": { "\($0)ディルハム" },
    ],
    units: [
      "km": "キロメートル", "m": "メートル", "cm": "センチメートル", "mm": "ミリメートル", "kg": "キログラム",
      "g": "グラム", "mg": "ミリグラム", "l": "リットル", "L": "リットル", "ml": "ミリリットル", "mL": "ミリリットル",
      "km/h": "キロメートル毎時", "min": "分", "h": "時間",
      "m²": "平方メートル", "km²": "平方キロメートル", "cm²": "平方センチメートル", "m³": "立方メートル",
      "cm³": "立方センチメートル",
    ],
    ratioCues: ["比", "比率", "コントラスト比", "コントラスト", "希釈", "混合", "割合", "勾配"],
    scoreCues: ["スコア", "得点", "勝利", "勝ち", "負け", "破り", "試合"],
    durationCues: ["再生時間", "所要時間", "時間", "長さ"],
    books: ["ヨハネによる福音書", "ヨハネ福音書", "ヨハネ", "創世記", "マタイによる福音書", "詩編", "詩篇", "ローマ人への手紙"],
    date: { y, m, d in "\(y)年\(m)月\(d)日" },
    decimalWord: "点", digitWords: ["0": "零"], phoneDigits: ["0": "ゼロ"],
    spellOutFix: japaneseSpellOutFix, tildeIsRange: true,
    dayMarks: [
      "月": "月曜日", "火": "火曜日", "水": "水曜日", "木": "木曜日", "金": "金曜日", "土": "土曜日", "日": "日曜日", "祝": "祝日",
      "休": "休日",
    ],
    fraction: { numerator, denominator, _ in "\(denominator)分の\(numerator)" },
    mixedNumber: { whole, fraction, _ in "\(whole)と\(fraction)" }, dimensionWord: "かける")

  /// Vietnamese: a ratio is read "trên" ("11,7 trên 1", as ratios and fractions are read aloud);
  /// a sports score "3-1" is read with "–" as a pause, so we say "3 1" joined by "đối" ("3 đối 1").
  static let vietnamese = SpeechLexicon(
    language: "vi", spaced: true, ratio: "trên", score: "đối", range: "đến",
    plus: "cộng", minus: "âm", extensionWord: "máy lẻ",
    at: "a còng", dot: "chấm", slash: "gạch chéo", colon: "hai chấm", dash: "gạch ngang", underscore: "gạch dưới",
    question: "dấu hỏi", equals: "bằng", and: "và", hash: "thăng",
    chapterVerse: { "chương \($0) câu \($1)" },
    hourMinute: { h, m in
      m == "00" ? "\(h) giờ" : "\(h) giờ \(m.hasPrefix("0") ? Substring(m.dropFirst()) : Substring(m)) phút"
    },
    oclock: { "\($0) giờ" },
    hours: { n, _ in "\(n) giờ" }, minutes: { n, _ in "\(n) phút" }, seconds: { n, _ in "\(n) giây" },
    percent: { "\($0) phần trăm" },
    degrees: { n, scale in
      switch scale {
      case "C": return "\(n) độ C"
      case "F": return "\(n) độ F"
      default: return "\(n) độ"
      }
    },
    currency: vietnameseCurrency,
    units: [
      "km": "ki lô mét", "m": "mét", "cm": "xăng ti mét", "mm": "mi li mét", "kg": "ki lô gam", "g": "gam",
      "mg": "mi li gam", "l": "lít", "L": "lít", "ml": "mi li lít", "mL": "mi li lít", "km/h": "ki lô mét trên giờ",
      "min": "phút", "h": "giờ", "p": "phút", "s": "giây", "m2": "mét vuông", "m3": "mét khối", "GB": "gi ga bai",
      "MB": "mê ga bai", "KB": "ki lô bai", "kB": "ki lô bai", "TB": "tê ra bai", "GHz": "gi ga hẹc",
      "MHz": "mê ga hẹc",
      "mV": "mi li vôn", "V": "vôn", "W": "oát", "kW": "ki lô oát", "hp": "mã lực", "m/min": "mét trên phút",
      "m/s": "mét trên giây", "m²": "mét vuông", "km²": "ki lô mét vuông", "cm²": "xăng ti mét vuông",
      "m³": "mét khối", "cm³": "xăng ti mét khối", "km2": "ki lô mét vuông", "cm2": "xăng ti mét vuông",
      "ha": "héc ta", "v": "vôn", "Hz": "hẹc", "tb": "terabyte", "pb": "petabyte", "kcal": "ki lô calo",
      "kwh": "ki lô oát giờ", "kWh": "ki lô oát giờ", "kbps": "kilobit trên giây", "mbps": "megabit trên giây",
      "MV": "mê ga vôn", "mi": "mile", "ft": "foot", "yd": "yard", "rad": "radian", "kHz": "ki lô hẹc",
      "TW": "tê ra oát", "MW": "mê ga oát", "GW": "gi ga oát",
    ],
    ratioCues: ["tỷ lệ", "tỉ lệ", "tương phản", "độ tương phản", "pha", "trộn", "pha loãng", "độ dốc", "dốc"],
    scoreCues: ["tỷ số", "tỉ số", "thắng", "thua", "hòa", "chung cuộc"],
    durationCues: ["thời lượng", "kéo dài", "thời gian"],
    books: ["Giăng", "Sáng Thế Ký", "Ma-thi-ơ", "Thi Thiên", "Rô-ma", "Lu-ca"],
    date: { y, m, d in vietnameseDate(y, m, d) },
    timePrepositions: ["lúc", "từ", "đến"],
    minorCurrency: [
      "$": CountedWord(one: "xu", other: "xu"), "€": CountedWord(one: "xu", other: "xu"),
      "£": CountedWord(one: "penny", other: "penny"),
    ],
    decimalWord: "phẩy",
    // "linh" for a zero tens digit (101 "một trăm linh một"), the standard form espeak-ng also says;
    // ICU writes the southern "lẻ".
    spellOutFix: { $0.replacingAll(" lẻ ", with: " linh ").replacingAll(" lẻ", with: " linh") },
    cardinal: VietnameseNumbers.cardinal,
    // Years after 2010 are said without "không trăm": 2024 is "hai nghìn hai mươi tư".
    year: vietnameseYear,
    // A day and a month found without a year ("14/4"): "14 tháng tư", after "ngày" when the text says it.
    monthNameDate: { month, day, year, _, _ in vietnameseDate(year, month, day, lead: false) },
    monthWord: "tháng",
    yearCues: ["năm"],
    romanCues: [
      "kỷ", "kỉ", "thứ", "chương", "phần", "mục", "đoạn", "năm", "quyển", "tập", "khóa", "bài", "điều",
      "khoản", "lục", "số",
    ],
    numberWordsAfter: ["thứ": [1: "nhất", 4: "tư"]],
    dateLead: "ngày",
    fraction: { numerator, denominator, _ in "\(numerator) phần \(denominator == "4" ? "tư" : denominator)" },
    mixedNumber: { whole, fraction, _ in "\(whole) và \(fraction)" }, omitsZeroTimeParts: true,
    per: "trên", periods: ["h": "giờ", "giờ": "giờ", "ngày": "ngày", "tuần": "tuần", "tháng": "tháng", "năm": "năm"],
    attachedScales: ["k": ("nghìn", ""), "tr": ("triệu", "nghìn"), "t": ("tỷ", "triệu")],
    clockLetters: ["h", "g"], perUnitPrice: "một", dimensionWord: "nhân")

  /// Arabic: a ratio is "إلى" ("to", as in نسبة 3 إلى 1); a score is "مقابل" ("against", as in 3 مقابل 1).
  static let arabic = SpeechLexicon(
    language: "ar", spaced: true, ratio: "إلى", score: "مقابل", range: "إلى",
    plus: "زائد", minus: "سالب", extensionWord: "تحويلة",
    at: "آت", dot: "نقطة", slash: "شرطة مائلة", colon: "نقطتان", dash: "شرطة", underscore: "شرطة سفلية",
    question: "علامة استفهام", equals: "يساوي", and: "و", hash: "علامة المربع",
    chapterVerse: { "الإصحاح \($0) الآية \($1)" },
    hourMinute: { h, m in
      m == "00" ? "الساعة \(h)" : "الساعة \(h) و\(m.hasPrefix("0") ? Substring(m.dropFirst()) : Substring(m)) دقيقة"
    },
    oclock: { "الساعة \($0)" },
    hours: { n, _ in "\(n) ساعة" }, minutes: { n, _ in "\(n) دقيقة" }, seconds: { n, _ in "\(n) ثانية" },
    percent: { "\($0) في المائة" },
    degrees: { n, scale in
      switch scale {
      case "C": return "\(n) درجة مئوية"
      case "F": return "\(n) درجة فهرنهايت"
      default: return "\(n) درجة"
      }
    },
    currency: [
      "$": { "\($0) دولار" }, "US$": { "\($0) دولار أمريكي" }, "€": { "\($0) يورو" }, "£": { "\($0) جنيه إسترليني" },
      "¥": { "\($0) ين" }, "AED": { "\($0) درهم" }, "د.إ": { "\($0) درهم" }, "ج.م": { "\($0) جنيه" },
    ],
    units: [
      "km": "كيلومتر", "m": "متر", "cm": "سنتيمتر", "mm": "مليمتر", "kg": "كيلوغرام", "g": "غرام", "mg": "مليغرام",
      "l": "لتر", "L": "لتر", "ml": "مليلتر", "mL": "مليلتر", "km/h": "كيلومتر في الساعة", "min": "دقيقة", "h": "ساعة",
      "m²": "متر مربع", "km²": "كيلومتر مربع", "cm²": "سنتيمتر مربع", "m³": "متر مكعب", "cm³": "سنتيمتر مكعب",
    ],
    ratioCues: ["نسبة", "النسبة", "تباين", "التباين", "خلط", "تخفيف", "بنسبة", "انحدار", "ميل"],
    scoreCues: ["نتيجة", "النتيجة", "فاز", "فوز", "خسر", "تعادل", "المباراة"],
    durationCues: ["مدة", "المدة", "يستغرق"],
    books: ["يوحنا", "التكوين", "متى", "المزامير", "رومية", "لوقا"],
    date: { y, m, d in "\(d) \(arabicMonths[m - 1]) \(y)" },
    minorCurrency: arabicMinorCurrency,
    decimalWord: "فاصلة",
    // ICU counts 11 with the feminine إحدى عشر; counting aloud uses the masculine أحد عشر.
    spellOutFix: arabicSpellOutFix,
    decimalReading: { whole, fraction in
      // "6.88" is read as a fraction, the way Arabic says decimals aloud: ستة وثمانية وثمانون من مئة.
      let denominator = "1" + String(repeating: "0", count: fraction.count)
      return "\(whole) و\(fraction) من \(denominator)"
    },
    asciiCommaIsDecimal: true, percentMayLead: true,
    fraction: arabicFraction,
    mixedNumber: { whole, fraction, _ in "\(whole) و\(fraction)" },
    dottedAbbreviations: arabicLocalCurrencies,
    moneyWithMinor: arabicMoneyWithMinor,
    dimensionWord: "في")

  /// An Arabic fraction: the fraction nouns for halves to tenths (نصف, ثلثين, ثلاثة أرباع), "a على b" beyond.
  static func arabicFraction(_ numerator: String, _ denominator: String, _ ordinal: String?) -> String {
    let single = [
      "2": "نصف", "3": "ثلث", "4": "ربع", "5": "خمس", "6": "سدس", "7": "سبع", "8": "ثمن", "9": "تسع", "10": "عشر",
    ]
    let dual = [
      "2": "نصفين", "3": "ثلثين", "4": "ربعين", "5": "خمسين", "6": "سدسين", "7": "سبعين", "8": "ثمنين", "9": "تسعين",
      "10": "عشرين",
    ]
    let plural = [
      "3": "أثلاث", "4": "أرباع", "5": "أخماس", "6": "أسداس", "7": "أسباع", "8": "أثمان", "9": "أتساع", "10": "أعشار",
    ]
    guard let one = single[denominator] else { return "\(numerator) على \(denominator)" }
    switch Int(numerator) ?? 0 {
    case 1: return one
    case 2: return dual[denominator]!
    case 3...10: return plural[denominator].map { "\(numerator) \($0)" } ?? "\(numerator) على \(denominator)"
    default: return "\(numerator) على \(denominator)"
    }
  }

  /// Fixes to ICU's Arabic spell-out: the hundreds are one word with the unit's short form
  /// (ثلاثمائة, not ثلاثة مائة; written ثلاث مئة, as NeMo and modern usage write them), مئة for
  /// مائة, اثنان without a hamza, and the masculine أحد عشر when counting.
  static func arabicSpellOutFix(_ words: String) -> String {
    var out = words.replacingAll("إحدى عشر", with: "أحد عشر")
    for (unit, short) in [
      ("ثلاثة", "ثلاث"), ("أربعة", "أربع"), ("خمسة", "خمس"), ("ستة", "ست"), ("سبعة", "سبع"), ("ثمانية", "ثمان"),
      ("تسعة", "تسع"),
    ] {
      out = out.replacingAll(unit + " مائة", with: short + " مئة")
    }
    // ICU says two thousand in the genitive (ألفين); counting says it in the nominative, as اثنان.
    out = out.replacingAll("ألفين", with: "ألفان")
    return out.replacingAll("مائتان", with: "مئتان").replacingAll("مائة", with: "مئة")
      .replacingAll("إثنان", with: "اثنان").replacingAll("إثنا", with: "اثنا").replacingAll("إثنين", with: "اثنين")
  }

  /// A Chinese year, digit by digit in Han numerals ("2015" → "二零一五"), as years are said.
  static func chineseYear(_ year: Int) -> String {
    let digits: [Character] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
    return String(String(year).compactMap { $0.wholeNumberValue.map { digits[$0] } })
  }

  /// A Vietnamese year: after 2010 without "không trăm" ("2024" is "hai nghìn hai mươi tư").
  static func vietnameseYear(_ year: Int) -> String {
    (2010...2099).contains(year) ? "2 nghìn \(year % 1000)" : String(year)
  }

}
