import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// The search entries a full build keeps in `.sitegen-cache/search/` (``SearchEntryStore``):
/// an entry read back is the one made, a damaged or foreign store is made again, and a
/// build with the store writes what a build without it writes.
@Suite("Search entries kept between builds")
struct SearchEntryStoreTests {
    static let sources: [SearchDocument.Source] = [
        .init(title: "Understanding URLSession", url: "/posts/urlsession/", date: "2020-01-01", tags: ["networking"], series: nil,
              headings: ["Tasks & queues"], html: "<p>A look at <code>URLSession</code>, its <em>delegates</em> and tasks.</p>\n"),
        .init(title: "Café notes", url: "/posts/cafe/", date: "2021-02-03", tags: [], series: "Travel",
              headings: [], html: "<p>Über straße, naïve <a href=\"/x/\">façade</a>; 東京 and snake_case_name.</p>\n"),
        .init(title: "About", url: "/about/", date: nil, tags: [], series: nil, headings: [], html: ""),
        .init(title: "Decoding", url: "/posts/decoding/", date: "2022-03-04", tags: ["swift", "json"], series: nil, headings: ["Why"],
              html: "<pre><code><span class=\"hl-k\">let</span> user = <span class=\"hl-t\">JSONDecoder</span>().decode(User.self)</code></pre>\n"
                + String(repeating: "<p>Words words and more words, to pass the excerpt's length. </p>\n", count: 40)),
    ]

    /// A page's words with their places, as the index reads them.
    static func words(_ document: SearchDocument) -> [String] {
        var words: [String] = []
        document.forEachWord { word, found in
            words.append("\(String(decoding: word, as: UTF8.self)) \(found.title) \(found.heading) \(found.tagOrSeries) \(found.body)")
        }
        return words
    }

