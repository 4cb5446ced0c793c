import FoundationEssentials

/// What a show asked for when it named no saved place (`rain sydney --country AU`, `rain show
/// --lat -33.87 --lon 151.21`), and the ID its forecast is cached under among the lookups: the
/// same question finds the same file, so a second look needs no geocoder, and while the
/// forecast is fresh no request at all.
public enum PlaceQuestion: Sendable, Hashable {
    case name(String, countryCode: String?, pick: Int?)
    case coordinate(Coordinate)

    /// A UUID made from the question (version 8, RFC 9562's for IDs made as an application
    /// chooses): letter case and runs of spaces in a name make no difference.
    public var cacheID: UUID {
        let text: String
        switch self {
        case .name(let name, let countryCode, let pick):
            let words = name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            // The name alone means its first match, as `--pick 1` does: a script's `rain
            // springfield`, shown the first of three, finds what it was shown the next time.
            text = "name:\(words)|\(countryCode?.uppercased() ?? "")|\(pick ?? 1)"
        case .coordinate(let coordinate):
            text = "coordinate:\(Self.fourDecimals(coordinate.latitude)),\(Self.fourDecimals(coordinate.longitude))"
        }
        var bytes = withUnsafeBytes(of: text.fnv1a64().bigEndian, Array.init)
            + withUnsafeBytes(of: text.fnv1a64(basis: 0x6c62_272e_07bb_0142).bigEndian, Array.init)
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    private static func fourDecimals(_ value: Double) -> String {
        String(Int((value * 10_000).rounded()))
    }
}
