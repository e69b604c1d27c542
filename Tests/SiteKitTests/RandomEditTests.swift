import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Random sequences of the edits an author makes while `sitegen serve` runs (a body, front
/// matter, a new, deleted or renamed post, a page, a static file, `site.yml`, a template
/// override, the theme's own files), each burst followed by a rebuild with the cache serve
/// keeps. After every burst the in-place output must be byte for byte a fresh full build's,
/// and a burst that breaks the site must fail both builds and leave the output as it was.
///
/// Each seed runs twice: rebuilds told nothing of what changed (they list and look at
/// everything), and rebuilds told the files each burst touched, as serve's watcher tells
/// them (``SourceChanges``), with now and then an overflow (`unknown`) instead.
///
/// The seeds below run every time; each one that ever failed is kept here. To look for new
/// failures, `SITEGEN_EDIT_SEEDS=100-199 swift test --filter RandomEditTests` runs others.
@Suite("Random edits while serving", .serialized)
struct RandomEditTests {
    /// Seeds that run in every test run: the first ones, and any that once found a bug.
    static let keptSeeds: [UInt64] = [1, 2, 3, 4]

    static var seeds: [UInt64] {
        guard let text = ProcessInfo.processInfo.environment["SITEGEN_EDIT_SEEDS"] else { return keptSeeds }
        let bounds = text.split(separator: "-").compactMap { UInt64($0) }
        return bounds.count == 2 ? Array(bounds[0]...bounds[1]) : bounds
    }

    /// How the rebuilds learn what changed.
    enum Route: String, CaseIterable, Sendable {
        /// Not at all: every rebuild lists and looks at every file.
        case everything
        /// The paths each burst touched, since the last rebuild that succeeded.
        case changedPaths
    }

    @Test(arguments: seeds, Route.allCases)
    func aServedSiteEqualsAFullBuildAfterEveryBurstOfEdits(seed: UInt64, route: Route) throws {
        var author = RandomAuthor(seed: seed)
        let site = FixtureSite(author.initialFiles, config: author.config)
        defer { site.remove() }
        let cache = RebuildCache()
        var log: [String] = []
        var lastGood: [String: Data]?
        // As serve keeps them: everything at first, then what each burst touched, until a rebuild succeeds.
        var changes = SourceChanges.unknown
        for step in 0..<14 {
            if step > 0 {
                let burst = author.burst(in: site)
                log.append("\(step): " + burst.joined(separator: "; "))
                // Now and then the watcher's queue overflows.
                if author.chance(8) {
                    changes = .unknown
                    log.append("   (overflow: unknown)")
                } else {
                    changes.formUnion(SourceChanges(files: Set(author.takeTouched().map { site.root.appendingPathComponent($0).standardizedFileURL.path })))
                }
            }
            let (expected, problems) = Self.fullBuild(site)
            if !problems.isEmpty { log.append("   the site does not build: \(problems.prefix(2))") }
            do {
                _ = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace(cache: cache, changes: route == .everything ? .unknown : changes)
                changes = .none
            } catch {
                if expected != nil {
                    Issue.record("seed \(seed), \(route): the rebuild failed where a full build passed: \(error.diagnostics.headlines)\n\(log.joined(separator: "\n"))")
                    return
                }
                if let lastGood, RebuildTests.tree(site.output) != lastGood {
                    Issue.record("seed \(seed), \(route): a failed rebuild changed the output\n\(log.joined(separator: "\n"))")
                    return
                }
                continue
            }
            guard let expected else {
                Issue.record("seed \(seed), \(route): the rebuild passed where a full build failed\n\(log.joined(separator: "\n"))")
                return
            }
            let served = RebuildTests.tree(site.output)
            let differing = Set(served.keys).symmetricDifference(expected.keys).sorted()
                + expected.keys.filter { served[$0] != nil && served[$0] != expected[$0] }.sorted()
            if !differing.isEmpty {
                Issue.record("seed \(seed), \(route), after step \(step): \(differing.prefix(8)) differ from a full build\n\(log.joined(separator: "\n"))")
                return
            }
            lastGood = served
        }
        // A run where most bursts broke the site proves little.
        #expect(lastGood != nil, "seed \(seed): no burst left a site that builds\n\(log.joined(separator: "\n"))")
    }

    /// A fresh full build of the site into a folder of its own: its files, or its errors.
    static func fullBuild(_ site: FixtureSite) -> (files: [String: Data]?, errors: [String]) {
        let fresh = site.root.appendingPathComponent("Fresh")
        defer { try? FileManager.default.removeItem(at: fresh) }
        do {
            _ = try SiteBuilder(options: .init(siteRoot: site.root, output: fresh)).build()
            return (RebuildTests.tree(fresh), [])
        } catch {
            return (nil, error.diagnostics.errors.map { "\($0.file): \($0.message)" })
        }
    }
}

/// Writes a site as a blogger does and edits it at random, from a seed.
struct RandomAuthor {
    var random: SplitMix
    /// The draws of what the edits gained later (the cover pictures, the site's address),
    /// apart from `random`'s, so that the kept seeds make the edits they always made, with
    /// those besides.
    var pictures: SplitMix
    /// The post files that exist, by name without `.md`.
    var posts: [String] = []
    var nextPost = 0
    /// Posts written as drafts: linking to one breaks the build, so the author does not.
    var drafts: Set<String> = []
    /// The files the edits since the last ``takeTouched()`` wrote, deleted or renamed, from the site's root.
    private var touched: [String] = []
    let words = ["protocol", "router", "presenter", "interactor", "entity", "closure", "actor", "struct", "Swift", "frog",
                 "focus", "plan", "result", "area", "list", "layout", "cell", "view", "model", "binding"]
    let tags = ["swift", "ios", "viper", "books", "productivity", "testing"]
    let series = ["VIPER", "Eat That Frog"]

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
        pictures = SplitMix(seed: seed &+ 0x5CA1_AB1E)
        for _ in 0..<6 { posts.append(newName()) }
    }

    var config: String { siteConfig(title: "Fixture Blog", perPage: 3) }

    func siteConfig(title: String, perPage: Int, baseURL: String = "https://example.com/") -> String {
        "title: \"\(title)\"\nbase_url: \"\(baseURL)\"\nlanguage: \"en\"\nposts_per_page: \(perPage)\n"
    }

    var initialFiles: [String: String] {
        var files: [String: String] = ["Content/pages/about.md": "---\ntitle: About\n---\n\nThis blog is about [the archive](/archive/).\n",
                                       "Content/static/images/diagram.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
                                       "Content/static/images/cover.svg": Self.cover(width: 1200, height: 630)]
        var copy = self
        // Published, all of them: a later post's draft would break an earlier one's link to it.
        for name in posts { files["Content/posts/\(name).md"] = copy.postText(name, mayBeDraft: false) }
        return files
    }

    mutating func newName() -> String {
        nextPost += 1
        return "\(pick(words).lowercased())-notes-\(nextPost)"
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    mutating func sentence() -> String {
        (0..<(3 + Int(random.next() % 8))).map { _ in pick(words) }.joined(separator: " ") + "."
    }

    /// A post as blogs have them: front matter with tags and maybe a series, prose, a heading,
    /// a code block, links to other posts and to the static image.
    mutating func postText(_ name: String, mayBeDraft: Bool = true) -> String {
        let day = 1 + Int(random.next() % 28)
        var front = "title: \"\(pick(words).capitalized) \(pick(words)) <\(nextPost)>\"\ndate: 2017-0\(1 + random.next() % 9)-\(day < 10 ? "0" : "")\(day)"
        front += "\ntags: [\((0..<Int(random.next() % 3)).map { _ in pick(tags) }.joined(separator: ", "))]"
        if chance(40) { front += "\nseries: \"\(pick(series))\"\nseries_order: \(1 + random.next() % 1000)" }
        if chance(20) { front += "\nsummary: \"\(sentence())\"" }
        // Shared with a cover picture: its size is on the page (og:image:width).
        if pictures.next() % 100 < 30 { front += "\nimage: /images/cover.svg" }
        drafts.remove(name)
        // Now and then (in an edit) a slug: another post's, which is a clash until the next rewrite.
        if mayBeDraft, chance(6), let other = posts.filter({ $0 != name }).randomElement(using: &random) { front += "\nslug: \(other)" }
        if mayBeDraft && chance(8) {
            front += "\ndraft: true"
            drafts.insert(name)
        }
        var body = sentence() + " " + sentence() + "\n\n## \(pick(words).capitalized)\n\n" + sentence() + "\n"
        if chance(50) { body += "\n```swift\nlet \(pick(words).lowercased()) = [\(random.next() % 9)]\n```\n" }
        if chance(50), let other = posts.filter({ $0 != name && !drafts.contains($0) }).randomElement(using: &random) {
            body += "\nSee [the other post](\(other).md).\n"
        }
        if chance(20) { body += "\n![A diagram](/images/diagram.svg)\n" }
        return FixtureSite.post(front, body: body)
    }

    /// One to three edits, as one save or a quick succession of them; what they were, for the log.
    mutating func burst(in site: FixtureSite) -> [String] {
        (0..<(1 + Int(random.next() % 3))).map { _ in edit(site) }
    }

    static func cover(width: Int, height: Int) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"/>"
    }

    mutating func takeTouched() -> [String] {
        defer { touched = [] }
        return touched
    }

    mutating func edit(_ site: FixtureSite) -> String {
        let manager = FileManager.default
        var touched: [String] = []
        defer { self.touched += touched }
        func url(_ path: String) -> URL { site.root.appendingPathComponent(path) }
        /// The URL of a file this edit deletes or renames.
        func touch(_ path: String) -> URL {
            touched.append(path)
            return url(path)
        }
        func write(_ path: String, _ text: String) {
            touched.append(path)
            site.write(path, text)
        }
        switch random.next() % 12 {
        case 0, 1, 2:
            guard let name = posts.randomElement(using: &random) else { return "nothing" }
            let text = (try? String(contentsOf: url("Content/posts/\(name).md"), encoding: .utf8)) ?? postText(name)
            write("Content/posts/\(name).md", text + "\n" + sentence() + "\n")
            return "append to \(name)"
        case 3, 4:
            guard let name = posts.randomElement(using: &random) else { return "nothing" }
            write("Content/posts/\(name).md", postText(name))
            return "rewrite \(name) (front matter and body)"
        case 5:
            let name = newName()
            posts.append(name)
            write("Content/posts/\(name).md", postText(name))
            return "add \(name)"
        case 6:
            guard posts.count > 2, let name = posts.randomElement(using: &random) else { return "nothing" }
            try? manager.removeItem(at: touch("Content/posts/\(name).md"))
            posts.removeAll { $0 == name }
            return "delete \(name)"
        case 7:
            guard let name = posts.randomElement(using: &random) else { return "nothing" }
            let renamed = newName()
            try? manager.moveItem(at: touch("Content/posts/\(name).md"), to: touch("Content/posts/\(renamed).md"))
            posts = posts.map { $0 == name ? renamed : $0 }
            return "rename \(name) to \(renamed)"
        case 8:
            // And now and then, the cover picture gets another size.
            var cover = ""
            if pictures.next() % 100 < 50 {
                let (width, height) = (600 + Int(pictures.next() % 800), 300 + Int(pictures.next() % 400))
                write("Content/static/images/cover.svg", Self.cover(width: width, height: height))
                cover = ", and the cover is now \(width)×\(height)"
            }
            if chance(30) {
                try? manager.removeItem(at: touch("Content/static/files/notes.txt"))
                return "delete a static file" + cover
            }
            write("Content/static/files/notes.txt", sentence())
            return "write a static file" + cover
        case 9:
            let title = "Blog of \(pick(words))"
            let perPage = 2 + Int(random.next() % 4)
            // Now and then the site moves: every link, feed and search entry names the new address.
            let baseURL = pictures.next() % 100 < 30 ? "https://example.org/blog/" : "https://example.com/"
            write("Content/site.yml", siteConfig(title: title, perPage: perPage, baseURL: baseURL))
            return "site.yml: title \(title), \(perPage) per page, at \(baseURL)"
        case 10:
            let name = pick(["site-footer", "post-item", "post-meta"])
            let override = "Content/templates/\(name).mustache"
            if chance(40) {
                try? manager.removeItem(at: touch(override))
                return "drop the \(name) override"
            }
            let original = (try? String(contentsOf: url("Themes/default/templates/\(name).mustache"), encoding: .utf8)) ?? ""
            write(override, original + "<!-- \(pick(words)) -->\n")
            return "override \(name)"
        default:
            if chance(50) {
                write("Content/pages/about.md", "---\ntitle: \"About \(pick(words))\"\n---\n\n\(sentence())\n")
                return "rewrite the about page"
            }
            if chance(50) {
                let template = "Themes/default/templates/\(pick(["post-meta", "site-header", "post"])).mustache"
                let original = (try? String(contentsOf: url(template), encoding: .utf8)) ?? ""
                write(template, original + "<!-- \(pick(words)) -->\n")
                return "edit the theme's \(template)"
            }
            let css = "Themes/default/static/css/style.css"
            let original = (try? String(contentsOf: url(css), encoding: .utf8)) ?? ""
            write(css, original + "\n/* \(pick(words)) */\n")
            return "edit the theme's stylesheet"
        }
    }
}
