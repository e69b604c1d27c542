import Foundation

/// Byte-level text work for the render stage's hot paths (every post's body, every feed
/// entry), where `String`'s Character and Foundation's NSString paths cost seconds on a
/// ten-thousand-post site. Every function here is a single forward pass.
package enum UTF8Bytes {
    /// Whether `needle` occurs in `text`.
    package static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { needle in firstOffset(of: needle, in: haystack, from: 0) != nil }
        }
    }

    /// The byte offset of the first `needle` in `haystack` at or after `start`: memchr for
    /// its first byte, memcmp for the rest.
    package static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let needleBase = needle.baseAddress, !needle.isEmpty else { return start <= haystack.count ? start : nil }
        guard let base = haystack.baseAddress else { return nil }
        let last = haystack.count - needle.count
        var index = start
        while index <= last {
            guard let found = memchr(base + index, Int32(needleBase[0]), last - index + 1) else { return nil }
            index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if memcmp(base + index, needleBase, needle.count) == 0 { return index }
            index += 1
        }
        return nil
    }

    /// The byte offset where the scalar after the first `count` scalars starts.
    package static func offset(afterScalars count: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var scalars = 0
        for index in bytes.indices where bytes[index] & 0xC0 != 0x80 {
            if scalars == count { return index }
            scalars += 1
        }
        return bytes.count
    }

    /// Unicode scalars in the first `offset` bytes: a byte offset as a 1-based column minus one.
    package static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, upTo offset: Int) -> Int {
        var count = 0
        for index in 0..<offset where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
