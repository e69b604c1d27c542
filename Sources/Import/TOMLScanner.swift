import Support
import YAML

/// A TOML problem at a line and column of the parsed text.
struct TOMLError: Error, Sendable, Hashable {
    var location: SourceLocation
    var message: String
}

/// The characters of a TOML document with the line and column of each position: strings,
/// numbers, dates and keys as TOML 1.0 writes them. `TOMLParser` puts them together.
struct TOMLScanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// The 1-based column of `index`, in Unicode scalars, counted as the scanner advances:
    /// counting it from the line's start for each value made a long line cost its square.
    var column = 1
    /// Comments as written, in order, for a converted front matter to keep.
    var comments: [String] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var location: SourceLocation { SourceLocation(line: line, column: column) }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    var atEnd: Bool { index >= bytes.count }

    func error(_ message: String) -> TOMLError {
        TOMLError(location: location, message: "TOML: " + message)
    }

    mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    func starts(with text: String) -> Bool {
        TemplateTokenizer.starts(bytes, at: index, with: text)
    }

    mutating func skip(_ text: String) {
        for _ in text.utf8 { advance() }
    }

    /// Spaces and tabs.
    mutating func skipBlanks() {
        while let byte = current, byte == 0x20 || byte == 0x09 { advance() }
    }

    /// A comment up to the end of the line, if one starts here; control characters other than tab are an error.
    mutating func skipComment() throws(TOMLError) {
        guard current == UInt8(ascii: "#") else { return }
        let start = index
        while let byte = current, byte != 0x0A, !(byte == 0x0D && peek(1) == 0x0A) {
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F { throw error("a control character in a comment") }
            advance()
        }
        comments.append(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// The end of a line (LF or CRLF), or of the text; false when something else is here.
    mutating func skipNewline() -> Bool {
        if current == 0x0A { advance(); return true }
        if current == 0x0D, peek(1) == 0x0A { advance(); advance(); return true }
        return atEnd
    }

    /// Blanks, comments and line ends, as between the values of an array.
    mutating func skipWhitespaceAndComments() throws(TOMLError) {
        while true {
            skipBlanks()
            try skipComment()
            if atEnd || !skipNewline() { return }
        }
    }

    // MARK: keys

    /// `a`, `"a b"`, `'a'`, `a.b . "c"`: the parts of a key.
    mutating func key() throws(TOMLError) -> [(name: String, location: SourceLocation)] {
        var parts: [(String, SourceLocation)] = []
        while true {
            skipBlanks()
            let start = location
            if current == UInt8(ascii: "\"") {
                guard !starts(with: "\"\"\"") else { throw error("a key cannot be a multi-line string") }
                parts.append((try basicString(), start))
            } else if current == UInt8(ascii: "'") {
                guard !starts(with: "'''") else { throw error("a key cannot be a multi-line string") }
                parts.append((try literalString(), start))
            } else {
                let begin = index
                while let byte = current, Self.isBareKeyByte(byte) { advance() }
                guard index > begin else { throw error(atEnd ? "a key is missing" : "'\(describe(current))' cannot start a key (quote it)") }
                parts.append((String(decoding: bytes[begin..<index], as: UTF8.self), start))
            }
            skipBlanks()
            guard current == UInt8(ascii: ".") else { return parts }
            advance()
        }
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end" }
        return byte == 0x0A ? "a line break" : String(decoding: [byte], as: UTF8.self)
    }

    // MARK: strings

    /// `"…"` with TOML's escapes.
    mutating func basicString() throws(TOMLError) -> String {
        advance()
        var result: [UInt8] = []
        while true {
            guard let byte = current, byte != 0x0A else { throw error("a string is never closed on its line") }
            if byte == UInt8(ascii: "\"") {
                advance()
                return String(decoding: result, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                result += try escape()
                continue
            }
            try checkStringByte(byte)
            result.append(byte)
            advance()
        }
    }

    /// `'…'`: no escapes.
    mutating func literalString() throws(TOMLError) -> String {
        advance()
        let start = index
        while let byte = current, byte != UInt8(ascii: "'") {
            guard byte != 0x0A else { throw error("a string is never closed on its line") }
            try checkStringByte(byte)
            advance()
        }
        guard !atEnd else { throw error("a string is never closed") }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        advance()
        return text
    }

    /// `"""…"""` or `'''…'''`: a line break right after the opening is dropped; in the basic
    /// form a backslash at a line's end drops the line break and the blanks after it.
    mutating func multilineString(literal: Bool) throws(TOMLError) -> String {
        let quote = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        skip(literal ? "'''" : "\"\"\"")
        _ = current == 0x0D && peek(1) == 0x0A ? skipNewline() : (current == 0x0A ? skipNewline() : false)
        var result: [UInt8] = []
        while true {
            guard let byte = current else { throw error("a multi-line string is never closed") }
            if byte == quote, peek(1) == quote, peek(2) == quote {
                // Up to two more quotes right before the closing three belong to the string.
                var run = 3
                while run < 5, peek(run) == quote { run += 1 }
                result += Array(repeating: quote, count: run - 3)
                for _ in 0..<run { advance() }
                return String(decoding: result, as: UTF8.self)
            }
            if !literal, byte == UInt8(ascii: "\\") {
                let save = (index, line, column)
                advance()
                skipBlanks()
                if current == 0x0A || (current == 0x0D && peek(1) == 0x0A) {
                    while let next = current, next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D { advance() }
                    continue
                }
                (index, line, column) = save
                result += try escape()
                continue
            }
            if byte == 0x0D, peek(1) == 0x0A {
                result += [0x0D, 0x0A]
                advance(); advance()
                continue
            }
            if byte != 0x0A { try checkStringByte(byte) }
            result.append(byte)
            advance()
        }
    }

    private func checkStringByte(_ byte: UInt8) throws(TOMLError) {
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F { throw error("a control character in a string (escape it)") }
    }

    private mutating func escape() throws(TOMLError) -> [UInt8] {
        let start = location
        advance()
        guard let byte = current else { throw error("a string is never closed") }
        advance()
        switch byte {
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "\""): return [UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): return [UInt8(ascii: "\\")]
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = byte == UInt8(ascii: "u") ? 4 : 8
            guard index + count <= bytes.count,
                  let value = UInt32(String(decoding: bytes[index..<(index + count)], as: UTF8.self), radix: 16),
                  bytes[index..<(index + count)].allSatisfy({ Self.isHex($0) }),
                  let scalar = Unicode.Scalar(value) else {
                throw TOMLError(location: start, message: "TOML: \\\(byte == UInt8(ascii: "u") ? "u" : "U") needs \(count) hex digits of a Unicode scalar")
            }
            for _ in 0..<count { advance() }
            return Array(String(scalar).utf8)
        default:
            throw TOMLError(location: start, message: "TOML: unknown escape '\\\(describe(byte))'")
        }
    }

    static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }
}
