import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// The digit-by-digit writers of numbers, coordinates and IDs say exactly what the slower
/// general formatting said (Swift's shortest form, printf's "%.4f", Foundation's UUID text).
@Suite struct NumberAndIDTextTests {
    private func written(_ value: Double) -> String {
        String(decoding: JSONValue.number(value).serializedBytes(compactly: true).dropLast(), as: UTF8.self)
    }

    /// The general formatting: whole numbers without a fraction (`1`, not `1.0`), others in
    /// Swift's shortest round-trip form, `null` for what JSON cannot hold.
    private func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    static let edgeNumbers: [Double] = [
        0, -0.0, 1, -1, 52.52, 13.405, 10.25, 0.5, 0.1, 0.3, 0.001, 0.000999, 0.0001, 1e-5, 1.5e-7,
        123456.789, 999_999_999.5, 1_000_000_000.5, 1e15, 1e15 - 1, -1e15 + 1, 1e16, 1e21, 0.1 + 0.2,
        179.99999999999997, -179.9999, 47.376887, 1.0 / 3, 2.0 / 3, Double.pi, -Double.pi, .leastNonzeroMagnitude,
        Double.greatestFiniteMagnitude,
    ]

    @Test(arguments: edgeNumbers)
    func numbersAreWrittenInSwiftsShortestForm(_ value: Double) {
        #expect(written(value) == shortest(value), "\(value)")
    }

    @Test func manyRandomNumbersAreWrittenInSwiftsShortestForm() {
        var random = SplitMix(seed: 4)
        for round in 0..<40_000 {
            let value: Double
            switch round % 4 {
            case 0: value = Double(bitPattern: random.next())  // anything, NaN and infinities too
            case 1: value = Double(Int64(bitPattern: random.next() % 2_000_000_000_000)) / 1e6  // coordinates
            case 2: value = Double(Int64(bitPattern: random.next()) % 100_000) / 100  // two decimals
            default: value = Double(random.next() % 1_000_000_000) * 1e-3 * (round % 8 == 3 ? -1 : 1)
            }
            #expect(written(value) == shortest(value), "\(value)")
        }
    }

    @Test func idsReadAndWriteAsFoundationDoes() throws {
        for _ in 0..<2_000 {
            let id = UUID()
            #expect(id.lowercasedString() == id.uuidString.lowercased())
            #expect(id.lowercasedString(digits: 8) == String(id.uuidString.lowercased().prefix(8)))
            #expect(UUID(canonical: id.uuidString) == id)
            #expect(UUID(canonical: id.uuidString.lowercased()) == id)
            #expect(UUID.canonical(id.uuidString)?.isLowercase == (id.uuidString.lowercased() == id.uuidString))
            #expect(UUID.canonical(id.uuidString.lowercased())?.isLowercase == true)
        }
        for text in ["", "00000000-0000-4000-8000-00000000000", "00000000-0000-4000-8000-0000000000001",
                     "00000000-0000-4000-8000_000000000001", "0000000g-0000-4000-8000-000000000001",
                     "{00000000-0000-4000-8000-000000000001}", " 00000000-0000-4000-8000-00000000001"] {
            #expect(UUID(canonical: text) == nil, "\(text)")
        }
    }

    /// The reader checks eight digits at a time: every ASCII character at every place of an ID
    /// is read as the rules say (a dash at the four dash places, a hex digit of either case
    /// elsewhere), and the case is told right.
    @Test func everyCharacterAtEveryPlaceOfAnIDIsReadByTheRules() {
        let valid = Array("0123abcd-ef45-4678-89ab-cdef01234567".utf8)
        let dashes: Set = [8, 13, 18, 23]
        for position in valid.indices {
            for byte in UInt8(0)...0x7F {
                var text = valid
                text[position] = byte
                let isHex = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
                let isValid = dashes.contains(position) ? byte == UInt8(ascii: "-") : isHex
                let parsed = UUID.canonical(String(decoding: text, as: UTF8.self))
                #expect((parsed != nil) == isValid, "\(String(decoding: text, as: UTF8.self))")
                guard let parsed else { continue }
                #expect(parsed.id == UUID(uuidString: String(decoding: text, as: UTF8.self)))
                #expect(parsed.isLowercase == !(UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte))
            }
        }
    }

    @Test func everyNumberOfDigitsOfAnIDIsWrittenWithItsDashes() {
        for _ in 0..<200 {
            let id = UUID()
            let text = id.uuidString.lowercased()
            for digits in 1...32 {
                var expected = ""
                for character in text where expected.filter(\.isHexDigit).count < digits { expected.append(character) }
                #expect(id.lowercasedString(digits: digits) == expected)
                #expect(UUID.textLength(digits: digits) == expected.utf8.count)
            }
        }
    }
}
