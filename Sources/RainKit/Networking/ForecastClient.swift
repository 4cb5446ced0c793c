import FoundationEssentials
import Synchronization

/// Fetches forecasts over HTTP(S) with libcurl from the configured provider (the Dark
/// Sky-compatible API or Open-Meteo), every request through one multi handle: a
/// single coordinate is a batch of one, so retries, timeouts and rate limits live in one place.
/// Each request is tried up to `configuration.retry.maxAttempts` times when the failure is
/// temporary (timeouts, a lost connection, HTTP 408/429/500/502/503/504) and the endpoint
/// allows it (`ForecastEndpoint.triesOnce`), and the whole batch,
/// tries and waits included, ends within `configuration.retry.totalBudget`. A host that cannot
/// be resolved or connected to (nothing was sent) ends the batch at once as `.offline`. No
/// message or log line contains the API key.
public final class ForecastClient: Sendable {
    public let configuration: Configuration
    private let decoder: any ForecastDecoder
    private let transport: CurlTransport
    /// The calls a second the forecasts' server last said it takes of this key
    /// (`X-RateLimit-Limit-Second`, Kong's rate-limiting plugin, in front of Pirate Weather);
    /// nil until an answer has said it.
    private let saidPerSecond = Mutex<Int?>(nil)

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
        self.init(settings: settings, decoder: settings.provider.unit, verbose: verbose)
    }

    /// The URL asked for `coordinate`, with the key (if it travels in the path) replaced by
    /// `REDACTED`: the form to show or log.
    public func redactedURL(for coordinate: Coordinate) -> String {
        configuration.endpoint(for: coordinate, key: configuration.apiKey ?? APIKey("")).redactedURL
    }

    /// Makes the transport ready ahead of a command's first request (libcurl's loading, on a
    /// thread of its own), so that it runs while the command reads its configuration and
    /// places. `ClientPreparation.finished()` must be awaited before the process exits.
    public static func prepare() -> ClientPreparation {
        CurlTransport.beginLoading()
        return ClientPreparation()
    }

    // MARK: - Requests

    /// Fetches the forecast for `coordinate` and calls `completion` exactly once, on a
    /// background thread, with the forecast or the reason there is none.
    public func requestWeather(for coordinate: Coordinate,
                               completion: @escaping @Sendable (Result<Forecast, ForecastError>) -> Void) {
        requestWeather(for: [coordinate]) { completion($0[0]) }
    }

    /// Fetches the forecasts for `coordinates` concurrently (at most `maxConcurrentRequests`
    /// at a time, over reused connections) and calls `completion` exactly once, on a background
    /// thread, with one result per coordinate in the same order. `cancellation` stops the
    /// transfers; what was not answered then ends as `.cancelled`.
    public func requestWeather(for coordinates: [Coordinate], cancellation: TransferCancellation? = nil,
                               completion: @escaping @Sendable ([Result<Forecast, ForecastError>]) -> Void) {
        start(coordinates, cancellation: cancellation, onEach: nil, keepingForecasts: true) { results in
            completion(results.map { $0 ?? .failure(.cancelled) })
        }
    }

    /// Fetches `coordinates`, handing each result to `onEach` as soon as it is known (on a
    /// thread of the batch's own, one call at a time, while other transfers still run) and
    /// keeping none, then calls `completion` once every `onEach` has returned, with each
    /// request's failure, nil for a success. `onEach` may be slow (a refresh writes the cache
    /// there): while results wait for it, no new transfer starts, so memory stays flat however
    /// many places there are.
    public func requestWeather(for coordinates: [Coordinate], cancellation: TransferCancellation? = nil,
                               handingOn onEach: @escaping @Sendable (Int, Result<Forecast, ForecastError>) -> Void,
                               completion: @escaping @Sendable ([ForecastError?]) -> Void) {
        start(coordinates, cancellation: cancellation, onEach: onEach, keepingForecasts: false) { results in
            completion(results.map { result in
                if case .failure(let error)? = result { return error }
                return nil
            })
        }
    }

    /// Runs a batch on a thread of its own (the transfers block it in curl_multi_poll, never a
    /// cooperative thread). Without `keepingForecasts`, a forecast goes to `onEach` only and its
    /// slot in the results is nil.
    private func start(_ coordinates: [Coordinate], cancellation: TransferCancellation?,
                       onEach: (@Sendable (Int, Result<Forecast, ForecastError>) -> Void)?, keepingForecasts: Bool,
                       completion: @escaping @Sendable ([Result<Forecast, ForecastError>?]) -> Void) {
        let endpoints = coordinates.compactMap(endpoint(for:))
        guard endpoints.count == coordinates.count else {
            let results = coordinates.map { _ in Result<Forecast, ForecastError>.failure(.missingKey) }
            DetachedThread.start {
                for (index, result) in results.enumerated() { onEach?(index, result) }
                completion(results)
            }
            return
        }
        DetachedThread.start { [self] in
            completion(fetch(endpoints, cancellation: cancellation, onEach: onEach, keepingValues: keepingForecasts, hearing: hear) {
                [decoder, configuration] response throws(ForecastError) in
                try decoder.decode(response.body, units: configuration.units)
            })
        }
    }

    /// The forecast for `coordinate`.
    public func weather(for coordinate: Coordinate) async throws(ForecastError) -> Forecast {
        try await weather(for: [coordinate])[0].get()
    }

    /// The forecasts for `coordinates`, one result each, in the same order (`requestWeather`
    /// awaited). Cancelling the task stops the transfers in libcurl.
    public func weather(for coordinates: [Coordinate]) async -> [Result<Forecast, ForecastError>] {
        await cancellable { cancellation, resume in
            requestWeather(for: coordinates, cancellation: cancellation, completion: resume)
        }
    }

    /// `requestWeather(for:handingOn:completion:)` awaited: each request's failure, nil for a
    /// success, once every `onEach` has returned. Cancelling the task stops the transfers.
    public func weather(for coordinates: [Coordinate],
                        onEach: @escaping @Sendable (Int, Result<Forecast, ForecastError>) -> Void) async -> [ForecastError?] {
        await cancellable { cancellation, resume in
            requestWeather(for: coordinates, cancellation: cancellation, handingOn: onEach, completion: resume)
        }
    }

    /// A request API's completion awaited, its transfers stopped when the task is cancelled.
    private func cancellable<Value: Sendable>(
        _ request: (TransferCancellation, @escaping @Sendable (Value) -> Void) -> Void
    ) async -> Value {
        let cancellation = TransferCancellation()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                request(cancellation) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The calls a second the forecasts' server has said it takes (`X-RateLimit-Limit-Second`
    /// on an answer of this client's), nil until one said so.
    public var serverPerSecondLimit: Int? { saidPerSecond.withLock { $0 } }

    /// The calls a second a server's limit can mean: a number beyond (a gateway's "no limit",
    /// or a hostile one near `Int.max`) paces nothing, and 0 is no limit a client can keep.
    static let plausiblePerSecond = 1...1_000_000

    /// Keeps what a forecast answer says of the server's per-second limit.
    private func hear(_ response: HTTPResponse) {
        guard let limit = response.number(inHeader: "x-ratelimit-limit-second"), Self.plausiblePerSecond.contains(limit) else { return }
        saidPerSecond.withLock { $0 = limit }
    }

    // MARK: - Attempts

    /// The request for `coordinate`; nil when the provider needs a key and none is configured.
    private func endpoint(for coordinate: Coordinate) -> ForecastEndpoint? {
        guard !configuration.provider.unit.needsKey || configuration.apiKey != nil else { return nil }
        return configuration.endpoint(for: coordinate, key: configuration.apiKey ?? APIKey(""))
    }

    /// The answer of one other JSON service (geocoding, IP location) asked with the same
    /// transport, timeouts and retries as forecasts, decoded by `decode`. `deadline`: when the
    /// command's time (`timeout_seconds`, counted from its first request) ends, where it began
    /// before this request; none past it is sent.
    func value<Value: Sendable>(
        from endpoint: ForecastEndpoint, until deadline: ContinuousClock.Instant? = nil,
        decode: @escaping @Sendable (Data) throws(ForecastError) -> Value
    ) async throws(ForecastError) -> Value {
        try await answer(from: endpoint, until: deadline) { response throws(ForecastError) in try decode(response.body) }
    }

    /// The answer of a service asked as `value(from:decode:)` asks, with what the answer said
    /// about itself; when the request carries `If-Modified-Since`, a `304 Not Modified` is an
    /// answer too, with no value.
    func conditionalValue<Value: Sendable>(
        from endpoint: ForecastEndpoint, until deadline: ContinuousClock.Instant? = nil,
        decode: @escaping @Sendable (Data) throws(ForecastError) -> Value
    ) async throws(ForecastError) -> ConditionalAnswer<Value> {
        try await answer(from: endpoint, until: deadline) { response throws(ForecastError) in
            let metadata = ResponseMetadata(response)
            return ConditionalAnswer(value: metadata.isNotModified ? nil : try decode(response.body), metadata: metadata)
        }
    }

    private func answer<Value: Sendable>(
        from endpoint: ForecastEndpoint, until deadline: ContinuousClock.Instant?,
        decode: @escaping @Sendable (HTTPResponse) throws(ForecastError) -> Value
    ) async throws(ForecastError) -> Value {
        if let deadline, deadline <= .now {
            throw .outOfTime(host: endpoint.host, seconds: Int(configuration.retry.totalBudget.components.seconds))
        }
        let result = await withCheckedContinuation { continuation in
            DetachedThread.start { [self] in
                continuation.resume(returning: fetch([endpoint], cancellation: nil, onEach: nil, keepingValues: true, deadline: deadline,
                                                     decode: decode)[0]
                    ?? .failure(.cancelled))
            }
        }
        return try result.get()
    }

    /// How many requests of a batch may be between the start of their transfer and the moment
    /// `onEach` has taken their result: the transfers (`maxConcurrentRequests`) and as many
    /// results again being decoded or handed on.
    var inFlightBodyLimit: Int { 2 * transport.maxConcurrentRequests }

    /// Every request with its retries, on this thread (one multi handle). Bodies are decoded by
    /// `decode` on the batch's own threads while the other transfers go on (`BatchWorkers`);
    /// their results are handed to `onEach` one at a time, and the transfers hold back while
    /// too many wait (`InFlightBodies`). Nothing runs on the threads Swift's tasks use.
    private func fetch<Value: Sendable>(
        _ endpoints: [ForecastEndpoint], cancellation: TransferCancellation?,
        onEach: (@Sendable (Int, Result<Value, ForecastError>) -> Void)?, keepingValues: Bool,
        deadline: ContinuousClock.Instant? = nil, hearing: ((HTTPResponse) -> Void)? = nil,
        decode: @escaping @Sendable (HTTPResponse) throws(ForecastError) -> Value
    ) -> [Result<Value, ForecastError>?] {
        let clock = ContinuousClock()
        let start = clock.now
        let budget = configuration.retry.totalBudget
        // No text of an answer reaches rain with the key in it (the server may echo it).
        let redaction = KeyRedaction(configuration.apiKey)
        let results = ResultSlots<Value>(count: endpoints.count)
        // Bodies are decoded side by side on the batch's own threads (a single request's on
        // this one: it has nothing to overlap with); their results are handed on one at a time.
        let workers = endpoints.count > 1 ? BatchWorkers(threads: min(2, endpoints.count)) : nil
        var attempts = [Int](repeating: 1, count: endpoints.count)
        // What the last try of a request that is being retried failed with: when time runs out
        // before the next try is answered, that says more than the clock.
        var lastFailures = [ForecastError?](repeating: nil, count: endpoints.count)
        // Why the batch stopped (offline), or why it pauses (a Retry-After): what the requests
        // it could then not send end with.
        var stoppedBy: ForecastError?
        var pausedBy: ForecastError?
        // When the next retry after a short 429 may go, where the server has said how many
        // calls a second it takes: refused together, the retries go that many a second, not
        // all at the instant Retry-After names (which would refuse all but that many again).
        var nextRateLimitedRetry = clock.now

        // The one back-pressure: a body counts from its transfer's start until `onEach` has
        // taken its result, and only so many count at once. When decoding or the consumer
        // (a refresh writes each forecast there) falls behind the network, no new transfer
        // starts; nothing piles up and no thread waits for room.
        let bodies = InFlightBodies(limit: inFlightBodyLimit)
        @Sendable func handOn(_ index: Int, _ result: Result<Value, ForecastError>) {
            if keepingValues || (try? result.get()) == nil { results.set(index, result) }
            onEach?(index, result)
        }
        func deliver(_ index: Int, _ result: @escaping @Sendable () -> Result<Value, ForecastError>) {
            guard let workers else { return handOn(index, result()) }
            bodies.willHandOn()
            workers.submit(result) { result in
                handOn(index, result)
                bodies.handedOn()
            }
        }

        transport.perform(endpoints.map(\.request), deadline: min(start.advanced(by: budget), deadline ?? start.advanced(by: budget)),
                          cancellation: cancellation, bodies: bodies) { index, outcome, took in
            let endpoint = endpoints[index]
            switch outcome {
            case .failure(.cancelled) where stoppedBy != nil:
                let error = stoppedBy!
                deliver(index) { .failure(error) }   // never sent
                return .finished
            case .failure(.outOfTime) where pausedBy != nil:
                let error = pausedBy!
                deliver(index) { .failure(error) }   // never sent
                return .finished
            default:
                log(endpoint, outcome, took: took)
                if case .success(let response) = outcome { hearing?(response) }
            }
            switch ForecastAttempt(outcome, host: endpoint.host, key: configuration.apiKey, sentKey: endpoint.carriesKey,
                                   conditional: endpoint.request.isConditional, budget: budget) {
            case .answer(let response):
                deliver(index) {
                    do throws(ForecastError) {
                        var response = response
                        if let redaction { response.body = redaction.scrubbing(response.body) }
                        return .success(try decode(response))
                    } catch {
                        return .failure(error)
                    }
                }
                return .finished
            case .failure(var error, let retryable, let serverDelay):
                // Offline, or a quota used up until a later hour, day or month (which refuses
                // every other request too): no more is sent.
                if error.stopsBatch {
                    stoppedBy = error
                    deliver(index) { [error] in .failure(error) }
                    return .stopBatch
                }
                // The budget ran out during a retry: the earlier failure says more, unless it was
                // a timeout too (a hung host: "gave up after N s" is the whole story).
                if case .outOfTime = error, let previous = lastFailures[index], !previous.isTimeout { error = previous }
                let pauses = error.isRateLimit && serverDelay != nil
                if pauses { pausedBy = error }
                guard retryable, !endpoint.triesOnce, let delay = configuration.retry.delay(afterAttempt: attempts[index], serverDelay: serverDelay,
                                                                      elapsed: clock.now - start) else {
                    deliver(index) { [error] in .failure(error) }
                    if pauses, let serverDelay { return .pauseOthers(for: serverDelay) }
                    return .finished
                }
                attempts[index] += 1
                lastFailures[index] = error
                if pauses, hearing != nil, let perSecond = serverPerSecondLimit {
                    let due = max(clock.now + delay, nextRateLimitedRetry)
                    nextRateLimitedRetry = due + .milliseconds(1000 / perSecond + (1000 % perSecond == 0 ? 0 : 1))
                    guard due - start <= budget else {
                        deliver(index) { [error] in .failure(error) }
                        return .finished
                    }
                    return .retry(after: due - clock.now, pausingOthers: true)
                }
                return .retry(after: delay, pausingOthers: pauses)
            }
        }
        workers?.finish()
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
private final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Result<Value, ForecastError>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ result: Result<Value, ForecastError>) {
        slots.withLock { $0[index] = result }
    }

    var all: [Result<Value, ForecastError>?] { slots.withLock { $0 } }
}

extension ForecastError {
    var stopsBatch: Bool {
        if case .offline = self { return true }
        return usedUpQuota != nil
    }

    var isRateLimit: Bool {
        if case .rateLimited = self { return true }
        return false
    }
}
