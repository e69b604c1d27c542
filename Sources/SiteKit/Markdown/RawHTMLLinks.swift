import Foundation
import Support

/// The links and anchors of raw HTML in a post, where the site allows raw HTML: the
/// `href` of `<a>` and the `src` of `<img>` and `<source>` are checked like Markdown links,
/// and the `id` of any element and the `name` of an `<a>` are places a `#fragment` may
/// lead to, as browsers take them. Comments are skipped (`<!-- <img src=old.png> -->`).
enum RawHTMLLinks {
    /// Element → the attribute that holds its link.
    static let linkAttributes: [String: String] = ["a": "href", "img": "src", "source": "src"]

    /// The URLs of `html`'s link attributes, in the order written, as written (entities kept).
    static func urls(in html: String) -> [String] {
        var urls: [String] = []
        forEachTag(in: html) { element, attributes in
            guard let wanted = linkAttributes[element] else { return }
            for (name, value) in attributes where name == wanted && !value.isEmpty { urls.append(value) }
        }
        return urls
    }

    /// The anchors of `html`: every `id`, and the `name` of each `<a>`, entities decoded.
    static func anchors(in html: String) -> Set<String> {
        var anchors = Set<String>()
        forEachTag(in: html) { element, attributes in
            for (name, value) in attributes where name == "id" || (name == "name" && element == "a") {
                anchors.insert(HTMLText.decodingEntities(value))
            }
        }
        return anchors
    }

    /// Calls `body` with each start tag's lower-case element name and its attributes
    /// (lower-case names; values without their quotes).
    static func forEachTag(in html: String, _ body: (String, [(String, String)]) -> Void) {
        forEachTag(in: Array(html.utf8)) { element, attributes, _ in body(element, attributes) }
    }

    /// The same, with each start tag's byte range in `bytes` (from `<` to `>` included, or
    /// to the end of an unclosed tag). With `only` (a lower-case element name), just the
    /// tags of that element: the others are still read to their end (a quoted value may hold
    /// a `<`), but no string is made of them and their attributes are only skipped. A body's
    /// every highlighted span made strings for `<img>` alone: a tenth of a build with two
    /// pictures a post.
    static func forEachTag(in bytes: [UInt8], only: String? = nil, _ body: (String, [(String, String)], Range<Int>) -> Void) {
        let wanted = only.map { Array($0.utf8) }
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index = next(UInt8(ascii: "<"), in: bytes, from: index)
                    continue
                }
                if index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "!"), bytes[index + 2] == UInt8(ascii: "-"), bytes[index + 3] == UInt8(ascii: "-") {
                    var end = index + 4
                    while end < bytes.count, !(bytes[end] == UInt8(ascii: "-") && end + 2 < bytes.count
                                               && bytes[end + 1] == UInt8(ascii: "-") && bytes[end + 2] == UInt8(ascii: ">")) { end += 1 }
                    index = end + 3
                    continue
                }
                var cursor = index + 1
                let nameStart = cursor
                while cursor < bytes.count, isNameByte(bytes[cursor]) { cursor += 1 }
                guard cursor > nameStart, bytes[nameStart] | 0x20 >= 0x61, bytes[nameStart] | 0x20 <= 0x7A else {
                    index += 1
                    continue
                }
                // Whether this tag is one asked for: its name compared byte by byte, ASCII case folded.
                let isWanted = wanted.map { name in
                    name.count == cursor - nameStart && zip(name, bytes[nameStart..<cursor]).allSatisfy { $0 == $1 | 0x20 || $0 == $1 }
                } ?? true
                if isWanted {
                    let element = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<cursor]), as: UTF8.self).lowercased()
                    var attributes: [(String, String)] = []
                    cursor = readAttributes(bytes, from: cursor) { attributes.append(($0, $1)) }
                    body(element, attributes, index..<min(cursor + 1, bytes.count))
                } else {
                    cursor = skipAttributes(bytes, from: cursor)
                }
                index = cursor + 1
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x3A
    }

    /// The index of the next `byte` from `start`, or the end.
    private static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Reads a start tag's attributes from after its name; returns the index of its `>` (or the end).
    private static func readAttributes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ add: (String, String) -> Void) -> Int {
        var cursor = start
        while cursor < bytes.count {
            while cursor < bytes.count, isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") else { break }
            let attributeStart = cursor
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "="), bytes[cursor] != UInt8(ascii: ">"),
                  bytes[cursor] != UInt8(ascii: "/") || cursor == attributeStart {
                cursor += 1
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[attributeStart..<cursor]), as: UTF8.self).lowercased()
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            var value = ""
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
                cursor += 1
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                    let valueStart = cursor + 1
                    cursor = next(bytes[cursor], in: bytes, from: valueStart)
                    value = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<cursor]), as: UTF8.self)
                    cursor += 1
                } else {
                    let valueStart = cursor
                    while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                    value = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<cursor]), as: UTF8.self)
                }
            }
            if !name.isEmpty { add(name, value) }
        }
        return cursor
    }

    /// Where `readAttributes` would stop, without reading the attributes: a quote opens a value
    /// only right after `=` (and blanks), and an unquoted value runs to a blank or `>`, as there.
    private static func skipAttributes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: ">") { break }
            cursor += 1
            guard byte == UInt8(ascii: "=") else { continue }
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count else { break }
            if bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                cursor = next(bytes[cursor], in: bytes, from: cursor + 1) + 1
            } else {
                while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
            }
        }
        return min(cursor, bytes.count)
    }
}
