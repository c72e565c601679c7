// The message tables of browse, one per language. Counted nouns: CLDR plural categories as keys
// ("one", "two", "few", "many", "other"), plus "=0" for the exact zero form.
// Chinese, Japanese and Vietnamese have only "other"; Arabic has all six (zero is "=0" here, since
// the Arabic sentence for "no links" differs from any counted form).

extension BrowseMessages {
  static let english = Table(
    nouns: [
      .heading: NounForms(
        name: "heading", title: "Headings",
        counted: ["=0": "no headings", "one": "{n} heading", "other": "{n} headings"]),
      .headingLevel: NounForms(
        name: "heading level {level}", title: "Headings level {level}",
        counted: [
          "=0": "no headings of level {level}", "one": "{n} heading of level {level}",
          "other": "{n} headings of level {level}",
        ]),
      .link: NounForms(
        name: "link", title: "Links", counted: ["=0": "no links", "one": "{n} link", "other": "{n} links"]),
      .email: NounForms(
        name: "e-mail address", title: "E-mail addresses",
        counted: ["=0": "no e-mail addresses", "one": "{n} e-mail address", "other": "{n} e-mail addresses"]),
      .phone: NounForms(
        name: "phone number", title: "Phone numbers",
        counted: ["=0": "no phone numbers", "one": "{n} phone number", "other": "{n} phone numbers"]),
      .alert: NounForms(
        name: "alert", title: "Alerts", counted: ["=0": "no alerts", "one": "{n} alert", "other": "{n} alerts"]),
      .warning: NounForms(
        name: "warning", title: "Warnings",
        counted: ["=0": "no warnings", "one": "{n} warning", "other": "{n} warnings"]),
      .landmark: NounForms(
        name: "landmark", title: "Landmarks",
        counted: ["=0": "no landmarks", "one": "{n} landmark", "other": "{n} landmarks"]),
      .list: NounForms(
        name: "list", title: "Lists", counted: ["=0": "no lists", "one": "{n} list", "other": "{n} lists"]),
      .numberedList: NounForms(
        name: "numbered list", title: "Numbered lists",
        counted: ["one": "{n} numbered list", "other": "{n} numbered lists"]),
      .table: NounForms(
        name: "table", title: "Tables", counted: ["=0": "no tables", "one": "{n} table", "other": "{n} tables"]),
      .image: NounForms(
        name: "image", title: "Images", counted: ["=0": "no images", "one": "{n} image", "other": "{n} images"]),
      .blockQuote: NounForms(
        name: "block quote", title: "Block quotes",
        counted: ["=0": "no block quotes", "one": "{n} block quote", "other": "{n} block quotes"]),
      .listItem: NounForms(
        name: "list item", title: "List items",
        counted: ["=0": "no list items", "one": "{n} list item", "other": "{n} list items"]),
      .item: NounForms(
        name: "item", title: "Items", counted: ["=0": "no items", "one": "{n} item", "other": "{n} items"]),
      .row: NounForms(name: "row", title: "Rows", counted: ["one": "{n} row", "other": "{n} rows"]),
      .column: NounForms(name: "column", title: "Columns", counted: ["one": "{n} column", "other": "{n} columns"]),
      .match: NounForms(
        name: "match", title: "Matches", counted: ["=0": "no matches", "one": "{n} match", "other": "{n} matches"]),
      .formField: NounForms(
        name: "form field", title: "Form fields",
        counted: ["=0": "no form fields", "one": "{n} form field", "other": "{n} form fields"]),
      .banner: NounForms(
        name: "banner landmark", title: "Banners", counted: ["one": "{n} banner", "other": "{n} banners"]),
      .navigation: NounForms(name: "navigation landmark", title: "Navigation", counted: ["other": "{n} navigation"]),
      .main: NounForms(name: "main landmark", title: "Main", counted: ["other": "{n} main"]),
      .complementary: NounForms(
        name: "complementary landmark", title: "Complementary", counted: ["other": "{n} complementary"]),
      .contentinfo: NounForms(
        name: "content information landmark", title: "Content information",
        counted: ["other": "{n} content information"]),
      .region: NounForms(name: "region", title: "Regions", counted: ["one": "{n} region", "other": "{n} regions"]),
      .search: NounForms(name: "search landmark", title: "Search", counted: ["other": "{n} search"]),
      .form: NounForms(name: "form landmark", title: "Forms", counted: ["one": "{n} form", "other": "{n} forms"]),
      .visitedLink: NounForms(
        name: "visited link", title: "Visited links",
        counted: ["=0": "no visited links", "one": "{n} visited link", "other": "{n} visited links"]),
      .paragraph: NounForms(
        name: "paragraph", title: "Paragraphs",
        counted: ["=0": "no paragraphs", "one": "{n} paragraph", "other": "{n} paragraphs"]),
      .bookmark: NounForms(
        name: "bookmark", title: "Bookmarks",
        counted: ["=0": "no bookmarks", "one": "{n} bookmark", "other": "{n} bookmarks"]),
    ],
    phrases: [
      .help:
        "Keys: Up/Down previous/next item, Left/Right previous/next rotor, Home/End first/last item, Page Up/Down ten items, Control+Home/End top/bottom; h heading, 1-9 heading level, k or u link, l list, i list item, t table, d landmark, g image, q block quote, p paragraph, n text that is not a link, comma past the list; Alt+e e-mail, Alt+p phone, Alt+a alert, 0 warning (Shift for previous); Control+F find, Insert then F3 next match; Control+B bookmark, ' next bookmark; Alt+Up/Down line, Alt+Left/Right word, Shift+Left/Right character (--keys nvda: the arrows, as NVDA); Enter link target; F7 elements list; F8 or Insert then Down say all; F2 where am I; F3 read item whole; F1 help; Control+D quit.",
      .rotorSummary: "{title}, {count}",
      .position: "{i} of {n}",
      .noNext: "No next {name}",
      .noPrevious: "No previous {name}",
      .emptyRotor: "{none} in this document",
      .noRotors: "No rotors",
      .topOfDocument: "Top of document",
      .endOfDocument: "End of document",
      .goodbye: "Goodbye",
      .notOnItem: "Not on an item; move to a link first",
      .notALink: "Not a link",
      .target: "Target: {value}",
      .unknownCommand: "Unknown command \"{command}\"; type help",
      .unknownRotor: "No rotor named {rotor}; rotors: {rotors}",
      .unusedKey: "{key} is not used; press F1 for help",
      .greeting: "{title}: {counts}. Press F1 for help, Control+D to quit.",
      .chooseRotor: "Say which rotor: {rotors}",
      .rotors: "Rotors: {rotors}",
      .elementsOpen:
        "Elements list, {title}, {count}. Type to filter, Up and Down to choose, Enter to jump, Escape to close.",
      .elementsItem: "{i} of {n}: {content}",
      .elementsNoMatch: "No match for \"{filter}\"",
      .elementsFilter: "\"{filter}\": {count}",
      .elementsClosed: "Elements list closed",
      .sayAllStopped: "Stopped",
      .sayAllEnd: "End of document",
      .critical: "critical",
      .warningSeverity: "warning",
      .info: "information",
      .notInDocument: "{none}: TextRotor's documents have no form controls",
      .capital: "cap {char}",
      .space: "space",
      .tab: "tab",
      .blank: "blank",
      .findPrompt: "Find: type the text, then Enter; Escape cancels",
      .noSearch: "Nothing searched for yet; press Control+F to find",
      .notFound: "\"{text}\" not found",
      .searchMatch: "{i} of {n}: {content}",
      .wrappedToTop: "Wrapped to top",
      .wrappedToBottom: "Wrapped to bottom",
      .bookmarkPrompt: "Bookmark name: type it, then Enter; Escape cancels",
      .bookmarkSet: "Bookmark {name} set",
      .promptCancelled: "Cancelled",
      .resuming: "Resuming at {percent} percent: {content}",
      .underHeadings: "Under {path}",
      .inLandmark: "In {landmark}",
      .listItemOf: "List item {i} of {n}",
      .percent: "{percent} percent",
      .notInContainer: "Not in a list",
      .outOfList: "Out of list",
      .nonLinkText: "text that is not a link",
      .languageChange: "{language}: {line}",
    ],
    listSeparator: ", ")

