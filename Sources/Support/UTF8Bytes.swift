import Foundation

/// Byte-level text work for the render stage's hot paths (every post's body, every feed
/// entry), where `String`'s Character and Foundation's NSString paths cost seconds on a
/// ten-thousand-post site. Every function here is a single forward pass.
package enum UTF8Bytes {
    /// A path's parts between `/` bytes, empty ones left out. Never `split(separator: "/")`
    /// on a `String` for a path: that splits Characters, and a `/` after a prepended mark
    /// (U+0600, U+0890) is inside one, so `\u{600}/..` would be one part, not two.
    package static func pathParts(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

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
}
