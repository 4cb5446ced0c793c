import RainKit

/// What every screen (a forecast, `show --all`, `locations`, `watch`, the pickers) shows in a
/// window narrower than it can be drawn in: that the window is too narrow, in what fits. Wider
/// than that, each screen fits its lines to the width; nothing is ever drawn past it.
public enum NarrowWindow {
    /// The fewest columns a screen is drawn in.
    public static let minimumWidth = 20

    /// True when `width` columns are too few for a screen.
    public static func isTooNarrow(_ width: Int) -> Bool { width < minimumWidth }

    /// "Too narrow: needs 20 columns" wrapped into lines of at most `width` columns, at most
    /// `height` of them; "Too narrow" where the longer words do not fit, "…" where no word does.
    public static func lines(width: Int, height: Int? = nil, localization: Localization = .english) -> [String] {
        let width = max(1, width)
        let texts = [localization.tr("Too narrow: needs {count} columns", ["count": String(minimumWidth)]), localization.tr("Too narrow")]
        let text = texts.first { $0.split(separator: " ").allSatisfy { String($0).displayWidth <= width } }
        var lines = text?.wrapped(toDisplayWidth: width) ?? ["…"]
        if let height { lines = Array(lines.prefix(max(1, height))) }
        return lines
    }

    /// `lines(width:)` as text ending in a newline, for output that is not a whole screen.
    public static func text(width: Int, localization: Localization = .english) -> String {
        lines(width: width, localization: localization).joined(separator: "\n") + "\n"
    }
}
