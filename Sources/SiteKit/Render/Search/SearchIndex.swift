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

    /// The index file, then the chunks, then the fragments.
    func files() -> [RenderedFile] {
        let chunks = Self.chunks(of: postings())
        var index = "{\"version\":\(Self.version),\"stemmer\":\(stems ? "\"porter\"" : "null"),\"pages\":\(documents.count),\"chunks\":["
        var files: [RenderedFile] = []
        for (number, chunk) in chunks.enumerated() {
            var hash = SHA256()
            hash.update(bytes: Array(chunk.text.utf8))
            let name = String(hash.hexDigest().prefix(10))
            index += (number == 0 ? "" : ",") + "[\(JSONText.quoted(chunk.first)),\"\(name)\"]"
            files.append(RenderedFile(path: Self.termsFolder + name + ".txt", contents: chunk.text))
        }
        index += "]}\n"
        return [RenderedFile(path: Self.indexPath, contents: index)] + files
            + documents.enumerated().map { RenderedFile(path: Self.pagesFolder + "\($0).json", contents: $1.fragment) }
    }

    /// Every term with its postings, page by page, sorted by the terms' bytes. Each distinct
    /// word of the site is numbered once and stemmed once (`stemOfWord`); a page's words of
    /// one stem add their occurrences up (`connecting`, `connections`).
    func postings() -> [(term: [UInt8], postings: [UInt8])] {
        var words = SearchTermTable(capacity: 16 * 1024)
        var terms = SearchTermTable(capacity: 16 * 1024)
        var stemOfWord: [Int] = []
        var postings: [Postings] = []
        // A page's occurrences by term, and the page that last touched each term.
        var occurrences: [SearchDocument.Occurrences] = []
        var lastPage: [Int] = []
        var touched: [Int] = []
        for (page, document) in documents.enumerated() {
            touched.removeAll(keepingCapacity: true)
            for word in 0..<document.words.count {
                let (number, added) = words.number(ofStringAt: word, in: document.words)
                if added {
                    let stemmed: (number: Int, added: Bool)
                    if stems {
                        var stem = EnglishStemmer.stem(String(decoding: document.words.string(word), as: UTF8.self))
                        stemmed = stem.withUTF8 { terms.number(of: $0) }
                    } else {
                        stemmed = terms.number(ofStringAt: word, in: document.words)
                    }
                    stemOfWord.append(stemmed.number)
                    if stemmed.added {
                        postings.append(Postings())
                        occurrences.append(SearchDocument.Occurrences())
                        lastPage.append(-1)
                    }
                }
                let term = stemOfWord[number]
                if lastPage[term] != page {
                    lastPage[term] = page
                    occurrences[term] = document.occurrences[word]
                    touched.append(term)
                } else {
                    occurrences[term].add(document.occurrences[word])
                }
            }
            for term in touched { postings[term].add(page: page, weight: occurrences[term].weight) }
        }
        let order = terms.sortedNumbers()
        return order.map { (Array(terms.string($0)), postings[$0].bytes) }
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
