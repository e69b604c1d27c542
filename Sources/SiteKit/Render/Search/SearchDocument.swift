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

    /// The page's distinct words, unstemmed, in the order first seen: the index stems each
    /// distinct word of the site once (``SearchIndex``), not each page's.
    var words: SearchTermTable
    /// Where each of `words` occurs, by its number.
    var occurrences: [Occurrences]
    /// The fragment's JSON: `{"url", "title", "date", "text"}`.
    var fragment: String

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
        words = page.words
        occurrences = page.occurrences
        let q = JSONText.quoted
        fragment = "{\"url\":\(q(source.url)),\"title\":\(q(source.title)),\"date\":\(source.date.map(q) ?? "null"),"
            + "\"text\":\(q(SearchText.prefix(of: text, bytes: Self.fragmentTextBytes)))}\n"
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
