/// What a key does on `rain watch`'s screen; the keys not here are ignored (and, the terminal
/// being in raw mode, never echoed).
extension WatchScreen {
    public enum KeyAction: Sendable, Equatable {
        /// q, Q, Esc and Ctrl-C: the screen given back, status 0 (as SIGINT ends watch).
        case quit
        /// Ctrl-L: the whole screen drawn again, as over what another program wrote on it.
        case redraw
        /// Ctrl-Z: stopped as in cooked mode, taken again on `fg`.
        case suspend
    }

    public static func action(for key: KeyPress) -> KeyAction? {
        switch key {
        case .character("q"), .character("Q"), .escape, .control("c"): return .quit
        case .control("l"): return .redraw
        case .control("z"): return .suspend
        default: return nil
        }
    }
}
