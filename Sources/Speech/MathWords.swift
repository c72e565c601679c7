/// The words a formula is said with in one language (ClearSpeak's wording in English, MathCAT's
/// anchor): templates whose `{0}`, `{1}` are filled with the parts' speech, so each language keeps
/// its own order ("4分之3", "3 phần 4").
struct MathWords: Sendable {
  var over = "{0} over {1}"
  var fraction = "the fraction with numerator; {0}; and denominator {1};"
  var choose = "{0} choose {1}"
  var mixed = "{0} and {1}"
  var squared = "{0} squared"
  var cubed = "{0} cubed"
  /// An integer or one-letter exponent: `{1}` is its ordinal ("fifth", "n-th").
  var ordinalPower = "{0} to the {1} power"
  /// A negative integer exponent: `{1}` is the number.
  var negativePower = "{0} to the negative {1} power"
  var raised = "{0} raised to the {1} power"
  var exponent = "{0} raised to the exponent, {1}, end exponent"
  var sub = "{0} sub {1}"
  var squareRoot = "the square root of {0}"
  var cubeRoot = "the cube root of {0}"
  /// `{1}` is the index's ordinal (or its speech when it is no number or letter).
  var root = "the {1} root of {0}"
  var function = "{0} of {1}"
  var over_ = "{0} with {1} above"
  var under = "{0} with {1} below"
  var sumLike = "{0} from {1} to {2} of"
  var matrix = "the {0} by {1} matrix"
  var determinant = "the {0} by {1} determinant"
  var absoluteValue = "the absolute value of {0}"
  /// A table outside fences: lines of aligned equations.
  var table = "{0} lines"
  var line = "line {0}"
  var row = "row {0}"
  var negative = "negative"
  var times = "times"
  var openParen = "open paren"
  var closeParen = "close paren"
  /// Fraction words for common fractions (denominators 2…10): singular and plural; empty where the
  /// language says every fraction with ``over``.
  var fractionOrdinals: [Int: (one: String, many: String)] = [
    2: ("half", "halves"), 3: ("third", "thirds"), 4: ("fourth", "fourths"), 5: ("fifth", "fifths"),
    6: ("sixth", "sixths"), 7: ("seventh", "sevenths"), 8: ("eighth", "eighths"), 9: ("ninth", "ninths"),
    10: ("tenth", "tenths"),
  ]
  /// Whether integer exponents and root indexes are said as ordinals ("fifth"); else as numbers.
  var ordinals = true
  var letterOrdinal = "{0}-th"
  /// Operator names.
  var operators: [String: String] = [
    "+": "plus", "-": "minus", "\u{2212}": "minus", "=": "is equal to", "\u{D7}": "times", "\u{22C5}": "times",
    "\u{B7}": "times", "*": "times", "\u{F7}": "divided by", "/": "divided by", "\u{B1}": "plus or minus",
    "\u{2213}": "minus or plus", "<": "is less than", ">": "is greater than", "\u{2264}": "is less than or equal to",
    "\u{2265}": "is greater than or equal to", "\u{2260}": "is not equal to", "\u{2248}": "is approximately equal to",
    "\u{2192}": "approaches", "\u{221E}": "infinity", "\u{2211}": "the sum", "\u{220F}": "the product",
    "\u{222B}": "the integral", "\u{2032}": "prime", "!": "factorial", "%": "percent", "\u{2208}": "is an element of",
    "\u{2026}": "dot dot dot", "\u{22EF}": "dot dot dot", "lim": "the limit", "[": "open bracket",
    "]": "close bracket", "{": "open brace", "}": "close brace", "|": "vertical bar",
    "\u{2202}": "partial", "\u{2207}": "del", "\u{2220}": "angle", "\u{B0}": "degrees",
  ]
  /// Accents over a letter (`<mover accent>`), by the accent's character.
  var accents: [String: String] = [
    "\u{AF}": "{0} bar", "\u{203E}": "{0} bar", "\u{2015}": "{0} bar", "\u{2C9}": "{0} bar", "\u{2D9}": "{0} dot",
    "\u{A8}": "{0} double dot", "^": "{0} hat", "\u{2C6}": "{0} hat", "~": "{0} tilde", "\u{2DC}": "{0} tilde",
    "\u{2192}": "vector {0}", "\u{20D7}": "vector {0}",
  ]
  /// Identifier names (Greek letters, function names).
  var identifiers: [String: String] = [
    "\u{3B1}": "alpha", "\u{3B2}": "beta", "\u{3B3}": "gamma", "\u{3B4}": "delta", "\u{3B5}": "epsilon",
    "\u{3B6}": "zeta", "\u{3B7}": "eta", "\u{3B8}": "theta", "\u{3B9}": "iota", "\u{3BA}": "kappa",
    "\u{3BB}": "lambda", "\u{3BC}": "mu", "\u{3BD}": "nu", "\u{3BE}": "xi", "\u{3BF}": "omicron", "\u{3C0}": "pi",
    "\u{3C1}": "rho", "\u{3C3}": "sigma", "\u{3C4}": "tau", "\u{3C5}": "upsilon", "\u{3C6}": "phi",
    "\u{3C7}": "chi", "\u{3C8}": "psi", "\u{3C9}": "omega", "\u{394}": "cap delta", "\u{3A3}": "cap sigma",
    "\u{3A9}": "cap omega", "\u{3A0}": "cap pi", "\u{393}": "cap gamma", "\u{3A6}": "cap phi",
    "\u{3D5}": "phi", "\u{3D1}": "theta", "\u{3F5}": "epsilon", "sin": "sine", "cos": "cosine", "tan": "tangent",
    "ln": "natural log",
  ]

