import RainKit
import Testing

/// The rules a place's name meets, checked byte by byte for plain ASCII (nearly every name, and
/// every name of a large store as it is read) and by characters otherwise.
@Suite struct LocationValidationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var valid: String?
        var testDescription: String { "\(name.debugDescription) -> \(valid?.debugDescription ?? "refused")" }
    }

    @Test(arguments: [
        Case(name: "Berlin", valid: "Berlin"),
        Case(name: " !~", valid: "!~"),
        Case(name: "~ Place 7 !", valid: "~ Place 7 !"),
        Case(name: "  Padded  ", valid: "Padded"),
        Case(name: String(repeating: "x", count: 100), valid: String(repeating: "x", count: 100)),
        Case(name: String(repeating: "x", count: 101), valid: nil),
        Case(name: "Del\u{7F}ete", valid: nil),
        Case(name: "Tab\there", valid: nil),
        Case(name: "Unit\u{1F}sep", valid: nil),
        Case(name: "Esc\u{1B}[31m", valid: nil),
        Case(name: "C\u{85}1", valid: nil),
        Case(name: "Trailing NEL\u{85}", valid: "Trailing NEL"),
        Case(name: "", valid: nil),
        Case(name: "   ", valid: nil),
        Case(name: "Zürich", valid: "Zürich"),
        Case(name: String(repeating: "é", count: 100), valid: String(repeating: "é", count: 100)),
    ])
    func namesAreCheckedByTheRules(_ testCase: Case) {
        #expect((try? LocationValidation.validName(testCase.name)) == testCase.valid)
    }
}
