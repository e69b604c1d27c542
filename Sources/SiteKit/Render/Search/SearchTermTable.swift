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
    private static let seed = UInt64.random(in: 1...UInt64.max)

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        bytes.reserveCapacity(capacity * 8)
        ends.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    var count: Int { ends.count }

    /// The number of `string`, added if it is new.
    @inline(__always)
    mutating func number(of string: UnsafeBufferPointer<UInt8>) -> (number: Int, added: Bool) {
        let hash = Self.hash(string)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = Int(slots[slot])
            if found == 0 { break }
            if hashes[found - 1] == hash && equals(found - 1, string) { return (found - 1, false) }
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

    /// The bytes of string `number`.
    func string(_ number: Int) -> ArraySlice<UInt8> {
        bytes[(number == 0 ? 0 : ends[number - 1])..<ends[number]]
    }

    /// Calls `body` with the bytes of string `number`, without copying them.
    func withString<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = number == 0 ? 0 : ends[number - 1]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[number]])) }
    }

    private func equals(_ number: Int, _ string: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = number == 0 ? 0 : ends[number - 1]
        guard ends[number] - start == string.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            for offset in 0..<string.count where stored[start + offset] != string[offset] { return false }
            return true
        }
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

    /// FNV-1a from the seed, then murmur3's finalizer so that the low bits, which pick the
    /// slot, depend on every byte.
    @inline(__always)
    private static func hash(_ string: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = seed
        for byte in string { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return hash
    }
}
