import Foundation

/// Fetches forecasts over HTTP(S) with libcurl from the configured provider (the Dark
/// Sky-compatible API or Open-Meteo): one coordinate at a time through the easy interface, or
/// many at once through one multi handle. Each request is tried up to
/// `configuration.retry.maxAttempts` times when the failure is temporary (timeouts, connection
/// failures, HTTP 408/429/500/502/503/504). No message or log line contains the API key.
public final class ForecastClient: Sendable {
    public let configuration: Configuration
    private let decoder: any ForecastDecoder
    private let transport: CurlTransport

    public init(configuration: Configuration, decoder: any ForecastDecoder) {
        self.configuration = configuration
        self.decoder = decoder
        self.transport = CurlTransport(options: configuration.transferOptions,
                                       maxConcurrentRequests: configuration.maxConcurrentRequests)
    }

    public convenience init(settings: Settings, decoder: any ForecastDecoder,
                            verbose: (@Sendable (String) -> Void)? = nil) {
        self.init(configuration: Configuration(settings: settings, verbose: verbose), decoder: decoder)
    }

    /// A client for the provider in effect in `settings`, with that provider's decoder.
    public convenience init(settings: Settings, verbose: (@Sendable (String) -> Void)? = nil) {
        self.init(settings: settings, decoder: settings.provider.decoder, verbose: verbose)
    }

    /// The URL asked for `coordinate`, with the key (if it travels in the path) replaced by
    /// `REDACTED`: the form to show or log.
    public func redactedURL(for coordinate: Coordinate) -> String {
        configuration.endpoint(for: coordinate, key: configuration.apiKey ?? APIKey("")).redactedURL
    }

    // MARK: - Requests

    /// Fetches the forecast for `coordinate` and calls `completion` exactly once, on a
    /// background thread, with the forecast or the reason there is none.
    public func requestWeather(for coordinate: Coordinate,
                               completion: @escaping @Sendable (Result<Forecast, ForecastError>) -> Void) {
        guard let endpoint = endpoint(for: coordinate) else {
            DispatchQueue.global().async { completion(.failure(.missingKey)) }
            return
        }
        Thread.detachNewThread { [self] in
            completion(fetch(endpoint))
        }
    }

    /// Fetches the forecasts for `coordinates` concurrently (at most
    /// `maxConcurrentRequests` at a time, over reused connections) and calls `completion`
    /// exactly once, on a background thread, with one result per coordinate in the same order.
    public func requestWeather(for coordinates: [Coordinate],
                               completion: @escaping @Sendable ([Result<Forecast, ForecastError>]) -> Void) {
        let endpoints = coordinates.compactMap(endpoint(for:))
        guard !endpoints.isEmpty, endpoints.count == coordinates.count else {
            let results = coordinates.map { _ in Result<Forecast, ForecastError>.failure(.missingKey) }
            DispatchQueue.global().async { completion(results) }
            return
        }
        Thread.detachNewThread { [self] in
            completion(fetch(endpoints))
        }
    }