  static let chinese = Table(
    nouns: [
      .heading: NounForms(name: "标题", title: "标题", counted: ["=0": "没有标题", "other": "{n}个标题"]),
      .headingLevel: NounForms(
        name: "{level}级标题", title: "{level}级标题", counted: ["=0": "没有{level}级标题", "other": "{n}个{level}级标题"]),
      .link: NounForms(name: "链接", title: "链接", counted: ["=0": "没有链接", "other": "{n}个链接"]),
      .email: NounForms(name: "电子邮件地址", title: "电子邮件地址", counted: ["=0": "没有电子邮件地址", "other": "{n}个电子邮件地址"]),
      .phone: NounForms(name: "电话号码", title: "电话号码", counted: ["=0": "没有电话号码", "other": "{n}个电话号码"]),
      .alert: NounForms(name: "警报", title: "警报", counted: ["=0": "没有警报", "other": "{n}个警报"]),
      .warning: NounForms(name: "警告", title: "警告", counted: ["=0": "没有警告", "other": "{n}个警告"]),
      .landmark: NounForms(name: "地标", title: "地标", counted: ["=0": "没有地标", "other": "{n}个地标"]),
      .list: NounForms(name: "列表", title: "列表", counted: ["=0": "没有列表", "other": "{n}个列表"]),
      .numberedList: NounForms(name: "编号列表", title: "编号列表", counted: ["other": "{n}个编号列表"]),
      .table: NounForms(name: "表格", title: "表格", counted: ["=0": "没有表格", "other": "{n}个表格"]),
      .image: NounForms(name: "图像", title: "图像", counted: ["=0": "没有图像", "other": "{n}个图像"]),
      .blockQuote: NounForms(name: "引用块", title: "引用块", counted: ["=0": "没有引用块", "other": "{n}个引用块"]),
      .listItem: NounForms(name: "列表项", title: "列表项", counted: ["=0": "没有列表项", "other": "{n}个列表项"]),
      .item: NounForms(name: "项", title: "项", counted: ["=0": "没有项目", "other": "{n}项"]),
      .row: NounForms(name: "行", title: "行", counted: ["other": "{n}行"]),
      .column: NounForms(name: "列", title: "列", counted: ["other": "{n}列"]),
      .match: NounForms(name: "匹配", title: "匹配", counted: ["=0": "没有匹配", "other": "{n}个匹配"]),
      .formField: NounForms(name: "表单字段", title: "表单字段", counted: ["=0": "没有表单字段", "other": "{n}个表单字段"]),
      .banner: NounForms(name: "横幅地标", title: "横幅", counted: ["other": "{n}个横幅"]),
      .navigation: NounForms(name: "导航地标", title: "导航", counted: ["other": "{n}个导航"]),
      .main: NounForms(name: "主要地标", title: "主要", counted: ["other": "{n}个主要"]),
      .complementary: NounForms(name: "补充地标", title: "补充", counted: ["other": "{n}个补充"]),
      .contentinfo: NounForms(name: "内容信息地标", title: "内容信息", counted: ["other": "{n}个内容信息"]),
      .region: NounForms(name: "区域", title: "区域", counted: ["other": "{n}个区域"]),
      .search: NounForms(name: "搜索地标", title: "搜索", counted: ["other": "{n}个搜索"]),
      .form: NounForms(name: "表单地标", title: "表单", counted: ["other": "{n}个表单"]),
      .visitedLink: NounForms(name: "已访问的链接", title: "已访问的链接", counted: ["=0": "没有已访问的链接", "other": "{n}个已访问的链接"]),
      .paragraph: NounForms(name: "段落", title: "段落", counted: ["=0": "没有段落", "other": "{n}个段落"]),
    ],
    phrases: [
      .help:
        "按键：上/下 上一个/下一个项目，左/右 上一个/下一个转子，Home/End 第一个/最后一个项目，Page Up/Down 跳十个项目，Control+Home/End 文档开头/结尾；h 标题，1-9 标题级别，k 或 u 链接，l 列表，i 列表项，t 表格，d 地标，g 图像，q 引用块，p 段落，Alt+e 电子邮件，Alt+p 电话，Alt+a 警报，0 警告（加 Shift 为上一个）；Enter 链接目标；F7 元素列表；F8 或 Insert 然后下 全部朗读；F2 我在哪里；F3 完整朗读项目；F1 帮助；Control+D 退出。",
      .rotorSummary: "{title}，{count}",
      .position: "第{i}个，共{n}个",
      .noNext: "没有下一个{name}",
      .noPrevious: "没有上一个{name}",
      .emptyRotor: "本文档{none}",
      .noRotors: "没有转子",
      .topOfDocument: "文档开头",
      .endOfDocument: "文档结尾",
      .goodbye: "再见",
      .notOnItem: "不在项目上；请先移到链接",
      .notALink: "不是链接",
      .target: "目标：{value}",
      .unknownCommand: "未知命令“{command}”；请输入 help",
      .unknownRotor: "没有名为 {rotor} 的转子；转子：{rotors}",
      .unusedKey: "{key} 未使用；按 F1 获取帮助",
      .greeting: "{title}：{counts}。按 F1 获取帮助，按 Control+D 退出。",
      .chooseRotor: "请说明转子：{rotors}",
      .rotors: "转子：{rotors}",
      .elementsOpen: "元素列表，{title}，{count}。输入以筛选，上下键选择，Enter 跳转，Escape 关闭。",
      .elementsItem: "第{i}个，共{n}个：{content}",
      .elementsNoMatch: "没有与“{filter}”匹配的项",
      .elementsFilter: "“{filter}”：{count}",
      .elementsClosed: "元素列表已关闭",
      .sayAllStopped: "已停止",
      .sayAllEnd: "文档结尾",
      .critical: "严重",
      .warningSeverity: "警告",
      .info: "信息",
      .notInDocument: "{none}：TextRotor 的文档没有表单控件",
    ],
    listSeparator: "、")

