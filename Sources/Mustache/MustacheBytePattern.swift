/// A delimiter to search template bytes for, with its Knuth–Morris–Pratt table.
///
/// Set-delimiter tags let a template choose its delimiters, so a naive search is
/// quadratic on purpose-built input: an opening delimiter of 10,000 `a`s and a `b`,
/// over text of `a`s, compares about 10,000 bytes at every offset. With the table
/// every byte of the text is read a bounded number of times, whatever the delimiter.
struct MustacheBytePattern {
    let bytes: [UInt8]
    /// `fallback[i]`: the length of the longest proper prefix of `bytes[0...i]` that
    /// is also its suffix, where a search resumes after a mismatch at `i + 1`.
    private let fallback: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var fallback = Array(repeating: 0, count: bytes.count)
        var matched = 0
        var index = 1
        while index < bytes.count {
            while matched > 0 && bytes[index] != bytes[matched] { matched = fallback[matched - 1] }
            if bytes[index] == bytes[matched] { matched += 1 }
            fallback[index] = matched
            index += 1
        }
        self.fallback = fallback
    }

    var count: Int { bytes.count }

    /// The offset of the first occurrence at or after `start`, or `nil`.
    func firstMatch(in text: [UInt8], from start: Int) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var matched = 0
        var index = max(start, 0)
        while index < text.count {
            let byte = text[index]
            while matched > 0 && byte != bytes[matched] { matched = fallback[matched - 1] }
            if byte == bytes[matched] { matched += 1 }
            if matched == bytes.count { return index + 1 - bytes.count }
            index += 1
        }
        return nil
    }
}
