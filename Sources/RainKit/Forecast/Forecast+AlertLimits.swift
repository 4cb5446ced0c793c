/// What a place keeps of its alerts, so that no feed can make its cached forecast larger than
/// rain reads back (8 MB, `ForecastCache`): a feed of 1,500 alerts, each with 1,000 control
/// characters the cache writes as `\u0085` (6 bytes each), made a cache document of 9 MB, and
/// the place's forecast was lost with it. A place keeps its `alertLimit` most severe and soonest
/// alerts, in the order they came, and each text at most so long: at most about 50 x 15,000
/// characters of 6 bytes, 4.5 MB, however hostile the feed.
extension Forecast {
    /// The most alerts a place keeps: no real area has nearly so many in force at once.
    static let alertLimit = 50

    /// This forecast with at most `alertLimit` alerts, each cut to `Alert.fitted`, and how
    /// many it had before.
    func keepingAlertsThatFit() -> (forecast: Forecast, count: Int) {
        var forecast = self
        let count = alerts.count
        if count > Self.alertLimit {
            let kept = alerts.indices.sorted { first, second in
                alerts[first].precedes(alerts[second]) || (!alerts[second].precedes(alerts[first]) && first < second)
            }.prefix(Self.alertLimit).sorted()
            forecast.alerts = kept.map { alerts[$0] }
        }
        forecast.alerts = forecast.alerts.map(\.fitted)
        return (forecast, count)
    }
}

extension Forecast.Alert {
    /// The order in which alerts are kept: the most severe first, then the soonest (one in
    /// force, or with no start, before one to come).
    fileprivate func precedes(_ other: Forecast.Alert) -> Bool {
        if rank != other.rank { return rank < other.rank }
        return (time ?? .distantPast) < (other.time ?? .distantPast)
    }

    private var rank: Int {
        ["extreme": 0, "severe": 1, "moderate": 2, "minor": 3][severity?.lowercased() ?? ""] ?? 4
    }

    /// This alert with each text at most so long (counted in Unicode scalars, since one
    /// character may hold any number of them), a long one ending in "…"; of many regions the
    /// first are kept, of many references the last, of many identical alerts the first.
    var fitted: Forecast.Alert {
        var alert = self
        alert.title = title.cut(to: 200)
        alert.severity = severity?.cut(to: 40)
        alert.regions = regions.prefix(20).map { $0.cut(to: 100) }
        alert.description = description?.cut(to: 3_000)
        alert.uri = uri?.cut(to: 500)
        alert.id = id?.cut(to: 200)
        alert.references = references.suffix(20).map { $0.cut(to: 200) }
        alert.series = series?.cut(to: 200)
        alert.sameAs = sameAs.prefix(20).map { $0.cut(to: 200) }
        return alert
    }
}

extension String {
    /// The first `limit` Unicode scalars of this text, the last of them "…" when it was longer.
    fileprivate func cut(to limit: Int) -> String {
        guard unicodeScalars.count > limit else { return self }
        var scalars = String.UnicodeScalarView(unicodeScalars.prefix(limit - 1))
        scalars.append("…")
        return String(scalars)
    }
}
