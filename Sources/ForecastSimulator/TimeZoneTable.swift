import Foundation

/// Picks a real IANA time zone for coordinates from a small table of regions, falling back to
/// `Etc/GMT±N` by longitude. Not a border map: good enough for a simulator.
enum TimeZoneTable {
    struct Region: Sendable {
        var zone: String
        var name: String
        var latitudes: ClosedRange<Double>
        var longitudes: ClosedRange<Double>
    }

    /// Checked in order; the first match wins.
    static let regions: [Region] = [
        // Small boxes first, before the broad regions that would catch them. Their zones are
        // the true IANA ones; Open-Meteo's forecast server answers some with a stand-in
        // (`OpenMeteo.serverTimeZone`).
        // The zones far from their longitude's hour, whose days Open-Meteo's server gives the
        // next day's sun (Sun.transit), and Iceland's (UTC all year, an hour ahead of its longitude).
        Region(zone: "Pacific/Apia", name: "Samoa", latitudes: -14.2 ... -13.3, longitudes: -172.9 ... -171.3),
        Region(zone: "Pacific/Tongatapu", name: "Tonga", latitudes: -22.5 ... -15.5, longitudes: -176.3 ... -173.7),
        Region(zone: "Pacific/Kiritimati", name: "Line Islands", latitudes: -11.5...4.8, longitudes: -160.5 ... -150.2),
        Region(zone: "Pacific/Chatham", name: "Chatham Islands", latitudes: -44.5 ... -43.5, longitudes: -177 ... -176),
        Region(zone: "Atlantic/Reykjavik", name: "Iceland", latitudes: 63.2...66.6, longitudes: -24.6 ... -13.4),
        Region(zone: "America/Ciudad_Juarez", name: "Ciudad Juárez", latitudes: 31.4...31.9, longitudes: -106.7 ... -106.2),
        Region(zone: "Asia/Almaty", name: "Almaty", latitudes: 43.0...43.5, longitudes: 76.6...77.2),
        Region(zone: "Asia/Qostanay", name: "Kostanay", latitudes: 53.0...53.4, longitudes: 63.4...63.9),
        Region(zone: "Europe/Kyiv", name: "Kyiv", latitudes: 50.2...50.7, longitudes: 30.2...30.9),
        Region(zone: "America/Nuuk", name: "Nuuk", latitudes: 63.9...64.4, longitudes: -52 ... -51.4),
        Region(zone: "Europe/Oslo", name: "Northern Norway", latitudes: 68...71.5, longitudes: 14...20.5),
        // Svalbard keeps its own IANA name (tzdata's `backward` links it to Europe/Berlin's
        // rules), as timezone-boundary-builder, which Open-Meteo's server looks zones up in, has it.
        Region(zone: "Arctic/Longyearbyen", name: "Svalbard", latitudes: 74...81, longitudes: 10...34),
        Region(zone: "Asia/Kathmandu", name: "Kathmandu Valley", latitudes: 27.5...27.9, longitudes: 85.1...85.6),
        Region(zone: "Europe/London", name: "United Kingdom", latitudes: 49.5...61, longitudes: -11 ... -0.0001),
        Region(zone: "Europe/London", name: "United Kingdom", latitudes: 50.5...56, longitudes: 0...1.8),
        Region(zone: "Europe/Lisbon", name: "Portugal", latitudes: 36.5...42.2, longitudes: -9.6 ... -6.2),
        Region(zone: "Europe/Madrid", name: "Spain", latitudes: 36...43.8, longitudes: -6.2...3.3),
        Region(zone: "Europe/Amsterdam", name: "Benelux", latitudes: 51.1...53.6, longitudes: 3.3...7.2),
        Region(zone: "Europe/Paris", name: "France", latitudes: 42.3...51.1, longitudes: -5...7.5),
        Region(zone: "Europe/Berlin", name: "Central Europe", latitudes: 45...56, longitudes: 5.8...15.5),
        Region(zone: "Europe/Rome", name: "Italy", latitudes: 36...47, longitudes: 6.6...18.6),
        Region(zone: "Europe/Stockholm", name: "Scandinavia", latitudes: 55...71, longitudes: 4...24),
        Region(zone: "Europe/Warsaw", name: "Poland", latitudes: 49...55, longitudes: 14.1...24.2),
        Region(zone: "Europe/Helsinki", name: "Finland and the Baltics", latitudes: 53.9...70.1, longitudes: 20...32),
        Region(zone: "Europe/Athens", name: "Greece and the Balkans", latitudes: 34.8...48, longitudes: 18.6...30),
        Region(zone: "Europe/Moscow", name: "Western Russia", latitudes: 44...70, longitudes: 30...50),
        Region(zone: "America/New_York", name: "Eastern United States", latitudes: 24...49, longitudes: -87.5 ... -66),
        Region(zone: "America/Chicago", name: "Central United States", latitudes: 25...49, longitudes: -102 ... -87.5),
        Region(zone: "America/Denver", name: "Mountain States", latitudes: 31...49, longitudes: -114 ... -102),
        Region(zone: "America/Los_Angeles", name: "Pacific Coast", latitudes: 32...49, longitudes: -125 ... -114),
        Region(zone: "America/Toronto", name: "Eastern Canada", latitudes: 41.6...62, longitudes: -90 ... -52),
        Region(zone: "America/Vancouver", name: "British Columbia", latitudes: 49...60, longitudes: -139 ... -114),
        Region(zone: "America/Anchorage", name: "Alaska", latitudes: 51...72, longitudes: -170 ... -130),
        Region(zone: "Pacific/Honolulu", name: "Hawaii", latitudes: 18...23, longitudes: -161 ... -154),
        Region(zone: "America/Mexico_City", name: "Mexico", latitudes: 14.5...24, longitudes: -106 ... -86),
        Region(zone: "America/Sao_Paulo", name: "Southeast Brazil", latitudes: -34 ... -10, longitudes: -55 ... -34),
        Region(zone: "America/Argentina/Buenos_Aires", name: "Argentina", latitudes: -56 ... -21, longitudes: -74 ... -53),
        Region(zone: "Asia/Tokyo", name: "Japan", latitudes: 24...46, longitudes: 128.5...146),
        Region(zone: "Asia/Seoul", name: "Korea", latitudes: 33...38.7, longitudes: 124.5...130),
        Region(zone: "Asia/Shanghai", name: "China", latitudes: 18...54, longitudes: 97...123),
        Region(zone: "Asia/Kolkata", name: "India", latitudes: 6...35.5, longitudes: 68...89),
        Region(zone: "Asia/Dubai", name: "Gulf", latitudes: 22...26.5, longitudes: 51...56.5),
        Region(zone: "Asia/Singapore", name: "Singapore", latitudes: 1...1.5, longitudes: 103.6...104.1),
        Region(zone: "Australia/Perth", name: "Western Australia", latitudes: -36 ... -13, longitudes: 112...129),
        Region(zone: "Australia/Adelaide", name: "South Australia", latitudes: -38.5 ... -26, longitudes: 129...141),
        Region(zone: "Australia/Brisbane", name: "Queensland", latitudes: -29 ... -10, longitudes: 138...154),
        Region(zone: "Australia/Sydney", name: "New South Wales", latitudes: -37.5 ... -28, longitudes: 141...154),
        Region(zone: "Australia/Melbourne", name: "Victoria", latitudes: -39.5 ... -33.9, longitudes: 140.9...150),
        Region(zone: "Australia/Hobart", name: "Tasmania", latitudes: -44 ... -39.5, longitudes: 143...149),
        Region(zone: "Pacific/Auckland", name: "New Zealand", latitudes: -47.5 ... -34, longitudes: 166...179),
        Region(zone: "Africa/Johannesburg", name: "South Africa", latitudes: -35 ... -22, longitudes: 16...33),
        Region(zone: "Africa/Cairo", name: "Egypt", latitudes: 22...31.7, longitudes: 25...35),
        Region(zone: "Africa/Lagos", name: "West Africa", latitudes: 4...14, longitudes: 2.7...14.7),
        Region(zone: "Africa/Nairobi", name: "East Africa", latitudes: -4.7...5, longitudes: 34...41.9),
    ]

    /// The zone identifier and a region name for alerts.
    static func lookup(latitude: Double, longitude: Double) -> (zone: String, region: String) {
        if let region = regions.first(where: { $0.latitudes.contains(latitude) && $0.longitudes.contains(longitude) }) {
            return (region.zone, region.name)
        }
        let hours = Int((longitude / 15).rounded())
        // Etc/GMT zones have the POSIX sign: Etc/GMT-2 is two hours ahead of UTC.
        if hours == 0 { return ("Etc/GMT", "Open sea near the prime meridian") }
        let zone = hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
        return (zone, "Area at \(Int(latitude.rounded()))°, \(Int(longitude.rounded()))°")
    }

    /// The zone for an identifier from the table, or a fixed offset from the longitude if the
    /// system cannot resolve it (no ICU data).
    static func timeZone(identifier: String, longitude: Double) -> TimeZone {
        if let zone = TimeZone(identifier: identifier) { return zone }
        let hours = Int((longitude / 15).rounded())
        return TimeZone(secondsFromGMT: hours * 3600) ?? TimeZone(secondsFromGMT: 0)!
    }
}
