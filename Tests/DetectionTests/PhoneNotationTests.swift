import Detection
import DocumentParsing
import Testing
import TextModel

@Suite struct PhoneNotationTests {
  @Test(arguments: [
    ("DE", "Zentrale: 030 -3223 1234", "tel:+493032231234"),
    ("US", "Call 650 - 253 - 1234 today", "tel:+16502531234"),
    ("PL", "Dzwoń 0~0 1 650 333 6000", "tel:+16503336000"),
    ("PL", "Call ++1 (650) 333-6000", "tel:+16503336000"),
  ])
  func spacedHyphensDoubledPlusAndTheDialToneTildeAreRead(region: String, text: String, value: String) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let options = DocumentDetector.Options(kinds: [.phone], region: region)
    #expect(DocumentDetector(options: options).detect(in: document).map(\.value) == [value])
  }

  @Test(arguments: ["Scores 10 - 12 - 8 today", "Rooms 101 - 104 - 2024", "Range 0~100 volts"])
  func rangesOfSmallNumbersAreNotPhoneNumbers(text: String) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let options = DocumentDetector.Options(kinds: [.phone], region: "US")
    #expect(DocumentDetector(options: options).detect(in: document).isEmpty)
  }

  @Test(arguments: [
    // Argentina's mobile notation: trunk 0, area code, 15, number → +54 9 area number.
    ("AR", "Celular 0343 15 555 1212", "tel:+5493435551212"),
    ("AR", "Móvil 011 15 3797 0000", "tel:+5491137970000"),
    // A NANP island's seven-digit local number gets its area code.
    ("AG", "Call 462 1234 today", "tel:+12684621234"),
    // Separators as written by hand.
    ("US", "Fax 650//253-1234", "tel:+16502531234"),
    ("NZ", "Ring 0 3   3 3 1   6 0 0 5", "tel:+6433316005"),
  ])
  func nationalNotationsBeyondTheTrunkPrefixAreRead(region: String, text: String, value: String) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let options = DocumentDetector.Options(kinds: [.phone], region: region)
    #expect(DocumentDetector(options: options).detect(in: document).map(\.value) == [value])
  }

  @Test(arguments: [
    // Two numbers side by side with a spaced slash or hyphen: too long for one, so two.
    ("BR", "Telefones: (21) 3245-9607 / (21) 2602-7536", ["tel:+552132459607", "tel:+552126027536"]),
    ("VN", "Hotline: 02466.5555.35 - 0868.03.3838", ["tel:+842466555535", "tel:+84868033838"]),
    // A country code in parentheses with its plus; an extension after an abbreviation's full stop.
    ("US", "Teléfono: (+52) 81-1965-5345", ["tel:+528119655345"]),
    ("US", "Тел.: +7 (499) 940 9001, доб. 630", ["tel:+74999409001;ext=630"]),
    // A tilde and fewer digits than the last group is a range of numbers, not an extension.
    ("KR", "대표번호 : 051-647-7182~3 팩스번호 : 051-647-7148", ["tel:+82516477182", "tel:+82516477148"]),
    // Identifiers named by the word before them are not phone numbers.
    ("KR", "사업자 등록번호 104-81-36565", []),
    ("CN", "群号：838521529", []),
  ])
  func numbersAsWrittenInContactLines(region: String, text: String, values: [String]) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let options = DocumentDetector.Options(kinds: [.phone], region: region)
    #expect(DocumentDetector(options: options).detect(in: document).map(\.value) == values)
  }

  @Test(arguments: [
    // Hangul beside Latin letters is Korean; Han beside English keeps the Han-writing regions open.
    ("CJ ONE 고객센터 1577-8888", "tel:+8215778888"),
    ("辦公室: (03)564-1692 (Manager's Office)", "tel:+88635641692"),
  ])
  func aLabelInAnotherScriptBesideLatinStillNamesTheRegion(text: String, value: String) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    #expect(PhoneRegionTests.phones(document).map(\.value) == [value])
  }

  @Test(arguments: [
    // The word labelling a number says its language when the text is too short to identify…
    ("Telefone : (21) 3527-3000", "tel:+552135273000", "the label “telefone”"),
    ("Tél. 01 43 01 02 46", "tel:+33143010246", "the label “tél.”"),
    // …and is evidence after the identified language (CLD2 calls this line Swedish).
    ("Fax-Nummer: 07321/9469577", "tel:+4973219469577", "the label “fax-nummer” (language de)"),
    // Arabic script too short for CLD2 is Arabic; the number is dialled with Egypt's 00.
    ("المبيعات : 00967778070010", "tel:+967778070010", "detected language ar"),
  ])
  func theLabelBeforeANumberNamesItsLanguage(text: String, value: String, why: String) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let found = PhoneRegionTests.phones(document)
    #expect(found.map(\.value) == [value])
    #expect(found.first?.reason.contains(why) == true, "\(found.first?.reason ?? "nothing found")")
  }

  @Test func theCallersRegionSettlesWhatTheScriptLeavesOpen() throws {
    // Han only: valid in Japan and in Taiwan, so without a region it is not guessed.
    let text = "TEL : 0986-36-7500（宮崎支社）"
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    #expect(PhoneRegionTests.phones(document).isEmpty)
    let options = DocumentDetector.Options(kinds: [.phone], region: "JP")
    #expect(DocumentDetector(options: options).detect(in: document).map(\.value) == ["tel:+81986367500"])
  }
}
