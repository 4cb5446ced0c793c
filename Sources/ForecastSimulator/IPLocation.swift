/// An echoip server's answer (`GET /json`, the shape ifconfig.co sends): where the asking
/// machine is, as guessed from its address. The simulator always places it in Berlin.
enum IPLocation {
    static func answer() -> HTTPResponse {
        .json(200, .object([
            ("ip", .string("127.0.0.1")),
            ("ip_decimal", .integer(2_130_706_433)),
            ("country", .string("Germany")),
            ("country_iso", .string("DE")),
            ("country_eu", .bool(true)),
            ("region_name", .string("Land Berlin")),
            ("region_code", .string("BE")),
            ("city", .string("Berlin")),
            ("latitude", .number(52.5244)),
            ("longitude", .number(13.4105)),
            ("time_zone", .string("Europe/Berlin")),
            ("asn", .string("AS0")),
            ("asn_org", .string("Loopback")),
        ]))
    }
}
