/// cmark-gfm's extended autolink rules (extensions/autolink.c) on the bytes of one text
/// node. A match is a byte range of the text and the URL to link to.
enum Autolink {
    struct Match {
        var range: Range<Int>
        var url: String
    }

    /// `www.` at `index`: after the start of the text, whitespace, `*`, `_`, `~` or `(`
    /// (`previous` is the byte before, `nil` at the start of the paragraph or cell), a
    /// domain with a dot and no `_` in its last two labels, then everything up to
    /// whitespace less trailing punctuation.
    static func www<Bytes: ByteBuffer>(_ bytes: Bytes, at index: Int, previous: UInt8?) -> Match? {
        if let previous, !"*_~(".utf8.contains(previous), !ASCII.isSpace(previous) { return nil }
        let size = bytes.count - index
        guard size >= 4, bytes[index] == UInt8(ascii: "w"), bytes[index + 1] == UInt8(ascii: "w"),
              bytes[index + 2] == UInt8(ascii: "w"), bytes[index + 3] == UInt8(ascii: ".") else { return nil }
        var end = domainLength(bytes, from: index, allowShort: false)
        guard end > 0 else { return nil }
        while end < size, !ASCII.isSpace(bytes[index + end]) { end += 1 }
        end = trimmedEnd(bytes, from: index, end: end)
        guard end > 0 else { return nil }
        let text = String(decoding: bytes[index..<(index + end)], as: UTF8.self)
        return Match(range: index..<(index + end), url: "http://" + text)
    }

    /// `://` at `colon`, after a scheme of letters that must be `http`, `https` or `ftp`
    /// (found no earlier than `segmentStart`), followed by a valid host character.
    static func url<Bytes: ByteBuffer>(_ bytes: Bytes, colon index: Int, segmentStart: Int) -> Match? {
        let size = bytes.count - index
        guard size >= 4, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else { return nil }
        var rewind = 0
        while index - rewind > segmentStart, ASCII.isAlpha(bytes[index - rewind - 1]) { rewind += 1 }
        let start = index - rewind
        guard isSafeScheme(bytes, from: start) else { return nil }
        let domain = domainLength(bytes, from: index + 3, allowShort: true)
        guard domain > 0 else { return nil }
        var end = 3 + domain
        while end < size, !ASCII.isSpace(bytes[index + end]) { end += 1 }
        end = trimmedEnd(bytes, from: index, end: end)
        guard end > 0 else { return nil }
        let range = start..<(index + end)
        return Match(range: range, url: String(decoding: bytes[range], as: UTF8.self))
    }

    /// `sd_autolink_issafe`: `http://`, `https://` or `ftp://` (any case) and then a byte
    /// that starts a character that is neither whitespace nor punctuation.
    private static func isSafeScheme<Bytes: ByteBuffer>(_ bytes: Bytes, from start: Int) -> Bool {
        for scheme in ["http://", "https://", "ftp://"] {
            let utf8 = Array(scheme.utf8)
            guard bytes.count - start > utf8.count else { continue }
            var matches = true
            for (offset, expected) in utf8.enumerated() where bytes[start + offset] | 0x20 != expected | 0x20 {
                matches = false
                break
            }
            if matches && isValidHostCharacter(bytes, at: start + utf8.count) { return true }
        }
        return false
    }

    /// `check_domain`: the length of the host part from `from` (its first byte is not
    /// checked), `0` when an underscore sits in one of the last two labels, or without a
    /// dot when `allowShort` is false. Like cmark-gfm it never looks at the text's last byte.
    private static func domainLength<Bytes: ByteBuffer>(_ bytes: Bytes, from: Int, allowShort: Bool) -> Int {
        let size = bytes.count - from
        var index = 1
        var dots = 0, underscoresBefore = 0, underscores = 0
        while index < size - 1 {
            let byte = bytes[from + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                dots += 1
            } else if !isValidHostCharacter(bytes, at: from + index) && byte != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        if underscoresBefore > 0 || underscores > 0 { return 0 }
        return allowShort || dots > 0 ? index : 0
    }

    /// `is_valid_hostchar`: the character starting at `index` (a continuation byte is not
    /// one) is neither whitespace nor punctuation.
    private static func isValidHostCharacter<Bytes: ByteBuffer>(_ bytes: Bytes, at index: Int) -> Bool {
        guard let (scalar, _) = UnicodeClass.decode(bytes, at: index) else { return false }
        return !UnicodeClass.isSpace(scalar) && !UnicodeClass.isPunctuation(scalar)
    }

    /// `autolink_delim`: stops at `<`, then drops trailing `?!.,:*_~'"`, an entity-like
    /// `&name;` and unbalanced closing parentheses. `end` counts from `from`.
    static func trimmedEnd<Bytes: ByteBuffer>(_ bytes: Bytes, from: Int, end: Int) -> Int {
        var end = end
        if let angle = (from..<(from + end)).first(where: { bytes[$0] == UInt8(ascii: "<") }) { end = angle - from }
        while end > 0 {
            let last = bytes[from + end - 1]
            if "?!.,:*_~'\"".utf8.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ";") {
                var newEnd = end - 2
                while newEnd > 0, ASCII.isAlpha(bytes[from + newEnd]) { newEnd -= 1 }
                if newEnd < end - 2, newEnd >= 0, bytes[from + newEnd] == UInt8(ascii: "&") {
                    end = newEnd
                } else {
                    end -= 1
                }
            } else if last == UInt8(ascii: ")") {
                var opening = 0, closing = 0
                for position in from..<(from + end) {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
                }
                if closing <= opening { break }
                end -= 1
            } else {
                break
            }
        }
        return end
    }
}