    /// The forecast for `coordinate`.
    public func weather(for coordinate: Coordinate) async throws(ForecastError) -> Forecast {
        let result = await withCheckedContinuation { continuation in
            requestWeather(for: coordinate) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// The forecasts for `coordinates`, one result each, in the same order.
    public func weather(for coordinates: [Coordinate]) async -> [Result<Forecast, ForecastError>] {
        await withCheckedContinuation { continuation in
            requestWeather(for: coordinates) { continuation.resume(returning: $0) }
        }
    }

    // MARK: - Attempts

    /// The request for `coordinate`; nil when the provider needs a key and none is configured.
    private func endpoint(for coordinate: Coordinate) -> ForecastEndpoint? {
        guard configuration.provider == .openMeteo || configuration.apiKey != nil else { return nil }
        return configuration.endpoint(for: coordinate, key: configuration.apiKey ?? APIKey(""))
    }

    /// One request with its retries, on this thread (easy interface).
    private func fetch(_ endpoint: ForecastEndpoint) -> Result<Forecast, ForecastError> {
        let clock = ContinuousClock()
        let first = clock.now
        var attempt = 1
        while true {
            let started = clock.now
            let outcome = transport.perform(endpoint.request)
            switch conclude(attempt: attempt, of: endpoint, outcome: outcome,
                            took: clock.now - started, sinceFirst: clock.now - first) { [decoder, configuration] body throws(ForecastError) in
                try decoder.decode(body, units: configuration.units)
            } {
            case .done(let result):
                return result
            case .retry(let delay):
                Thread.sleep(forTimeInterval: delay.secondsValue)
                attempt += 1
            }
        }
    }

    /// Many requests with their retries, on this thread (one multi handle).
    private func fetch(_ endpoints: [ForecastEndpoint]) -> [Result<Forecast, ForecastError>] {
        fetch(endpoints) { [decoder, configuration] body throws(ForecastError) in
            try decoder.decode(body, units: configuration.units)
        }
    }

    /// The answer of one other JSON service (geocoding, IP location) asked with the same
    /// transport, timeouts and retries as forecasts, decoded by `decode`.
    func value<Value: Sendable>(
        from endpoint: ForecastEndpoint, decode: @escaping @Sendable (Data) throws(ForecastError) -> Value
    ) async throws(ForecastError) -> Value {
        let result = await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                continuation.resume(returning: fetch([endpoint], decode: decode)[0])
            }
        }
        return try result.get()
    }

    /// Many requests with their retries, on this thread (one multi handle), each answer decoded by `decode`.
    private func fetch<Value>(
        _ endpoints: [ForecastEndpoint], decode: (Data) throws(ForecastError) -> Value
    ) -> [Result<Value, ForecastError>] {
        let clock = ContinuousClock()
        var results = [Result<Value, ForecastError>?](repeating: nil, count: endpoints.count)
        var attempts = [Int](repeating: 1, count: endpoints.count)
        var firstStarts = [ContinuousClock.Instant?](repeating: nil, count: endpoints.count)
        transport.perform(endpoints.map(\.request)) { index, outcome, took in
            let now = clock.now
            let first = firstStarts[index] ?? now - took
            firstStarts[index] = first
            switch conclude(attempt: attempts[index], of: endpoints[index], outcome: outcome,
                            took: took, sinceFirst: now - first, decode: decode) {
            case .done(let result):
                results[index] = result
                return nil
            case .retry(let delay):
                attempts[index] += 1
                return delay
            }
        }
        return results.map { $0 ?? .failure(.transport(reason: "the request was not completed")) }
    }

    private enum Decision<Value> {
        case done(Result<Value, ForecastError>)
        case retry(after: Duration)
    }

    /// Logs an attempt and decides what follows it: a result, or another try after a wait.
    private func conclude<Value>(attempt: Int, of endpoint: ForecastEndpoint,
                                 outcome: Result<HTTPResponse, TransferFailure>,
                                 took: Duration, sinceFirst: Duration,
                                 decode: (Data) throws(ForecastError) -> Value) -> Decision<Value> {
        log(endpoint, outcome, took: took)
        switch ForecastAttempt(outcome, host: endpoint.host, key: configuration.apiKey) {
        case .answer(let response):
            do throws(ForecastError) {
                return .done(.success(try decode(response.body)))
            } catch {
                return .done(.failure(error))
            }
        case .failure(let error, let retryable, let serverDelay):
            guard retryable,
                  let delay = configuration.retry.delay(afterAttempt: attempt, serverDelay: serverDelay,
                                                        elapsed: sinceFirst) else {
                return .done(.failure(error))
            }
            return .retry(after: delay)
        }
    }

    private func log(_ endpoint: ForecastEndpoint, _ outcome: Result<HTTPResponse, TransferFailure>, took: Duration) {
        guard let verbose = configuration.verbose else { return }
        let milliseconds = took.wholeMilliseconds
        switch outcome {
        case .success(let response):
            verbose("GET \(endpoint.redactedURL) -> \(response.status) (\(milliseconds) ms)")
        case .failure(let failure):
            let reason = ServerMessage.clean(failure.description, hiding: configuration.apiKey) ?? "unknown"
            verbose("GET \(endpoint.redactedURL) -> error: \(reason) (\(milliseconds) ms)")
        }
    }
}
