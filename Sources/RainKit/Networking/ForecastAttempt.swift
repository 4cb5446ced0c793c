/// What one try's outcome means for a forecast request: an answer to decode, or an error that
/// may be worth another try (and how long the server asked us to wait).
enum ForecastAttempt: Equatable {
    case answer(HTTPResponse)
    case failure(ForecastError, retryable: Bool, serverDelay: Duration?)

    /// HTTP statuses worth another try.
    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// - Parameters:
    ///   - sentKey: whether the request carried the key; a 401 or 403 to one without it is an
    ///     HTTP error like another, not a refused key.
    ///   - conditional: whether the request carried `If-Modified-Since`: then a 304 is an answer.
    init(_ outcome: Result<HTTPResponse, TransferFailure>, host: String, key: APIKey?, sentKey: Bool = true,
         conditional: Bool = false, budget: Duration = .zero) {
        switch outcome {
        case .failure(let failure):
            switch failure {
            case .unreachable:
                // Nothing was sent: offline as far as we can tell, and another try now would
                // only find the same.
                self = .failure(.offline(host: host), retryable: false, serverDelay: nil)
            case .timedOut:
                self = .failure(.timedOut(host: host), retryable: true, serverDelay: nil)
            case .connectionLost:
                self = .failure(.connectionLost(host: host), retryable: true, serverDelay: nil)
            case .tls(let reason):
                self = .failure(.tls(host: host, reason: KeyRedaction(key)?.scrubbing(reason) ?? reason), retryable: false, serverDelay: nil)
            case .tooLarge(let limit):
                self = .failure(.tooLarge(limit: limit), retryable: false, serverDelay: nil)
            case .transport(let reason):
                self = .failure(.transport(reason: KeyRedaction(key)?.scrubbing(reason) ?? reason), retryable: false, serverDelay: nil)
            case .outOfTime:
                self = .failure(.outOfTime(host: host, seconds: Int(budget.components.seconds)), retryable: false, serverDelay: nil)
            case .cancelled:
                self = .failure(.cancelled, retryable: false, serverDelay: nil)
            }
        case .success(let response):
            let status = response.status
            if (200...299).contains(status) || (conditional && status == 304) {
                self = .answer(response)
                return
            }
            let retryAfter = RetryAfter.seconds(in: response)
            let serverDelay = retryAfter.map { Duration.seconds($0) }
            let retryable = Self.retryableStatuses.contains(status)
            let message = ServerMessage.message(in: response.body, hiding: key)
            switch status {
            case 429:
                // A limit of the hour, the day or the month answers every try until it resets;
                // the minute's is worth a try once it has.
                let quota = ExceededQuota(serverMessage: message) ?? ExceededQuota(monthlyQuotaIn: response, service: host)
                self = .failure(.rateLimited(retryAfter: retryAfter, quota: quota), retryable: quota?.isWorthRetryingSoon ?? true,
                                serverDelay: serverDelay ?? quota?.retryDelay())
            case 401 where sentKey, 403 where sentKey:
                self = .failure(.keyRefused(status: status, message: message), retryable: false, serverDelay: nil)
            default:
                self = .failure(.http(status: status, message: message), retryable: retryable,
                                serverDelay: retryable ? serverDelay : nil)
            }
        }
    }
}
