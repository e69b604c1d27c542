import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The index's parts on their own: terms of prose and code, the postings' numbers, the chunks.
@Suite("Search index")
struct SearchIndexTests {
    let english = SearchTokenizer(stems: true)
    let plain = SearchTokenizer(stems: false)

    @Test func anIdentifierIsKeptWholeAndInItsParts() {
        #expect(plain.terms(in: "URLSession") == ["urlsession", "url", "session"])
        #expect(plain.terms(in: "urlSession") == ["urlsession", "url", "session"])
        #expect(plain.terms(in: "url_session") == ["urlsession", "url", "session"])
        #expect(plain.terms(in: "JSONDecoder.decode(_:from:)") == ["jsondecoder", "json", "decoder", "decode", "from"])
        #expect(plain.terms(in: "UTF8String base64Encoded") == ["utf8string", "utf8", "string", "base64encoded", "base64", "encoded"])
        #expect(plain.terms(in: "__init__ x") == ["init"])
    }

    @Test func proseIsCutAtPunctuationAndStemmedInEnglish() {
        #expect(english.terms(in: "Connecting the actors' connections — isolated; e.g. iOS") ==
                ["connect", "the", "actor", "connect", "isol", "io", "os"])
        #expect(plain.terms(in: "Connecting the actors") == ["connecting", "the", "actors"])
    }

    @Test func lettersOfOtherScriptsMakeWordsUnstemmed() {
        #expect(english.terms(in: "Die Häuser, l’été 東京") == ["die", "häuser", "été", "東京"])
        // A term longer than the limit is nobody's query.
        #expect(plain.terms(in: String(repeating: "a", count: 41) + " ok") == ["ok"])
    }

    @Test func aPageIsTextWithoutItsTagsScriptsAndEntities() {
        let html = "<h2 id=\"a\">Using <code>URLSession</code><a class=\"heading-anchor\" href=\"#a\">#</a></h2><p>Fetch &amp; decode<script>var hidden = 1;</script></p>"
            + "<!-- a comment --><pre><code><span class=\"k\">let</span> s = <span class=\"n\">URL</span>Session()</code></pre>"
        #expect(String(decoding: SearchText.plainText(ofHTML: html), as: UTF8.self) == "Using URLSession Fetch & decode let s = URLSession()")
        // Decoded once: an escaped entity stays an entity.
        #expect(String(decoding: SearchText.plainText(ofHTML: "<p>&amp;lt; a&nbsp;b</p>"), as: UTF8.self) == "&lt; a&nbsp;b")
    }

    /// A page's words are read from its HTML in one pass: they must be those of its text.
    @Test func theWordsOfAPageAreThoseOfItsText() {
        struct Words: SearchWordSink {
            var words: [String] = []
            mutating func add(word: UnsafeBufferPointer<UInt8>) { words.append(String(decoding: word, as: UTF8.self)) }
        }
        let pages = [
            "<h2 id=\"a\">Using <code>URLSession</code><a class=\"heading-anchor\" href=\"#a\">#</a></h2><p>Fetch &amp; decode<script>var hidden = 1;</script></p>",
            "<!-- a comment --><pre><code><span class=\"k\">let</span> s = <span class=\"n\">URL</span>Session()</code></pre>",
            "<p>a<em>b</em><strong>C</strong>d_e<br>f<span></span></p>g<a href=\"x\">h</a>I&amp;lt; a&nbsp;b &copy;x &am",
            "<p>Die <b>Häu</b>ser, l’été 東京<i>都</i> x<span>—</span>y 𝒳<span>1</span>", "tail<span", "<p>" + String(repeating: "ab", count: 30) + "<i>Cd</i></p>",
            "<style>p { x: 1 }</style>word<script>never", "<div title='a>b'>q</div>z<A HREF=x>Q</A>", "&amp;&lt;&#39;s &#x27;t\u{0C}u",
            // A word's end read with the tag after it, which the next word starts after.
            "w<script>x</script>y<br>z<a class=\"heading-anchor\" href=\"#z\">#</a>v<i>u</i><hr>t",
        ]
        for html in pages {
            var fromHTML = Words(), fromText = Words()
            SearchText.addWords(ofHTML: html, to: &fromHTML)
            SearchText.plainText(ofHTML: html).withUnsafeBufferPointer { SearchTokenizer.addWords(of: $0, to: &fromText) }
            #expect(fromHTML.words == fromText.words, "\(html)")
        }
        // The text's beginning is the whole text's.
        let html = pages.joined(separator: "<p>")
        let text = SearchText.plainText(ofHTML: html)
        for limit in [0, 1, 5, 40, 100, text.count - 1, text.count, text.count + 5] {
            let prefix = SearchText.plainText(ofHTML: html, limit: limit)
            #expect(prefix.count > limit || prefix == text)
            #expect(Array(prefix.prefix(limit + 1)) == Array(text.prefix(limit + 1)))
            #expect(SearchText.prefix(of: prefix, bytes: limit) == SearchText.prefix(of: text, bytes: limit))
        }
        #expect([SearchText.script, SearchText.style, SearchText.anchor, SearchText.span] 
                == [SearchText.packed("script"), SearchText.packed("style"), SearchText.packed("a"), SearchText.packed("span")])
    }

    /// Each term's weight on page 0 of an index of `sources`, read back from its postings.
    private func weights(_ sources: [SearchDocument.Source], stems: Bool = true) -> [String: Int] {
        let index = SearchIndex(documents: sources.map(SearchDocument.init), stems: stems)
        return Dictionary(uniqueKeysWithValues: index.postings().compactMap { term, postings in
            let numbers = SearchIndex.Postings.numbers(in: postings)
            return numbers[0] == 0 ? (String(decoding: term, as: UTF8.self), numbers[1]) : nil
        })
    }

    @Test func aTitleOutweighsAHeadingAndAHeadingTheBody() {
        let source = SearchDocument.Source(title: "Actors", url: "/a/", date: "2024-01-02", tags: ["Swift"], series: nil,
                                           headings: ["Isolation"], html: "<p>Actors give isolation. Tasks, tasks, tasks.</p>")
        let weights = weights([source])
        #expect(weights["actor"]! > weights["isol"]!)
        #expect(weights["isol"]! > weights["task"]!)
        #expect(weights["swift"] == SearchDocument.Weight.tagOrSeries)
        // Three occurrences count more than one, by the log of the count.
        #expect(weights["task"]! > weights["give"]!)
    }

    @Test func wordsOfOneStemAddUpOnAPageAndEachPageKeepsItsOwn() {
        let first = SearchDocument.Source(title: "Connections", url: "/a/", date: "2024-01-02", tags: [], series: nil, headings: [],
                                          html: "<p>Connecting, connected, connect.</p>")
        let second = SearchDocument.Source(title: "Pools", url: "/b/", date: "2024-01-03", tags: [], series: nil, headings: [],
                                           html: "<p>A pool connects once.</p>")
        let stemmed = weights([first, second])
        // The title's `connections` and the body's three words are one term: 30 + log2(3) + 1.
        #expect(stemmed["connect"] == SearchDocument.Weight.title + 2)
        #expect(stemmed["connecting"] == nil)
        let index = SearchIndex(documents: [first, second].map(SearchDocument.init), stems: true).postings()
        let connect = index.first { $0.term == Array("connect".utf8) }!
        // Page 0 with 32, then page 0 + 1 with 1 (`connects`, once in the body).
        #expect(SearchIndex.Postings.numbers(in: connect.postings) == [0, 32, 1, 1])
        let unstemmed = weights([first, second], stems: false)
        #expect(unstemmed["connections"] == SearchDocument.Weight.title && unstemmed["connecting"] == 1 && unstemmed["connect"] == 1)
        // Terms come sorted by their bytes.
        #expect(index.map(\.term) == index.map(\.term).sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func theTermTableNumbersEachDistinctStringOnceInTheOrderFirstAdded() {
        var table = SearchTermTable(capacity: 4)
        // Enough strings to grow the table several times, each added twice.
        let strings = (0..<5000).map { "term\($0)" } + ["", "é", "term1"]
        var numbers: [Int] = []
        for string in strings + strings {
            var string = string
            numbers.append(string.withUTF8 { table.number(of: $0).number })
        }
        #expect(table.count == 5002)
        #expect(Array(numbers[0..<5002]) == Array(0..<5002))
        #expect(numbers[5002] == 1)
        #expect(Array(numbers[5003...]) == Array(numbers[0..<5003]))
        #expect(String(decoding: table.string(4999), as: UTF8.self) == "term4999" && table.string(5000).isEmpty)
    }

    /// Strings of up to 8 bytes are told apart by their hash and length alone.
    @Test func theTermTableTellsShortStringsApartByEveryByte() {
        var table = SearchTermTable(capacity: 4)
        let base = Array("abcdefghij".utf8)
        // Every prefix, and each with one byte changed, at each position.
        var strings: [[UInt8]] = (0...base.count).map { Array(base.prefix($0)) }
        for length in 1...base.count {
            for position in 0..<length {
                var changed = Array(base.prefix(length))
                changed[position] ^= 0x20
                strings.append(changed)
            }
        }
        strings += [[0], [0, 0], [97, 0], [97, 0, 0, 0, 0, 0, 0, 0], [97]]
        let unique = strings.reduce(into: [[UInt8]]()) { if !$0.contains($1) { $0.append($1) } }
        let numbers = unique.map { string in string.withUnsafeBufferPointer { table.number(of: $0) } }
        #expect(numbers.map(\.number) == Array(0..<unique.count) && numbers.allSatisfy(\.added))
        let again = unique.map { string in string.withUnsafeBufferPointer { table.number(of: $0) } }
        #expect(again.map(\.number) == Array(0..<unique.count) && !again.contains { $0.added })
        #expect(unique.indices.allSatisfy { Array(table.string($0)) == unique[$0] })
    }

    @Test func postingsNumbersRoundTrip() {
        var postings = SearchIndex.Postings()
        let pages = [0, 1, 31, 32, 1000, 40_000, 100_000]
        for (number, page) in pages.enumerated() { postings.add(page: page, weight: number * 100) }
        let numbers = SearchIndex.Postings.numbers(in: postings.bytes)
        var page = 0
        #expect(stride(from: 0, to: numbers.count, by: 2).map { page += numbers[$0]; return page } == pages)
        #expect(stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] } == pages.indices.map { $0 * 100 })
        // Tabs and line ends separate terms: never a byte of the postings.
        #expect(!postings.bytes.contains(0x09) && !postings.bytes.contains(0x0A))
    }

    @Test func chunksCoverTheTermsInOrderEachNamedByASeparatorBetweenItsNeighbours() {
        let words = (0..<3000).map { "w\(String($0 * 7919 % 100_000, radix: 36))x" }
        let terms = Set(words).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { (term: Array($0.utf8), postings: Array("0A1B2C".utf8)) }
        let chunks = SearchIndex.chunks(of: terms)
        #expect(chunks.count > 5)
        #expect(chunks[0].first == "")
        var all: [String] = []
        var previousLast: String?
        for chunk in chunks {
            let lines = chunk.text.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
            if let previousLast {
                #expect(previousLast < chunk.first && chunk.first <= lines[0], "\(previousLast) < \(chunk.first) <= \(lines[0])")
                #expect(lines[0].hasPrefix(chunk.first))
            }
            previousLast = lines.last
            all += lines
            #expect(chunk.text.utf8.count < SearchIndex.chunkBytes(total: 3000 * 12) + 64)
        }
        #expect(all == terms.map { String(decoding: $0.term, as: UTF8.self) })
    }

    @Test func chunksGrowWithTheSquareRootOfTheIndex() {
        #expect(SearchIndex.chunkBytes(total: 1000) == 2048)
        let tenThousandPosts = SearchIndex.chunkBytes(total: 10_000_000), hundredThousand = SearchIndex.chunkBytes(total: 100_000_000)
        #expect(tenThousandPosts > 8000 && tenThousandPosts < 16000)
        #expect(hundredThousand > tenThousandPosts * 3 && hundredThousand <= 64 * 1024)
    }
}

@Suite("HTML entities")
struct HTMLEntityTests {
    @Test func theEntitiesSitegenWritesAreDecodedOnceOthersKept() {
        #expect(HTMLText.decodingEntities("a &lt;b&gt; &amp;lt; &quot;c&quot; &#39;d&#x27; &copy; & &am") == "a <b> &lt; \"c\" 'd' &copy; & &am")
        #expect(HTMLText.decodingEntities("plain é") == "plain é")
        #expect(HTMLText.decodingEntities(HTMLText.escaped("<a href=\"x\">'&'</a>")) == "<a href=\"x\">'&'</a>")
    }
}
