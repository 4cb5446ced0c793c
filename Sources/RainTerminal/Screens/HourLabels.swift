import FoundationEssentials
import RainKit

/// The labels of a row of hour columns, as the place's clock reads them; the first hour of a
/// new day is named by its day ("Mon"), so a row longer than a day says which. When the clocks go
/// back, an hour's label comes twice ("02:00", "02:00"): the second is marked "02:00*" and a
/// note says which offset each one is in.
struct HourLabels {
    static let repeatMark = "*"

    let texts: [String]
    private let repeats: [(index: Int, label: String, before: String, after: String)]

    init(_ times: [Date], clock: LocalClock) {
        var texts: [String] = []
        var repeats: [(Int, String, String, String)] = []
        for (index, time) in times.enumerated() {
            let newDay = index > 0 && !clock.isSameDay(times[index - 1], time)
            let label = newDay ? clock.weekday(time) : clock.hour(time)
            // The clocks went back when a label comes again within hours, in another offset (a
            // row longer than a day also repeats each label a day later: that is no repeat).
            if let earlier = texts.indices.last(where: { texts[$0] == label }),
               time.timeIntervalSince(times[earlier]) < 12 * 3600,
               clock.timeZone.secondsFromGMT(for: times[earlier]) != clock.timeZone.secondsFromGMT(for: time) {
                texts.append(label + Self.repeatMark)
                repeats.append((index, label, clock.offsetLabel(at: times[earlier]), clock.offsetLabel(at: time)))
            } else {
                texts.append(label)
            }
        }
        self.texts = texts
        self.repeats = repeats
    }

    /// "* the clocks go back: 02:00 is UTC+2, 02:00* is UTC+1", for the repeated hours among
    /// the first `count`.
    func notes(upTo count: Int, localization: Localization = .english) -> [String] {
        repeats.filter { $0.index < count }.map {
            Self.repeatMark + " " + localization.tr("the clocks go back: {hour} is {before}, {marked} is {after}", [
                "hour": $0.label, "before": $0.before, "marked": $0.label + Self.repeatMark, "after": $0.after,
            ])
        }
    }
}
