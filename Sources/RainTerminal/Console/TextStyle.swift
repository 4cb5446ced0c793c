import RainKit

/// ANSI styling that does nothing when colour is off, so views can style unconditionally.
public struct TextStyle: Sendable, Equatable {
    public let usesColor: Bool

    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    public func bold(_ text: String) -> String { apply("1", text) }
    public func dim(_ text: String) -> String { apply("2", text) }
    public func inverse(_ text: String) -> String { apply("7", text) }
    public func red(_ text: String) -> String { apply("31", text) }
    public func green(_ text: String) -> String { apply("32", text) }
    public func yellow(_ text: String) -> String { apply("33", text) }
    public func blue(_ text: String) -> String { apply("34", text) }
    public func cyan(_ text: String) -> String { apply("36", text) }

    /// A colour that says how warm a temperature in °C is: blue below 0, cyan, green, yellow, red from 28.
    public func temperature(_ text: String, celsius: Double?) -> String {
        guard let celsius else { return text }
        switch celsius {
        case ..<0: return blue(text)
        case ..<10: return cyan(text)
        case ..<20: return green(text)
        case ..<28: return yellow(text)
        default: return red(text)
        }
    }

    private func apply(_ code: String, _ text: String) -> String {
        guard usesColor, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
