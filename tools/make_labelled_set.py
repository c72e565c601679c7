#!/usr/bin/env python3
"""Write the labelled detection set used by Tests/DetectionTests/LabelledSetTests.swift.

    python3 tools/make_labelled_set.py > Tests/DetectionTests/Fixtures/labelled-detections.tsv

Each line: language, region, then a sentence whose expected detections are marked ⟦kind:text⟧
(kind = phone, email, link). Unmarked numbers, names and addresses are traps that must not be
detected. Sentences combine hand-written templates with hand-picked items; every phone number is
checked with Python `phonenumbers` (is_valid_number) so a label never rests on our own detector.
"""
import itertools
import random
import sys

import phonenumbers

PHONES = {
    ("en", "US"): ["(415) 555-0132", "415-555-0199", "+1 415 555 0100", "415.555.0175", "+1 (646) 555-0143",
                   "800-555-0199", "+44 20 7946 0958", "+81 3-1234-5678", "(212) 555-0147", "+1 212 555 0123"],
    ("zh", "CN"): ["010-6552 9988", "+86 10 6552 9988", "138 0013 8000", "021-6321 0000", "+86 138 0013 8000",
                   "0755-8888 6666", "139 1234 5678", "+86 21 6321 0000"],
    ("ja", "JP"): ["03-1234-5678", "+81 3-1234-5678", "0120-123-456", "06-6123-4567", "090-1234-5678",
                   "+81 90-1234-5678", "０３－１２３４－５６７８", "052-123-4567"],
    ("vi", "VN"): ["024 3825 7777", "+84 24 3825 7777", "0912 345 678", "028 3822 4567", "+84 912 345 678",
                   "0983 456 789", "0236 3821 234"],
    ("ar", "AE"): ["+971 4 234 5678", "04 234 5678", "٠٤ ٢٣٤ ٥٦٧٨", "+20 2 2345 6789", "050 123 4567",
                   "+971 50 123 4567", "\u200e+971 4 234 5678\u200e", "02 612 3456"],
}

PHONE_TRAPS = ["2026-05-14", "05/14/2026", "14.05.2026", "978-0-306-40615-7", "192.168.1.20", "v2.10.3",
               "37.7749, -122.4194", "$1,250.00", "1920x1080", "order #88213-5521-7734-0091", "3-2", "2026-2027",
               "10:30", "95501", "12.5%", "1,234,567", "account 4003 6000 0000 0014", "ISBN 0-306-40615-2",
               "1.250,00 €", "version 10.15.7", "2026-05-14 10:30", "No. 20260514", "room 1204", "invoice 100234567",
               "ref: 2026/05/0001", "3.14159265", "-40°", "1 000 000", "¥12,800", "+5", "20%"]

EMAILS = ["ann@example.org", "jane.doe@parks.example.com", "groups+spring@parks.example.org", "josé@exämple.com",
          "info@park.example.jp", "access@parks.example.cn", "lienhe@vuonquocgia.example.vn", "info@clinic.example.ae",
          "用户@例子.中国", "ranger_7@trail-club.example.net", "mailto:help@budget.example.com"]
EMAIL_TRAPS = ["@example.com", "john..doe@example.com", "user@localhost", "a@b", "name@", "twitter @handle",
               "me@home at 7", ".john@example.com"]

LINKS = ["https://example.org/trails?day=2", "www.example.org/parks", "example.com", "http://localhost:8080/admin",
         "https://parks.example.org/redwood-creek/permits?group=yes&season=spring", "https://ja.wikipedia.org/wiki/東京",
         "example.com/αβγ", "https://vuonquocgia.example.vn/ba-vi", "https://clinic.example.ae/ar",
         "ftp://files.example.net/maps.zip", "https://example.org/a(b)c"]
LINK_TRAPS = ["setup.py", "report.txt", "e.g.", "i.e.", "readme.md", "U.S.", "3.14", "v2.10.3", "config.yaml",
              "main.rs", "clip.mov", "archive.zip", "a.b", "1.2.3.4", "foo..bar", "Mr.Smith"]

