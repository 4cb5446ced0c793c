import Foundation
import RainKit
import RainTestSupport
@testable import RainTerminal
import Testing

/// The coordinates column of `rain locations`, written digit by digit, says what printf says;
/// a narrow window cuts the area, then leaves the coordinates out whole (issue 22, item 5).
@Suite struct LocationTableTests {
    private var list: LocationList {
        let places = [
            Location(name: "Springfield", coordinate: Coordinate(latitude: 37.2153, longitude: -93.2982), country: "United States", region: "Missouri"),
            Location(name: "Llanfairpwllgwyngyll", coordinate: Coordinate(latitude: 53.2, longitude: -4.2)),
        ]
        return LocationList(locations: places, currentID: places[0].id)
    }

    @Test(arguments: [20, 35, 50, 60, 70])
    func aNarrowWindowLeavesTheCoordinatesOutWholeAfterTheArea(width: Int) {
        let lines = LocationTable(list: list, useColor: false).render(width: width).split(separator: "\n").map(String.init)
        for line in lines { #expect(line.displayWidth <= width, "\(line)") }
        let wholeCoordinates = lines.contains { $0.contains("37.2153   -93.2982") }
        #expect(wholeCoordinates == (width >= 57), "coordinates (the lines are 57 wide without the area) are whole or not there at \(width): \(lines)")
        #expect(!lines.contains { $0.contains("LATITUDE") && !$0.contains("LONGITUDE") }, "\(lines)")
        if width >= 50 { #expect(lines.contains { $0.contains("Llanfairpwllgwyngyll") }, "the name stays whole while it can: \(lines)") }
    }

    /// Hostile trial 20: names were cut at 40 columns whatever the room, on a pipe too.
    @Test(arguments: [nil, 250] as [Int?])
    func aLongNameIsWholeWhereTheRoomIs(width: Int?) {
        let name = String(repeating: "Llanfair ", count: 11) + "Gwynedd"
        let places = [Location(name: name, coordinate: Coordinate(latitude: 53.2, longitude: -4.2), country: "United Kingdom", region: "Wales"),
                      Location(name: "Bangor", coordinate: Coordinate(latitude: 53.23, longitude: -4.13))]
        let lines = LocationTable(list: LocationList(locations: places, currentID: nil), useColor: false).render(width: width)
            .split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(name + "   53.2000") && $0.hasSuffix("Wales, United Kingdom") }, "\(lines)")
        let columns = lines.compactMap { line in line.range(of: "53.2").map { String(line[..<$0.lowerBound]).displayWidth } }
        #expect(columns.count == 2 && Set(columns).count == 1, "the coordinates line up under the long name: \(lines)")
    }

    @Test func coordinatesRoundAsPrintfDoes() {
        var random = SplitMix(seed: 7)
        var values: [Double] = [0, -0.0, 0.00005, -0.00005, 0.03125, -0.03125, 12.00005, 179.99995, -179.99995, 90, -90, 1e-9]
        for _ in 0..<40_000 {
            let scale = [1e4, 1e5, 1e6, 1e8][Int(random.next() % 4)]
            values.append(Double(Int64(bitPattern: random.next() % 3_600_000_000) - 1_800_000_000) / 1e7 * (scale / 1e4))
            values.append(Double(Int64(bitPattern: random.next() % 360_000_000) - 180_000_000) / scale)
        }
        for value in values {
            let printf = String(format: "%.4f", value)
            #expect(LocationTable.degrees(value) == (printf == "-0.0000" ? "0.0000" : printf), "\(value)")
        }
    }
}
