import FoundationEssentials

/// Text built as UTF-8 bytes in memory of its own, for output of thousands of lines (a large
/// store written or listed): appending a few bytes at a time to a String or an array costs
/// more than the bytes. Written to a file as it goes, it needs no more memory than a chunk.
package struct ByteBuffer: ~Copyable {
    // The fast paths below are inlinable (the terminal tier lists thousands of rows through
    // them, and a call across modules cost more than the bytes), so what they touch is too.
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline package internal(set) var count = 0
    @usableFromInline var capacity: Int
    /// Where a full buffer goes instead of growing; -1: it grows.
    private let descriptor: Int32
    /// The errno of the first write to `descriptor` that failed.
    package private(set) var failure: Int32?

    /// `capacity`: the size to expect; memory reserved and never written is never touched.
    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
        descriptor = -1
    }

    /// A buffer of `chunk` bytes written to `descriptor` each time it fills (and by `flush()`).
    package init(flushingTo descriptor: Int32, chunk: Int = 64 * 1024) {
        capacity = chunk
        start = .allocate(capacity: chunk)
        self.descriptor = descriptor
    }

    /// Writes what the buffer holds to its descriptor; the errno of a failed write.
    package mutating func flush() -> Int32? {
        if failure == nil, descriptor >= 0, count > 0 {
            failure = FileDescriptor.writeAll(UnsafeRawBufferPointer(start: start, count: count), to: descriptor)
        }
        count = 0
        return failure
    }

    deinit { start.deallocate() }

    /// The bytes written.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// The bytes written, as text.
    package var text: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    @inlinable package mutating func put(_ byte: UInt8) {
        if count == capacity { makeRoom(for: 1) }
        start[count] = byte
        count += 1
    }

    @inlinable package mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        guard count + bytes.count <= capacity else { return putMaking(roomFor: bytes) }
        (start + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    @usableFromInline mutating func putMaking(roomFor bytes: UnsafeBufferPointer<UInt8>) {
        makeRoom(for: bytes.count)
        if bytes.count > capacity {  // only when flushing: more than a chunk goes out as it is
            failure = failure ?? FileDescriptor.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
            return
        }
        put(bytes)
    }

    package mutating func put(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    @inlinable package mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable package mutating func putSpaces(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let run = min(remaining, Self.spaces.utf8CodeUnitCount)
            put(UnsafeBufferPointer(start: Self.spaces.utf8Start, count: run))
            remaining -= run
        }
    }

    @usableFromInline static let spaces: StaticString = "                                "

    /// `number` in decimal, with leading zeros to `count` digits.
    @inlinable package mutating func putDigits(_ number: UInt64, count: Int = 1) {
        let length = max(count, Self.digitCount(number))
        if self.count + length > capacity { makeRoom(for: length) }
        // Written in place from the last digit back (a chunk always has room for 20 digits).
        var number = number
        var position = self.count + length
        while position > self.count {
            position -= 1
            start[position] = UInt8(ascii: "0") + UInt8(number % 10)
            number /= 10
        }
        self.count += length
    }

    /// `id.lowercasedString(digits:)`.
    package mutating func putHex(_ id: UUID, digits: Int = 32) {
        let length = UUID.textLength(digits: digits)
        if count + length > capacity { makeRoom(for: length) }  // a chunk always has room for an ID
        count += id.writeLowercased(digits: digits, into: UnsafeMutableRawBufferPointer(start: start + count, count: length))
    }

    /// The decimal digits `number` takes.
    @inlinable package static func digitCount(_ number: UInt64) -> Int {
        var count = 1
        var rest = number / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Calls `body` with the bytes written.
    @inlinable package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start, count: count))
    }

    @inlinable package mutating func removeAll() { count = 0 }

    @usableFromInline mutating func makeRoom(for extra: Int) {
        if descriptor >= 0 {
            _ = flush()
        } else {
            grow(to: max(capacity * 2, count + extra))
        }
    }

    private mutating func grow(to newCapacity: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.update(from: start, count: count)
        start.deallocate()
        start = larger
        capacity = newCapacity
    }
}
