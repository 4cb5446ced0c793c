import FoundationEssentials
internal import CCurl

/// One libcurl easy handle set up for one GET, collecting the answer's headers and body.
/// It frees the handle and its header list in `deinit`. Not `Sendable`: it is used on one
/// thread, and libcurl calls back into it through the pointer in WRITEDATA / HEADERDATA.
final class CurlEasyTransfer {
    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let bodyLimit: Int
    private var body = Data()
    private var headers: [String: String] = [:]
    private var bodyLimitExceeded = false

    init(request: HTTPRequest, options: TransferOptions) throws(TransferFailure) {
        try CurlGlobal.initialize()
        guard let handle = rain_curl_easy_init() else {
            throw .transport(reason: "libcurl could not make a handle")
        }
        self.handle = handle
        self.bodyLimit = options.bodyLimit
        try configure(request: request, options: options)
    }

    deinit {
        rain_curl_easy_cleanup(handle)
        rain_curl_slist_free_all(headerList)
    }

    /// The outcome once libcurl reports the transfer done with `code`.
    func finish(_ code: CURLcode) -> Result<HTTPResponse, TransferFailure> {
        guard code == CURLE_OK else {
            return .failure(CurlGlobal.failure(for: code, bodyLimitExceeded: bodyLimitExceeded, bodyLimit: bodyLimit))
        }
        var status = 0
        rain_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var microseconds: curl_off_t = 0
        rain_easy_getinfo_off_t(handle, CURLINFO_TOTAL_TIME_T, &microseconds)
        var newConnections = 0
        rain_easy_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &newConnections)
        return .success(HTTPResponse(
            status: status, headers: headers, body: body,
            duration: .microseconds(microseconds), reusedConnection: newConnections == 0))
    }

    // MARK: - Set-up

    private func configure(request: HTTPRequest, options: TransferOptions) throws(TransferFailure) {
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        if request.followsRedirects {
            let secure = request.url.lowercased().hasPrefix("https://")
            try set(CURLOPT_REDIR_PROTOCOLS_STR, secure ? "https" : "http,https")
            try set(CURLOPT_FOLLOWLOCATION, 1)
            try set(CURLOPT_MAXREDIRS, HTTPRequest.maximumRedirects)
        } else {
            try set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            try set(CURLOPT_FOLLOWLOCATION, 0)
        }
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = options.caFile { try set(CURLOPT_CAINFO, caFile) }
        try set(CURLOPT_CONNECTTIMEOUT_MS, max(1, options.timeouts.connect.wholeMilliseconds))
        try set(CURLOPT_TIMEOUT_MS, max(1, options.timeouts.total.wholeMilliseconds))
        try set(CURLOPT_LOW_SPEED_LIMIT, max(1, options.lowSpeed.bytesPerSecond))
        try set(CURLOPT_LOW_SPEED_TIME, max(1, Int(options.lowSpeed.duration.components.seconds)))
        try check(rain_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.bodyLimit)))
        // Compressed answers when libcurl can decode them; without zlib this is a no-op, not an error.
        _ = rain_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")

        // A request's own User-Agent or Accept (an alert feed's: naming a contact, asking for
        // GeoJSON) replaces rain's.
        let own = Set(request.headers.keys.map { $0.lowercased() })
        var lines = (own.contains("accept") ? [] : ["Accept: application/json"]) + (own.contains("user-agent") ? [] : ["User-Agent: \(RainVersion.userAgent)"])
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name.withoutLineBreaks): \(value.withoutLineBreaks)")
        }
        for line in lines {
            guard let appended = rain_curl_slist_append(headerList, line) else {
                throw .transport(reason: "out of memory")
            }
            headerList = appended
        }
        try check(rain_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList))

        let me = Unmanaged.passUnretained(self).toOpaque()
        try check(rain_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me))
        try check(rain_easy_setopt_write_function(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlEasyTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(data, size * count)
        })
        try check(rain_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me))
        try check(rain_easy_setopt_header_function(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlEasyTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveHeader(data, size * count)
        })
    }

    private func set(_ option: CURLoption, _ value: Int) throws(TransferFailure) {
        try check(rain_easy_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws(TransferFailure) {
        try check(rain_easy_setopt_string(handle, option, value))
    }

    private func check(_ code: CURLcode) throws(TransferFailure) {
        guard code == CURLE_OK else { throw .transport(reason: CurlGlobal.message(for: code)) }
    }

    // MARK: - Callbacks

    /// Appends a piece of the body; returning less than `count` makes libcurl abort.
    private func receiveBody(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard count > 0, let data else { return count }
        guard body.count + count <= bodyLimit else {
            bodyLimitExceeded = true
            return 0
        }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    /// One header line, status line included (which starts a new set of headers).
    private func receiveHeader(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard count > 0, let data else { return count }
        let bytes = UnsafeRawBufferPointer(start: data, count: count)
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return count
        }
        guard let colon = line.firstIndex(of: ":") else { return count }
        let name = line[..<colon].trimmingHeaderSpace.lowercased()
        let value = line[line.index(after: colon)...].trimmingHeaderSpace
        guard !name.isEmpty else { return count }
        if let existing = headers[name] {
            headers[name] = existing + ", " + value
        } else {
            headers[name] = value
        }
        return count
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs, CR and LF.
    fileprivate var trimmingHeaderSpace: String {
        trimmed { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    }

    /// Without CR and LF, so a header value cannot smuggle in another header.
    fileprivate var withoutLineBreaks: String {
        String(String(self).unicodeScalars.filter { $0 != "\r" && $0 != "\n" }.map(Character.init))
    }
}
