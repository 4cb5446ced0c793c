extension RandomAccessCollection {
    /// The first index whose element belongs in the second partition, in a collection
    /// partitioned by `belongsInSecondPartition` (every such element after every other): a
    /// binary search, as swift-algorithms' `partitioningIndex(where:)`; `endIndex` where none.
    func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
