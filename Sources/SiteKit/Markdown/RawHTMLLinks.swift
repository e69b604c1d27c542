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
    /// a `<`), but no string is made of them. A body's every highlighted span made strings
    /// for `<img>` alone: a tenth of a build with two pictures a post.
    static func forEachTag(in bytes: [UInt8], only: String? = nil, _ body: (String, [(String, String)], Range<Int>) -> Void) {
        let wanted = only.map { Array($0.utf8) }
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F || byte == 0x3A
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "!"), bytes[index...].starts(with: "<!--".utf8) {
                var end = index + 4
                while end < bytes.count, !bytes[end...].starts(with: "-->".utf8) { end += 1 }
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
            let element = isWanted ? String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased() : ""
            var attributes: [(String, String)] = []
            while cursor < bytes.count {
                while cursor < bytes.count, isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
                guard cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") else { break }
                let attributeStart = cursor
                while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "="), bytes[cursor] != UInt8(ascii: ">"),
                      bytes[cursor] != UInt8(ascii: "/") || cursor == attributeStart {
                    cursor += 1
                }
                let name = isWanted ? String(decoding: bytes[attributeStart..<cursor], as: UTF8.self).lowercased() : ""
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                var value = ""
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                        let quote = bytes[cursor]
                        let valueStart = cursor + 1
                        cursor = bytes[valueStart...].firstIndex(of: quote) ?? bytes.count
                        if isWanted { value = String(decoding: bytes[valueStart..<min(cursor, bytes.count)], as: UTF8.self) }
                        cursor += 1
                    } else {
                        let valueStart = cursor
                        while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                        if isWanted { value = String(decoding: bytes[valueStart..<cursor], as: UTF8.self) }
                    }
                }
                if isWanted, !name.isEmpty { attributes.append((name, value)) }
            }
            if isWanted { body(element, attributes, index..<min(cursor + 1, bytes.count)) }
            index = cursor + 1
        }
    }
}
