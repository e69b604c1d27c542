#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable UTF-8 byte buffer the renderer writes into.
///
/// Bytes rather than `String`: escaping works on runs of UTF-8 bytes, and
/// appending a byte run is a `memcpy`, whereas slicing and appending
/// `String`s costs index work per run. A raw allocation rather than
/// `[UInt8]` because `Array.append(contentsOf:)` showed up at ~6% of render
/// time for the many tiny tag literals. Non-copyable so the allocation has
/// exactly one owner; it becomes a `String` once, at the end of a render.
struct HTMLOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(reservingCapacity capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Bytes written so far; a mark for ``string(from:)``.
    var byteCount: Int { count }

    /// What was written since `mark` (a ``byteCount`` taken earlier).
    func string(from mark: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: base + mark, count: count - mark), as: UTF8.self)
    }

    private mutating func reserve(_ extra: Int) {
        let needed = count + extra
        guard needed > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    mutating func append(bytes source: UnsafeBufferPointer<UInt8>) {
        guard let sourceBase = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        (base + count).initialize(from: sourceBase, count: source.count)
        count += source.count
    }

    mutating func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(bytes: $0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    mutating func append(decimal value: Int) {
        append(String(value))
    }

    /// Puts ` name="value"` attributes (values escaped here) into the first tag written at
    /// or after `mark`, after its name; an attribute the tag already has is kept as it is.
    mutating func insertAttributes(_ attributes: [MarkdownAttribute], intoFirstTagFrom mark: Int) {
        var start = mark
        while start < count, base[start] != UInt8(ascii: "<") { start += 1 }
        var nameEnd = start + 1
        while nameEnd < count, ASCII.isAlphanumeric(base[nameEnd]) { nameEnd += 1 }
        guard start < count, nameEnd > start + 1 else { return }
        var tagEnd = nameEnd
        while tagEnd < count, base[tagEnd] != UInt8(ascii: ">") { tagEnd += 1 }
        let tag = String(decoding: UnsafeBufferPointer(start: base + nameEnd, count: tagEnd - nameEnd), as: UTF8.self)
        var text = ""
        for attribute in attributes where !tag.contains(" \(attribute.name)=") {
            text += " \(attribute.name)=\""
            for character in attribute.value.unicodeScalars {
                switch character {
                case "&": text += "&amp;"
                case "<": text += "&lt;"
                case ">": text += "&gt;"
                case "\"": text += "&quot;"
                default: text.unicodeScalars.append(character)
                }
            }
            text += "\""
        }
        guard !text.isEmpty else { return }
        text.withUTF8 { inserted in
            guard let source = inserted.baseAddress else { return }
            reserve(inserted.count)
            memmove(base + nameEnd + inserted.count, base + nameEnd, count - nameEnd)
            (base + nameEnd).update(from: source, count: inserted.count)
            count += inserted.count
        }
    }

    /// cmark's `cr()`: start a new line unless already at one (or at the very
    /// start). Block output relies on this rather than on tracking state, so
    /// hook output that ends without a newline still composes correctly.
    mutating func ensureNewline() {
        if count > 0 && base[count - 1] != UInt8(ascii: "\n") {
            append(byte: UInt8(ascii: "\n"))
        }
    }

    /// cmark's `escape_html` (houdini_escape_html0 with secure = 0): only
    /// `"`, `&`, `<` and `>` are replaced; `'` and `/` pass through.
    mutating func appendEscapedHTML(_ text: String) {
        var text = text
        text.withUTF8 { appendEscapedHTML($0) }
    }

    mutating func appendEscapedHTML(_ text: Substring) {
        var text = text
        text.withUTF8 { appendEscapedHTML($0) }
    }

    mutating func appendEscapedHTML(_ source: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in source.indices {
            let replacement: StaticString
            switch source[index] {
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            default: continue
            }
            if index > runStart {
                append(bytes: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            }
            append(replacement)
            runStart = index + 1
        }
        if runStart < source.count {
            append(bytes: UnsafeBufferPointer(rebasing: source[runStart...]))
        }
    }

    /// cmark's `houdini_escape_href`: bytes in the safe set are copied, `&`
    /// and `'` become entities, every other byte (including each byte of a
    /// multi-byte UTF-8 sequence) becomes `%XX` with upper-case hex. Existing
    /// `%XX` sequences are left alone because `%` is in the safe set.
    mutating func appendEscapedHref(_ url: String) {
        var url = url
        url.withUTF8 { source in
            var runStart = 0
            for index in source.indices {
                let byte = source[index]
                if HTMLOutput.isHrefSafe(byte) { continue }
                if index > runStart {
                    append(bytes: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                }
                switch byte {
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "'"): append("&#x27;")
                default:
                    append(byte: UInt8(ascii: "%"))
                    append(byte: HTMLOutput.hexDigit(byte >> 4))
                    append(byte: HTMLOutput.hexDigit(byte & 0xF))
                }
                runStart = index + 1
            }
            if runStart < source.count {
                append(bytes: UnsafeBufferPointer(rebasing: source[runStart...]))
            }
        }
    }

    /// The HREF_SAFE table of houdini_href_e.c as shipped in cmark 0.30.2:
    /// alphanumerics plus `-_.+!*(),%#@?=;:/$~` (older cmark escaped `~`;
    /// 0.30.2 does not, verified against the library). `[`, `]`, `` ` ``,
    /// `{`, `}`, `|`, `^`, `\`, `"`, `<`, `>` and space are percent-encoded.
    static func isHrefSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"),
             UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: ","), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "@"),
             UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":"),
             UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}

/// cmark's `_scan_dangerous_url` (scanners.re): a case-insensitive prefix
/// match. `data:image/png|gif|jpeg|webp` wins over the `data:` rule even when
/// more characters follow (so `data:image/pngfoo` is allowed, as in cmark).
func isDangerousURL(_ url: String) -> Bool {
    var url = url
    return url.withUTF8 { source in
        if hasPrefixIgnoringASCIICase(source, "data:image/") {
            let rest = UnsafeBufferPointer(rebasing: source[11...])
            for imageType: StaticString in ["png", "gif", "jpeg", "webp"]
            where hasPrefixIgnoringASCIICase(rest, imageType) {
                return false
            }
        }
        for scheme: StaticString in ["javascript:", "vbscript:", "file:", "data:"]
        where hasPrefixIgnoringASCIICase(source, scheme) {
            return true
        }
        return false
    }
}

/// `prefix` must be lower-case ASCII.
private func hasPrefixIgnoringASCIICase(_ source: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    prefix.withUTF8Buffer { prefixBytes in
        guard source.count >= prefixBytes.count else { return false }
        for (offset, expected) in prefixBytes.enumerated() {
            var byte = source[offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if byte != expected { return false }
        }
        return true
    }
}
