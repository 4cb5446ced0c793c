/// The closest candidate within a small edit distance, whatever the case (`--JSON`,
/// `unitz`), for "did you mean ...?". Two letters swapped (`shwo`) are one edit. `strictly`:
/// one edit for a word of five letters or fewer, for a match that stops a word from being
/// taken as what it says (a place: Lyon is two edits from `cron`, Bath from `watch`); `limit`:
/// at most that many edits, whatever the word's length.
package func closestMatch(to word: String, among candidates: [String], strictly: Bool = false, atMost limit: Int = .max) -> String? {
    let typed = word.lowercased()
    let allowed = min(limit, strictly && word.count <= 5 ? 1 : max(2, word.count / 3))
    let length = typed.count
    // Words whose lengths differ by more than the edits allowed are never close (ten thousand saved names).
    let scored = candidates.lazy.filter { abs($0.count - length) <= allowed }
        .map { ($0, editDistance(typed, $0.lowercased())) }.filter { $0.1 <= allowed }
    return scored.min { $0.1 < $1.1 }?.0
}

/// Levenshtein's distance with a swap of two neighbours as one edit (the optimal string
/// alignment distance).
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous) = (previous, current)
    }
    return previous[b.count]
}
