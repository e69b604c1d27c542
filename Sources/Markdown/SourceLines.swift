#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Markdown text as UTF-8 bytes cut into lines where cmark cuts them: at `\n`, `\r\n`
/// and `\r`. Line indices are 0-based; a block's line `n` (without `lineOffset`) is index
/// `n - 1`.
struct SourceLines {
    let bytes: [UInt8]
    /// Offset of each line's first byte.
    let starts: [Int]
    /// Offset just past each line's last byte, before its line ending.
    let ends: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        (starts, ends) = bytes.withUnsafeBufferPointer { Self.split($0) }
    }

    /// Line starts and ends of `buffer`, found with `memchr` unless the text has a `\r`
    /// somewhere.
    static func split(_ buffer: UnsafeBufferPointer<UInt8>) -> (starts: [Int], ends: [Int]) {
        var starts: [Int] = [], ends: [Int] = []
        guard let base = buffer.baseAddress else { return ([], []) }
        let count = buffer.count
        let estimate = count / 32 + 1
        starts.reserveCapacity(estimate)
        ends.reserveCapacity(estimate)
        let hasReturn = memchr(base, 0x0D, count) != nil
        var lineStart = 0
        while lineStart < count {
            var end: Int
            if hasReturn {
                end = lineStart
                while end < count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
            } else if let found = memchr(base + lineStart, 0x0A, count - lineStart) {
                end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            } else {
                end = count
            }
            starts.append(lineStart)
            ends.append(end)
            var next = end
            if next < count {
                if buffer[next] == 0x0D, next + 1 < count, buffer[next + 1] == 0x0A { next += 1 }
                next += 1
            }
            lineStart = next
        }
        return (starts, ends)
    }

    var count: Int { starts.count }

    /// Offset just past line `index`'s ending: the next line's start, or the end of the
    /// text after the last line (every byte belongs to some line).
    func nextStart(_ index: Int) -> Int {
        index + 1 < starts.count ? starts[index + 1] : bytes.count
    }

    /// The bytes of line `index` without its ending.
    func content(_ index: Int) -> ArraySlice<UInt8> {
        bytes[starts[index]..<ends[index]]
    }

    /// A cursor at the start of line `index`, as cmark's block parser begins a line.
    func cursor(_ index: Int) -> LineCursor {
        LineCursor(offset: starts[index], end: ends[index], lineStart: starts[index])
    }
}

/// A position in one line with cmark's column bookkeeping: tabs advance to the next
/// multiple of 4, and a tab can be consumed partly (a list item that needs two columns
/// of a four-column tab). The end of the line reads as `\n`, as cmark's lines end.
struct LineCursor {
    var offset: Int
    /// Columns from the start of the line, tabs expanded.
    var column = 0
    var partiallyConsumedTab = false
    let end: Int
    let lineStart: Int

    init(offset: Int, end: Int, lineStart: Int) {
        self.offset = offset
        self.end = end
        self.lineStart = lineStart
    }

    func peek(_ bytes: [UInt8], _ position: Int) -> UInt8 {
        position < end ? bytes[position] : 0x0A
    }

    /// cmark's `S_find_first_nonspace`: the first byte that is not a space or tab.
    struct Nonspace {
        var offset: Int
        var column: Int
        /// Columns of whitespace between the cursor and `offset`.
        var indent: Int
        var isBlank: Bool
    }

    func firstNonspace(_ bytes: [UInt8]) -> Nonspace {
        var position = offset
        var nonspaceColumn = column
        var charsToTab = 4 - (column % 4)
        while position < end {
            let byte = bytes[position]
            if byte == 0x20 {
                position += 1
                nonspaceColumn += 1
                charsToTab -= 1
                if charsToTab == 0 { charsToTab = 4 }
            } else if byte == 0x09 {
                position += 1
                nonspaceColumn += charsToTab
                charsToTab = 4
            } else {
                break
            }
        }
        return Nonspace(offset: position, column: nonspaceColumn, indent: nonspaceColumn - column,
                        isBlank: position >= end)
    }

    /// cmark's `S_advance_offset`: by `count` columns (tabs split if needed) or bytes.
    mutating func advance(_ count: Int, columns: Bool, _ bytes: [UInt8]) {
        var remaining = count
        while remaining > 0 && offset < end {
            if bytes[offset] == 0x09 {
                let charsToTab = 4 - (column % 4)
                if columns {
                    partiallyConsumedTab = charsToTab > remaining
                    let advance = min(remaining, charsToTab)
                    column += advance
                    if !partiallyConsumedTab { offset += 1 }
                    remaining -= advance
                } else {
                    partiallyConsumedTab = false
                    column += charsToTab
                    offset += 1
                    remaining -= 1
                }
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                remaining -= 1
            }
        }
    }

    /// Moves to `target`, a byte offset further on the line, counting columns.
    mutating func advance(to target: Int, _ bytes: [UInt8]) {
        advance(target - offset, columns: false, bytes)
    }
}

/// Bytes addressed by offset: arrays, their slices and buffer pointers alike.
protocol ByteBuffer: RandomAccessCollection where Element == UInt8, Index == Int {}
extension Array: ByteBuffer where Element == UInt8 {}
extension ArraySlice: ByteBuffer where Element == UInt8 {}
extension UnsafeBufferPointer: ByteBuffer where Element == UInt8 {}

/// Byte classes as cmark defines them (ASCII only, like `cmark_isspace` and friends).
enum ASCII {
    /// `cmark_isspace`: space, `\t`, `\n` and `\r` (its table leaves out `\v` and `\f`).
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The `spacechar` of cmark-gfm's extension scanners: space, `\t`, `\v`, `\f`.
    static func isSpaceChar(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte)
    }

    /// `cmark_ispunct`: the ASCII punctuation CommonMark can escape.
    static func isPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40)
            || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
    }
}

/// Unicode classes as cmark's `cmark_utf8proc_is_space` and `_is_punctuation` see them.
enum UnicodeClass {
    static func isSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 9, 10, 12, 13, 32, 160, 5760, 8192...8202, 8239, 8287, 12288: true
        default: false
        }
    }

    static func isPunctuation(_ scalar: UInt32) -> Bool {
        if scalar < 128 { return ASCII.isPunctuation(UInt8(scalar)) }
        guard let unicode = Unicode.Scalar(scalar) else { return false }
        switch unicode.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// Decodes the UTF-8 sequence that starts at `index` as `cmark_utf8proc_iterate` does:
    /// `nil` for a continuation byte, a truncated or an invalid sequence.
    static func decode<Bytes: ByteBuffer>(_ bytes: Bytes, at index: Int) -> (scalar: UInt32, length: Int)? {
        guard index < bytes.endIndex else { return nil }
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (UInt32(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.endIndex else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
    }
}
