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

    /// The entry as bytes, which ``SearchEntryStore`` keeps as they are: the number of
    /// words, the fragment, then each of the page's distinct words (unstemmed, in the order
    /// first seen: the index stems each distinct word of the site once, ``SearchIndex``)
    /// with where it occurs (a byte of places, then the body's count). A block is its length,
    /// then its bytes; numbers are LEB128. A build holds every page's entry until the index
    /// is made: as bytes, an entry is a third of what a table of its words and an array of
    /// their occurrences took, and one read from the store is not copied at all.
    private(set) var encoded: ArraySlice<UInt8>

    /// Where a term occurs on a page, which makes its weight there.
    struct Occurrences: Sendable {
        var title = false, heading = false, tagOrSeries = false
        var body = 0

        mutating func add(_ other: Occurrences) {
            title = title || other.title
            heading = heading || other.heading
            tagOrSeries = tagOrSeries || other.tagOrSeries
            body += other.body
        }

        /// The term's weight on the page: the places' weights added up, the body's growing
        /// with the log of the count.
        var weight: Int {
            var weight = (title ? Weight.title : 0) + (heading ? Weight.heading : 0) + (tagOrSeries ? Weight.tagOrSeries : 0)
            if body > 0 { weight += min(Weight.bodyMaximum, Int.bitWidth - body.leadingZeroBitCount) }
            return min(weight, Weight.maximum)
        }
    }

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

    init(_ source: Source) {
        var page = PageWords()
        page.add(source.title, as: .title)
        for heading in source.headings { page.add(heading, as: .heading) }
        for tag in source.tags { page.add(tag, as: .tagOrSeries) }
        if let series = source.series { page.add(series, as: .tagOrSeries) }
        page.place = .body
        SearchText.addWords(ofHTML: source.html, to: &page)
        // Only the text's beginning is kept (for the excerpt): the words are read from the HTML.
        let text = SearchText.plainText(ofHTML: source.html, limit: Self.fragmentTextBytes)
        let q = JSONText.quoted
        let fragment = "{\"url\":\(q(source.url)),\"title\":\(q(source.title)),\"date\":\(source.date.map(q) ?? "null"),"
            + "\"text\":\(q(SearchText.prefix(of: text, bytes: Self.fragmentTextBytes)))}\n"
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fragment.utf8.count + page.words.byteCount + 4 * page.words.count + 8)
        EntryBytes.append(page.words.count, to: &bytes)
        EntryBytes.append(block: fragment.utf8, to: &bytes)
        for word in 0..<page.words.count {
            EntryBytes.append(block: page.words.string(word), to: &bytes)
            let occurrences = page.occurrences[word]
            bytes.append((occurrences.title ? 1 : 0) | (occurrences.heading ? 2 : 0) | (occurrences.tagOrSeries ? 4 : 0))
            EntryBytes.append(occurrences.body, to: &bytes)
        }
        encoded = bytes[...]
    }

    /// An entry from its ``encoded`` bytes; nil when they are not one (a damaged store).
    init?(encoded: ArraySlice<UInt8>) {
        // Read through a pointer, as forEachWord does: read through the slice, the kept
        // entries' check was 130 of the 5,815 samples the index added to a 10,000-post build.
        let valid = encoded.withUnsafeBufferPointer { bytes in
            var reader = EntryBytes.Reader(bytes: bytes)
            guard let count = reader.number(), reader.block() != nil else { return false }
            for _ in 0..<count {
                guard reader.block() != nil, reader.byte() != nil, reader.number() != nil else { return false }
            }
            return reader.atEnd
        }
        guard valid else { return nil }
        self.encoded = encoded
    }

    /// The fragment's JSON: `{"url", "title", "date", "text"}`.
    var fragment: String {
        var reader = EntryBytes.Reader(bytes: encoded)
        _ = reader.number()
        return String(decoding: encoded[reader.block()!], as: UTF8.self)
    }

    /// The page's distinct words, each with where it occurs, in the order first seen.
    func forEachWord(_ body: (UnsafeBufferPointer<UInt8>, Occurrences) -> Void) {
        encoded.withUnsafeBufferPointer { bytes in
            var reader = EntryBytes.Reader(bytes: bytes)
            let count = reader.number()!
            _ = reader.block()
            for _ in 0..<count {
                let word = reader.block()!
                let places = reader.byte()!
                let occurrences = Occurrences(title: places & 1 != 0, heading: places & 2 != 0, tagOrSeries: places & 4 != 0,
                                              body: reader.number()!)
                body(UnsafeBufferPointer(rebasing: bytes[word]), occurrences)
            }
        }
    }
}

/// The numbers and blocks of an entry's and the store's bytes: a number in LEB128 (seven
/// bits a byte, the lowest first, the high bit set on all but the last), a block as its
/// length, then its bytes.
enum EntryBytes {
    static func append(_ number: Int, to bytes: inout [UInt8]) {
        var value = UInt(number)
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    static func append(block: some Collection<UInt8>, to bytes: inout [UInt8]) {
        append(block.count, to: &bytes)
        bytes += block
    }

    /// Reads what the append functions wrote, each read checked against the end (nil past it).
    struct Reader<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
        let bytes: Bytes
        private(set) var offset: Int

        init(bytes: Bytes) {
            self.bytes = bytes
            offset = bytes.startIndex
        }

        var atEnd: Bool { offset == bytes.endIndex }

        mutating func byte() -> UInt8? {
            guard offset < bytes.endIndex else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func number() -> Int? {
            var value = 0, shift = 0
            while offset < bytes.endIndex, shift < 63 {
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        /// A block's range in `bytes`.
        mutating func block() -> Range<Int>? {
            guard let length = number(), length <= bytes.endIndex - offset else { return nil }
            defer { offset += length }
            return offset..<(offset + length)
        }

        /// `count` bytes as they are.
        mutating func bytes(_ count: Int) -> Range<Int>? {
            guard count <= bytes.endIndex - offset else { return nil }
            defer { offset += count }
            return offset..<(offset + count)
        }
    }
}

/// A page's words as its entry is made: each distinct one numbered, with where it occurs.
private struct PageWords: SearchWordSink {
    enum Place { case title, heading, tagOrSeries, body }

    var words = SearchTermTable(capacity: 512)
    var occurrences: [SearchDocument.Occurrences] = []
    var place = Place.body

    init() { occurrences.reserveCapacity(512) }

    mutating func add(_ text: String, as place: Place) {
        self.place = place
        var text = text
        text.withUTF8 { SearchTokenizer.addWords(of: $0, to: &self) }
    }

    // Inlined into the tokenizer's loops: called for every word of every page.
    @inline(__always)
    mutating func add(word: UnsafeBufferPointer<UInt8>) {
        let (number, added) = words.number(of: word)
        if added {
            // A new word's occurrences start with this one, set as they are appended.
            var first = SearchDocument.Occurrences()
            switch place {
            case .title: first.title = true
            case .heading: first.heading = true
            case .tagOrSeries: first.tagOrSeries = true
            case .body: first.body = 1
            }
            occurrences.append(first)
            return
        }
        switch place {
        case .title: occurrences[number].title = true
        case .heading: occurrences[number].heading = true
        case .tagOrSeries: occurrences[number].tagOrSeries = true
        case .body: occurrences[number].body += 1
        }
    }
}
