import Foundation
import SiteKit

/// Just enough of Swift's lexical structure to find a type's body in a block: which bytes
/// are code, as opposed to comments (nested `/* */` too) and string literals (escapes,
/// interpolation, `"""` and raw `#"…"#` strings).
struct SwiftSourceScanner {
    let bytes: [UInt8]
    /// `true` for each byte that is code.
    private(set) var isCode: [Bool]

    init(_ text: String) {
        bytes = Array(text.utf8)
        isCode = Array(repeating: true, count: bytes.count)
        var index = 0
        scanCode(&index, untilCloseParen: false)
    }

    private func at(_ index: Int, _ text: String) -> Bool {
        let pattern = Array(text.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        return bytes[index..<index + pattern.count].elementsEqual(pattern)
    }

    /// Scans code from `index`; with `untilCloseParen`, stops after the `)` that closes an
    /// interpolation.
    private mutating func scanCode(_ index: inout Int, untilCloseParen: Bool) {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if at(index, "//") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { isCode[index] = false; index += 1 }
            } else if at(index, "/*") {
                var nesting = 0
                repeat {
                    if at(index, "/*") { nesting += 1; isCode[index] = false; isCode[index + 1] = false; index += 2 }
                    else if at(index, "*/") { nesting -= 1; isCode[index] = false; isCode[index + 1] = false; index += 2 }
                    else { isCode[index] = false; index += 1 }
                } while nesting > 0 && index < bytes.count
            } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && rawStringStart(index) != nil) {
                scanString(&index)
            } else if untilCloseParen && byte == UInt8(ascii: "(") {
                depth += 1; index += 1
            } else if untilCloseParen && byte == UInt8(ascii: ")") {
                if depth == 0 { index += 1; return }
                depth -= 1; index += 1
            } else {
                index += 1
            }
        }
    }

    /// The number of `#` before a `"` starting at `index`, if it starts a raw string.
    private func rawStringStart(_ index: Int) -> Int? {
        var hashes = 0
        while index + hashes < bytes.count && bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
        return index + hashes < bytes.count && bytes[index + hashes] == UInt8(ascii: "\"") ? hashes : nil
    }

    private mutating func scanString(_ index: inout Int) {
        let hashes = rawStringStart(index) ?? 0
        let start = index
        index += hashes
        let multiline = at(index, "\"\"\"")
        index += multiline ? 3 : 1
        let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        while index < bytes.count {
            if at(index, escape) {
                index += escape.utf8.count
                if index < bytes.count && bytes[index] == UInt8(ascii: "(") {
                    for i in start..<index { isCode[i] = false }
                    index += 1
                    scanCode(&index, untilCloseParen: true)
                    markNotCode(from: start, to: index)
                    continue
                }
                index += 1
            } else if at(index, closing) {
                index += closing.utf8.count
                break
            } else if !multiline && bytes[index] == UInt8(ascii: "\n") {
                break  // unterminated: the compiler reports it
            } else {
                index += 1
            }
        }
        markNotCode(from: start, to: index)
    }

    private mutating func markNotCode(from start: Int, to end: Int) {
        for i in start..<min(end, bytes.count) { isCode[i] = false }
    }

    /// The byte offset of the `}` closing the body of the last `class`/`struct`/`enum`/`actor`/
    /// `protocol` declaration of `type` (or, without one, the last `extension type`).
    func closingBrace(ofType type: String) -> Int? {
        var primary: Int?
        var extensionBrace: Int?
        let name = Array(type.utf8)
        var index = 0
        while index < bytes.count {
            guard isCode[index], isIdentifierStart(index) else { index += 1; continue }
            let word = identifier(at: index)
            index += word.count
            let keyword = String(decoding: word, as: UTF8.self)
            guard ["class", "struct", "enum", "actor", "protocol", "extension"].contains(keyword) else { continue }
            var next = index
            while next < bytes.count && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") || bytes[next] == UInt8(ascii: "\n")) { next += 1 }
            guard next < bytes.count, isCode[next], identifier(at: next).elementsEqual(name) else { continue }
            guard let close = bodyClose(after: next + name.count) else { continue }
            if keyword == "extension" { extensionBrace = close } else { primary = close }
        }
        return primary ?? extensionBrace
    }

    /// A declaration outside any braces: its name and its bytes, whole lines from any
    /// attribute lines above it to the line of its closing brace.
    struct Declaration: Equatable {
        /// `class X` → `X`, `func f(...)` → `f`, `init(...)` → `init`, and an extension by its
        /// type and conformances (`extension X:A,B`).
        var name: String
        var range: Range<Int>
    }

    /// The lines that start outside every bracket and hold code, as written: a block's
    /// statements and declarations, without their bodies and continuation lines.
    func topLevelLines() -> [String] {
        var lines: [String] = []
        var depth = 0, lineStart = 0, startDepth = 0, hasCode = false
        for index in 0...bytes.count {
            guard index < bytes.count, bytes[index] != UInt8(ascii: "\n") else {
                if startDepth == 0 && hasCode { lines.append(String(decoding: bytes[lineStart..<index], as: UTF8.self)) }
                (lineStart, startDepth, hasCode) = (index + 1, depth, false)
                continue
            }
            guard isCode[index] else { continue }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: hasCode = true
            }
        }
        return lines
    }

    /// The names the code declares outside any braces, for replacing an earlier version.
    func declaredNames() -> Set<String> {
        Set(topLevelDeclarations().map(\.name))
    }

    func topLevelDeclarations() -> [Declaration] {
        var declarations: [Declaration] = []
        var depth = 0
        var index = 0
        let keywords = ["class", "struct", "enum", "protocol", "actor", "typealias", "func", "var", "let", "extension", "init", "subscript"]
        while index < bytes.count {
            guard isCode[index] else { index += 1; continue }
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1; index += 1; continue }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth -= 1; index += 1; continue }
            guard depth == 0, isIdentifierStart(index) else { index += 1; continue }
            let keywordStart = index
            let word = String(decoding: identifier(at: index), as: UTF8.self)
            index += word.utf8.count
            guard keywords.contains(word) else { continue }
            var name = word
            if word != "init" && word != "subscript" {
                var next = index
                while next < bytes.count && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")) { next += 1 }
                guard next < bytes.count, isIdentifierStart(next) else { continue }
                name = String(decoding: identifier(at: next), as: UTF8.self)
                if word == "extension" {
                    var end = next
                    while end < bytes.count && !(isCode[end] && bytes[end] == UInt8(ascii: "{")) { end += 1 }
                    name = "extension " + String(decoding: bytes[next..<end], as: UTF8.self).filter { !$0.isWhitespace }
                }
            }
            let end = declarationEnd(from: index)
            declarations.append(Declaration(name: name, range: declarationStart(keywordStart)..<end))
            index = end
        }
        return declarations
    }

    /// The start of the keyword's line, or of the attribute lines (`@available(...)`) above it.
    private func declarationStart(_ keyword: Int) -> Int {
        var start = lineStart(keyword)
        while start > 0 {
            let previous = lineStart(start - 1)
            let text = String(decoding: bytes[previous..<(start - 1)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("@") else { break }
            start = previous
        }
        return start
    }

    private func lineStart(_ index: Int) -> Int {
        var start = index
        while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// After the line of the body's closing brace, or after the declaration's line when it
    /// has no body before the line ends.
    private func declarationEnd(from index: Int) -> Int {
        var i = index
        var depth = 0
        while i < bytes.count {
            if isCode[i] {
                switch bytes[i] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 && bytes[i] == UInt8(ascii: "}") { return lineEnd(i) }
                case UInt8(ascii: "\n") where depth == 0:
                    // A body may open on the next line (`class A\n{`): look past blank space.
                    var next = i + 1
                    while next < bytes.count && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") || bytes[next] == UInt8(ascii: "\n")) { next += 1 }
                    if next < bytes.count && bytes[next] == UInt8(ascii: "{") { i = next; continue }
                    return i + 1
                default: break
                }
            }
            i += 1
        }
        return bytes.count
    }

    private func lineEnd(_ index: Int) -> Int {
        var end = index
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return min(bytes.count, end + 1)
    }

    private func isIdentifierStart(_ index: Int) -> Bool {
        let byte = bytes[index]
        let startsWord = index == 0 || !isIdentifierByte(bytes[index - 1])
        return startsWord && (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") || byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") || byte == UInt8(ascii: "_"))
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") || byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private func identifier(at index: Int) -> ArraySlice<UInt8> {
        var end = index
        while end < bytes.count && isIdentifierByte(bytes[end]) { end += 1 }
        return bytes[index..<end]
    }

    /// The matching `}` of the first `{` (in code) after `index`.
    private func bodyClose(after index: Int) -> Int? {
        var i = index
        while i < bytes.count && !(isCode[i] && bytes[i] == UInt8(ascii: "{")) { i += 1 }
        var depth = 0
        while i < bytes.count {
            if isCode[i] {
                if bytes[i] == UInt8(ascii: "{") { depth += 1 }
                if bytes[i] == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return i }
                }
            }
            i += 1
        }
        return nil
    }
}
