import Foundation
import RainKit

/// `rain locations --json`: an array of {id, name, latitude, longitude, current} in list order.
enum LocationsJSON {
    private struct Entry: Encodable {
        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
        var current: Bool
    }

    static func encode(_ list: LocationList) throws -> String {
        let entries = list.locations.map {
            Entry(id: $0.idString, name: $0.name, latitude: $0.coordinate.latitude,
                  longitude: $0.coordinate.longitude, current: list.isCurrent($0))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
    }
}