TEMPLATES = {
    "en": ["Call {} today.", "The desk ({}) opens at nine.", "Questions: {}.", "Write to {} or visit us.",
           "See {} for details.", "Our number is {}, and the fax is gone.", "\"{}\" is printed on the sign.",
           "Maps are at {}!"],
    "zh": ["请拨打{}咨询。", "联系电话：{}。", "详情请见 {} 。", "邮箱：{}，欢迎来信。", "访问 {} 查看完整报告。"],
    "ja": ["お問い合わせは{}まで。", "電話番号は {} です。", "詳しくは {} をご覧ください。", "メール：{}"],
    "vi": ["Gọi {} để biết thêm.", "Liên hệ: {}.", "Xem chi tiết tại {}.", "Thư điện tử: {}, cảm ơn."],
    "ar": ["اتصلوا على {} للحجز.", "البريد الإلكتروني: {}", "الموقع {} متاح الآن.", "رقمنا {}، شكرا."],
}
ALERTS = {
    "en": ["Warning: the lower trail is muddy.", "Caution: falling rocks near the bridge.", "Danger: cliff edge ahead.",
           "Important: bring two liters of water.", "⚠ No drinking water past Mile 3.", "Alert: fog on the ridge road.",
           "Notice: the visitor center closes early."],
    "zh": ["警告：雨后山路湿滑。", "注意：前方施工。", "危险：悬崖边缘。", "提示：请保管好门票。"],
    "ja": ["注意：午前中は霧が濃くなります。", "警告：雨の日は木道が滑りやすい。", "危険：落石のおそれ。", "ご注意：駐車場は満車です。"],
    "vi": ["Cảnh báo: đường mòn trơn trượt sau mưa.", "Chú ý: cầu đang sửa chữa.", "Nguy hiểm: vách đá phía trước.",
           "Lưu ý: mang theo nước uống."],
    "ar": ["تحذير: لا توجد مياه شرب.", "تنبيه: يرجى إحضار بطاقة الهوية.", "خطر: حافة منحدر.", "ملاحظة: العيادة مغلقة يوم الجمعة."],
}
ALERT_TRAPS = {
    "en": ["Warnings are rare here.", "Noteworthy: the view.", "The alert: was a drill.", "Importantly, go early.",
           "Our cautionary tale ends.", "Dangerous Dave plays at nine."],
    "zh": ["这里很少有警告。", "大家注意安全就好。"],
    "ja": ["注意深く歩いてください。", "警告音が鳴ったら避難。"],
    "vi": ["Không có cảnh báo nào hôm nay.", "Hãy chú ý an toàn."],
    "ar": ["لا يوجد تحذير اليوم.", "انتبهوا للأطفال."],
}
REGION = {"en": "US", "zh": "CN", "ja": "JP", "vi": "VN", "ar": "AE"}


def valid(number, region):
    digits = "".join(str(int(c)) if c.isdigit() else c for c in number)
    try:
        parsed = phonenumbers.parse(digits.replace("\u200e", ""), region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(parsed)


def main():
    rng = random.Random(58)
    lines = []
    for (lang, region), numbers in PHONES.items():
        for number in numbers:
            assert valid(number, region), (number, region)
            for template in rng.sample(TEMPLATES[lang], 2):
                lines.append((lang, region, template.format("⟦phone:%s⟧" % number.strip("\u200e")).replace(
                    "⟦phone:%s⟧" % number.strip("\u200e"),
                    ("\u200e" if number.startswith("\u200e") else "") + "⟦phone:%s⟧" % number.strip("\u200e") + ("\u200e" if number.endswith("\u200e") else ""))))
    for lang in TEMPLATES:
        for trap in PHONE_TRAPS:
            lines.append((lang, REGION[lang], rng.choice(TEMPLATES[lang]).format(trap)))
        for email in EMAILS:
            # After "mailto:" the e-mail is the address (the URI's scheme is not part of its text).
            marked = "mailto:⟦email:%s⟧" % email[7:] if email.startswith("mailto:") else "⟦email:%s⟧" % email
            lines.append((lang, REGION[lang], rng.choice(TEMPLATES[lang]).format(marked)))
        for trap in EMAIL_TRAPS:
            lines.append((lang, REGION[lang], rng.choice(TEMPLATES[lang]).format(trap)))
        for link in LINKS:
            lines.append((lang, REGION[lang], rng.choice(TEMPLATES[lang]).format("⟦link:%s⟧" % link)))
        for trap in LINK_TRAPS:
            lines.append((lang, REGION[lang], rng.choice(TEMPLATES[lang]).format(trap)))
    for lang, alerts in ALERTS.items():
        for alert in alerts:
            lines.append((lang, REGION[lang], "⟦alert:%s⟧" % alert))
        for trap in ALERT_TRAPS[lang]:
            lines.append((lang, REGION[lang], trap))
    # Mixed sentences with several items.
    for lang, (a, b) in zip(itertools.cycle(TEMPLATES), itertools.combinations(range(8), 2)):
        phone = PHONES[(lang, REGION[lang])][a % len(PHONES[(lang, REGION[lang])])].strip("\u200e")
        email = EMAILS[b % len(EMAILS)]
        lines.append((lang, REGION[lang], "⟦phone:%s⟧ / ⟦email:%s⟧ / %s" % (phone, email, PHONE_TRAPS[(a + b) % len(PHONE_TRAPS)])))
    print("# language\tregion\tsentence (expected detections marked ⟦kind:text⟧); generated by tools/make_labelled_set.py")
    for lang, region, text in lines:
        print("%s\t%s\t%s" % (lang, region, text))
    print("# %d cases" % len(lines), file=sys.stderr)


if __name__ == "__main__":
    main()