  /// The words for a lexicon key (en, zh, ja, vi, ar); English for the others.
  static func forLanguage(_ language: String) -> MathWords {
    switch language {
    case "zh": chinese
    case "ja": japanese
    case "vi": vietnamese
    case "ar": arabic
    default: english
    }
  }

  static let english = MathWords()

  /// ClearSpeak's wording is American ("3 fourths"); English that declares another region (en-GB,
  /// en-AU, en-IN…) says "3 quarters", as its speakers do.
  static let britishEnglish: MathWords = {
    var words = MathWords()
    words.fractionOrdinals[4] = ("quarter", "quarters")
    return words
  }()

  /// The words for a lexicon key and the region its language tag declares (nil: none declared).
  static func forLanguage(_ language: String, region: String?) -> MathWords {
    guard language == "en", let region, region != "US", region != "PH" else { return forLanguage(language) }
    return britishEnglish
  }

  static let chinese: MathWords = {
    var words = MathWords()
    words.determinant = "{0}行{1}列的行列式"
    words.absoluteValue = "{0}的绝对值"
    words.line = "第{0}行"
    words.accents = [
      "\u{AF}": "{0}拔", "\u{203E}": "{0}拔", "\u{2D9}": "{0}点", "^": "{0}帽", "\u{2C6}": "{0}帽",
      "~": "{0}波浪", "\u{2DC}": "{0}波浪", "\u{2192}": "向量{0}", "\u{20D7}": "向量{0}",
    ]
    words.over = "{1}分之{0}"
    words.fraction = "分数，分子 {0}，分母 {1}，"
    words.choose = "{0}选{1}"
    words.mixed = "{0}又{1}"
    words.squared = "{0}的平方"
    words.cubed = "{0}的立方"
    words.ordinalPower = "{0}的{1}次方"
    words.negativePower = "{0}的负{1}次方"
    words.raised = "{0}的{1}次方"
    words.exponent = "{0}的指数，{1}，指数结束"
    words.sub = "{0}下标{1}"
    words.squareRoot = "{0}的平方根"
    words.cubeRoot = "{0}的立方根"
    words.root = "{0}的{1}次方根"
    words.function = "{0} {1}"
    words.over_ = "{0}上方{1}"
    words.under = "{0}下方{1}"
    words.sumLike = "{0}从{1}到{2}"
    words.matrix = "{0}行{1}列的矩阵"
    words.table = "{0}行"
    words.row = "第{0}行"
    words.negative = "负"
    words.times = "乘"
    words.openParen = "左括号"
    words.closeParen = "右括号"
    words.fractionOrdinals = [:]
    words.ordinals = false
    words.letterOrdinal = "{0}"
    words.operators = [
      "+": "加", "-": "减", "\u{2212}": "减", "=": "等于", "\u{D7}": "乘", "\u{22C5}": "乘", "\u{B7}": "乘",
      "*": "乘", "\u{F7}": "除以", "/": "除以", "\u{B1}": "正负", "<": "小于", ">": "大于", "\u{2264}": "小于等于",
      "\u{2265}": "大于等于", "\u{2260}": "不等于", "\u{2248}": "约等于", "\u{221E}": "无穷大", "\u{2211}": "求和",
      "\u{222B}": "积分", "\u{2192}": "趋向于",
    ]
    words.identifiers = [:]
    return words
  }()

