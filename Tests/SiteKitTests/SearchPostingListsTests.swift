import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// serve's postings, patched page by page (``SearchPostingLists``), against the postings a
/// full build makes of the same pages (``SearchIndex/postings()``): equal after every edit
/// of random sequences, stemmed and not.
@Suite("Search postings patched page by page")
struct SearchPostingListsTests {
    static let vocabulary = ["swift", "swiftly", "run", "running", "runs", "runner", "URLSession", "urlSession", "session",
                             "view", "views", "viewing", "presenter", "VIPER", "router", "protocol", "protocols", "generic",
                             "generics", "async", "await", "actor", "actors", "main", "queue", "data", "task", "tasks",
                             "café", "naïve", "x", "a", "i", "module", "modules", "build", "builds", "building", "Array<Int>"]

    static func document(_ random: inout SplitMix, url: String) -> SearchDocument {
        func words(_ count: Int) -> String {
            (0..<count).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }.joined(separator: " ")
        }
        let headings = (0..<Int(random.next() % 3)).map { _ in words(2) }
        let body = (0..<Int(random.next() % 4)).map { _ in "<p>\(words(Int(random.next() % 30)))</p>" }.joined()
            + (random.next() % 3 == 0 ? "<pre><code>let \(words(1)) = \(words(1))()</code></pre>" : "")
        return SearchDocument(SearchDocument.Source(title: words(1 + Int(random.next() % 4)), url: url, date: "2024-01-01",
                                                    tags: random.next() % 2 == 0 ? [words(1)] : [], series: nil, headings: headings, html: body))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6], [true, false])
    func patchedPostingsAreAFullBuildsAfterEveryEdit(seed: UInt64, stems: Bool) {
        var random = SplitMix(seed: seed)
        var documents = (0..<(1 + Int(random.next() % 40))).map { Self.document(&random, url: "/posts/\($0)/") }
        var lists = SearchPostingLists(documents: documents, stems: stems)
        #expect(lists.postings.elementsEqual(SearchIndex(documents: documents, stems: stems).postings(), by: ==), "seed \(seed): the first lists")
        for edit in 0..<60 {
            // One page or a few, as a burst of saves.
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let page = Int(random.next() % UInt64(documents.count))
                documents[page] = random.next() % 5 == 0
                    ? SearchDocument(SearchDocument.Source(title: "", url: "/posts/\(page)/", date: nil, tags: [], series: nil, headings: [], html: ""))
                    : Self.document(&random, url: "/posts/\(page)/")
                lists.replace(page: page, with: documents[page])
            }
            let expected = SearchIndex(documents: documents, stems: stems).postings()
            #expect(lists.postings.elementsEqual(expected, by: ==), "seed \(seed), edit \(edit)")
            if !lists.postings.elementsEqual(expected, by: ==) { return }
        }
    }
}