  static let japanese = Table(
    nouns: [
      .heading: NounForms(name: "見出し", title: "見出し", counted: ["=0": "見出しなし", "other": "見出し{n}個"]),
      .headingLevel: NounForms(
        name: "見出しレベル{level}", title: "見出しレベル{level}",
        counted: ["=0": "見出しレベル{level}なし", "other": "見出しレベル{level} {n}個"]),
      .link: NounForms(name: "リンク", title: "リンク", counted: ["=0": "リンクなし", "other": "リンク{n}個"]),
      .email: NounForms(name: "メールアドレス", title: "メールアドレス", counted: ["=0": "メールアドレスなし", "other": "メールアドレス{n}個"]),
      .phone: NounForms(name: "電話番号", title: "電話番号", counted: ["=0": "電話番号なし", "other": "電話番号{n}個"]),
      .alert: NounForms(name: "アラート", title: "アラート", counted: ["=0": "アラートなし", "other": "アラート{n}個"]),
      .warning: NounForms(name: "警告", title: "警告", counted: ["=0": "警告なし", "other": "警告{n}個"]),
      .landmark: NounForms(name: "ランドマーク", title: "ランドマーク", counted: ["=0": "ランドマークなし", "other": "ランドマーク{n}個"]),
      .list: NounForms(name: "リスト", title: "リスト", counted: ["=0": "リストなし", "other": "リスト{n}個"]),
      .numberedList: NounForms(name: "番号付きリスト", title: "番号付きリスト", counted: ["other": "番号付きリスト{n}個"]),
      .table: NounForms(name: "表", title: "表", counted: ["=0": "表なし", "other": "表{n}個"]),
      .image: NounForms(name: "画像", title: "画像", counted: ["=0": "画像なし", "other": "画像{n}個"]),
      .blockQuote: NounForms(name: "引用", title: "引用", counted: ["=0": "引用なし", "other": "引用{n}個"]),
      .listItem: NounForms(name: "リスト項目", title: "リスト項目", counted: ["=0": "リスト項目なし", "other": "リスト項目{n}個"]),
      .item: NounForms(name: "項目", title: "項目", counted: ["=0": "項目なし", "other": "{n}項目"]),
      .row: NounForms(name: "行", title: "行", counted: ["other": "{n}行"]),
      .column: NounForms(name: "列", title: "列", counted: ["other": "{n}列"]),
      .match: NounForms(name: "一致", title: "一致", counted: ["=0": "一致なし", "other": "{n}件一致"]),
      .formField: NounForms(
        name: "フォームフィールド", title: "フォームフィールド", counted: ["=0": "フォームフィールドなし", "other": "フォームフィールド{n}個"]),
      .banner: NounForms(name: "バナー ランドマーク", title: "バナー", counted: ["other": "バナー{n}個"]),
      .navigation: NounForms(name: "ナビゲーション ランドマーク", title: "ナビゲーション", counted: ["other": "ナビゲーション{n}個"]),
      .main: NounForms(name: "メイン ランドマーク", title: "メイン", counted: ["other": "メイン{n}個"]),
      .complementary: NounForms(name: "補足 ランドマーク", title: "補足", counted: ["other": "補足{n}個"]),
      .contentinfo: NounForms(name: "コンテンツ情報 ランドマーク", title: "コンテンツ情報", counted: ["other": "コンテンツ情報{n}個"]),
      .region: NounForms(name: "領域", title: "領域", counted: ["other": "領域{n}個"]),
      .search: NounForms(name: "検索 ランドマーク", title: "検索", counted: ["other": "検索{n}個"]),
      .form: NounForms(name: "フォーム ランドマーク", title: "フォーム", counted: ["other": "フォーム{n}個"]),
      .visitedLink: NounForms(name: "訪問済みリンク", title: "訪問済みリンク", counted: ["=0": "訪問済みリンクなし", "other": "訪問済みリンク{n}個"]),
      .paragraph: NounForms(name: "段落", title: "段落", counted: ["=0": "段落なし", "other": "段落{n}個"]),
    ],
    phrases: [
      .help:
        "キー: 上/下 前/次の項目、左/右 前/次のローター、Home/End 最初/最後の項目、Page Up/Down 10項目、Control+Home/End 文書の先頭/末尾。h 見出し、1-9 見出しレベル、k または u リンク、l リスト、i リスト項目、t 表、d ランドマーク、g 画像、q 引用、p 段落、Alt+e メール、Alt+p 電話、Alt+a アラート、0 警告 (Shift で前)。Enter リンク先。F7 要素リスト。F8 または Insert の後に下 すべて読み上げ。F2 現在位置。F3 項目全体を読む。F1 ヘルプ。Control+D 終了。",
      .rotorSummary: "{title}、{count}",
      .position: "{n}個中{i}個目",
      .noNext: "次の{name}はありません",
      .noPrevious: "前の{name}はありません",
      .emptyRotor: "この文書には{none}",
      .noRotors: "ローターなし",
      .topOfDocument: "文書の先頭",
      .endOfDocument: "文書の末尾",
      .goodbye: "さようなら",
      .notOnItem: "項目の上にありません。先にリンクへ移動してください",
      .notALink: "リンクではありません",
      .target: "リンク先: {value}",
      .unknownCommand: "不明なコマンド「{command}」。help と入力してください",
      .unknownRotor: "{rotor} というローターはありません。ローター: {rotors}",
      .unusedKey: "{key} は使われていません。F1 でヘルプ",
      .greeting: "{title}: {counts}。F1 でヘルプ、Control+D で終了。",
      .chooseRotor: "ローターを指定してください: {rotors}",
      .rotors: "ローター: {rotors}",
      .elementsOpen: "要素リスト、{title}、{count}。入力で絞り込み、上下で選択、Enter で移動、Escape で閉じる。",
      .elementsItem: "{n}個中{i}個目: {content}",
      .elementsNoMatch: "「{filter}」に一致するものはありません",
      .elementsFilter: "「{filter}」: {count}",
      .elementsClosed: "要素リストを閉じました",
      .sayAllStopped: "停止しました",
      .sayAllEnd: "文書の末尾",
      .critical: "重大",
      .warningSeverity: "警告",
      .info: "情報",
      .notInDocument: "{none}: TextRotor の文書にはフォーム部品がありません",
    ],
    listSeparator: "、")