  static let japanese: MathWords = {
    var words = MathWords()
    words.determinant = "{0}行{1}列の行列式"
    words.absoluteValue = "{0}の絶対値"
    words.line = "{0}行目"
    words.accents = [
      "\u{AF}": "{0}バー", "\u{203E}": "{0}バー", "\u{2D9}": "{0}ドット", "^": "{0}ハット", "\u{2C6}": "{0}ハット",
      "~": "{0}チルダ", "\u{2DC}": "{0}チルダ", "\u{2192}": "ベクトル{0}", "\u{20D7}": "ベクトル{0}",
    ]
    words.over = "{1}分の{0}"
    words.fraction = "分数、分子 {0}、分母 {1}、"
    words.choose = "{0}個から{1}個選ぶ組み合わせ"
    words.mixed = "{0}と{1}"
    words.squared = "{0}の2乗"
    words.cubed = "{0}の3乗"
    words.ordinalPower = "{0}の{1}乗"
    words.negativePower = "{0}のマイナス{1}乗"
    words.raised = "{0}の{1}乗"
    words.exponent = "{0}の、{1}、乗"
    words.sub = "{0}添字{1}"
    words.squareRoot = "ルート{0}"
    words.cubeRoot = "{0}の3乗根"
    words.root = "{0}の{1}乗根"
    words.function = "{0} {1}"
    words.over_ = "{0}の上に{1}"
    words.under = "{0}の下に{1}"
    words.sumLike = "{1}から{2}までの{0}"
    words.matrix = "{0}行{1}列の行列"
    words.table = "{0}行"
    words.row = "{0}行目"
    words.negative = "マイナス"
    words.times = "かける"
    words.openParen = "かっこ"
    words.closeParen = "かっことじ"
    words.fractionOrdinals = [:]
    words.ordinals = false
    words.letterOrdinal = "{0}"
    words.operators = [
      "+": "たす", "-": "ひく", "\u{2212}": "ひく", "=": "イコール", "\u{D7}": "かける", "\u{22C5}": "かける",
      "\u{B7}": "かける", "*": "かける", "\u{F7}": "わる", "/": "わる", "\u{B1}": "プラスマイナス", "<": "小なり",
      ">": "大なり", "\u{2264}": "小なりイコール", "\u{2265}": "大なりイコール", "\u{2260}": "ノットイコール",
      "\u{221E}": "無限大", "\u{2211}": "総和", "\u{222B}": "積分",
    ]
    words.identifiers = [:]
    return words
  }()

  static let vietnamese: MathWords = {
    var words = MathWords()
    words.determinant = "định thức {0} hàng {1} cột"
    words.absoluteValue = "giá trị tuyệt đối của {0}"
    words.line = "dòng {0}"
    words.accents = [
      "\u{AF}": "{0} gạch trên", "\u{203E}": "{0} gạch trên", "\u{2D9}": "{0} chấm", "^": "{0} mũ", "\u{2C6}": "{0} mũ",
      "~": "{0} ngã", "\u{2DC}": "{0} ngã", "\u{2192}": "véc tơ {0}", "\u{20D7}": "véc tơ {0}",
    ]
    words.over = "{0} phần {1}"
    words.fraction = "phân số có tử số {0}, và mẫu số {1},"
    words.choose = "tổ hợp chập {1} của {0}"
    words.mixed = "{0} và {1}"
    words.squared = "{0} bình phương"
    words.cubed = "{0} lập phương"
    words.ordinalPower = "{0} mũ {1}"
    words.negativePower = "{0} mũ âm {1}"
    words.raised = "{0} mũ {1}"
    words.exponent = "{0} mũ, {1}, hết số mũ"
    words.sub = "{0} chỉ số dưới {1}"
    words.squareRoot = "căn bậc hai của {0}"
    words.cubeRoot = "căn bậc ba của {0}"
    words.root = "căn bậc {1} của {0}"
    words.function = "{0} của {1}"
    words.over_ = "{0} với {1} ở trên"
    words.under = "{0} với {1} ở dưới"
    words.sumLike = "{0} từ {1} đến {2} của"
    words.matrix = "ma trận {0} hàng {1} cột"
    words.table = "{0} dòng"
    words.row = "hàng {0}"
    words.negative = "âm"
    words.times = "nhân"
    words.openParen = "mở ngoặc"
    words.closeParen = "đóng ngoặc"
    words.fractionOrdinals = [:]
    words.ordinals = false
    words.letterOrdinal = "{0}"
    words.operators = [
      "+": "cộng", "-": "trừ", "\u{2212}": "trừ", "=": "bằng", "\u{D7}": "nhân", "\u{22C5}": "nhân", "\u{B7}": "nhân",
      "*": "nhân", "\u{F7}": "chia", "/": "chia", "\u{B1}": "cộng trừ", "<": "nhỏ hơn", ">": "lớn hơn",
      "\u{2264}": "nhỏ hơn hoặc bằng", "\u{2265}": "lớn hơn hoặc bằng", "\u{2260}": "khác", "\u{221E}": "vô cùng",
      "\u{2211}": "tổng", "\u{222B}": "tích phân",
    ]
    words.identifiers = [:]
    return words
  }()

