/// How the search index and its query (the theme's `js/search.js`, which does the same)
/// cut text into terms (docs/search.md, "Terms"):
/// - a word is a run of letters, digits and `_` (letters and digits of any script);
/// - a word is kept whole, lowercased and without its `_` (`URLSession`, `urlSession` and
///   `url_session` are all `urlsession`), and, when it is an identifier of several parts
///   (camelCase, PascalCase, snake_case, `UTF8String`), each part of two letters or more
///   too (`url`, `session`), so that `session` finds `URLSession`;
/// - with stemming (the site's `language` is English), each term of letters a–z is stemmed
///   (``EnglishStemmer``);
/// - terms of one character or of more than ``maximumLength`` bytes are left out.
struct SearchTokenizer: Sendable {
    var stems: Bool

    /// Bytes: a longer term (a hash, a base64 blob) is nobody's query.
    static let maximumLength = 40

    /// The terms of `text`, in order, a word's whole form before its parts.
    func terms(in text: String) -> [String] {
        struct Terms: SearchWordSink {
            var stems: Bool
            var terms: [String] = []
            mutating func add(word: UnsafeBufferPointer<UInt8>) {
                let term = String(decoding: word, as: UTF8.self)
                terms.append(stems ? EnglishStemmer.stem(term) : term)
            }
        }
        var text = text
        var sink = Terms(stems: stems)
        text.withUTF8 { Self.addWords(of: $0, to: &sink) }
        return sink.terms
    }

    /// Hands `sink` every term of `bytes` as it is before stemming, in order, a word's whole
    /// form before its parts. Bytes, not strings, and a sink, not a closure: a build cuts
    /// every page's text (a million words per thousand posts) and stems each distinct word
    /// of the site once (``SearchIndex``).
    static func addWords<Sink: SearchWordSink>(of bytes: UnsafeBufferPointer<UInt8>, to sink: inout Sink) {
        byteKinds.withUnsafeBufferPointer { kinds in
            var index = 0
            let count = bytes.count
            while index < count {
                // Skip to a word.
                var start = index
                while start < count {
                    let byte = bytes[start]
                    if byte < 0x80 {
                        if isWordByte(byte) { break }
                        start += 1
                    } else {
                        if wordCharacterLength(bytes, start) > 0 { break }
                        start += scalarLength(byte)
                    }
                }
                guard start < count else { return }
                var word = WordShape()
                let end = word.scan(bytes, from: start, kinds: kinds)
                addWord(UnsafeBufferPointer(rebasing: bytes[start..<end]), word, to: &sink)
                index = end
            }
        }
    }

    /// What a byte is to a word: a byte of a term as it is (`a`–`z`, `0`–`9`), a byte of a
    /// word that is not (`A`–`Z`, `_`), the first of a non-ASCII character (which may be a
    /// letter), or no part of a word.
    enum ByteKind: UInt8 { case term, wordPart, other, nonASCII }

    /// Each byte's kind, by its value: one look-up a byte, since a build reads every word
    /// of every page. Read through a pointer (``addWords(of:to:)``): a `static let` read in
    /// the loop would check its lazy initializer at each byte.
    static let byteKinds: [ByteKind] = (0...255).map { (value: Int) -> ByteKind in
        let byte = UInt8(value)
        if byte >= 0x80 { return .nonASCII }
        if isLower(byte) || isDigit(byte) { return .term }
        return isUpper(byte) || byte == UInt8(ascii: "_") ? .wordPart : .other
    }

    /// What the bytes of a word read so far make of it: whether it is its own term (ASCII
    /// lowercase letters and digits only), and whether it is ASCII.
    struct WordShape {
        var plain = true, ascii = true

