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

    /// Calls `body` with every term of `text`, in order, a word's whole form before its parts.
    func forEachTerm(in text: String, _ body: (String) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                // Skip to a word.
                var start = index
                while start < count {
                    let length = Self.wordCharacterLength(bytes, start)
                    if length > 0 { break }
                    start += Self.scalarLength(bytes[start])
                }
                guard start < count else { return }
                var end = start, ascii = true
                while end < count {
                    let length = Self.wordCharacterLength(bytes, end)
                    guard length > 0 else { break }
                    if length > 1 || bytes[end] >= 0x80 { ascii = false }
                    end += length
                }
                word(UnsafeBufferPointer(rebasing: bytes[start..<end]), ascii: ascii, body)
                index = end
            }
        }
    }

    /// The terms of `text` as a list.
    func terms(in text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append($0) }
        return terms
    }

    private func word(_ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool, _ body: (String) -> Void) {
        guard ascii else {
            let whole = String(decoding: bytes.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self).lowercased()
            emit(whole, body)
            return
        }
        // Parts: split at `_`, at a lowercase letter or digit before an uppercase one, and
        // before the last of a run of uppercase letters that a lowercase one follows (`URLSession`).
        var parts: [Range<Int>] = []
        var partStart = 0
        for i in 0..<bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "_") {
                if partStart < i { parts.append(partStart..<i) }
                partStart = i + 1
                continue
            }
            guard i > partStart, Self.isUpper(byte) else { continue }
            let previous = bytes[i - 1]
            let nextIsLower = i + 1 < bytes.count && Self.isLower(bytes[i + 1])
            if Self.isLower(previous) || Self.isDigit(previous) || (Self.isUpper(previous) && nextIsLower) {
                parts.append(partStart..<i)
                partStart = i
            }
        }
        if partStart < bytes.count { parts.append(partStart..<bytes.count) }
        let whole = parts.flatMap { Self.lowercased(bytes[$0]) }
        emit(String(decoding: whole, as: UTF8.self), body)
        guard parts.count > 1 else { return }
        for part in parts where part.count > 1 {
            emit(String(decoding: Self.lowercased(bytes[part]), as: UTF8.self), body)
        }
    }

    private func emit(_ term: String, _ body: (String) -> Void) {
        let length = term.utf8.count
        guard length > 1, length <= Self.maximumLength else { return }
        body(stems ? EnglishStemmer.stem(term) : term)
    }

    private static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8] {
        bytes.map { isUpper($0) ? $0 + 32 : $0 }
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The length of a UTF-8 sequence from its first byte (1 for a stray continuation byte).
    private static func scalarLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// The bytes of the word character at `index` (an ASCII letter or digit, `_`, or a
    /// scalar of Unicode's letter or number categories), or 0 when it is not one.
    private static func wordCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
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
