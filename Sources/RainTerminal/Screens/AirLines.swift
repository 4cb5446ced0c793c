import FoundationEssentials
import RainKit

/// The air on the forecast screen and in `--format`: the index in the place's scale with its
/// category and driving pollutant ("European AQI 37: Fair (PM2.5)"), and in pollen season
/// the pollens in the air ("Pollen high (birch, grass), medium (olive)"). Each line fits `maximumWidth`.
struct AirLines {
    static let maximumWidth = 50

    let air: AirQuality
    let reading: AirQuality.Reading
    let scale: AirQualityScale
    /// The index, its category and driving pollutant, as `rain show --json` writes them too.
    let shown: AirQualityShownIndex?
    let localization: Localization
    let ascii: Bool
    /// "updated 3 hours ago" when the air is older than the forecast shown with it, whose
    /// age the screen's header says (the air service failed since and an older answer was kept).
    let olderAge: String?

    /// nil when the forecast has no air for `now`. `forecastFetchedAt`: when the forecast shown
    /// with it was fetched, where the screen says that age.
    init?(_ forecast: Forecast, now: Date, presentation: Presentation, ascii: Bool = false, forecastFetchedAt: Date? = nil) {
        guard let air = forecast.air, let reading = air.reading(at: now) else { return nil }
        self.air = air
        self.reading = reading
        scale = presentation.airQualityScale(forecast)
        shown = air.shownIndex(at: now, on: scale)
        localization = presentation.localization
        self.ascii = ascii
        if let fetched = air.fetchedAt, let forecastFetchedAt, forecastFetchedAt.timeIntervalSince(fetched) >= 60 {
            olderAge = localization.tr("updated {age}", ["age": AgeFormatter.string(since: fetched, now: now, localization: localization)])
        } else {
            olderAge = nil
        }
    }

    var index: Double? { shown?.value }

    var category: String? {
        shown.map { localization.tr($0.category.word) }
    }

    var pollutant: String? {
        shown?.pollutant.map { ascii ? $0.asciiSymbol : $0.symbol }
    }

    /// "European AQI 37: Fair (PM2.5)"; without the pollutant where that does not fit; with
    /// "· updated 3 hours ago" when older than the forecast, the age kept whole.
    var indexLine: String? {
        guard let index, let category else { return nil }
        let name = localization.tr(scale == .us ? N_("US AQI {index}: {category}") : N_("European AQI {index}: {category}"),
                                   ["index": MeasureFormat.whole(index), "category": category])
        let full = pollutant.map { name + " (\($0))" } ?? name
        guard let olderAge else { return Self.fitting([full, name]) }
        let suffix = " · " + olderAge
        let room = Self.maximumWidth - 2 - suffix.displayWidth
        return ([full, name].first { $0.displayWidth <= room } ?? name.truncated(toDisplayWidth: max(room, 1))) + suffix
    }

    /// The pollens at low or more, the most first: "Pollen high (birch), medium (grass)"; nil
    /// out of season or where none is served.
    var pollenLine: String? {
        let items = pollens
        guard !items.isEmpty else { return nil }
        var lines: [String] = []
        for count in stride(from: items.count, through: 1, by: -1) {
            lines.append(localization.pollenList(items[..<count].map { (kind: $0.0, level: $0.1) }))
        }
        return Self.fitting(lines)
    }

    /// `{pollen}`: the same levels without "Pollen", "high (birch), medium (grass)", or nil.
    var pollenList: String? {
        let items = pollens
        guard !items.isEmpty else { return nil }
        return localization.pollenLevels(items.map { (kind: $0.0, level: $0.1) })
    }

    private var pollens: [(PollenKind, PollenLevel)] {
        PollenKind.allCases.compactMap { kind in reading.pollen[kind].flatMap(PollenLevel.init(grains:)).map { (kind, $0) } }
            .sorted { $0.1 > $1.1 }
    }

    /// The lines for the screen, indented as the conditions are.
    var lines: [String] { [indexLine, pollenLine].compactMap { $0.map { "  " + $0 } } }

    /// The first of `candidates` that fits (with the indent), else the last cut to fit.
    private static func fitting(_ candidates: [String]) -> String {
        let room = maximumWidth - 2
        return candidates.first { $0.displayWidth <= room } ?? candidates.last!.truncated(toDisplayWidth: room)
    }
}
