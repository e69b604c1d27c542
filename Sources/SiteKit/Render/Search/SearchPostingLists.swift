import Support

/// Each term's pages and weights, kept by a preview server from one rebuild to the next
/// and patched page by page: an edit of one page re-reads that page's words and re-encodes
/// the postings of the terms it had or has, not the whole site's (which was an eighth of a
/// one-post rebuild of a 10,000-post site). Its ``postings`` are always what
/// ``SearchIndex/postings()`` makes of the same documents; `SearchPostingListsTests` holds
/// the two to that.
struct SearchPostingLists {
    var stems: Bool { terms.stems }
    /// Every distinct word seen, and the term each is.
    private var terms: SearchWordTerms
    /// By term number: its pages in order with its weight on each, and those as written.
    private var pages: [[(page: Int32, weight: Int32)]] = []
    private var encoded: [[UInt8]] = []
    /// By page number: its terms with their weights.
    private var pageTerms: [[(term: Int32, weight: Int32)]] = []
    /// The terms on at least one page, sorted by their bytes.
    private var order: [Int] = []
    private var adding = SearchPageTerms()

    /// The lists of `documents`, page `n` being `documents[n]`.
    init(documents: [SearchDocument], stems: Bool) {
        terms = SearchWordTerms(stems: stems)
        for document in documents {
            let weights = termWeights(of: document)
            let page = Int32(pageTerms.count)
            for (term, weight) in weights { pages[Int(term)].append((page, weight)) }
            pageTerms.append(weights)
        }
        encoded = pages.map(Self.encode)
        order = terms.terms.sortedNumbers().filter { !pages[$0].isEmpty }
    }

    /// Page `page` is now `document`: its old terms lose it, its new ones gain it.
    mutating func replace(page: Int, with document: SearchDocument) {
        let old = pageTerms[page]
        let new = termWeights(of: document)
        var touched = Set<Int32>()
        let number = Int32(page)
        for (term, _) in old {
            // Looked up in place: a copy of the list held across the removal would make the
            // removal copy the whole list (a common term's has every page).
            let at = Self.position(of: number, in: pages[Int(term)])
            if at < pages[Int(term)].count, pages[Int(term)][at].page == number { pages[Int(term)].remove(at: at) }
            touched.insert(term)
        }
        for (term, weight) in new {
            let at = Self.position(of: number, in: pages[Int(term)])
            pages[Int(term)].insert((number, weight), at: at)
            touched.insert(term)
        }
        pageTerms[page] = new
        while encoded.count < pages.count { encoded.append([]) }
        for term in touched.map(Int.init) {
            let wasListed = !encoded[term].isEmpty
            encoded[term] = Self.encode(pages[term])
            if wasListed == !pages[term].isEmpty { continue }
            let at = orderPosition(of: term)
            if pages[term].isEmpty {
                order.remove(at: at)
            } else {
                order.insert(term, at: at)
            }
        }
    }

    /// Every term on a page with its postings, sorted by the terms' bytes.
    var postings: [(term: [UInt8], postings: [UInt8])] {
        order.map { (Array(terms.terms.string($0)), encoded[$0]) }
    }

    /// The page's terms, each with its weight there: the occurrences of its words of one
    /// stem added up, as ``SearchIndex/postings()`` does. New words and terms are numbered.
    private mutating func termWeights(of document: SearchDocument) -> [(term: Int32, weight: Int32)] {
        adding.startPage()
        document.forEachWord { word, occurrences in
            let (term, added) = terms.term(of: word)
            if added { pages.append([]) }
            adding.add(occurrences, to: term)
        }
        return adding.touched.map { (Int32($0), Int32(adding.weight(of: $0))) }
    }

    private static func encode(_ list: [(page: Int32, weight: Int32)]) -> [UInt8] {
        var postings = SearchIndex.Postings()
        for (page, weight) in list { postings.add(page: Int(page), weight: Int(weight)) }
        return postings.bytes
    }

    /// Where `page` is or would go in a term's list: the first entry not before it.
    private static func position(of page: Int32, in list: [(page: Int32, weight: Int32)]) -> Int {
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle].page < page { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where `term` is or would go in `order`, by its bytes.
    private func orderPosition(of term: Int) -> Int {
        let bytes = terms.terms.string(term)
        var (low, high) = (0, order.count)
        while low < high {
            let middle = (low + high) / 2
            let other = terms.terms.string(order[middle])
            if other.lexicographicallyPrecedes(bytes) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
