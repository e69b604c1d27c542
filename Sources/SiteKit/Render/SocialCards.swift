import Foundation
import Mustache
import Support

/// A post's social card, for the post without `image:` whose body shows no picture: the
/// theme's `social-card.mustache` (an SVG: title, site name, date, series part), which
/// libvips turns into a 1200×630 PNG published beside the post as `social-card.png`.
enum SocialCards {
    static let templateName = "social-card"
    static let fileName = "social-card.png"
    static let width = 1200
    static let height = 630

    /// Whether a body shows a picture (its first is then the post's): Markdown's `![`, `<img`
    /// or `@Image(` outside code blocks and code spans. A body without them is not parsed; one
    /// with them is parsed up to the end of the paragraph of the first (the code around a
    /// place depends only on the lines before it, and a code span ends in its paragraph), and
    /// whole only when that one is code.
    static func showsImage(_ body: String) -> Bool {
        let bytes = Array(body.utf8)
        func offsets(of needle: String, from start: Int, all: Bool) -> [Int] {
            Array(needle.utf8).withUnsafeBufferPointer { needle in
                bytes.withUnsafeBufferPointer { haystack in
                    var found: [Int] = []
                    var start = start
                    while let offset = UTF8Bytes.firstOffset(of: needle, in: haystack, from: start) {
                        found.append(offset)
                        guard all else { break }
                        start = offset + 1
                    }
                    return found
                }
            }
        }
        let places = ["![", "<img", "@Image("].flatMap { offsets(of: $0, from: 0, all: true) }.sorted()
        guard let first = places.first else { return false }
        let prefix = offsets(of: "\n\n", from: first, all: false).first.map { Array(bytes[..<$0]) } ?? bytes
        let code = MarkdownCodeRegions(body: prefix)
        if places.contains(where: { $0 < prefix.count && !code.isCode($0) }) { return true }
        guard prefix.count < bytes.count else { return false }
        let whole = MarkdownCodeRegions(body: bytes)
        return places.contains { !whole.isCode($0) }
    }

    /// A post's card: its output path (`posts/x/social-card.png`), its SVG, and the SVG's
    /// SHA-256 in hex, which names the PNG in the image cache.
    struct Card: Sendable {
        var relative: String
        var svg: String
        var digest: String
        var post: Post
    }

