import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// The lookups' cache (issue 22, item 1): one file per question, swept after a day.
@Suite struct PlaceQuestionTests {
    @Test func theSameQuestionHasTheSameIDWhateverTheCaseAndSpaces() {
        let sydney = PlaceQuestion.name("Sydney", countryCode: "AU", pick: nil).cacheID
        #expect(PlaceQuestion.name("  SYDNEY ", countryCode: "au", pick: nil).cacheID == sydney)
        #expect(PlaceQuestion.name("new   york", countryCode: nil, pick: nil).cacheID == PlaceQuestion.name("New York", countryCode: nil, pick: nil).cacheID)
        // The name alone is its first match: what a script was shown, it finds the next time.
        #expect(PlaceQuestion.name("Sydney", countryCode: "AU", pick: 1).cacheID == sydney)
        let others: [PlaceQuestion] = [
            .name("Sydney", countryCode: "CA", pick: nil), .name("Sydney", countryCode: "AU", pick: 2),
            .name("Sydneys", countryCode: "AU", pick: nil), .coordinate(Coordinate(latitude: -33.87, longitude: 151.21)),
        ]
        #expect(Set(others.map(\.cacheID) + [sydney]).count == others.count + 1)
        #expect(sydney.uuidString.dropFirst(14).first == "8", "version 8: \(sydney)")
    }

    @Test func coordinatesCountToFourDecimals() {
        let here = PlaceQuestion.coordinate(Coordinate(latitude: 52.52, longitude: 13.405)).cacheID
        #expect(PlaceQuestion.coordinate(Coordinate(latitude: 52.520001, longitude: 13.405)).cacheID == here)
        #expect(PlaceQuestion.coordinate(Coordinate(latitude: 52.5201, longitude: 13.405)).cacheID != here)
    }

    @Test func lookupsNotWrittenForADayAreSwept() async throws {
        try await withTemporaryDirectory { folder throws in
            let cache = ForecastCache(directory: folder)
            for name in ["old.json", "new.json", "old.json.damaged-1-0", "notes.txt"] { writeFile(folder + "/" + name, "{}") }
            var aDayAgo = [timespec(tv_sec: time(nil) - 25 * 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 25 * 3600, tv_nsec: 0)]
            for name in ["old.json", "old.json.damaged-1-0", "notes.txt"] { #expect(utimensat(AT_FDCWD, folder + "/" + name, &aDayAgo, 0) == 0) }
            cache.sweep(writtenBefore: Date().addingTimeInterval(-24 * 3600))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["new.json", "notes.txt"])
        }
    }
}
