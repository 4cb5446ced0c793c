/// A key the user pressed, as the terminal code decodes it from the bytes a terminal sends.
/// Pure data, so interactive views can be driven by tests without a terminal.
public enum KeyPress: Sendable, Hashable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backspace
    /// A printable character, space included.
    case character(Character)
    /// Ctrl plus a letter, lower-case: `.control("c")` is Ctrl-C.
    case control(Character)
}
