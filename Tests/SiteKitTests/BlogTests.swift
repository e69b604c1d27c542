import Foundation
@testable import Markdown
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// The blog in `Content/` itself: it builds, every post gets a page with the author's
/// whole text, and the home page links them all.
@Suite("The blog", .serialized)
struct BlogTests {
    static let built: (pages: [String: String], home: String, summary: SiteBuilder.Summary) = {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-blog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let summary = try! SiteBuilder(options: .init(siteRoot: SharedFolder.projectRoot, output: output)).build()
        var pages: [String: String] = [:]
        let posts = output.appendingPathComponent("posts")
        for slug in (try? FileManager.default.contentsOfDirectory(atPath: posts.path)) ?? [] {
            // Without the types check-snippets may have recorded in this checkout: the tests
            // read the code and the text as written, whether or not it ran.
            pages[slug] = (try? String(contentsOf: posts.appendingPathComponent("\(slug)/index.html"), encoding: .utf8))?.withoutTypes
        }
        // The home page and its pagination pages, in order.
        let home = ["index.html", "page/2/index.html"].map {
            (try? String(contentsOf: output.appendingPathComponent($0), encoding: .utf8)) ?? ""
        }.joined()
        return (pages, home, summary)
    }()

    @Test func buildsTwelvePostsWithoutWarnings() {
        #expect(Self.built.summary.posts == 12)
        #expect(Self.built.pages.count == 12)
        #expect(Self.built.summary.warnings.isEmpty, "\(Self.built.summary.warnings)")
    }

    @Test func homePagesLinkEveryPostOnceNewestFirst() throws {
        let order = Self.built.pages.keys.compactMap { slug in
            Self.built.home.range(of: "<h2 class=\"post-item-title\"><a href=\"/posts/\(slug)/\">").map { ($0.lowerBound, slug) }
        }.sorted { $0.0 < $1.0 }.map(\.1)
        #expect(order.count == 12, "home pages miss posts")
        #expect(order.first == "building-list-screens-with-uicollectionview")
        #expect(order.last == "eat-that-frog-plan-every-day-in-advance")
    }

    @Test func viperPartTwoIsPartTwoOfThreeAndLinksToItsNeighbours() throws {
        let page = try #require(Self.built.pages["viper-interactor-and-entity"])
        #expect(PageText.flat(page).contains("Part 2 of 3 in VIPER"))
        #expect(page.contains("rel=\"prev\" href=\"/posts/viper-an-ios-architecture/\""))
        #expect(page.contains("rel=\"next\" href=\"/posts/viper-class-binding-using-protocol/\""))
    }

