import Support

/// The search index of a site's published pages, as files under `search/` (docs/search.md
/// is the format, version ``version``):
/// - `search/index.json`: the format's version, whether terms are stemmed, the number of
///   pages, and the chunks: for each, the first term it may hold and its file;
/// - `search/terms/<hash>.txt`: a chunk, a range of the sorted terms, one a line:
///   `term<TAB>postings`, the postings each page's number (as the difference from the one
///   before) and the term's weight on that page, as ``Postings`` writes numbers;
/// - `search/pages/<n>.json`: page `n`'s fragment (``SearchDocument``), fetched only for
///   the results a reader is shown.
/// A query reads the index file, then only the chunks its terms fall in.
struct SearchIndex: Sendable {
    static let version = 1
    static let indexPath = SiteFile.searchIndex.path
    static let termsFolder = SiteFile.searchTerms.path + "/"
    static let pagesFolder = SiteFile.searchPages.path + "/"

    var documents: [SearchDocument]
    var stems: Bool

    /// The index file, then the chunks, then the fragments of pages `fragmentsFrom` on (a
    /// full build writes the posts' as their pages are made). `postings`: the documents'
    /// postings when they are known already (``SearchPostingLists``).
    func files(postings known: [(term: [UInt8], postings: [UInt8])]? = nil, fragmentsFrom first: Int = 0) -> [RenderedFile] {
        let chunks = Self.chunks(of: known ?? postings())
        var index = "{\"version\":\(Self.version),\"stemmer\":\(stems ? "\"porter\"" : "null"),\"pages\":\(documents.count),\"chunks\":["
        var files: [RenderedFile] = []
        for (number, chunk) in chunks.enumerated() {
            let name = Self.chunkName(chunk.text)
            index += (number == 0 ? "" : ",") + "[\(JSONText.quoted(chunk.first)),\"\(name)\"]"
            files.append(RenderedFile(path: Self.termsFolder + name + ".txt", contents: chunk.text))
        }
        index += "]}\n"
        return [RenderedFile(path: Self.indexPath, contents: index)] + files
            + documents.indices.dropFirst(first).map { Self.fragment(of: $0, documents[$0]) }
    }

    /// A chunk's file name: the first 40 bits of its bytes' ``Hash128``, in 10 hex digits.
    static func chunkName(_ text: String) -> String {
        var hash = Hash128()
        hash.add(text)
        let hex = String(hash.finish().high >> 24, radix: 16)
        return String(repeating: "0", count: 10 - hex.count) + hex
    }

    /// Page `page`'s fragment file.
    static func fragment(of page: Int, _ document: SearchDocument) -> RenderedFile {
        RenderedFile(path: fragmentPath(of: page), contents: document.fragment)
    }

    static func fragmentPath(of page: Int) -> String { pagesFolder + "\(page).json" }

    /// Every term with its postings, page by page, sorted by the terms' bytes. Each distinct
    /// word of the site is numbered once and stemmed once (``SearchWordTerms``); a page's
    /// words of one stem add their occurrences up.
    func postings() -> [(term: [UInt8], postings: [UInt8])] {
        var terms = SearchWordTerms(stems: stems)
        var postings: [Postings] = []
        var pageTerms = SearchPageTerms()
        for (page, document) in documents.enumerated() {
            pageTerms.startPage()
            document.forEachWord { word, occurrences in
                let (term, added) = terms.term(of: word)
                if added { postings.append(Postings()) }
                pageTerms.add(occurrences, to: term)
            }
            for term in pageTerms.touched { postings[term].add(page: page, weight: pageTerms.weight(of: term)) }
        }
        let order = terms.terms.sortedNumbers()
        return order.map { (Array(terms.terms.string($0)), postings[$0].bytes) }
    }

    /// The bytes of a chunk: small enough that a query reads little, large enough that the
    /// index file, which lists every chunk, stays small too (both grow as the square root
    /// of the index's size).
    static func chunkBytes(total: Int) -> Int {
        min(64 * 1024, max(2 * 1024, Int(Double(total * 12).squareRoot())))
    }

    /// The terms cut into chunks, each named by the shortest start that still sorts after
    /// the last term of the chunk before.
    static func chunks(of terms: [(term: [UInt8], postings: [UInt8])]) -> [(first: String, text: String)] {
        let total = terms.reduce(0) { $0 + $1.term.count + $1.postings.count + 2 }
        let target = chunkBytes(total: total)
        var chunks: [(first: String, text: String)] = []
        var current: [UInt8] = []
        var first: [UInt8] = []
        var previous: [UInt8] = []
        for (term, postings) in terms {
            if current.isEmpty {
                // The shortest prefix of `term` greater than `previous`: sorted between them.
                var length = 1
                while length < term.count, !previous.isEmpty, !previous.lexicographicallyPrecedes(term.prefix(length)) { length += 1 }
                first = chunks.isEmpty ? [] : Array(term.prefix(length))
            }
            current += term
            current.append(0x09)
            current += postings
            current.append(0x0A)
            previous = term
            if current.count >= target {
                chunks.append((String(decoding: first, as: UTF8.self), String(decoding: current, as: UTF8.self)))
                current = []
            }
        }
        if !current.isEmpty || chunks.isEmpty {
            chunks.append((String(decoding: first, as: UTF8.self), String(decoding: current, as: UTF8.self)))
        }
        return chunks
    }

    /// A term's postings as written: pairs of numbers (the page's number less the previous
    /// page's, then the weight), each number in base 32, most significant digit first, a
    /// digit `d` as the byte `80 + d` (`P`…`o`) when more digits follow and `48 + d`
    /// (`0`…`O`) for the last.
    struct Postings {
        var bytes: [UInt8] = []
        private var last = 0

        mutating func add(page: Int, weight: Int) {
            Self.append(page - last, to: &bytes)
            Self.append(weight, to: &bytes)
            last = page
        }

        static func append(_ number: Int, to bytes: inout [UInt8]) {
            // Most numbers (a weight, the gap to the next page of a common term) are one digit.
            if number < 32 {
                bytes.append(UInt8(48 + number))
                return
            }
            var shift = 0
            while number >> (shift + 5) > 0 { shift += 5 }
            while shift > 0 {
                bytes.append(UInt8(80 + (number >> shift) & 31))
                shift -= 5
            }
            bytes.append(UInt8(48 + number & 31))
        }

        /// The numbers of `bytes`, for tests (the theme's script reads them the same way).
        static func numbers(in bytes: some Sequence<UInt8>) -> [Int] {
            var numbers: [Int] = [], value = 0
            for byte in bytes {
                if byte >= 80 {
                    value = value * 32 + Int(byte - 80)
                } else {
                    numbers.append(value * 32 + Int(byte - 48))
                    value = 0
                }
            }
            return numbers
        }
    }
}

