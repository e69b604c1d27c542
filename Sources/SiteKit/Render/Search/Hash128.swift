/// A fast 128-bit hash of bytes, the same from build to build (fixed seeds): the key of a
/// page's search entry (``SearchEntryKey``) and the name of an index chunk. Two lanes with
/// their own seeds and multipliers, 16 bytes a step (the first 8 to one lane, the next 8 to
/// the other, so that the two run side by side in the processor); then each lane mixed with
/// the other by murmur3's finalizer. Not a cryptographic hash: nothing here needs one (a
/// chunk's name is 40 bits, which SHA-256 would not make safer), and SHA-256 of the
/// chunks was a seventh of what the index added to a build's instructions.
struct Hash128 {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344

    /// A count, which keeps the fields of a value apart (each text is added with its length).
    mutating func add(count: Int) {
        mix(UInt64(truncatingIfNeeded: count), 0xA5A5_A5A5_A5A5_A5A5)
    }

    /// The text's UTF-8 bytes, after their count.
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The bytes, after their count.
    mutating func add(bytes: UnsafeRawBufferPointer) {
        add(count: bytes.count)
        guard let pointer = bytes.baseAddress else { return }
        var offset = 0
        while offset + 16 <= bytes.count {
            mix(UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            offset += 16
        }
        guard offset < bytes.count else { return }
        // The last 1 to 15 bytes, the first 8 of them to the first lane.
        var first: UInt64 = 0, second: UInt64 = 0
        for index in offset..<bytes.count {
            let shift = UInt64(8 * ((index - offset) % 8))
            if index - offset < 8 { first |= UInt64(bytes[index]) << shift } else { second |= UInt64(bytes[index]) << shift }
        }
        mix(first, second)
    }

    @inline(__always)
    private mutating func mix(_ first: UInt64, _ second: UInt64) {
        a = (a ^ first) &* 0x9E37_79B9_7F4A_7C15
        a ^= a >> 29
        b = (b ^ second) &* 0xC2B2_AE3D_27D4_EB4F
        b ^= b >> 31
    }

    func finish() -> (high: UInt64, low: UInt64) {
        (SearchTermTable.finalized(a ^ b >> 17), SearchTermTable.finalized(b ^ a >> 23))
    }
}
