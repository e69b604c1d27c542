/// A code block's UTF-8 bytes with the look-ups every lexer makes. Reading past the end
/// gives 0, so a lexer can peek ahead without bounds checks of its own.
///
/// A view of the code's own storage, valid only inside `SyntaxHighlighter.html`: lexing
/// reads every byte a few times, and a buffer pointer keeps that cheap even in debug builds.
struct SourceBytes {
    private let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    /// The bytes of `range` as a text of their own, for a lexer of another language.
    func slice(_ range: Range<Int>) -> SourceBytes {
        SourceBytes(bytes(range))
    }

    subscript(index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// The eight bytes from `index` (which must be within the text, and `index + 8` too) as
    /// one little-endian integer, the first byte lowest.
    @inline(__always)
    func load8(at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    }

    /// The bytes of `range`, which must be within the text.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    /// Whether `literal` (ASCII) stands at `index`.
    @inline(__always)
    func has(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pattern = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    /// Whether the bytes of `range` are `word`: a word compared without a `String` made of it.
    func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && has(word, at: range.lowerBound)
    }

    /// Whether the bytes of `range` are one of `words`.
    func equals(_ range: Range<Int>, oneOf words: [StaticString]) -> Bool {
        words.contains { equals(range, $0) }
    }

    /// Whether the bytes of `range` are `word` (ASCII small letters), ASCII capitals read as
    /// small letters: a word compared without a `String` made of it.
    func isFolded(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let pattern = word.utf8Start
        for offset in 0..<range.count {
            let byte = bytes[range.lowerBound + offset]
            let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            if folded != pattern[offset] { return false }
        }
        return true
    }

    /// Whether a grammar's `literal` (a comment's or a string's delimiter) stands at `index`.
    func matches(_ literal: CodeLiteral, at index: Int) -> Bool {
        literal.stands(in: self, at: index)
    }

    /// The text of `range` if it is short enough to be a keyword, for looking it up.
    func word(_ range: Range<Int>) -> String? {
        range.count <= 16 ? String(decoding: bytes(range), as: UTF8.self) : nil
    }

    /// How many times `byte` repeats from `index` on.
    func run(of byte: UInt8, from index: Int) -> Int {
        end(from: index) { $0 == byte } - index
    }

    /// The end of the run of bytes from `index` that satisfy `belongs`.
    func end(from index: Int, while belongs: (UInt8) -> Bool) -> Int {
        var end = index
        while end < bytes.count && belongs(bytes[end]) { end += 1 }
        return end
    }

    /// The index of the line break (`\n` or `\r`) that ends the line `index` is on, or the end.
    func lineEnd(from index: Int) -> Int {
        end(from: index) { !Self.isLineBreak($0) }
    }

    /// The first index from `index` on that is not a space or tab (nor a line break, with
    /// `acrossLines`).
    func skippingBlanks(from index: Int, acrossLines: Bool) -> Int {
        end(from: index) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || acrossLines && Self.isLineBreak($0) }
    }

    static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Space, tab, line feed, vertical tab, form feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
    }

    static func isUppercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// A letter, `_`, or any byte of a non-ASCII scalar (Swift allows most of them in names,
    /// and taking all keeps every multi-byte scalar inside one token).
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
}