    /// The published code, read back from the HTML (tags removed, entities decoded), is the
    /// Markdown's character for character, hidden lines aside; and it is highlighted.
    @Test func everySwiftBlockIsHighlightedAndReadsAsWritten() throws {
        let site = try SiteLoader(layout: SiteLayout(root: SharedFolder.projectRoot)).load().site
        var blocks = 0
        for post in site.posts {
            let document = try MarkdownDocument.parse(post.body)
            let written = BlockWalk.leaves(of: document.blocks).compactMap { block -> String? in
                guard case .codeBlock(let info, let literal) = block.kind, SnippetExtractor.isSwift(info) else { return nil }
                return HiddenLines.visible(literal)
            }
            let page = try #require(Self.built.pages[post.slug])
            let published = page.matches(of: #/<pre tabindex="0"><code class="language-swift">(.*?)</code></pre>/#.dotMatchesNewlines()).map { match in
                HTMLText.decodingEntities(String(match.1).replacing(#/<[^>]+>/#, with: ""))
            }
            #expect(published == written, "\(post.sourcePath)")
            let spans = page.matches(of: #/<pre tabindex="0"><code class="language-swift">(.*?)</code></pre>/#.dotMatchesNewlines())
            for span in spans { #expect(span.1.contains("<span class=\""), "\(post.sourcePath): a Swift block without highlighting") }
            blocks += written.count
        }
        #expect(blocks == 41)
    }

    @Test(.enabled(if: MathFixtures.katex != nil, "KaTeX is not installed (apt-get install katex)"))
    func theTalkNotesFormulaIsMathMLNotDollarsAndBackslashes() throws {
        let page = try #require(Self.built.pages["building-list-screens-with-uicollectionview"])
        #expect(page.contains("<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(page.contains("<mfrac>"))
        #expect(!page.contains("$$") && !page.contains("language-math"))
    }

    @Test func eatThatFrogSeriesListsItsFiveChaptersInBookOrder() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-frog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuilder(options: .init(siteRoot: SharedFolder.projectRoot, output: output)).build()
        let page = try String(contentsOf: output.appendingPathComponent("series/eat-that-frog/index.html"), encoding: .utf8)
        let chapters = ["plan-every-day-in-advance", "consider-the-consequences", "practice-the-abcde-method-continually",
                        "focus-on-key-result-areas", "obey-the-law-of-forced-efficiency"]
        let positions = try chapters.map { try #require(page.range(of: "href=\"/posts/eat-that-frog-\($0)/\"")).lowerBound }
        #expect(positions.isSorted)
        for part in 1...5 { #expect(PageText.flat(page).contains("Part \(part) Eat That Frog")) }
        #expect(!PageText.flat(page).contains("Part 6"))
    }

    /// A paragraph may stand twice in a post only where the author wrote it twice
    /// ("Now here is a code for UIView:" introduces two different samples).
    @Test(.enabled(if: SharedFolder.exists("seeds"), "../shared/seeds absent: the doubling check is not run"))
    func noParagraphIsDoubled() throws {
        let seedLineCounts = try Self.seedTexts().map { text in
            Dictionary(text.split(separator: "\n").map { (PageText.words(of: String($0)).joined(separator: " "), 1) }, uniquingKeysWith: +)
        }
        for (slug, html) in Self.built.pages {
            let paragraphs = PageText.paragraphs(of: html).filter { $0.split(separator: " ").count >= 4 }
            for (paragraph, copies) in Dictionary(grouping: paragraphs, by: { $0 }) where copies.count > 1 {
                let authored = seedLineCounts.map { $0[paragraph] ?? 0 }.max() ?? 0
                #expect(copies.count <= authored, "\(slug) has '\(paragraph)' \(copies.count) times, the author wrote it \(authored) times")
            }
        }
    }

    static func seedTexts() throws -> [String] {
        let folder = SharedFolder.url.appendingPathComponent("seeds")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }
    }

    /// Every line of the author's exported text (six words or more) is on some post's page.
    /// A line may differ by one word in ten: typos in prose were fixed.
    /// Lines of the export that are not the author's text: page chrome of the site the
    /// project write-up was exported from, published as a link to the repository instead.
    static let deliberateEdits: Set<String> = ["tonespy / wafer-coding-challenge Goto Github PK"]

    @Test(.enabled(if: SharedFolder.exists("seeds"), "../shared/seeds absent: the seed comparison is not run"))
    func everySeedLineIsPublished() throws {
        let pageWords = Self.built.pages.mapValues { PageText.words(of: PageText.plainText(of: $0)) }
        let pageJoined = pageWords.mapValues { " " + $0.joined(separator: " ") + " " }
        var missing: [String] = []
        var checked = Set<String>()
        for text in try Self.seedTexts() {
            for line in text.split(separator: "\n") {
                let words = PageText.words(of: String(line))
                guard words.count >= 6, !Self.deliberateEdits.contains(String(line)),
                      checked.insert(words.joined(separator: " ")).inserted else { continue }
                let needle = " " + words.joined(separator: " ") + " "
                if pageJoined.values.contains(where: { $0.contains(needle) }) { continue }
                if pageWords.values.contains(where: { PageText.containsNearly(words, in: $0) }) { continue }
                missing.append(String(line.prefix(100)))
            }
        }
        #expect(checked.count > 150, "the seeds were read")
        #expect(missing.isEmpty, "lines of the seeds not found in any post:\n\(missing.joined(separator: "\n"))")
    }
}

/// The text a reader sees on a page, for comparing with the author's source.
enum PageText {
    static func plainText(of html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; text.append(" ") } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return decodeEntities(text)
    }

    static func decodeEntities(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Lowercased runs of letters and digits: punctuation, quotes and markup do not count.
    static func words(of text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// The body's paragraphs and list items as normalized text.
    static func paragraphs(of html: String) -> [String] {
        html.components(separatedBy: "<p>").dropFirst().map { chunk in
            words(of: plainText(of: String(chunk.prefix { $0 != "\n" }))).joined(separator: " ")
        }
    }

    /// `needle` occurs in `haystack` with at most one differing word per ten.
    static func containsNearly(_ needle: [String], in haystack: [String]) -> Bool {
        let allowed = max(1, needle.count / 10)
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) {
            var differences = 0
            for (offset, word) in needle.enumerated() where haystack[start + offset] != word {
                differences += 1
                if differences > allowed { break }
            }
            if differences <= allowed { return true }
        }
        return false
    }
}

/// Every page of the blog is valid HTML by Debian's `tidy` (installed by .ci/run).
@Suite("Valid HTML")
struct ValidHTMLTests {
    static let tidy = ["/usr/bin/tidy", "/usr/local/bin/tidy"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: tidy != nil, "tidy is not installed (apt-get install tidy): HTML validity not checked"))
    func everyPagePassesTidy() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-tidy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let summary = try SiteBuilder(options: .init(siteRoot: SharedFolder.projectRoot, output: output)).build()
        let pages = DirectoryWalker.files(below: output.path, includeHidden: false).filter { $0.hasSuffix(".html") }
        #expect(pages.count == summary.pages)
        #expect(Set(["index.html", "archive/index.html", "tags/index.html", "tags/ios/index.html", "series/index.html",
                     "series/viper/index.html", "series/eat-that-frog/index.html", "about/index.html"]).isSubset(of: pages))
        for page in pages {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.tidy!)
            process.arguments = ["-e", "-q", output.appendingPathComponent(page).path]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = Pipe()
            try process.run()
            let report = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // tidy exits 0 when clean, 1 for warnings, 2 for errors. Errors fail; so does every
            // warning but one: tidy 5.6 predates ARIA 1.1 and calls `aria-current` proprietary.
            #expect(process.terminationStatus != 2, "\(page):\n\(report)")
            let warnings = report.split(separator: "\n").filter { !$0.hasSuffix("proprietary attribute \"aria-current\"") }
            #expect(warnings.isEmpty, "\(page):\n\(warnings.joined(separator: "\n"))")
        }
    }
}
