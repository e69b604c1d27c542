/// Columns (Unicode scalars from a line's start, as diagnostics count them) of byte offsets in
/// one UTF-8 text, and the way back. A place near its line's start is counted directly; on a
/// long line a count of the scalars before every 256th byte, made once for the text when the
/// first such place is asked for, leaves a few hundred bytes to count. Counting each place
/// from its line's start made thousands of diagnostics on one long line cost its length each
/// (200 KB of `[a](/x) ` on one line: 22 s).
package struct ScalarColumns: Sendable {
    static let stride = 256

    /// Scalars in the text's bytes before `index * stride`; nil until a long line needs it.
    private var checkpoints: [Int]?

    package init() {}

    /// The 1-based column of `offset`, on the line that starts at `lineStart`.
    package mutating func column(of offset: Int, lineStart: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        let offset = min(offset, text.count)
        guard offset - lineStart > Self.stride else { return Self.count(text, lineStart, offset) + 1 }
        return scalars(before: offset, in: text) - scalars(before: lineStart, in: text) + 1
    }

    package mutating func column(of offset: Int, lineStart: Int, in text: [UInt8]) -> Int {
        text.withUnsafeBufferPointer { column(of: offset, lineStart: lineStart, in: $0) }
    }

    /// The byte offset of the 1-based `column` on the line `lineStart..<lineEnd`; `lineEnd`
    /// for a column past the line's end.
    package mutating func offset(ofColumn column: Int, lineStart: Int, lineEnd: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        let wanted = max(0, column - 1)
        guard wanted > Self.stride, lineEnd - lineStart > Self.stride else {
            return Self.offset(afterScalars: wanted, in: text, from: lineStart, to: lineEnd)
        }
        let target = scalars(before: lineStart, in: text) + wanted
        let counts = checkpoints(text)
        // The last checkpoint at or before the line's start or with at most `target` scalars before it.
        var low = lineStart / Self.stride, high = counts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if counts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        var offset = max(lineStart, low * Self.stride)
        var scalars = scalars(before: offset, in: text)
        // A checkpoint inside a scalar counts it as begun; step to the next scalar's first byte.
        while offset < lineEnd, text[offset] & 0xC0 == 0x80 { offset += 1 }
        while offset < lineEnd {
            if text[offset] & 0xC0 != 0x80 {
                if scalars == target { return offset }
                scalars += 1
            }
            offset += 1
        }
        return lineEnd
    }

    private mutating func scalars(before offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        let counts = checkpoints(text)
        let index = offset / Self.stride
        return counts[index] + Self.count(text, index * Self.stride, offset)
    }

    private mutating func checkpoints(_ text: UnsafeBufferPointer<UInt8>) -> [Int] {
        if let checkpoints { return checkpoints }
        var counts = [0]
        counts.reserveCapacity(text.count / Self.stride + 1)
        var scalars = 0
        var start = 0
        while start + Self.stride <= text.count {
            scalars += Self.count(text, start, start + Self.stride)
            counts.append(scalars)
            start += Self.stride
        }
        checkpoints = counts
        return counts
    }

    private static func count(_ text: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var count = 0
        var index = from
        while index < to {
            if text[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    private static func offset(afterScalars wanted: Int, in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var scalars = 0
        var index = start
        while index < end {
            if text[index] & 0xC0 != 0x80 {
                if scalars == wanted { return index }
                scalars += 1
            }
            index += 1
        }
        return end
    }
}
