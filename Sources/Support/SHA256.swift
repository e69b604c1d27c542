/// SHA-256 (FIPS 180-4), for cache keys: Foundation on Linux has no digest API and no
/// outside package can be fetched here.
///
/// Bytes are compressed straight from the caller's contiguous storage (a native String's
/// UTF-8, an array), 64 at a time; only a block's remainder is kept between updates. A
/// byte-by-byte version with an array per block was a fifth of a serve rebuild's instructions
/// (hashing a thousand social cards' SVG).
package struct SHA256 {
    private var h0: UInt32 = 0x6a09e667, h1: UInt32 = 0xbb67ae85, h2: UInt32 = 0x3c6ef372, h3: UInt32 = 0xa54ff53a
    private var h4: UInt32 = 0x510e527f, h5: UInt32 = 0x9b05688c, h6: UInt32 = 0x1f83d9ab, h7: UInt32 = 0x5be0cd19
    /// The bytes of a block not yet complete (fewer than 64).
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() {
        pending.reserveCapacity(64)
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if done == nil { update(bytes: Array(bytes)) }
    }

    package mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(buffer: $0) }
    }

    /// A whole file's bytes.
    package mutating func update(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update(buffer: $0) }
    }

    private mutating func update(buffer bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let taken = min(bytes.count, 64 - pending.count)
            pending.append(contentsOf: UnsafeBufferPointer(start: base, count: taken))
            start = taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBufferPointer { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        while start + 64 <= bytes.count {
            compress(base + start)
            start += 64
        }
        if start < bytes.count {
            pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: bytes.count - start))
        }
    }

    /// One part of a key, length-prefixed so that ("ab", "c") and ("a", "bc") differ.
    package mutating func update(part: String) {
        update("\u{0}\(part.utf8.count)\u{0}")
        update(part)
    }

    /// The digest as 64 lowercase hex digits.
    package mutating func hexDigest() -> String {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (64 + 56 - (pending.count + 1) % 64) % 64)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        update(bytes: tail)
        precondition(pending.isEmpty, "SHA256: the padding ends a block")
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
            for shift in stride(from: 28, through: 0, by: -4) { hex.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    static func hex(_ text: String) -> String {
        var hash = SHA256()
        hash.update(text)
        return hash.hexDigest()
    }

    /// One 64-byte block at `block`.
    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        @inline(__always) func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                w[i] = UInt32(block[4 * i]) << 24 | UInt32(block[4 * i + 1]) << 16 | UInt32(block[4 * i + 2]) << 8 | UInt32(block[4 * i + 3])
            }
            for i in 16..<64 {
                let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
            Self.k.withUnsafeBufferPointer { k in
                for i in 0..<64 {
                    let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                }
            }
            h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
        }
    }
}