  static let vietnamese = Table(
    nouns: [
      .heading: NounForms(
        name: "tiêu đề", title: "Tiêu đề", counted: ["=0": "không có tiêu đề", "other": "{n} tiêu đề"]),
      .headingLevel: NounForms(
        name: "tiêu đề cấp {level}", title: "Tiêu đề cấp {level}",
        counted: ["=0": "không có tiêu đề cấp {level}", "other": "{n} tiêu đề cấp {level}"]),
      .link: NounForms(
        name: "liên kết", title: "Liên kết", counted: ["=0": "không có liên kết", "other": "{n} liên kết"]),
      .email: NounForms(
        name: "địa chỉ e-mail", title: "Địa chỉ e-mail",
        counted: ["=0": "không có địa chỉ e-mail", "other": "{n} địa chỉ e-mail"]),
      .phone: NounForms(
        name: "số điện thoại", title: "Số điện thoại",
        counted: ["=0": "không có số điện thoại", "other": "{n} số điện thoại"]),
      .alert: NounForms(
        name: "cảnh báo", title: "Cảnh báo", counted: ["=0": "không có cảnh báo", "other": "{n} cảnh báo"]),
      .warning: NounForms(name: "lưu ý", title: "Lưu ý", counted: ["=0": "không có lưu ý", "other": "{n} lưu ý"]),
      .landmark: NounForms(name: "mốc", title: "Mốc", counted: ["=0": "không có mốc", "other": "{n} mốc"]),
      .list: NounForms(
        name: "danh sách", title: "Danh sách", counted: ["=0": "không có danh sách", "other": "{n} danh sách"]),
      .numberedList: NounForms(
        name: "danh sách đánh số", title: "Danh sách đánh số", counted: ["other": "{n} danh sách đánh số"]),
      .table: NounForms(name: "bảng", title: "Bảng", counted: ["=0": "không có bảng", "other": "{n} bảng"]),
      .image: NounForms(
        name: "hình ảnh", title: "Hình ảnh", counted: ["=0": "không có hình ảnh", "other": "{n} hình ảnh"]),
      .blockQuote: NounForms(
        name: "trích dẫn", title: "Trích dẫn", counted: ["=0": "không có trích dẫn", "other": "{n} trích dẫn"]),
      .listItem: NounForms(
        name: "mục danh sách", title: "Mục danh sách",
        counted: ["=0": "không có mục danh sách", "other": "{n} mục danh sách"]),
      .item: NounForms(name: "mục", title: "Mục", counted: ["=0": "không có mục nào", "other": "{n} mục"]),
      .row: NounForms(name: "hàng", title: "Hàng", counted: ["other": "{n} hàng"]),
      .column: NounForms(name: "cột", title: "Cột", counted: ["other": "{n} cột"]),
      .match: NounForms(
        name: "kết quả", title: "Kết quả", counted: ["=0": "không có kết quả", "other": "{n} kết quả"]),
      .formField: NounForms(
        name: "trường biểu mẫu", title: "Trường biểu mẫu",
        counted: ["=0": "không có trường biểu mẫu", "other": "{n} trường biểu mẫu"]),
      .banner: NounForms(name: "mốc biểu ngữ", title: "Biểu ngữ", counted: ["other": "{n} biểu ngữ"]),
      .navigation: NounForms(name: "mốc điều hướng", title: "Điều hướng", counted: ["other": "{n} điều hướng"]),
      .main: NounForms(name: "mốc chính", title: "Chính", counted: ["other": "{n} chính"]),
      .complementary: NounForms(name: "mốc bổ sung", title: "Bổ sung", counted: ["other": "{n} bổ sung"]),
      .contentinfo: NounForms(
        name: "mốc thông tin nội dung", title: "Thông tin nội dung", counted: ["other": "{n} thông tin nội dung"]),
      .region: NounForms(name: "vùng", title: "Vùng", counted: ["other": "{n} vùng"]),
      .search: NounForms(name: "mốc tìm kiếm", title: "Tìm kiếm", counted: ["other": "{n} tìm kiếm"]),
      .form: NounForms(name: "mốc biểu mẫu", title: "Biểu mẫu", counted: ["other": "{n} biểu mẫu"]),
      .visitedLink: NounForms(
        name: "liên kết đã truy cập", title: "Liên kết đã truy cập",
        counted: ["=0": "không có liên kết đã truy cập", "other": "{n} liên kết đã truy cập"]),
      .paragraph: NounForms(
        name: "đoạn văn", title: "Đoạn văn", counted: ["=0": "không có đoạn văn", "other": "{n} đoạn văn"]),
    ],
    phrases: [
      .help:
        "Phím: Lên/Xuống mục trước/sau, Trái/Phải rotor trước/sau, Home/End mục đầu/cuối, Page Up/Down mười mục, Control+Home/End đầu/cuối tài liệu; h tiêu đề, 1-9 cấp tiêu đề, k hoặc u liên kết, l danh sách, i mục danh sách, t bảng, d mốc, g hình ảnh, q trích dẫn, p đoạn văn, Alt+e e-mail, Alt+p điện thoại, Alt+a cảnh báo, 0 lưu ý (Shift để lùi); Enter đích liên kết; F7 danh sách phần tử; F8 hoặc Insert rồi Xuống đọc tất cả; F2 tôi đang ở đâu; F3 đọc trọn mục; F1 trợ giúp; Control+D thoát.",
      .rotorSummary: "{title}, {count}",
      .position: "{i} trên {n}",
      .noNext: "Không có {name} tiếp theo",
      .noPrevious: "Không có {name} trước đó",
      .emptyRotor: "Tài liệu này {none}",
      .noRotors: "Không có rotor",
      .topOfDocument: "Đầu tài liệu",
      .endOfDocument: "Cuối tài liệu",
      .goodbye: "Tạm biệt",
      .notOnItem: "Không ở trên mục nào; hãy chuyển đến một liên kết trước",
      .notALink: "Không phải liên kết",
      .target: "Đích: {value}",
      .unknownCommand: "Lệnh không rõ \"{command}\"; gõ help",
      .unknownRotor: "Không có rotor tên {rotor}; các rotor: {rotors}",
      .unusedKey: "{key} không được dùng; nhấn F1 để xem trợ giúp",
      .greeting: "{title}: {counts}. Nhấn F1 để xem trợ giúp, Control+D để thoát.",
      .chooseRotor: "Hãy nói rotor nào: {rotors}",
      .rotors: "Các rotor: {rotors}",
      .elementsOpen:
        "Danh sách phần tử, {title}, {count}. Gõ để lọc, Lên và Xuống để chọn, Enter để nhảy tới, Escape để đóng.",
      .elementsItem: "{i} trên {n}: {content}",
      .elementsNoMatch: "Không có kết quả cho \"{filter}\"",
      .elementsFilter: "\"{filter}\": {count}",
      .elementsClosed: "Đã đóng danh sách phần tử",
      .sayAllStopped: "Đã dừng",
      .sayAllEnd: "Cuối tài liệu",
      .critical: "nghiêm trọng",
      .warningSeverity: "cảnh báo",
      .info: "thông tin",
      .notInDocument: "{none}: tài liệu của TextRotor không có điều khiển biểu mẫu",
    ],
    listSeparator: ", ")

