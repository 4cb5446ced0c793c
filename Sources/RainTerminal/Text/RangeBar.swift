import RainKit

/// Temperature ranges drawn on one shared scale, so days can be compared at a glance: the
/// coldest low of all days is the left end of every bar, the warmest high the right end.
struct RangeScale: Sendable, Equatable {
    let minimum: Double
    let maximum: Double

    /// The scale spanning every low and high given; nil when there is none.
    init?(lows: [Double?], highs: [Double?]) {
        let values = (lows + highs).compactMap { $0 }.filter(\.isFinite)
        guard let minimum = values.min(), let maximum = values.max() else { return nil }
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The cell (0..<width) a value falls in.
    func cell(for value: Double, width: Int) -> Int {
        guard maximum > minimum, width > 1 else { return 0 }
        let fraction = (value - minimum) / (maximum - minimum)
        return min(width - 1, max(0, Int((fraction * Double(width - 1)).rounded())))
    }

    /// A bar of exactly `width` cells: "━" from low to high, "·" elsewhere. With only one of
    /// the two, a single "┃" marks it; with neither, the track alone.
    func bar(low: Double?, high: Double?, width: Int, fill: (String) -> String = { $0 }, track: (String) -> String = { $0 }) -> String {
        guard width > 0 else { return "" }
        let ends = [low, high].compactMap { $0 }.filter(\.isFinite)
        guard let first = ends.min(), let last = ends.max() else {
            return track(String(repeating: "·", count: width))
        }
        let start = cell(for: first, width: width), end = cell(for: last, width: width)
        let filled = ends.count == 2 ? String(repeating: "━", count: end - start + 1) : "┃"
        let before = String(repeating: "·", count: start)
        let after = String(repeating: "·", count: width - start - filled.count)
        return track(before) + fill(filled) + track(after)
    }
}