  static let arabic: MathWords = {
    var words = MathWords()
    words.determinant = "محدد {0} في {1}"
    words.absoluteValue = "القيمة المطلقة لـ {0}"
    words.line = "السطر {0}"
    words.accents = [
      "\u{AF}": "{0} بار", "\u{203E}": "{0} بار", "\u{2D9}": "{0} نقطة", "^": "{0} قبعة", "\u{2C6}": "{0} قبعة",
      "~": "{0} تيلدا", "\u{2DC}": "{0} تيلدا", "\u{2192}": "المتجه {0}", "\u{20D7}": "المتجه {0}",
    ]
    words.over = "{0} على {1}"
    words.fraction = "كسر بسطه {0}، ومقامه {1}،"
    words.choose = "توافيق {1} من {0}"
    words.mixed = "{0} و{1}"
    words.squared = "{0} تربيع"
    words.cubed = "{0} تكعيب"
    words.ordinalPower = "{0} أس {1}"
    words.negativePower = "{0} أس سالب {1}"
    words.raised = "{0} أس {1}"
    words.exponent = "{0} أس، {1}، نهاية الأس"
    words.sub = "{0} سفلي {1}"
    words.squareRoot = "الجذر التربيعي لـ {0}"
    words.cubeRoot = "الجذر التكعيبي لـ {0}"
    words.root = "الجذر {1} لـ {0}"
    words.function = "{0} لـ {1}"
    words.over_ = "{0} وفوقه {1}"
    words.under = "{0} وتحته {1}"
    words.sumLike = "{0} من {1} إلى {2} لـ"
    words.matrix = "مصفوفة {0} في {1}"
    words.table = "{0} أسطر"
    words.row = "الصف {0}"
    words.negative = "سالب"
    words.times = "ضرب"
    words.openParen = "فتح قوس"
    words.closeParen = "إغلاق قوس"
    words.fractionOrdinals = [:]
    words.ordinals = false
    words.letterOrdinal = "{0}"
    words.operators = [
      "+": "زائد", "-": "ناقص", "\u{2212}": "ناقص", "=": "يساوي", "\u{D7}": "ضرب", "\u{22C5}": "ضرب", "\u{B7}": "ضرب",
      "*": "ضرب", "\u{F7}": "قسمة", "/": "قسمة", "\u{B1}": "زائد أو ناقص", "<": "أصغر من", ">": "أكبر من",
      "\u{2264}": "أصغر من أو يساوي", "\u{2265}": "أكبر من أو يساوي", "\u{2260}": "لا يساوي", "\u{221E}": "ما لا نهاية",
      "\u{2211}": "مجموع", "\u{222B}": "تكامل",
    ]
    words.identifiers = [:]
    return words
  }()

  /// `template` with `{0}`, `{1}`, `{2}` replaced by `parts`.
  static func fill(_ template: String, _ parts: String...) -> String {
    var result = ""
    var scalars = template.unicodeScalars[...]
    while let scalar = scalars.first {
      scalars = scalars.dropFirst()
      if scalar == "{", let digit = scalars.first, let index = Int(String(digit)), index < parts.count,
        scalars.dropFirst().first == "}"
      {
        result += parts[index]
        scalars = scalars.dropFirst(2)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
