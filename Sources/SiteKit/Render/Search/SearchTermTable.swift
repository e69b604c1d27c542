import Foundation

/// Distinct byte strings (a page's words, a site's terms), each numbered from 0 in the
/// order first added. The search index counts about a million words per thousand posts:
/// looked up as bytes, in an open-addressing table with a cheap hash, they cost a tenth of
/// what a `[String: …]` did (a `String` made and SipHashed per word was most of the index's
/// time). The hash is seeded per process, so no text can be written to make it slow.
struct SearchTermTable: Sendable {
    /// The strings, one after the other; string `i` ends at `ends[i]`.
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int] = []
    private var hashes: [UInt64] = []
    /// Open addressing, linear probing: a string's number plus one, 0 for an empty slot.
    private var slots: [Int32]

    /// Random per process: the same strings hash alike within a build, and their collisions
    /// cannot be chosen in advance.
    private static let processSeed = UInt64.random(in: 1...UInt64.max)
    /// The process's, read once per table.
    private let seed = processSeed

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        bytes.reserveCapacity(capacity * 8)
        ends.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    var count: Int { ends.count }

    /// The bytes of all the strings.
    var byteCount: Int { bytes.count }

    /// The number of `string`, added if it is new.
    @inline(__always)
    mutating func number(of string: UnsafeBufferPointer<UInt8>) -> (number: Int, added: Bool) {
        number(of: string, hash: Self.hash(string, seed: seed))
    }

    /// The number of string `number` of `other`, added if it is new: its hash is known
    /// (every table of the process hashes alike).
    mutating func number(ofStringAt number: Int, in other: SearchTermTable) -> (number: Int, added: Bool) {
        let start = number == 0 ? 0 : other.ends[number - 1]
        let hash = other.hashes[number]
        return other.bytes.withUnsafeBufferPointer { self.number(of: UnsafeBufferPointer(rebasing: $0[start..<other.ends[number]]), hash: hash) }
    }

    @inline(__always)
    private mutating func number(of string: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (number: Int, added: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = Int(slots[slot])
            if found == 0 { break }
            // A string of up to 8 bytes, most words, is its hash (with its length): no bytes to compare.
            if hashes[found - 1] == hash && (string.count <= 8 ? length(found - 1) == string.count : equals(found - 1, string)) {
                return (found - 1, false)
            }
            slot = (slot + 1) & mask
        }
        let number = ends.count
        bytes.append(contentsOf: string)
        ends.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Int32(number + 1)
        if ends.count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// The strings' numbers in the order of their bytes.
    func sortedNumbers() -> [Int] {
        bytes.withUnsafeBufferPointer { bytes in
            (0..<count).sorted { a, b in
                let (aStart, bStart) = (a == 0 ? 0 : ends[a - 1], b == 0 ? 0 : ends[b - 1])
                let (aCount, bCount) = (ends[a] - aStart, ends[b] - bStart)
                let order = memcmp(bytes.baseAddress! + aStart, bytes.baseAddress! + bStart, min(aCount, bCount))
                return order < 0 || (order == 0 && aCount < bCount)
            }
        }
    }

    /// The bytes of string `number`.
    func string(_ number: Int) -> ArraySlice<UInt8> {
        bytes[(number == 0 ? 0 : ends[number - 1])..<ends[number]]
    }

    @inline(__always)
    private func length(_ number: Int) -> Int {
        ends[number] - (number == 0 ? 0 : ends[number - 1])
    }

    @inline(__always)
    private func equals(_ number: Int, _ string: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = number == 0 ? 0 : ends[number - 1]
        guard ends[number] - start == string.count else { return false }
        guard let other = string.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { Self.equalBytes(UnsafeRawPointer($0.baseAddress! + start), UnsafeRawPointer(other), count: string.count) }
    }

    /// Whether `count` bytes at `a` and `b` are equal: a word is a few bytes, compared in a
    /// few loads rather than through a call to `memcmp`.
    @inline(__always)
    private static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        return offset == count || tail(a, offset, count) == tail(b, offset, count)
    }

    /// The bytes of `offset..<count` (fewer than 8) as one number, the first the lowest, the
    /// rest zero: from two loads within them, which overlap where `length` is not a power of
    /// two (the overlapping bytes are the same, so or-ing them keeps them).
    @inline(__always)
    private static func tail(_ pointer: UnsafeRawPointer, _ offset: Int, _ count: Int) -> UInt64 {
        let length = count - offset
        if length >= 4 {
            let first = UInt64(pointer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let last = UInt64(pointer.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return first | last << (8 * UInt64(length - 4))
        }
        if length >= 2 {
            let first = UInt64(pointer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            let last = UInt64(pointer.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self))
            return first | last << (8 * UInt64(length - 2))
        }
        return length == 1 ? UInt64(pointer.load(fromByteOffset: offset, as: UInt8.self)) : 0
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    /// Eight bytes at a time (the last under eight as ``tail(_:_:_:)`` reads them), each
    /// mixed in by a multiplication from the seed, with the length; then murmur3's
    /// finalizer, so that the low bits, which pick the slot, depend on every byte. A byte
    /// at a time, this was a third of a word's cost. For a string of up to 8 bytes every
    /// step is one to one (an odd multiplication, a xor with a right shift), so two such
    /// strings of one length have the same hash only if they are the same: the table
    /// compares their hashes and lengths, not their bytes.
    @inline(__always)
    private static func hash(_ string: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed ^ UInt64(string.count)
        if let base = string.baseAddress {
            let pointer = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= string.count {
                hash = (hash ^ pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 29
                offset += 8
            }
            if offset < string.count {
                hash = (hash ^ tail(pointer, offset, string.count)) &* 0x9E37_79B9_7F4A_7C15
            }
        }
        return finalized(hash)
    }

    /// murmur3's 64-bit finalizer: every bit of `value` moves every bit of the result, one
    /// to one. Shared by ``Hash128``.
    @inline(__always)
    static func finalized(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
