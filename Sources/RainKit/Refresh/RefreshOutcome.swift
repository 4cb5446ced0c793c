/// Why one place could not be refreshed.
public enum RefreshFailure: RainError, Sendable, Equatable {
    case forecast(ForecastError)
    case cache(CacheError)

    private var error: any RainError {
        switch self {
        case .forecast(let error): return error
        case .cache(let error): return error
        }
    }

    /// A forecast fetched but not kept (its cache could not be written): the place fails as
    /// a refresh fails it (exit 74, an error), though the forecast fetched can still be shown.
    public var isCache: Bool {
        if case .cache = self { true } else { false }
    }

    public var kind: ErrorKind { error.kind }
    public var text: LocalizedText { error.text }
    public var hintText: LocalizedText? { error.hintText }
}

/// What happened to one place in a refresh.
public struct RefreshOutcome: Sendable {
    public enum Status: Sendable {
        /// Fetched and saved now.
        case refreshed(CachedForecast)
        /// Skipped: the cached forecast is younger than the refresh interval.
        case fresh(CachedForecast)
        /// `cached`: the last good forecast; `fetched`: the one fetched when only saving it failed.
        /// (Indirect: two forecasts inline would double every status's size, 200 of them at once.)
        indirect case failed(RefreshFailure, cached: CachedForecast?, fetched: CachedForecast? = nil)
    }

    public var location: Location
    public var status: Status
    /// The place was removed from the store while the refresh fetched it: the refresh deleted
    /// what it wrote for it, so nothing is kept of it.
    public var wasRemoved: Bool

    public init(location: Location, status: Status, wasRemoved: Bool = false) {
        self.location = location
        self.status = status
        self.wasRemoved = wasRemoved
    }

    /// The forecast there is to show now: the new one, the fresh one, or the last good one.
    public var forecast: CachedForecast? {
        switch status {
        case .refreshed(let cached), .fresh(let cached): return cached
        case .failed(_, let cached, _): return cached
        }
    }

    /// The newest forecast there is to show: `forecast`, or one fetched now that could not be saved.
    public var newest: CachedForecast? {
        if case .failed(_, _, let fetched?) = status { return fetched }
        return forecast
    }

    public var failure: RefreshFailure? {
        if case .failed(let failure, _, _) = status { return failure }
        return nil
    }
}

/// Why a refresh did not start at all.
public enum RefreshError: RainError, Sendable, Equatable {
    /// The API's host cannot be reached; no request was sent.
    case offline(host: String)
    /// Another rain process is refreshing the same home.
    case busy
    case lockFile(FileError)

    public var kind: ErrorKind {
        switch self {
        case .offline, .busy: return .temporary
        case .lockFile: return .localFile
        }
    }
}

extension RefreshError {
    public var text: LocalizedText {
        switch self {
        case .offline(let host): return ForecastError.offline(host: host).text
        case .busy: return LocalizedText(N_("another rain is refreshing forecasts right now"))
        case .lockFile(let error): return error.text
        }
    }
}
