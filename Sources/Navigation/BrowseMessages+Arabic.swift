// The Arabic table of browse's messages (BrowseMessages.swift explains the keys).

extension BrowseMessages {
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
      .bookmark: NounForms(
        name: "علامة", title: "العلامات",
        counted: [
          "=0": "لا علامات", "one": "علامة واحدة", "two": "علامتان", "few": "{n} علامات", "many": "{n} علامةً",
          "other": "{n} علامة",
        ]),
    ],
    phrases: [
      .help:
        "المفاتيح: أعلى/أسفل العنصر السابق/التالي، يسار/يمين الدوّار السابق/التالي، Home/End أول/آخر عنصر، Page Up/Down عشرة عناصر، Control+Home/End بداية/نهاية المستند؛ h عنوان، 1-9 مستوى العنوان، k أو u رابط، l قائمة، i عنصر قائمة، t جدول، d معلم، g صورة، q اقتباس، p فقرة، Alt+e بريد إلكتروني، Alt+p هاتف، Alt+a تنبيه، 0 تحذير (مع Shift للسابق)؛ Enter وجهة الرابط؛ F7 قائمة العناصر؛ F8 أو Insert ثم أسفل لقراءة الكل؛ F2 أين أنا؛ F3 قراءة العنصر كاملًا؛ Control+Alt+الأسهم خلايا الجدول، Insert ثم Control+Alt+يسار الصف كاملًا؛ F1 مساعدة؛ Control+D خروج.",
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
      .capital: "{char} كبير",
      .space: "مسافة",
      .tab: "جدولة",
      .blank: "فارغ",
      .findPrompt: "بحث: اكتب النص ثم Enter؛ Escape للإلغاء",
      .noSearch: "لم يُبحث عن شيء بعد؛ اضغط Control+F للبحث",
      .notFound: "لم يُعثر على \"{text}\"",
      .searchMatch: "{i} من {n}: {content}",
      .tableRow: "الصف {row}", .tableColumn: "العمود {column}", .tableEdge: "حافة الجدول", .notInTable: "ليس داخل جدول",
      .wrappedToTop: "عاد البحث إلى البداية",
      .wrappedToBottom: "عاد البحث إلى النهاية",
      .bookmarkPrompt: "اسم العلامة: اكتبه ثم Enter؛ Escape للإلغاء",
      .bookmarkSet: "عُيّنت العلامة {name}",
      .notSaved: "{said}، لكن تعذّر حفظها: {reason}",
      .marksNotFound: "تعذّر العثور على {count} في المستند المعدّل؛ احتُفظ بها",
      .placeNotFound: "تعذّر العثور على موضع القراءة السابق في المستند المعدّل",
      .promptCancelled: "أُلغي",
      .resuming: "الاستئناف عند {percent} بالمئة: {content}",
      .underHeadings: "تحت {path}",
      .inLandmark: "في {landmark}",
      .listItemOf: "عنصر القائمة {i} من {n}",
      .percent: "{percent} بالمئة",
      .notInContainer: "لست داخل قائمة أو جدول",
      .outOfList: "خارج القائمة",
      .outOfTable: "خارج الجدول",
      .nonLinkText: "نص ليس رابطًا",
      .languageChange: "{language}: {line}",
    ],
    listSeparator: "، ")
}
