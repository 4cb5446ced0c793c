/// What a refresh says when a source beside the forecast (an alert feed, the air, the
/// ensemble) could not be fetched: one line (without a server's own words), for a place or
/// for the one shown, and whether its
/// host could not be reached at all (said only when the forecast's could).
struct FeedFailure: Sendable {
    let line: LocalizedText
    let unreachable: Bool
    /// The feed's display name (marked for the catalogues), the place's name when the line
    /// names one, and what went wrong: what `lines(_:)` sums up a batch's failures by.
    let feed: String
    let place: String?
    let error: ForecastError

    /// `error` fetching `feed` (its display name, marked for the catalogues), for `place` when
    /// the line must name one.
    init(_ error: ForecastError, fetching feed: String, for place: String? = nil) {
        self.feed = feed
        self.place = place?.strippingControlCharacters
        self.error = error
        unreachable = Self.isUnreachable(error)
        line = Self.line(error, feed: feed, places: self.place.map { [$0] } ?? [])
    }

    /// One line per feed for a whole batch, in the order of each feed's first failure: a
    /// feed that fails at sixty places (a service down) is one line, not sixty, naming the
    /// first place, how many others and the first place's problem.
    static func lines(_ failures: [FeedFailure]) -> [LocalizedText] {
        var feeds: [String] = []
        var byFeed: [String: [FeedFailure]] = [:]
        for failure in failures {
            if byFeed[failure.feed] == nil { feeds.append(failure.feed) }
            byFeed[failure.feed, default: []].append(failure)
        }
        return feeds.map { feed in
            let all = byFeed[feed]!
            return line(all[0].error, feed: feed, places: all.compactMap(\.place))
        }
    }

    private static func isUnreachable(_ error: ForecastError) -> Bool {
        if case .offline = error { true } else { false }
    }

    /// The line for `error` at `places` (the first named; none: the one place shown).
    private static func line(_ error: ForecastError, feed: String, places: [String]) -> LocalizedText {
        let feed = LocalizedText(feed)
        let place = places.first.map { named($0, others: places.count - 1) }
        if case .offline(let host) = error {
            return place.map { LocalizedText(N_("{place}: could not fetch {feed}: cannot reach {host}"),
                                             ["place": $0, "feed": feed, "host": .verbatim(host)]) }
                ?? LocalizedText(N_("could not fetch {feed}: cannot reach {host}"), ["feed": feed, "host": .verbatim(host)])
        }
        let problem = error.textWithoutServerWords
        return place.map { LocalizedText(N_("{place}: could not fetch {feed}: {problem}"), ["place": $0, "feed": feed, "problem": problem]) }
            ?? LocalizedText(N_("could not fetch {feed}: {problem}"), ["feed": feed, "problem": problem])
    }

    /// "Berlin", or "Berlin and 59 other places".
    private static func named(_ first: String, others: Int) -> LocalizedText {
        guard others > 0 else { return .verbatim(first) }
        return .trn("{place} and {count} other place", "{place} and {count} other places", count: others, ["place": .verbatim(first)])
    }
}
