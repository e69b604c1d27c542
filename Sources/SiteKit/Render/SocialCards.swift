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

    /// The cards to make: each post with no `image:` whose body shows none, when the theme
    /// has a card template. Output path (`posts/x/social-card.png`) → the card's SVG.
    static func cards(of site: Site, theme: Theme) throws(DiagnosticsError) -> [(relative: String, svg: String, post: Post)] {
        guard theme.files[templateName] != nil else { return [] }
        let series = Dictionary(site.series.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var cards: [(relative: String, svg: String, post: Post)] = []
        var problems: [Diagnostic] = []
        for post in site.posts where post.image == nil && !showsImage(post.body) {
            let context = values(of: post, site: site, series: post.series.flatMap { series[$0.name] }, strings: theme.strings)
            do throws(Diagnostic) {
                let svg = String(decoding: try theme.render(templateName, context: context), as: UTF8.self)
                cards.append((relative(of: post), svg, post))
            } catch {
                // A template error is the same for every post: once.
                problems.append(error)
                break
            }
        }
        guard problems.isEmpty else { throw DiagnosticsError(problems) }
        return cards
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
