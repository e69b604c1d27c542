import Support

/// The text a reader sees on a page, from its body's HTML: tags left out (a block's tag
/// as a space), `script` and `style` elements and headings' `#` links (`heading-anchor`)
/// left out, entities decoded, runs of white space as one space. The body is HTML that
/// sitegen's renderer wrote, and raw HTML of a post; either way only the text between tags
/// counts. One pass over the bytes, with no string made per tag: a build reads every
/// page's body (a highlighted code block is a tag every few bytes).
enum SearchText {
    /// The text's UTF-8 bytes; with a `limit`, only its beginning: the text is made until it
    /// is longer than `limit` bytes (so its first `limit + 1` bytes are the whole text's).
    static func plainText(ofHTML html: String, limit: Int = .max) -> [UInt8] {
        var html = html
        return html.withUTF8 { bytes in
            // Never longer than the HTML: a space written stands for a tag or spaces read;
            // nor than two bytes past the limit, the most one step writes.
            [UInt8](unsafeUninitializedCapacity: limit >= bytes.count ? bytes.count : limit + 2) { out, written in
                var count = 0
                var index = 0
                var pendingSpace = false
                while index < bytes.count && count <= limit {
                    let byte = bytes[index]
                    if byte > 0x20 && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") {
                        if pendingSpace { out[count] = 0x20; count += 1; pendingSpace = false }
                        out[count] = byte
                        count += 1
                        index += 1
                        // The rest of the run of such bytes, with no space to write.
                        while index < bytes.count && count <= limit {
                            let byte = bytes[index]
                            guard byte > 0x20 && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") else { break }
                            out[count] = byte
                            count += 1
                            index += 1
                        }
                    } else if byte == UInt8(ascii: "<") {
                        let tag = afterTag(bytes, at: index)
                        if !tag.inline { pendingSpace = count > 0 }
                        index = tag.end
                    } else if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                        pendingSpace = count > 0
                        index += 1
                    } else {
                        if pendingSpace { out[count] = 0x20; count += 1; pendingSpace = false }
                        if byte == UInt8(ascii: "&"), let (decoded, length) = HTMLText.entity(in: bytes, at: index) {
                            out[count] = decoded
                            index += length
                        } else {
                            out[count] = byte
                            index += 1
                        }
                        count += 1
                    }
                }
                written = count
            }
        }
    }

    /// Hands `sink` the words of the text of `html`, the same as ``plainText(ofHTML:limit:)``
    /// then ``SearchTokenizer/addWords(of:to:)`` would, in one pass and without making the
    /// text: every page's body is read here, and reading it twice was most of the index's
    /// cost. What the text would have between words (spaces, entities, punctuation, tags
    /// other than inline ones) is skipped; an inline tag within a word does not end it
    /// (`<code>URL</code>Session` is one word), so such a word's parts are joined.
    static func addWords<Sink: SearchWordSink>(ofHTML html: String, to sink: inout Sink) {
        var html = html
        html.withUTF8 { bytes in SearchTokenizer.byteKinds.withUnsafeBufferPointer { kinds in
            var joined: [UInt8] = []
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                // Between words: to the next word character.
                switch kinds[Int(byte)] {
                case .term, .wordPart:
                    break
                case .other:
                    if byte == UInt8(ascii: "<") {
                        index = afterTag(bytes, at: index).end
                    } else if byte == UInt8(ascii: "&"), let (_, length) = HTMLText.entity(in: bytes, at: index) {
                        // The entities decode to punctuation; their names are no words.
                        index += length
                    } else {
                        index += 1
                    }
                    continue
                case .nonASCII:
                    if SearchTokenizer.wordCharacterLength(bytes, index) == 0 {
                        index += SearchTokenizer.scalarLength(byte)
                        continue
                    }
                }
                // A word: its runs of word characters, as long as only inline tags come between them.
                var shape = SearchTokenizer.WordShape()
                var start = index
                var isJoined = false
                while true {
                    let end = shape.scan(bytes, from: start, kinds: kinds)
                    var next = end
                    // Where the text goes on after the first other tag, read here rather than again.
                    var afterOther: Int? = nil
                    while next < count && bytes[next] == UInt8(ascii: "<") {
                        let tag = afterTag(bytes, at: next)
                        guard tag.inline else { afterOther = tag.end; break }
                        next = tag.end
                    }
                    if next > end && next < count && startsWord(bytes, at: next) {
                        if !isJoined { joined.removeAll(keepingCapacity: true); isJoined = true }
                        joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                        start = next
                        continue
                    }
                    if isJoined {
                        joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                        joined.withUnsafeBufferPointer { SearchTokenizer.addWord($0, shape, to: &sink) }
                    } else {
                        SearchTokenizer.addWord(UnsafeBufferPointer(rebasing: bytes[start..<end]), shape, to: &sink)
                    }
                    // The inline tags read after it stand for nothing, nor does the other tag (a space).
                    index = afterOther ?? next
                    break
                }
            }
        } }
    }

    private static func startsWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = bytes[index]
        return byte < 0x80 ? SearchTokenizer.isWordByte(byte) : SearchTokenizer.wordCharacterLength(bytes, index) > 0
    }

    /// Where the text goes on after the tag at `index`: after the tag, or after the element
    /// when it is left out (`script`, `style`, a heading's `#` link); and whether the tag is
    /// an inline one, which the text runs on through (any other stands for a space).
    @inline(__always)
    private static func afterTag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (end: Int, inline: Bool) {
        let tag = tag(bytes, at: index)
        if !tag.closing && (tag.name == script || tag.name == style
                            || (tag.name == anchor && contains(bytes[index..<tag.end], headingAnchor))) {
            return (closing(tag.name, bytes, from: tag.end), false)
        }
        return (tag.end, tag.name == span || inlineTags.contains(tag.name))
    }

    /// A tag's name, lowercased, its first 8 bytes packed into a number (0 for a comment or
    /// a declaration); the tags that matter here are all shorter.
    static func packed(_ name: StaticString) -> UInt64 {
        var value: UInt64 = 0
        for offset in (0..<name.utf8CodeUnitCount).reversed() { value = value << 8 | UInt64(name.utf8Start[offset]) }
        return value
    }

    // Packed by hand (a test checks them against ``packed(_:)``): a literal needs no lazy
    // initializer, whose check ran at every tag.
    static let script: UInt64 = 0x74_70_69_72_63_73, style: UInt64 = 0x65_6C_79_74_73, anchor: UInt64 = 0x61
    static let span: UInt64 = 0x6E_61_70_73
    private static let headingAnchor = Array("class=\"heading-anchor\"".utf8)

    /// Tags within a line of text: their words run on (`<code>URL</code>Session` is one
    /// word). `span` first: highlighted code is mostly spans.
    private static let inlineTags: [UInt64] = ["span", "a", "abbr", "b", "cite", "code", "del", "em", "i", "ins", "kbd", "mark",
                                               "q", "s", "samp", "small", "strong", "sub", "sup", "time", "u", "var"].map(packed)

    /// The tag at `index`: its packed name, whether it closes, and the index after its `>`.
    private static func tag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (name: UInt64, closing: Bool, end: Int) {
        var end = index + 1
        if end + 2 < bytes.count, bytes[end] == UInt8(ascii: "!"), bytes[end + 1] == UInt8(ascii: "-"), bytes[end + 2] == UInt8(ascii: "-") {
            while end + 2 < bytes.count, !(bytes[end] == UInt8(ascii: "-") && bytes[end + 1] == UInt8(ascii: "-") && bytes[end + 2] == UInt8(ascii: ">")) { end += 1 }
            return (0, false, min(bytes.count, end + 3))
        }
        var closing = false
        if end < bytes.count, bytes[end] == UInt8(ascii: "/") { closing = true; end += 1 }
        var name: UInt64 = 0, length = 0
        while end < bytes.count {
            let byte = bytes[end]
            // Letters only: `h2` is packed as `h`, which is none of those above either.
            guard (byte | 0x20) &- 0x61 < 26 else { break }
            // A name longer than 8 bytes is none of those above: its packing only has to differ from theirs.
            if length < 8 { name |= UInt64(byte | 0x20) << (8 * UInt64(length)) } else { name = .max }
            length += 1
            end += 1
        }
        // To the `>` outside quotes. Most bytes of a tag are letters, past `'` and `"`.
        while end < bytes.count {
            let byte = bytes[end]
            end += 1
            if byte > UInt8(ascii: "'") && byte != UInt8(ascii: ">") { continue }
            if byte == UInt8(ascii: ">") { break }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                while end < bytes.count && bytes[end] != byte { end += 1 }
                end = min(end + 1, bytes.count)
            }
        }
        return (name, closing, end)
    }

    private static func contains(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (bytes.startIndex...(bytes.endIndex - needle.count)).contains { start in bytes[start..<(start + needle.count)].elementsEqual(needle) }
    }

    /// The index after the closing tag of `name`, or the end.
    private static func closing(_ name: UInt64, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                let found = tag(bytes, at: index)
                if found.closing && found.name == name { return found.end }
            }
            index += 1
        }
        return bytes.count
    }

    /// At most `limit` bytes of `text`, cut after a whole word where there is one.
    static func prefix(of text: [UInt8], bytes limit: Int) -> String {
        guard text.count > limit else { return String(decoding: text, as: UTF8.self) }
        var end = limit
        while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }
        if let space = text[..<end].lastIndex(of: 0x20), space > limit / 2 { end = space }
        return String(decoding: text[..<end], as: UTF8.self) + " …"
    }
}
