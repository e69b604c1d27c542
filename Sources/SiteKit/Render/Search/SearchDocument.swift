import Support

/// One published page as the search index sees it: its terms, each with a weight from
/// where it occurs (title, headings, tags and series, body), and its fragment, the file a
/// reader's browser fetches to show the page as a result (docs/search.md).
struct SearchDocument: Sendable {
    /// What a page's entry is made from. A preview server keeps entries by it: an edit
    /// makes the edited page's entry again, not the others' (``SearchIndexCache``).
    struct Source: Sendable, Hashable {
        var title: String
        /// The page's link, as the site's pages write it (under the base URL's path).
        var url: String
        /// `2016-08-11`; nil for a page of `Content/pages/`.
        var date: String?
        var tags: [String]
        var series: String?
        var headings: [String]
        var html: String
    }

    /// Each term with its weight (``Weight``), in the order first seen.
    var terms: [(term: String, weight: Int)]
    /// The fragment's JSON: `{"url", "title", "date", "text"}`.
    var fragment: String

    /// How much an occurrence counts: a title match ranks above a heading's, a heading's
    /// and a tag's above the body's (docs/search.md, "Ranking").
    enum Weight {
        static let title = 30
        static let heading = 12
        static let tagOrSeries = 10
        /// The body's part grows with the log of the count, up to this.
        static let bodyMaximum = 8
        /// Every weight fits two digits of the postings' encoding.
        static let maximum = 1023
    }

    /// The bytes of the page's text that its fragment carries, for the excerpt.
    static let fragmentTextBytes = 1200

    init(_ source: Source, tokenizer: SearchTokenizer) {
        struct Counts {
            var title = false, heading = false, meta = false, body = 0
            mutating func add(_ other: Counts) {
                (title, heading, meta, body) = (title || other.title, heading || other.heading, meta || other.meta, body + other.body)
            }
        }
        var counts: [String: Counts] = [:]
        var order: [String] = []
        // Words as they are first, each distinct one stemmed once after.
        let words = SearchTokenizer(stems: false)
        func count(_ text: String, _ update: (inout Counts) -> Void) {
            words.forEachTerm(in: text) { term in
                if counts[term] == nil { order.append(term) }
                update(&counts[term, default: Counts()])
            }
        }
        count(source.title) { $0.title = true }
        for heading in source.headings { count(heading) { $0.heading = true } }
        for tag in source.tags { count(tag) { $0.meta = true } }
        if let series = source.series { count(series) { $0.meta = true } }
        let text = SearchText.plainText(ofHTML: source.html)
        count(text) { $0.body += 1 }
        if tokenizer.stems {
            var stemmed: [String: Counts] = [:]
            var stems: [String] = []
            for word in order {
                let stem = EnglishStemmer.stem(word)
                if stemmed[stem] == nil { stems.append(stem) }
                stemmed[stem, default: Counts()].add(counts[word] ?? Counts())
            }
            (counts, order) = (stemmed, stems)
        }
        terms = order.map { term in
            let found = counts[term] ?? Counts()
            var weight = (found.title ? Weight.title : 0) + (found.heading ? Weight.heading : 0) + (found.meta ? Weight.tagOrSeries : 0)
            if found.body > 0 { weight += min(Weight.bodyMaximum, Int.bitWidth - found.body.leadingZeroBitCount) }
            return (term, min(weight, Weight.maximum))
        }
        let q = JSONText.quoted
        fragment = "{\"url\":\(q(source.url)),\"title\":\(q(source.title)),\"date\":\(source.date.map(q) ?? "null"),"
            + "\"text\":\(q(SearchText.prefix(of: text, bytes: Self.fragmentTextBytes)))}\n"
    }
}

/// The text a reader sees on a page, from its body's HTML: tags left out (a block's tag
/// as a space), `script` and `style` elements and headings' `#` links (`heading-anchor`)
/// left out, entities decoded, runs of white
/// space as one space. The body is HTML that sitegen's renderer wrote, and raw HTML of a
/// post; either way only the text between tags counts.
enum SearchText {
    static func plainText(ofHTML html: String) -> String {
        var html = html
        let text: [UInt8] = html.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count / 2)
            var index = 0
            var pendingSpace = false
            func space() { pendingSpace = !out.isEmpty }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    let (name, end) = tag(bytes, at: index)
                    if name == "script" || name == "style" || (name == "a" && contains(bytes[index..<end], "class=\"heading-anchor\"")) {
                        index = closing(name, bytes, from: end)
                        space()
                        continue
                    }
                    if !inlineTags.contains(name.hasPrefix("/") ? String(name.dropFirst()) : name) { space() }
                    index = end
                    continue
                }
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                    space()
                } else {
                    if pendingSpace { out.append(0x20); pendingSpace = false }
                    out.append(byte)
                }
                index += 1
            }
            return out
        }
        return HTMLText.decodingEntities(String(decoding: text, as: UTF8.self))
    }

    /// Tags within a line of text: their words run on (`<code>URL</code>Session` is one word).
    private static let inlineTags: Set<String> = ["a", "abbr", "b", "cite", "code", "del", "em", "i", "ins", "kbd", "mark",
                                                  "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var"]

    /// The lowercased name of the tag at `index` (`/p` for a closing tag, "" for a
    /// comment or a declaration) and the index after its `>`.
    private static func tag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (String, Int) {
        var end = index + 1
        if end + 2 < bytes.count, bytes[end] == UInt8(ascii: "!"), bytes[end + 1] == UInt8(ascii: "-"), bytes[end + 2] == UInt8(ascii: "-") {
            while end + 2 < bytes.count, !(bytes[end] == UInt8(ascii: "-") && bytes[end + 1] == UInt8(ascii: "-") && bytes[end + 2] == UInt8(ascii: ">")) { end += 1 }
            return ("", min(bytes.count, end + 3))
        }
        var name: [UInt8] = []
        if end < bytes.count, bytes[end] == UInt8(ascii: "/") { name.append(UInt8(ascii: "/")); end += 1 }
        while end < bytes.count, (bytes[end] | 0x20) >= 0x61, (bytes[end] | 0x20) <= 0x7A || (bytes[end] >= 0x30 && bytes[end] <= 0x39) {
            name.append(bytes[end] | 0x20)
            end += 1
        }
        var quote: UInt8 = 0
        while end < bytes.count {
            let byte = bytes[end]
            end += 1
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
        }
        return (String(decoding: name, as: UTF8.self), end)
    }

    private static func contains(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (bytes.startIndex...(bytes.endIndex - needle.count)).contains { start in bytes[start..<(start + needle.count)].elementsEqual(needle) }
    }

    /// The index after `</name>`, or the end.
    private static func closing(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                let (found, end) = tag(bytes, at: index)
                if found == "/" + name { return end }
            }
            index += 1
        }
        return bytes.count
    }

    /// At most `bytes` bytes of `text`, cut after a whole word where there is one.
    static func prefix(of text: String, bytes limit: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > limit else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        if let space = utf8[..<end].lastIndex(of: 0x20), utf8.distance(from: utf8.startIndex, to: space) > limit / 2 { end = space }
        return String(text[..<end]) + " …"
    }
}
