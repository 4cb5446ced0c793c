/// Where the forecast screen draws the next 24 hours as a small graph (`Meteogram`'s compact
/// form, five lines): from the layout's 80 columns to 99 in place of the hours' numbers, which
/// take as many lines, so a 24-line terminal shows no less of the screen than without it; from
/// 100 columns above them. Asked for hours (`--hours N`) are numbers: from 80 to 99 columns
/// they come without the graph. Narrower than the layout: the numbers alone.
enum CompactGraphPlace: Equatable, Sendable {
    case none
    case inPlaceOfHours
    case aboveHours

    /// Where the graph goes in a window `width` columns wide.
    init(width: Int, hourCount: Int?) {
        if width >= Self.aboveHoursWidth {
            self = .aboveHours
        } else if width >= ForecastView.layoutWidth && hourCount == nil {
            self = .inPlaceOfHours
        } else {
            self = .none
        }
    }

    /// From this many columns the graph is drawn above the hours' numbers.
    static let aboveHoursWidth = 100
}
