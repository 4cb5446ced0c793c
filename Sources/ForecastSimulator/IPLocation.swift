/// An echoip server's answer (`GET /json`, the shape ifconfig.co sends): where the asking
/// machine is, as guessed from its address.
///
/// mpolden/echoip http/http.go, Response: `ip` and `ip_decimal` and `country_eu` are always
/// there; `country`, `country_iso`, `region_name`, `region_code`, `metro_code`, `zip_code`,
/// `city`, `latitude`, `longitude`, `time_zone`, `asn`, `asn_org`, `hostname`, `user_agent` are
/// `omitempty` (absent when empty or 0: an address with no known location has no
/// `latitude`/`longitude`). ipFromRequest: `?ip=ADDRESS` asks about another address; one that
/// does not parse is 400 `{"status": 400, "error": "could not parse IP: ..."}`. The JSON is
/// indented with two spaces (json.MarshalIndent).
///
/// The simulator's table (no request ever goes to these addresses; they are only query values):
/// - the asking machine (no `ip=`), 127.0.0.1, ::1: Berlin, everything known;
/// - 192.0.2.1 (TEST-NET-1): nothing known but the address (no country, no location);
/// - 198.51.100.7 (TEST-NET-2): only the country (Germany), no city, no coordinates;
/// - 203.0.113.5 (TEST-NET-3): a place at latitude 0 exactly (São Tomé's Equator line, Ilhéu
///   das Rolas), so `latitude` is left out while `longitude` is there;
/// - 198.51.100.9 (TEST-NET-2): nothing known, answered as a geolocation service that is not
///   echoip answers it: `latitude` and `longitude` 0 written out (null island), no city;
/// - any other valid address: nothing known, like 192.0.2.1.
enum IPLocation {
    struct Entry: Sendable {
        var country = ""
        var countryISO = ""
        var countryEU = false
        var regionName = ""
        var regionCode = ""
        var city = ""
        var latitude = 0.0
        var longitude = 0.0
        var timeZone = ""
        var asn = ""
        var asnOrg = ""
        /// Zeros written out, as a service without echoip's `omitempty` writes them.
        var writesZeros = false
    }

    static let berlin = Entry(
        country: "Germany", countryISO: "DE", countryEU: true, regionName: "Land Berlin", regionCode: "BE",
        city: "Berlin", latitude: 52.5244, longitude: 13.4105, timeZone: "Europe/Berlin", asn: "AS0", asnOrg: "Loopback")

    static let table: [String: Entry] = [
        "127.0.0.1": berlin,
        "::1": berlin,
        "192.0.2.1": Entry(),
        "198.51.100.7": Entry(country: "Germany", countryISO: "DE", countryEU: true),
        "198.51.100.9": Entry(writesZeros: true),
        "203.0.113.5": Entry(
            country: "São Tomé and Príncipe", countryISO: "ST", regionName: "São Tomé Island", city: "Ilhéu das Rolas",
            latitude: 0, longitude: 6.5167, timeZone: "Africa/Sao_Tome"),
    ]

    static func answer(_ request: ServerRequest) -> ServerResponse {
        let address = request.queryValue("ip").flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        guard let decimal = decimal(address) else {
            return .text(400, contentType: "application/json", "{\n  \"status\": 400,\n  \"error\": \"could not parse IP: \(address)\"\n}")
        }
        let entry = table[address] ?? Entry()
        var members: [(String, JSONValue)] = [
            ("ip", .string(address)),
            ("ip_decimal", .integer(decimal)),
        ]
        func add(_ name: String, _ text: String) { if !text.isEmpty { members.append((name, .string(text))) } }
        add("country", entry.country)
        add("country_iso", entry.countryISO)
        members.append(("country_eu", .bool(entry.countryEU)))
        add("region_name", entry.regionName)
        add("region_code", entry.regionCode)
        add("city", entry.city)
        if entry.latitude != 0 || entry.writesZeros { members.append(("latitude", .number(entry.latitude))) }
        if entry.longitude != 0 || entry.writesZeros { members.append(("longitude", .number(entry.longitude))) }
        add("time_zone", entry.timeZone)
        add("asn", entry.asn)
        add("asn_org", entry.asnOrg)
        if let agent = request.headers["user-agent"], !agent.isEmpty {
            members.append(("user_agent", userAgent(agent)))
        }
        return .json(200, .object(members))
    }

    /// mpolden/echoip useragent/useragent.go, Parse: "product/version comment".
    static func userAgent(_ raw: String) -> JSONValue {
        var product = raw
        var version = ""
        var comment = ""
        if let slash = raw.firstIndex(of: "/") {
            product = String(raw[..<slash])
            let rest = raw[raw.index(after: slash)...]
            if let first = rest.first, first.isASCII, first.isNumber {
                let parts = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
                version = String(parts[0])
                if parts.count > 1 { comment = String(parts[1]) }
            } else {
                comment = String(rest)
            }
        } else if let space = raw.firstIndex(of: " ") {
            product = String(raw[..<space])
            comment = String(raw[raw.index(after: space)...])
        }
        var members: [(String, JSONValue)] = []
        if !product.isEmpty { members.append(("product", .string(product))) }
        if !version.isEmpty { members.append(("version", .string(version))) }
        if !comment.isEmpty { members.append(("comment", .string(comment))) }
        members.append(("raw_value", .string(raw)))
        return .object(members)
    }

    /// The address as a number (IPv4 only; IPv6 ones the simulator knows are small enough).
    static func decimal(_ address: String) -> Int? {
        if address == "::1" { return 1 }
        let parts = address.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            // An IPv6 address: accept the textual form, report 0 for the (huge) number.
            return address.contains(":") && address.allSatisfy({ $0.isHexDigit || $0 == ":" }) ? 0 : nil
        }
        var value = 0
        for part in parts {
            guard let byte = Int(part), (0...255).contains(byte), !part.isEmpty else { return nil }
            value = value * 256 + byte
        }
        return value
    }
}