    /// The cards to make: each post with no `image:` whose body shows none, when the theme
    /// has a card template. `memo`: serve's cards of the last rebuild, of which each post's
    /// is kept while what it is made from is as it was (a one-post edit of a 10,000-post
    /// site made every card again: a sixth of the rebuild).
    static func cards(of site: Site, theme: Theme, memo: Memo? = nil) throws(DiagnosticsError) -> [Card] {
        guard theme.files[templateName] != nil else { return [] }
        let series = Dictionary(site.series.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let settings = Memo.Settings(siteTitle: site.config.title, templates: theme.sources, strings: theme.strings)
        var kept = memo?.cards(for: settings) ?? [:]
        var cards: [Card] = []
        var problems: [Diagnostic] = []
        var made: [String: Memo.Entry] = [:]
        var renderedCount = 0
        for post in site.posts {
            let inSeries = post.series.flatMap { series[$0.name] }
            let inputs = Memo.Inputs(post: post, seriesPart: inSeries.flatMap { series in
                series.partNumber(of: post).map { Memo.SeriesPart(name: series.name, part: $0, count: series.parts.count) }
            })
            if let entry = kept.removeValue(forKey: post.sourcePath), entry.inputs == inputs {
                made[post.sourcePath] = entry
                if var card = entry.card {
                    card.post = post
                    cards.append(card)
                }
                continue
            }
            guard post.image == nil && !showsImage(post.body) else {
                made[post.sourcePath] = Memo.Entry(inputs: inputs, card: nil)
                continue
            }
            let context = values(of: post, site: site, series: inSeries, strings: theme.strings)
            renderedCount += 1
            do throws(Diagnostic) {
                let svg = String(decoding: try theme.render(templateName, context: context), as: UTF8.self)
                var hash = SHA256()
                hash.update(svg)
                let card = Card(relative: relative(of: post), svg: svg, digest: hash.hexDigest(), post: post)
                cards.append(card)
                made[post.sourcePath] = Memo.Entry(inputs: inputs, card: card)
            } catch {
                // A template error is the same for every post: once.
                problems.append(error)
                break
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        memo?.keep(made, for: settings, rendered: renderedCount)
        return cards
    }

    /// The cards serve's last rebuild made, by post file, with what each was made from.
    final class Memo: @unchecked Sendable {
        /// What every card is made from besides its post: a change remakes them all.
        struct Settings: Equatable {
            var siteTitle: String
            /// Every template's text: the card's, and the partials it may include.
            var templates: [String: String]
            var strings: UIStrings
        }

        /// What one post's card is made from (its post's every field, the body included,
        /// whether it shows an image).
        struct Inputs: Equatable {
            var post: Post
            var seriesPart: SeriesPart?
        }

        /// The post's place in its series, as the card shows it.
        struct SeriesPart: Equatable {
            var name: String
            var part: Int
            var count: Int
        }

        struct Entry {
            var inputs: Inputs
            /// Nil for a post that shows an image of its own.
            var card: Card?
        }

        private let lock = NSLock()
        private var settings: Settings?
        private var entries: [String: Entry] = [:]
        private var lastRendered = 0

        init() {}

        /// How many cards the last rebuild rendered from the template (the others were kept).
        var rendered: Int { lock.withLock { lastRendered } }

        fileprivate func cards(for settings: Settings) -> [String: Entry] {
            lock.withLock { self.settings == settings ? entries : [:] }
        }

        fileprivate func keep(_ entries: [String: Entry], for settings: Settings, rendered: Int) {
            lock.withLock { (self.settings, self.entries, lastRendered) = (settings, entries, rendered) }
        }
    }

    /// `posts/x/social-card.png`: beside the post's page.
    static func relative(of post: Post) -> String {
        let page = SiteRoutes.outputPath(post.urlPath)
        return (page.lastIndex(of: "/").map { String(page[...$0]) } ?? "") + fileName
    }

    static func image(of post: Post) -> SocialImage {
        let path = "/" + relative(of: post)
        return SocialImage(sitePath: path, url: path, alt: post.title, width: width, height: height)
    }

    /// The template's values: `width`, `height`, `site_name`, `site_initial`, `title`,
    /// `title_lines` (each `text`, `first`), `title_top` (the first line's baseline, so
    /// that longer titles start higher), `date`, `series` (`name`, `part`, `count`, `part_of`).
    static func values(of post: Post, site: Site, series: Series?, strings: UIStrings) -> MustacheValue {
        let lines = titleLines(post.title, width: 28, count: 3)
        var seriesValue: MustacheValue = .null
        if let series, let part = series.partNumber(of: post) {
            seriesValue = ["name": .string(series.name), "part": .int(part), "count": .int(series.parts.count),
                           "part_of": .string(strings.format("part_of_series", ["part": String(part), "count": String(series.parts.count),
                                                                                "series": series.name]))]
        }
        return [
            "width": .int(width), "height": .int(height),
            "site_name": .string(site.config.title),
            "site_initial": .string(site.config.title.first.map { String($0).uppercased() } ?? ""),
            "title": .string(post.title),
            "title_lines": .array(lines.enumerated().map { ["text": .string($1), "first": .bool($0 == 0)] }),
            "title_top": .int(340 - (lines.count - 1) * 40),
            "date": .string(post.date.readable),
            "series": seriesValue,
        ]
    }

    /// `title` in lines of about `width` characters, broken between words, at most `count`
    /// (the last ends with … when words are left over).
    static func titleLines(_ title: String, width: Int, count: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in title.split(whereSeparator: \.isWhitespace).map(String.init) {
            if line.isEmpty { line = word; continue }
            if line.count + 1 + word.count <= width { line += " " + word; continue }
            lines.append(line)
            line = word
            if lines.count == count { break }
        }
        if lines.count < count, !line.isEmpty { lines.append(line) } else if lines.count == count, let last = lines.popLast() {
            lines.append(String(last.prefix(width - 1)) + "…")
        }
        return lines.map { $0.count > width + 8 ? String($0.prefix(width + 7)) + "…" : $0 }
    }
}
