/// The closest candidate within a small edit distance, whatever the case (`--JSON`,
/// `unitz`), for "did you mean ...?".
package func closestMatch(to word: String, among candidates: [String]) -> String? {
    let typed = word.lowercased()
    let scored = candidates.map { ($0, editDistance(typed, $0.lowercased())) }.filter { $0.1 <= max(2, word.count / 3) }
    return scored.min { $0.1 < $1.1 }?.0
}

private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
