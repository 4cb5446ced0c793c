/// How `rain show` fits a terminal's height, so that the screen's first lines (the place and
/// its local time) are still there when the prompt comes back: the conditions give up pressure
/// and visibility, then the days go from the last down to `fewestDays`, and no further (the
/// terminal scrolls; `rain watch` has its own, stricter form). Days asked for (`--days N`)
/// stay. A screen that fits is left as it is.
struct ScreenFit {
    /// Lines there are for the screen.
    let height: Int
    let asksForDays: Bool
    static let fewestDays = 3

    /// `sections` (header, now, hours, days, alerts) fitted; `count` counts their lines with
    /// the blank lines between them, `lean` is the conditions without pressure and visibility,
    /// `days` makes the days' section for at most that many.
    func fitted(_ sections: [[String]], count: ([[String]]) -> Int, lean: [String], days: (Int) -> [String]) -> [[String]] {
        var sections = sections
        guard count(sections) > height else { return sections }
        sections[ForecastView.nowIndex] = lean
        guard !asksForDays else { return sections }
        var shown = sections[ForecastView.daysIndex].count - 1
        while count(sections) > height && shown > Self.fewestDays {
            shown -= 1
            sections[ForecastView.daysIndex] = days(shown)
        }
        return sections
    }
}