/// Each distinct word of a site numbered once and stemmed once, and the term each is (the
/// word itself, or its stem): a site's words are far fewer than its pages' words.
struct SearchWordTerms {
    let stems: Bool
    private var words = SearchTermTable(capacity: 16 * 1024)
    private var termOfWord: [Int] = []
    /// The terms, numbered as they were first met.
    private(set) var terms = SearchTermTable(capacity: 16 * 1024)

    init(stems: Bool) { self.stems = stems }

    /// The term of a page's word, and whether the term is new.
    @inline(__always)
    mutating func term(of word: UnsafeBufferPointer<UInt8>) -> (number: Int, added: Bool) {
        let (number, added) = words.number(of: word)
        guard added else { return (termOfWord[number], false) }
        let term: (number: Int, added: Bool)
        if stems {
            var stem = EnglishStemmer.stem(String(decoding: word, as: UTF8.self))
            term = stem.withUTF8 { terms.number(of: $0) }
        } else {
            term = terms.number(of: word)
        }
        termOfWord.append(term.number)
        return term
    }
}

/// One page's occurrences added up by term, as its words are met: the words of one stem
/// count together. Reused page after page.
struct SearchPageTerms {
    private var occurrences: [SearchDocument.Occurrences] = []
    /// The page that last touched each term (pages counted from 1).
    private var pageOfTerm: [Int] = []
    private var page = 0
    /// The current page's terms, in the order met.
    private(set) var touched: [Int] = []

    mutating func startPage() {
        page += 1
        touched.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func add(_ found: SearchDocument.Occurrences, to term: Int) {
        while term >= occurrences.count {
            occurrences.append(SearchDocument.Occurrences())
            pageOfTerm.append(0)
        }
        if pageOfTerm[term] != page {
            pageOfTerm[term] = page
            occurrences[term] = found
            touched.append(term)
        } else {
            occurrences[term].add(found)
        }
    }

    /// The term's weight on the current page.
    func weight(of term: Int) -> Int { occurrences[term].weight }
}