/// cmark-gfm's e-mail autolinks (`postprocess_text`), which run after the inline parse on
/// every text outside a link: `local@domain.tld`, `mailto:…@…` and `xmpp:…@…/…`.
enum EmailAutolink {
    /// The matches in `bytes`, in order. Like cmark-gfm it gives up after 1,000 attempts
    /// in one text (a line of `@`s).
    static func matches(_ bytes: [UInt8]) -> [Autolink.Match] {
        var matches: [Autolink.Match] = []
        var textStart = 0
        var offset = 0
        // cmark-gfm recurses once per attempt and stops below a depth of 1,000.
        for _ in 0...1000 {
            guard offset < bytes.count,
                  let at = bytes[offset...].firstIndex(of: UInt8(ascii: "@")) else { break }
            if let match = match(bytes, at: at, textStart: textStart, searchStart: offset) {
                matches.append(match)
                textStart = match.range.upperBound
                offset = match.range.upperBound
            } else {
                offset = at + 1
            }
        }
        return matches
    }

    private static func match(_ bytes: [UInt8], at: Int, textStart: Int, searchStart: Int) -> Autolink.Match? {
        let maxRewind = at - searchStart
        var rewind = 0
        var autoMailto = true
        var isXMPP = false
        while rewind < maxRewind {
            let byte = bytes[at - rewind - 1]
            if ASCII.isAlphanumeric(byte) || ".+-_".utf8.contains(byte) {
                rewind += 1
                continue
            }
            if byte == UInt8(ascii: ":") {
                if hasProtocol("mailto:", bytes, before: at - rewind, textStart: textStart) {
                    autoMailto = false
                    rewind += 1
                    continue
                }
                if hasProtocol("xmpp:", bytes, before: at - rewind, textStart: textStart) {
                    autoMailto = false
                    isXMPP = true
                    rewind += 1
                    continue
                }
            }
            break
        }
        guard rewind > 0 else { return nil }
        let size = bytes.count - at
        var end = 0, ats = 0, dots = 0
        while end < size {
            let byte = bytes[at + end]
            if ASCII.isAlphanumeric(byte) {
                end += 1
                continue
            }
            if byte == UInt8(ascii: "@") {
                ats += 1
            } else if byte == UInt8(ascii: "."), end < size - 1, ASCII.isAlphanumeric(bytes[at + end + 1]) {
                dots += 1
            } else if byte == UInt8(ascii: "/") && isXMPP {
                end += 1
                continue
            } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                break
            }
            end += 1
        }
        guard end >= 2, ats == 1, dots > 0,
              ASCII.isAlpha(bytes[at + end - 1]) || bytes[at + end - 1] == UInt8(ascii: ".") else { return nil }
        end = Autolink.trimmedEnd(bytes, from: at, end: end)
        guard end > 0 else { return nil }
        let range = (at - rewind)..<(at + end)
        let text = String(decoding: bytes[range], as: UTF8.self)
        return Autolink.Match(range: range, url: autoMailto ? "mailto:" + text : text)
    }

    /// `validate_protocol` with Debian's fix: `protocol` ends just before `index`, and is
    /// not glued to a letter or digit before it (unless it starts the text). cmark-gfm
    /// compares bytes before the text's start too, which is undefined; here they never match.
    private static func hasProtocol(_ name: String, _ bytes: [UInt8], before index: Int, textStart: Int) -> Bool {
        let utf8 = Array(name.utf8)
        let start = index - utf8.count
        guard start >= textStart else { return false }
        for (offset, expected) in utf8.enumerated() where bytes[start + offset] != expected { return false }
        if start == textStart { return true }
        return !ASCII.isAlphanumeric(bytes[start - 1])
    }
}
