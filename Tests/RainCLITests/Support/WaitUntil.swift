import Testing

/// Waits until `condition` holds (a screen redrawn, a file written), for at most `limit`: a
/// bound a hung test ends by, not a timing the test checks. A condition that throws counts as
/// not yet; at the limit it is checked once more, as an expectation.
func waitUntil(limit: Duration = .seconds(90), _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if (try? condition()) == true { return }
        try await Task.sleep(for: .milliseconds(50))
    }
    #expect(try condition(), "never got there")
}
