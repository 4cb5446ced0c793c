import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// The strict RFC 8259 parser every JSON document of rain goes through.
@Suite struct JSONParserTests {
    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var reason: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Mistake(name: "duplicate key", text: "{\n  \"units\": \"si\",\n  \"units\": \"us\"\n}", line: 3, column: 3,
                reason: "the key \"units\" appears twice in the same object"),
        Mistake(name: "trailing comma in an object", text: "{\"a\": 1,\n}", line: 1, column: 8,
                reason: "a comma before '}' (trailing commas are not allowed in JSON)"),
        Mistake(name: "trailing comma in an array", text: "[1, 2, ]", line: 1, column: 6,
                reason: "a comma before ']' (trailing commas are not allowed in JSON)"),
        Mistake(name: "a number too large for a Double", text: "{\"t\": 1e400}", line: 1, column: 7,
                reason: "the number 1e400 is too large"),
        Mistake(name: "a comment", text: "{\n// units\n\"units\": \"si\"}", line: 2, column: 1,
                reason: "expected a key in double quotes, found '/'"),
        Mistake(name: "single quotes", text: "['a']", line: 1, column: 2, reason: "strings must be in double quotes"),
        Mistake(name: "a leading zero", text: "[012]", line: 1, column: 2, reason: "numbers cannot start with 0"),
        Mistake(name: "a bare plus", text: "[+1]", line: 1, column: 2, reason: "unexpected '+' where a value was expected"),
        Mistake(name: "NaN", text: "[NaN]", line: 1, column: 2, reason: "unexpected 'N' where a value was expected"),
        Mistake(name: "hex", text: "[0x10]", line: 1, column: 3, reason: "expected ',' or ']' after a value in an array, found 'x'"),
        Mistake(name: "unfinished object", text: "{\"a\": 1", line: 1, column: 8, reason: "the document ends inside an object (a '}' is missing)"),
        Mistake(name: "unfinished string", text: "{\"a\": \"b", line: 1, column: 7,
                reason: "the document ends inside a string (a closing '\"' is missing)"),
        Mistake(name: "a raw tab in a string", text: "[\"a\tb\"]", line: 1, column: 4,
                reason: "a control character (U+09) inside a string must be written as an escape"),
        Mistake(name: "a bad escape", text: "[\"\\x41\"]", line: 1, column: 3, reason: "unknown escape \\x in a string"),
        Mistake(name: "a \\u escape without four hex digits", text: "[\"\\u12g4\"]", line: 1, column: 3, reason: "'\\u' needs four hex digits"),
        Mistake(name: "a \\u escape cut short", text: "[\"\\u0\"]", line: 1, column: 3, reason: "'\\u' needs four hex digits"),
        Mistake(name: "two documents", text: "{} {}", line: 1, column: 4, reason: "unexpected '{' after the end of the document"),
        Mistake(name: "missing colon", text: "{\"a\" 1}", line: 1, column: 6, reason: "expected ':' after the key \"a\", found '1'"),
        Mistake(name: "HTML", text: "<html>", line: 1, column: 1, reason: "it looks like an HTML page, not JSON"),
        Mistake(name: "columns count characters", text: "{\"é\": 1,,}", line: 1, column: 9,
                reason: "expected a key in double quotes, found ','"),
        Mistake(name: "columns start again on each line", text: "{\"Zürich\": 1,\n \"é\": 2,,}", line: 2, column: 9,
                reason: "expected a key in double quotes, found ','"),
    ])
    func aMistakeIsNamedWithItsLineAndColumn(_ mistake: Mistake) {
        #expect(throws: JSONError(problem: .verbatim(mistake.reason), line: mistake.line, column: mistake.column)) {
            try JSONValue.parse(Array(mistake.text.utf8))
        }
    }

    /// The scanner passes a string's plain text eight bytes at a time: a quote, a backslash, a
    /// control character or a byte beyond ASCII at every position of strings of every length,
    /// after every amount of padding (so at every place in an eight-byte word, and in the tail
    /// shorter than a word), is found as byte-by-byte reading would find it.
    @Test func everyByteOfAStringIsSeenWhereverItFalls() throws {
        for padding in 0..<9 {
            for length in 0..<20 {
                for position in 0..<max(length, 1) {
                    for special: [UInt8] in [[0x5C, 0x6E], [0x0A], [0x1F], [0xC3, 0xA9], [0x7F]] where length > 0 {
                        var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                        text.replaceSubrange(position..<position + 1, with: special)
                        let document = Array("[".utf8) + [UInt8](repeating: 0x20, count: padding) + [0x22] + text + [0x22, UInt8(ascii: "]")]
                        let expected = String(decoding: text, as: UTF8.self).replacingOccurrences(of: "\\n", with: "\n")
                        switch special {
                        case [0x0A], [0x1F]:
                            #expect(throws: JSONError.self) { try JSONValue.parse(document) }
                        default:
                            let map = try JSONScanner.map(document)
                            #expect(map.kind(at: 2) == (special == [0x7F] ? .plainText : .text), "\(padding) \(length) \(position)")
                            #expect(try JSONValue.parse(document) == .array([.string(expected)]))
                        }
                    }
                    let plain = Array("[".utf8) + [UInt8](repeating: 0x20, count: padding) + [0x22]
                        + [UInt8](repeating: UInt8(ascii: "b"), count: length) + [0x22, UInt8(ascii: "]")]
                    #expect(try JSONScanner.map(plain).kind(at: 2) == .plainText)
                    #expect(throws: JSONError.self) { try JSONValue.parse(Array(plain.dropLast(2))) }
                }
            }
        }
    }

    /// The map's one allocation holds a value a byte: what an unclosed "[[[[" needs, found by
    /// make fuzz when it held one value for two bytes (AddressSanitizer saw the write past it).
    @Test func aValueAtEveryByteFitsTheMap() throws {
        for count in [1, 2, 3, 7, 8, 9, 255] {
            #expect(throws: JSONError.self) { try JSONScanner.map(Array(String(repeating: "[", count: count).utf8)) }
            #expect(throws: JSONError.self) { try JSONScanner.map(Array(("{\"a\":" + String(repeating: "[", count: count)).utf8)) }
            let closed = String(repeating: "[", count: count) + String(repeating: "]", count: count)
            #expect(try JSONScanner.map(Array(closed.utf8)).entries.count == 2 * count)
        }
    }

    @Test func theMessageReadsLineColumnThenReason() {
        let error = JSONError(problem: .verbatim("x"), line: 3, column: 4)
        #expect(error.description == "line 3, column 4: x")
    }

    @Test(arguments: ["", "  \n\t "])
    func nothingButWhitespaceIsEmpty(_ text: String) throws {
        let error = try #require(throws: JSONError.self) { try JSONValue.parse(Array(text.utf8)) }
        #expect(error.isEmpty)
    }

    @Test func validDocumentsReadAsTheyMean() throws {
        let text = "\u{FEFF}{\"a\": [1, -2.5e-3, 0, true, false, null], \"s\": \"x\\u00e9\\ud83d\\ude00\\n\\\"\\/\", \"o\": {}}"
        let value = try JSONValue.parse(Array(text.utf8))
        #expect(value == .object([
            "a": .array([.number(1), .number(-0.0025), .number(0), .bool(true), .bool(false), .null]),
            "s": .string("xé😀\n\"/"),
            "o": .object([:]),
        ]))
        #expect(try JSONValue.parse(Array("12345678901234567890".utf8)) == .number(1.2345678901234567890e19))
        #expect(try JSONValue.parse(Array("1e-400".utf8)) == .number(0))
    }

    @Test func aLoneSurrogateBecomesTheReplacementCharacter() throws {
        #expect(try JSONValue.parse(Array("[\"a\\ud800b\"]".utf8)) == .array([.string("a\u{FFFD}b")]))
    }

    @Test func invalidUTF8IsAnError() {
        #expect(throws: JSONError.self) { try JSONValue.parse([0x5B, 0x22, 0xFF, 0x22, 0x5D]) }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError(problem: .verbatim("nested more than 256 levels deep"), line: 1, column: 257)) {
            try JSONValue.parse(Array(deep.utf8))
        }
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect((try? JSONValue.parse(Array(fine.utf8))) != nil)
    }

    /// The digits of short numbers are read without the text conversion (Clinger's fast path);
    /// every number must still be exactly the Double the text names, the sign of a zero too.
    @Test(arguments: [
        "0", "-0", "0.0", "-0.0", "5", "0.5", "-12.0464", "47.3769", "52.52", "13.405", "0.1", "0.3",
        "123456789012345", "-999999999999999", "1234567890123456", "12345678901234567", "9007199254740993",
        "0.0000000000000000000001", "0.00000000000000000000001", "3.14159265358979", "3.141592653589793",
        "179.99999999999999", "1e5", "2.5E+3", "1e-5", "-7e-2", "1.7976931348623157e308", "4.9e-324",
        "100000000000000000000000", "0.30000000000000004", "123.456e2", "1.2345678901234567", "0.1234567890123456789",
        "98765.43210987654321", "-0.000000000000000000001",
    ])
    func numbersAreTheDoubleTheirTextNames(_ text: String) throws {
        let expected = try #require(Double(text))
        guard case .number(let value) = try JSONValue.parse(Array(text.utf8)) else {
            Issue.record("\(text) is not read as a number")
            return
        }
        #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) is not \(expected)")
    }

    @Test func manyShortDecimalsReadExactly() throws {
        var random = SplitMix(seed: 9)
        for _ in 0..<40_000 {
            // Up to 19 digits: the fast path takes 15, the rest go through the general conversion.
            let digits = random.next() % [UInt64](sequence(first: 10, next: { $0 * 10 }).prefix(19))[Int(random.next() % 19)]
            let decimals = Int(random.next() % 20)
            var text = String(digits)
            if decimals > 0 {
                text = String(repeating: "0", count: max(0, decimals + 1 - text.count)) + text
                text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
            }
            if random.next() % 2 == 0 { text = "-" + text }
            guard case .number(let value) = try JSONValue.parse(Array(text.utf8)) else { continue }
            #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    @Test(arguments: [
        ("[\"plain ascii\"]", "plain ascii"),
        ("[\"Z\u{00FC}rich \u{6771}\u{4EAC} \u{1F600}\"]", "Zürich 東京 😀"),
        ("[\"tab\\there \\\"quoted\\\" back\\\\slash\"]", "tab\there \"quoted\" back\\slash"),
        ("[\"\\b\\f\\n\\r\\t\"]", "\u{08}\u{0C}\n\r\t"),
        ("[\"\\u00e9t\\u00E9 and Z\u{00FC}rich\"]", "été and Zürich"),
        ("[\"\"]", ""),
    ])
    func stringsReadAsTheyMean(_ document: String, _ expected: String) throws {
        #expect(try JSONValue.parse(Array(document.utf8)) == .array([.string(expected)]))
    }

    @Test func invalidUTF8AfterPlainTextIsStillAnError() {
        let bytes = Array("[\"a long plain beginning ".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: JSONError.self) { try JSONValue.parse(bytes) }
    }

    /// A duplicate is found in objects of any size (on either side of 64 keys, where the scanner
    /// moves from its filter to a set), also one written differently with the same meaning, and
    /// named where it is written the second time; keys that only look alike are not duplicates.
    @Test(arguments: [3, 12, 13, 40, 63, 64, 65, 200])
    func aDuplicateKeyIsFoundInObjectsOfAnySize(_ count: Int) throws {
        let members = (0..<count).map { "\"key\($0)\": \($0)" }.joined(separator: ",\n")
        let text = "{\(members),\n\"key1\": 0}"
        #expect(throws: JSONError(problem: .verbatim("the key \"key1\" appears twice in the same object"),
                                   line: count + 1, column: 1)) {
            try JSONValue.parse(Array(text.utf8))
        }
        for repeated in [
            "{\(members),\n\"\u{E9}\": 1,\n\"e\u{301}\": 2}",  // composed, then decomposed
            "{\(members),\n\"key\\u0031\": 0}",                  // plain, then escaped
            "{\"\\u0065xtra\": 0,\n\(members),\n\"extra\": 1}",  // escaped, then plain
            "{\"\": 0,\n\(members),\n\"\": 1}",                    // the empty key
        ] {
            #expect(throws: JSONError.self, "\(repeated.suffix(40))") { try JSONValue.parse(Array(repeated.utf8)) }
        }
        let alike = "{\"\\u0065xtra\": 0,\n\(members),\n\"\": 1,\n\"extra \": 2,\n\"Key1\": 3}"
        guard case .object(let members) = try JSONValue.parse(Array(alike.utf8)) else { Issue.record("not an object"); return }
        #expect(members.count == count + 4)
    }

    @Test func objectsInsideObjectsKeepTheirOwnMembers() throws {
        let text = "{\"a\": {\"a\": {\"a\": 1, \"b\": 2}, \"b\": [{\"a\": 3}]}, \"b\": {}}"
        #expect(try JSONValue.parse(Array(text.utf8)) == .object([
            "a": .object(["a": .object(["a": .number(1), "b": .number(2)]), "b": .array([.object(["a": .number(3)])])]),
            "b": .object([:]),
        ]))
    }

    @Test func writingAndReadingGiveTheSameValue() throws {
        let value = JSONValue.object(["name": .string("a\u{9B}b\u{2028}\u{202E}c\u{1B}"), "n": .number(-12.75), "list": .array([.null])])
        #expect(try JSONValue.parse(Array(value.serialized().utf8)) == value)
    }
}