    static func temporaryStore() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-store-\(UUID().uuidString)/search/entries.bin")
    }

    @Test func anEntryReadBackIsTheEntryMade() throws {
        for source in Self.sources {
            let made = SearchDocument(source)
            let read = try #require(SearchDocument(encoded: made.encoded))
            #expect(Self.words(read) == Self.words(made))
            #expect(read.fragment == made.fragment)
            #expect(Self.words(made).isEmpty == source.title.isEmpty, "the title's words at least")
        }
        // The weights the index gives are those of the entry made.
        let made = Self.sources.map(SearchDocument.init)
        let read = made.compactMap { SearchDocument(encoded: $0.encoded) }
        #expect(SearchIndex(documents: read, stems: true).postings().map { $0.term + [9] + $0.postings }
                == SearchIndex(documents: made, stems: true).postings().map { $0.term + [9] + $0.postings })
    }

    @Test func bytesThatAreNotAnEntryAreNone() {
        let encoded = SearchDocument(Self.sources[0]).encoded
        for length in 0..<encoded.count {
            #expect(SearchDocument(encoded: encoded.prefix(length)) == nil, "cut to \(length) bytes")
        }
        #expect(SearchDocument(encoded: encoded + [0]) == nil)
        #expect(SearchDocument(encoded: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == nil)
    }

    @Test func theStoreKeepsEntriesUntilTheirSourceChanges() throws {
        let url = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let first = SearchEntryStore(url: url, stamp: Array("one".utf8))
        let made = Self.sources.map(first.document(for:))
        #expect(first.counts.made == Self.sources.count)
        first.save()
        let written = try #require(FileStatus.of(url.path))

        // All found: the same entries, and the file is not written again.
        let second = SearchEntryStore(url: url, stamp: Array("one".utf8))
        let read = Self.sources.map(second.document(for:))
        #expect(second.counts == (kept: Self.sources.count, made: 0))
        #expect(read.map(Self.words) == made.map(Self.words))
        #expect(read.map(\.fragment) == made.map(\.fragment))
        second.save()
        #expect(FileStatus.of(url.path) == written, "nothing changed, nothing written")

        // One source changed, one gone: one made, and the file holds the entries used.
        var changed = Self.sources
        changed[0].html += "<p>zeppelin</p>"
        changed.removeLast()
        let third = SearchEntryStore(url: url, stamp: Array("one".utf8))
        let remade = changed.map(third.document(for:))
        #expect(third.counts.made == 1)
        #expect(Self.words(remade[0]).contains { $0.hasPrefix("zeppelin ") })
        third.save()
        let fourth = SearchEntryStore(url: url, stamp: Array("one".utf8))
        _ = changed.map(fourth.document(for:))
        #expect(fourth.counts == (kept: changed.count, made: 0))

        // Another sitegen's store is not read.
        let other = SearchEntryStore(url: url, stamp: Array("two".utf8))
        _ = changed.map(other.document(for:))
        #expect(other.counts == (kept: 0, made: changed.count))
    }

    @Test func aDamagedStoreIsMadeAgain() throws {
        let url = Self.temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let store = SearchEntryStore(url: url, stamp: Array("one".utf8))
        let made = Self.sources.map(store.document(for:))
        store.save()
        let bytes = try RegularFile.read(url.path)
        for length in [0, 10, bytes.count / 2, bytes.count - 1] {
            try Data(bytes.prefix(length)).write(to: url)
            let damaged = SearchEntryStore(url: url, stamp: Array("one".utf8))
            #expect(Self.sources.map(damaged.document(for:)).map(Self.words) == made.map(Self.words))
            #expect(damaged.counts == (kept: 0, made: Self.sources.count), "cut to \(length) bytes")
        }
    }

    /// Two builds of one key would share an entry: the key covers every field of the source.
    @Test func everyFieldOfTheSourceIsInTheKey() {
        let source = Self.sources[0]
        var variants: [SearchDocument.Source] = []
        for field in 0..<7 {
            var changed = source
            switch field {
            case 0: changed.title += "!"
            case 1: changed.url += "x/"
            case 2: changed.date = nil
            case 3: changed.tags.append("more")
            case 4: changed.series = "A series"
            case 5: changed.headings = []
            default: changed.html += " "
            }
            variants.append(changed)
        }
        // Fields' bytes moved from one to the next are another key too.
        var moved = source
        moved.title = "Understanding"
        moved.url = " URLSession/posts/urlsession/"
        variants.append(moved)
        let keys = Set(([source] + variants).map(SearchEntryKey.init))
        #expect(keys.count == variants.count + 1)
    }

    @Test func aBuildWithTheStoreWritesWhatABuildWithoutItWrites() throws {
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: Actors\ndate: 2024-01-01\ntags: [swift]", body: "Isolation with `MainActor`.\n\n## Sendable\n\nChecked.\n"),
            "Content/posts/b.md": FixtureSite.post("title: Pools\ndate: 2024-02-01", body: "Connection pools, *pooled* connections.\n"),
            "Content/pages/about.md": "---\ntitle: About\n---\n\nWho writes here.\n",
        ])
        defer { site.remove() }
        let store = SearchEntryStore.url(siteRoot: site.root)
        _ = try site.build()
        let cold = site.outputSnapshot()
        let written = try #require(FileStatus.of(store.path), "a full build keeps its entries")
        _ = try site.build()
        #expect(site.outputSnapshot() == cold)
        #expect(FileStatus.of(store.path) == written, "every entry found: the store is not written again")

        // An edited post's entry is made again: its new word is in the index, its old one not.
        site.write("Content/posts/b.md", FixtureSite.post("title: Pools\ndate: 2024-02-01", body: "Zeppelin pools.\n"))
        _ = try site.build()
        let terms = try Self.terms(in: site)
        #expect(terms.contains("zeppelin") && !terms.contains("pooled"))
        let warm = site.outputSnapshot()
        try FileManager.default.removeItem(at: store.deletingLastPathComponent())
        _ = try site.build()
        #expect(site.outputSnapshot() == warm, "the same output without the store")
    }

    /// A site that turns search off has no use for its kept entries: a full build removes
    /// them, so that the next one does not read them; turned on again, a build makes them again.
    @Test func aBuildWithSearchOffRemovesTheStore() throws {
        let post = FixtureSite.post("title: Actors\ndate: 2024-01-01", body: "Isolation with `MainActor`.\n")
        let site = FixtureSite(["Content/posts/a.md": post])
        defer { site.remove() }
        let store = SearchEntryStore.url(siteRoot: site.root)
        _ = try site.build()
        #expect(FileStatus.of(store.path) != nil)
        site.write("Content/site.yml", "title: Blog\nbase_url: \"https://example.com/\"\nsearch: false\n")
        _ = try site.build()
        #expect(FileStatus.of(store.path) == nil, "search off: the kept entries are removed")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("search").path))
        site.write("Content/site.yml", "title: Blog\nbase_url: \"https://example.com/\"\nsearch: true\n")
        _ = try site.build()
        #expect(FileStatus.of(store.path) != nil, "search on again: the entries are made and kept")
        #expect(try Self.terms(in: site).contains("mainactor"))
    }

    @Test func aStoreLinkedOutOfTheSiteStopsTheBuild() throws {
        let site = FixtureSite(["Content/posts/a.md": FixtureSite.post("title: Actors\ndate: 2024-01-01", body: "Text.\n")])
        defer { site.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        _ = try site.build()
        let folder = SearchEntryStore.url(siteRoot: site.root).deletingLastPathComponent()
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: outside.path)
        let errors = site.failingBuild()
        #expect(errors.map(\.file) == [".sitegen-cache/search"], "\(errors.headlines)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing written through the link")
    }

    /// The terms of the index's chunks.
    static func terms(in site: FixtureSite) throws -> Set<String> {
        let folder = site.output.appendingPathComponent("search/terms")
        var terms = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") { terms.insert(String(line.prefix { $0 != "\t" })) }
        }
        return terms
    }
}
