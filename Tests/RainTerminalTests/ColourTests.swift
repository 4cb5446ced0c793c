@testable import RainKit
@testable import RainTerminal
import Testing

@Suite struct ColourTests {
    @Test(arguments: ColourCase.all)
    func decision(_ colour: ColourCase) {
        #expect(colour.mode.usesColor(isTerminal: colour.isTerminal, environment: colour.environment) == colour.expected)
    }

    @Test func styleIsANoOpWithoutColour() {
        let plain = TextStyle(usesColor: false)
        #expect(plain.bold("a") + plain.dim("b") + plain.red("c") + plain.temperature("d", celsius: 30) == "abcd")
        let coloured = TextStyle(usesColor: true)
        #expect(coloured.bold("a") == "\u{1B}[1ma\u{1B}[0m")
        #expect(coloured.temperature("x", celsius: -5) == coloured.blue("x"))
        #expect(coloured.temperature("x", celsius: 30) == coloured.red("x"))
        #expect(coloured.temperature("x", celsius: nil) == "x")
        #expect(coloured.red("") == "")
    }
}

struct ColourCase: Sendable, CustomTestStringConvertible {
    let mode: ColorMode
    let isTerminal: Bool
    let environment: [String: String]
    let expected: Bool

    var testDescription: String {
        "\(mode) \(isTerminal ? "tty" : "pipe") \(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")) -> \(expected)"
    }

    static let all: [ColourCase] = [
        ColourCase(mode: .auto, isTerminal: true, environment: ["TERM": "xterm-256color"], expected: true),
        ColourCase(mode: .auto, isTerminal: false, environment: ["TERM": "xterm-256color"], expected: false),
        ColourCase(mode: .auto, isTerminal: true, environment: ["TERM": "dumb"], expected: false),
        ColourCase(mode: .auto, isTerminal: true, environment: [:], expected: false),
        ColourCase(mode: .auto, isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"], expected: false),
        ColourCase(mode: .auto, isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "0"], expected: false),
        ColourCase(mode: .auto, isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""], expected: true),
        ColourCase(mode: .always, isTerminal: false, environment: ["TERM": "dumb"], expected: true),
        ColourCase(mode: .always, isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"], expected: false),
        ColourCase(mode: .never, isTerminal: true, environment: ["TERM": "xterm"], expected: false),
    ]
}