  static let arabic = Table(
    nouns: [
      .heading: NounForms(
        name: "عنوان", title: "العناوين",
        counted: [
          "=0": "لا عناوين", "one": "عنوان واحد", "two": "عنوانان", "few": "{n} عناوين", "many": "{n} عنوانًا",
          "other": "{n} عنوان",
        ]),
      .headingLevel: NounForms(
        name: "عنوان من المستوى {level}", title: "عناوين المستوى {level}",
        counted: [
          "=0": "لا عناوين من المستوى {level}", "one": "عنوان واحد من المستوى {level}",
          "two": "عنوانان من المستوى {level}",
          "few": "{n} عناوين من المستوى {level}", "many": "{n} عنوانًا من المستوى {level}",
          "other": "{n} عنوان من المستوى {level}",
        ]),
      .link: NounForms(
        name: "رابط", title: "الروابط",
        counted: [
          "=0": "لا روابط", "one": "رابط واحد", "two": "رابطان", "few": "{n} روابط", "many": "{n} رابطًا",
          "other": "{n} رابط",
        ]),
      .email: NounForms(
        name: "عنوان بريد إلكتروني", title: "عناوين البريد الإلكتروني",
        counted: [
          "=0": "لا عناوين بريد إلكتروني", "one": "عنوان بريد إلكتروني واحد", "two": "عنوانا بريد إلكتروني",
          "few": "{n} عناوين بريد إلكتروني", "many": "{n} عنوانَ بريد إلكتروني", "other": "{n} عنوان بريد إلكتروني",
        ]),
      .phone: NounForms(
        name: "رقم هاتف", title: "أرقام الهواتف",
        counted: [
          "=0": "لا أرقام هواتف", "one": "رقم هاتف واحد", "two": "رقما هاتف", "few": "{n} أرقام هواتف",
          "many": "{n} رقمَ هاتف",
          "other": "{n} رقم هاتف",
        ]),
      .alert: NounForms(
        name: "تنبيه", title: "التنبيهات",
        counted: [
          "=0": "لا تنبيهات", "one": "تنبيه واحد", "two": "تنبيهان", "few": "{n} تنبيهات", "many": "{n} تنبيهًا",
          "other": "{n} تنبيه",
        ]),
      .warning: NounForms(
        name: "تحذير", title: "التحذيرات",
        counted: [
          "=0": "لا تحذيرات", "one": "تحذير واحد", "two": "تحذيران", "few": "{n} تحذيرات", "many": "{n} تحذيرًا",
          "other": "{n} تحذير",
        ]),
      .landmark: NounForms(
        name: "معلم", title: "المعالم",
        counted: [
          "=0": "لا معالم", "one": "معلم واحد", "two": "معلمان", "few": "{n} معالم", "many": "{n} معلمًا",
          "other": "{n} معلم",
        ]),
      .list: NounForms(
        name: "قائمة", title: "القوائم",
        counted: [
          "=0": "لا قوائم", "one": "قائمة واحدة", "two": "قائمتان", "few": "{n} قوائم", "many": "{n} قائمةً",
          "other": "{n} قائمة",
        ]),
      .numberedList: NounForms(
        name: "قائمة مرقمة", title: "القوائم المرقمة",
        counted: [
          "one": "قائمة مرقمة واحدة", "two": "قائمتان مرقمتان", "few": "{n} قوائم مرقمة", "many": "{n} قائمةً مرقمة",
          "other": "{n} قائمة مرقمة",
        ]),
      .table: NounForms(
        name: "جدول", title: "الجداول",
        counted: [
          "=0": "لا جداول", "one": "جدول واحد", "two": "جدولان", "few": "{n} جداول", "many": "{n} جدولًا",
          "other": "{n} جدول",
        ]),
      .image: NounForms(
        name: "صورة", title: "الصور",
        counted: [
          "=0": "لا صور", "one": "صورة واحدة", "two": "صورتان", "few": "{n} صور", "many": "{n} صورةً",
          "other": "{n} صورة",
        ]),
      .blockQuote: NounForms(
        name: "اقتباس", title: "الاقتباسات",
        counted: [
          "=0": "لا اقتباسات", "one": "اقتباس واحد", "two": "اقتباسان", "few": "{n} اقتباسات", "many": "{n} اقتباسًا",
          "other": "{n} اقتباس",
        ]),
      .listItem: NounForms(
        name: "عنصر قائمة", title: "عناصر القوائم",
        counted: [
          "=0": "لا عناصر قوائم", "one": "عنصر قائمة واحد", "two": "عنصرا قائمة", "few": "{n} عناصر قائمة",
          "many": "{n} عنصرَ قائمة",
          "other": "{n} عنصر قائمة",
        ]),
      .item: NounForms(
        name: "عنصر", title: "العناصر",
        counted: [
          "=0": "لا عناصر", "one": "عنصر واحد", "two": "عنصران", "few": "{n} عناصر", "many": "{n} عنصرًا",
          "other": "{n} عنصر",
        ]),
      .row: NounForms(
        name: "صف", title: "الصفوف",
        counted: ["one": "صف واحد", "two": "صفان", "few": "{n} صفوف", "many": "{n} صفًا", "other": "{n} صف"]),
      .column: NounForms(
        name: "عمود", title: "الأعمدة",
        counted: ["one": "عمود واحد", "two": "عمودان", "few": "{n} أعمدة", "many": "{n} عمودًا", "other": "{n} عمود"]),
      .match: NounForms(
        name: "نتيجة", title: "النتائج",
        counted: [
          "=0": "لا نتائج", "one": "نتيجة واحدة", "two": "نتيجتان", "few": "{n} نتائج", "many": "{n} نتيجةً",
          "other": "{n} نتيجة",
        ]),
      .formField: NounForms(
        name: "حقل نموذج", title: "حقول النماذج",
        counted: [
          "=0": "لا حقول نماذج", "one": "حقل نموذج واحد", "two": "حقلا نموذج", "few": "{n} حقول نماذج",
          "many": "{n} حقلَ نموذج",
          "other": "{n} حقل نموذج",
        ]),
      .banner: NounForms(name: "معلم الشعار", title: "الشعار", counted: ["other": "{n} شعار"]),
      .navigation: NounForms(name: "معلم التنقل", title: "التنقل", counted: ["other": "{n} تنقل"]),
      .main: NounForms(name: "المعلم الرئيسي", title: "الرئيسي", counted: ["other": "{n} رئيسي"]),
      .complementary: NounForms(name: "معلم تكميلي", title: "تكميلي", counted: ["other": "{n} تكميلي"]),
      .contentinfo: NounForms(
        name: "معلم معلومات المحتوى", title: "معلومات المحتوى", counted: ["other": "{n} معلومات المحتوى"]),
      .region: NounForms(name: "منطقة", title: "المناطق", counted: ["other": "{n} منطقة"]),
      .search: NounForms(name: "معلم البحث", title: "البحث", counted: ["other": "{n} بحث"]),
      .form: NounForms(name: "معلم نموذج", title: "النماذج", counted: ["other": "{n} نموذج"]),
      .visitedLink: NounForms(
        name: "رابط تمت زيارته", title: "الروابط التي تمت زيارتها",
        counted: [
          "=0": "لا روابط تمت زيارتها", "one": "رابط واحد تمت زيارته", "two": "رابطان تمت زيارتهما",
          "few": "{n} روابط تمت زيارتها",
          "many": "{n} رابطًا تمت زيارته", "other": "{n} رابط تمت زيارته",
        ]),
      .paragraph: NounForms(
        name: "فقرة", title: "الفقرات",
        counted: [
          "=0": "لا فقرات", "one": "فقرة واحدة", "two": "فقرتان", "few": "{n} فقرات", "many": "{n} فقرةً",
          "other": "{n} فقرة",
        ]),
    ],
    phrases: [
      .help:
        "المفاتيح: أعلى/أسفل العنصر السابق/التالي، يسار/يمين الدوّار السابق/التالي، Home/End أول/آخر عنصر، Page Up/Down عشرة عناصر، Control+Home/End بداية/نهاية المستند؛ h عنوان، 1-9 مستوى العنوان، k أو u رابط، l قائمة، i عنصر قائمة، t جدول، d معلم، g صورة، q اقتباس، p فقرة، Alt+e بريد إلكتروني، Alt+p هاتف، Alt+a تنبيه، 0 تحذير (مع Shift للسابق)؛ Enter وجهة الرابط؛ F7 قائمة العناصر؛ F8 أو Insert ثم أسفل لقراءة الكل؛ F2 أين أنا؛ F3 قراءة العنصر كاملًا؛ F1 مساعدة؛ Control+D خروج.",
      .rotorSummary: "{title}، {count}",
      .position: "{i} من {n}",
      .noNext: "لا يوجد {name} تالٍ",
      .noPrevious: "لا يوجد {name} سابق",
      .emptyRotor: "{none} في هذا المستند",
      .noRotors: "لا دوّارات",
      .topOfDocument: "بداية المستند",
      .endOfDocument: "نهاية المستند",
      .goodbye: "مع السلامة",
      .notOnItem: "لست على عنصر؛ انتقل إلى رابط أولًا",
      .notALink: "ليس رابطًا",
      .target: "الوجهة: {value}",
      .unknownCommand: "أمر غير معروف \"{command}\"؛ اكتب help",
      .unknownRotor: "لا يوجد دوّار باسم {rotor}؛ الدوّارات: {rotors}",
      .unusedKey: "المفتاح {key} غير مستخدم؛ اضغط F1 للمساعدة",
      .greeting: "{title}: {counts}. اضغط F1 للمساعدة، وControl+D للخروج.",
      .chooseRotor: "اذكر الدوّار: {rotors}",
      .rotors: "الدوّارات: {rotors}",
      .elementsOpen:
        "قائمة العناصر، {title}، {count}. اكتب للتصفية، وأعلى وأسفل للاختيار، وEnter للانتقال، وEscape للإغلاق.",
      .elementsItem: "{i} من {n}: {content}",
      .elementsNoMatch: "لا نتائج لـ \"{filter}\"",
      .elementsFilter: "\"{filter}\": {count}",
      .elementsClosed: "أُغلقت قائمة العناصر",
      .sayAllStopped: "توقف",
      .sayAllEnd: "نهاية المستند",
      .critical: "حرج",
      .warningSeverity: "تحذير",
      .info: "معلومة",
      .notInDocument: "{none}: مستندات TextRotor لا تحتوي عناصر تحكم في النماذج",
    ],
    listSeparator: "، ")
}
