import Foundation
import Synchronization

/// Fetches forecasts over HTTP(S) with libcurl, every request through one multi handle: a
/// single coordinate is a batch of one, so retries, timeouts and rate limits live in one place.
/// Each request is tried up to `configuration.retry.maxAttempts` times when the failure is
/// temporary (timeouts, a lost connection, HTTP 408/429/500/502/503/504), and the whole batch,
/// tries and waits included, ends within `configuration.retry.totalBudget`. A host that cannot
/// be resolved or connected to (nothing was sent) ends the batch at once as `.offline`. No
/// message or log line contains the API key.
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

    /// The URL asked for `coordinate`, with the key (if it travels in the path) replaced by
    /// `REDACTED`: the form to show or log.
    public func redactedURL(for coordinate: Coordinate) -> String {
        endpoint(for: coordinate, key: configuration.apiKey ?? APIKey("")).redactedURL
    }

    // MARK: - Requests

    /// Fetches the forecast for `coordinate` and calls `completion` exactly once, on a
    /// background thread, with the forecast or the reason there is none.
    public func requestWeather(for coordinate: Coordinate,
                               completion: @escaping @Sendable (Result<Forecast, ForecastError>) -> Void) {
        requestWeather(for: [coordinate]) { completion($0[0]) }
    }

    /// Fetches the forecasts for `coordinates` concurrently (at most
    /// `maxConcurrentRequests` at a time, over reused connections) and calls `completion`
    /// exactly once, on a background thread, with one result per coordinate in the same order.
    public func requestWeather(for coordinates: [Coordinate],
                               completion: @escaping @Sendable ([Result<Forecast, ForecastError>]) -> Void) {
        requestWeather(for: coordinates, cancellation: nil, onEach: nil, completion: completion)
    }

    /// The same, stoppable through `cancellation`, with `onEach` called (on one background
    /// queue, one call at a time) as soon as each result is known, while other transfers still run.
    public func requestWeather(for coordinates: [Coordinate], cancellation: TransferCancellation?,
                               onEach: (@Sendable (Int, Result<Forecast, ForecastError>) -> Void)?,
                               completion: @escaping @Sendable ([Result<Forecast, ForecastError>]) -> Void) {
        guard let key = configuration.apiKey else {
            let results = coordinates.map { _ in Result<Forecast, ForecastError>.failure(.missingKey) }
            DispatchQueue.global().async {
                for (index, result) in results.enumerated() { onEach?(index, result) }
                completion(results)
            }
            return
        }
        let endpoints = coordinates.map { endpoint(for: $0, key: key) }
        // A thread of its own: the transfers block it (curl_multi_poll), never a cooperative one.
        Thread.detachNewThread { [self] in
            completion(fetch(endpoints, cancellation: cancellation, onEach: onEach))
        }
    }

    /// The forecast for `coordinate`.
    public func weather(for coordinate: Coordinate) async throws(ForecastError) -> Forecast {
        try await weather(for: [coordinate])[0].get()
    }

    /// The forecasts for `coordinates`, one result each, in the same order. Cancelling the task
    /// stops the transfers in libcurl; what was not answered then ends as `.cancelled`.
    public func weather(for coordinates: [Coordinate],
                        onEach: (@Sendable (Int, Result<Forecast, ForecastError>) -> Void)? = nil)
        async -> [Result<Forecast, ForecastError>] {
        let cancellation = TransferCancellation()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                requestWeather(for: coordinates, cancellation: cancellation, onEach: onEach) {
                    continuation.resume(returning: $0)
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    // MARK: - Attempts

    private func endpoint(for coordinate: Coordinate, key: APIKey) -> ForecastEndpoint {
        ForecastEndpoint(baseURL: configuration.baseURL, key: key, placement: configuration.keyPlacement,
                         coordinate: coordinate, units: configuration.units, language: configuration.language)
    }

    /// Every request with its retries, on this thread (one multi handle). Bodies are decoded on
    /// another queue while the other transfers go on.
    private func fetch(_ endpoints: [ForecastEndpoint], cancellation: TransferCancellation?,
                       onEach: (@Sendable (Int, Result<Forecast, ForecastError>) -> Void)?)
        -> [Result<Forecast, ForecastError>] {
        let clock = ContinuousClock()
        let start = clock.now
        let budget = configuration.retry.totalBudget
        let results = ResultSlots(count: endpoints.count)
        let decoding = DispatchGroup()
        let decodeQueue = DispatchQueue(label: "rain.decode")
        var attempts = [Int](repeating: 1, count: endpoints.count)
        // Why the batch stopped (offline), or why it pauses (a Retry-After): what the requests
        // it could then not send end with.
        var stoppedBy: ForecastError?
        var pausedBy: ForecastError?

        func deliver(_ index: Int, _ result: Result<Forecast, ForecastError>) {
            decodeQueue.async(group: decoding) {
                results.set(index, result)
                onEach?(index, result)
            }
        }

        transport.perform(endpoints.map(\.request), deadline: start.advanced(by: budget),
                          cancellation: cancellation) { index, outcome, took in
            let endpoint = endpoints[index]
            switch outcome {
            case .failure(.cancelled) where stoppedBy != nil:
                deliver(index, .failure(stoppedBy!))   // never sent
                return .finished
            case .failure(.outOfTime) where pausedBy != nil:
                deliver(index, .failure(pausedBy!))    // never sent
                return .finished
            default:
                log(endpoint, outcome, took: took)
            }
            switch ForecastAttempt(outcome, host: endpoint.host, key: configuration.apiKey, budget: budget) {
            case .answer(let response):
                decodeQueue.async(group: decoding) { [self] in
                    let result: Result<Forecast, ForecastError>
                    do throws(ForecastError) {
                        result = .success(try decoder.decode(response.body, units: configuration.units))
                    } catch {
                        result = .failure(error)
                    }
                    results.set(index, result)
                    onEach?(index, result)
                }
                return .finished
            case .failure(let error, let retryable, let serverDelay):
                if case .offline = error {
                    stoppedBy = error
                    deliver(index, .failure(error))
                    return .stopBatch
                }
                let pauses = error.isRateLimit && serverDelay != nil
                if pauses { pausedBy = error }
                guard retryable, let delay = configuration.retry.delay(afterAttempt: attempts[index], serverDelay: serverDelay,
                                                                      elapsed: clock.now - start) else {
                    deliver(index, .failure(error))
                    if pauses, let serverDelay { return .pauseOthers(for: serverDelay) }
                    return .finished
                }
                attempts[index] += 1
                return .retry(after: delay, pausingOthers: pauses)
            }
        }
        decoding.wait()
        return results.all
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

/// One result per request, filled in from the decoding queue.
private final class ResultSlots: Sendable {
    private let slots: Mutex<[Result<Forecast, ForecastError>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ result: Result<Forecast, ForecastError>) {
        slots.withLock { $0[index] = result }
    }

    var all: [Result<Forecast, ForecastError>] {
        slots.withLock { $0.map { $0 ?? .failure(.cancelled) } }
    }
}

extension ForecastError {
    var isRateLimit: Bool {
        if case .rateLimited = self { return true }
        return false
    }
}