        /// The end of the run of word characters from `start`, which is one.
        @inline(__always)
        mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, kinds: UnsafeBufferPointer<ByteKind>) -> Int {
            var end = start
            let count = bytes.count
            while end < count {
                switch kinds[Int(bytes[end])] {
                case .term:
                    end += 1
                case .wordPart:
                    plain = false
                    end += 1
                case .other:
                    return end
                case .nonASCII:
                    let length = SearchTokenizer.wordCharacterLength(bytes, end)
                    guard length > 0 else { return end }
                    ascii = false
                    end += length
                }
            }
            return end
        }
    }

    /// Hands `sink` the terms of one word (a whole run of word characters), as its shape says.
    @inline(__always)
    static func addWord<Sink: SearchWordSink>(_ word: UnsafeBufferPointer<UInt8>, _ shape: WordShape, to sink: inout Sink) {
        if shape.plain && shape.ascii {
            if word.count > 1 && word.count <= maximumLength { sink.add(word: word) }
        } else if shape.ascii {
            asciiWord(word, &sink)
        } else {
            otherWord(word, &sink)
        }
    }

    /// A word of other scripts: whole, lowercased, without its `_`.
    private static func otherWord<Sink: SearchWordSink>(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        var whole = String(decoding: bytes.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self).lowercased()
        whole.withUTF8 { emit($0, &sink) }
    }

    /// An ASCII word with an uppercase letter or a `_`: whole (lowercased, without `_`),
    /// then, when it is an identifier of several parts, each part of two letters or more.
    private static func asciiWord<Sink: SearchWordSink>(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { scratch in
            var length = 0, simple = true
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "_") { simple = false; continue }
                if isUpper(byte) && offset > 0 { simple = false }
                // A whole longer than the limit is left out: only its length counts.
                if length < maximumLength { scratch[length] = isUpper(byte) ? byte + 32 : byte }
                length += 1
            }
            if length <= maximumLength { emit(UnsafeBufferPointer(rebasing: scratch[0..<length]), &sink) }
            // Only `_` or an uppercase letter after the first makes a word of several parts.
            guard !simple else { return }
            var parts = 0
            forEachPart(of: bytes) { _ in parts += 1 }
            guard parts > 1 else { return }
            forEachPart(of: bytes) { part in
                guard part.count > 1, part.count <= maximumLength else { return }
                for (offset, byte) in bytes[part].enumerated() { scratch[offset] = isUpper(byte) ? byte + 32 : byte }
                sink.add(word: UnsafeBufferPointer(rebasing: scratch[0..<part.count]))
            }
        }
    }

    /// The parts of an ASCII word: split at `_`, at a lowercase letter or digit before an
    /// uppercase one, and before the last of a run of uppercase letters that a lowercase
    /// one follows (`URLSession`).
    private static func forEachPart(of bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var partStart = 0
        for i in 0..<bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "_") {
                if partStart < i { body(partStart..<i) }
                partStart = i + 1
                continue
            }
            guard i > partStart, isUpper(byte) else { continue }
            let previous = bytes[i - 1]
            let nextIsLower = i + 1 < bytes.count && isLower(bytes[i + 1])
            if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
                body(partStart..<i)
                partStart = i
            }
        }
        if partStart < bytes.count { body(partStart..<bytes.count) }
    }

    private static func emit<Sink: SearchWordSink>(_ term: UnsafeBufferPointer<UInt8>, _ sink: inout Sink) {
        guard term.count > 1, term.count <= maximumLength else { return }
        sink.add(word: term)
    }

    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        isLower(byte | 0x20) || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The length of a UTF-8 sequence from its first byte (1 for a stray continuation byte).
    static func scalarLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// The bytes of the word character at `index` (an ASCII letter or digit, `_`, or a
    /// scalar of Unicode's letter or number categories), or 0 when it is not one.
    static func wordCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 { return isUpper(byte) || isLower(byte) || isDigit(byte) || byte == UInt8(ascii: "_") ? 1 : 0 }
        let length = scalarLength(byte)
        guard length > 1, index + length <= bytes.count else { return 0 }
        var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | (UInt32(bytes[index + offset]) & 0x3F) }
        guard let scalar = Unicode.Scalar(value) else { return 0 }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return length
        default:
            return 0
        }
    }
}

/// What takes the terms of a text as ``SearchTokenizer/addWords(of:to:)`` cuts it.
protocol SearchWordSink {
    /// `word`'s bytes are valid during the call only.
    mutating func add(word: UnsafeBufferPointer<UInt8>)
}
