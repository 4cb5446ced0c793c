import Foundation
import RainKit
import Synchronization

/// Helpers for the ForecastClient tests.
enum NetTest {
    static let key = APIKey("SECRET-key-0123456789abcdef")
    static let berlin = Coordinate(latitude: 52.52, longitude: 13.405)

    /// Retries fast enough for tests: 3 tries, backoff of a few milliseconds, 10 s budget.
    static let quickRetry = RetryPolicy(maxAttempts: 3, baseBackoff: .milliseconds(5), maxBackoff: .milliseconds(20),
                                        maxRetryAfter: .seconds(60), totalBudget: .seconds(10))

    static func configuration(
        _ server: ScriptedServer, key: APIKey? = NetTest.key, placement: APIKeyPlacement = .path,
        timeouts: HTTPTimeouts = HTTPTimeouts(connect: .seconds(5), total: .seconds(10)),
        bodyLimit: Int = TransferOptions.defaultBodyLimit, maxConcurrent: Int = 4,
        retry: RetryPolicy = NetTest.quickRetry, log: NetLog? = nil
    ) -> ForecastClient.Configuration {
        var verbose: (@Sendable (String) -> Void)?
        if let log { verbose = { line in log.append(line) } }
        return ForecastClient.Configuration(
            baseURL: server.baseURL, apiKey: key, keyPlacement: placement, units: .si, language: "en",
            timeouts: timeouts, bodyLimit: bodyLimit, maxConcurrentRequests: maxConcurrent, retry: retry,
            verbose: verbose)
    }

    static func client(_ configuration: ForecastClient.Configuration) -> ForecastClient {
        ForecastClient(configuration: configuration, decoder: NetTestDecoder())
    }

    /// The result of one `weather(for:)` call as a `Result`.
    static func result(_ client: ForecastClient, _ coordinate: Coordinate = NetTest.berlin) async -> Result<Forecast, ForecastError> {
        do {
            return .success(try await client.weather(for: coordinate))
        } catch {
            return .failure(error)
        }
    }
}

/// Lines collected from a verbose logger, from any thread.
final class NetLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
