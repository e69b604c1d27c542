import Foundation
import Support
import YAML

/// `sitegen new post`: writes `Content/posts/<slug>.md`, a draft with the title, today's
/// date and, in a series, the next `series_order`. It reads every post first (drafts too)
/// with the site's loader, so the slug and the series are checked as the build checks
/// them, and it never replaces a file.
public struct NewPost: Sendable {
    var title: String
    var series: String?
    /// Overrides the slug made from the title.
    var slug: String?
    var date: PostDate

    public init(title: String, series: String? = nil, slug: String? = nil, date: PostDate = NewPost.today()) {
        self.title = title
        self.series = series
        self.slug = slug
        self.date = date
    }

    /// What was written.
    public struct Created: Sendable {
        /// Relative to the site root: `Content/posts/<slug>.md`.
        public var path: String
        var text: String
        public var series: SeriesPart?
    }

    /// The new post's place in its series.
    public struct SeriesPart: Sendable, Hashable {
        /// As the series' other parts spell it (`VIPER` for `--series viper`).
        public var name: String
        /// Nil for a series whose parts are ordered by date.
        public var order: Int?
        /// 1-based, counting drafts.
        public var part: Int
    }

    /// Today's calendar day in `timeZone` (the machine's by default), as a post's `date`.
    public static func today(at now: Date = Date(), in timeZone: TimeZone = .current) -> PostDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: now)
        return PostDate(year: day.year!, month: day.month!, day: day.day!)
    }

    public func create(in layout: SiteLayout) throws(NewPostError) -> Created {
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw NewPostError(.badArgument, "the title is empty") }
        let slug = try chosenSlug(title: title)
        if let series, Slug.make(from: series).isEmpty {
            throw NewPostError(.badArgument, "series '\(series)' cannot be a URL: a series name needs at least one letter or digit")
        }
        let posts: [Post]
        do {
            posts = try SiteLoader(layout: layout, includeDrafts: true).load().site.posts
        } catch {
            throw NewPostError(.siteHasErrors, "the site has errors; fix them first, since the new post's slug and series_order are checked against every post",
                               diagnostics: error.diagnostics)
        }
        let file = layout.posts.appendingPathComponent(slug + ".md")
        try Self.checkUnused(slug, file: file, posts: posts, layout: layout)
        let part = try series.map { name throws(NewPostError) in try Self.nextPart(of: name, among: posts) }
        let text = Self.text(title: title, date: date, series: part)
        try Self.writeNew(text, to: file, layout: layout)
        return Created(path: layout.displayPath(file), text: text, series: part)
    }

    /// The front matter and a placeholder line.
    static func text(title: String, date: PostDate, series: SeriesPart?) -> String {
        var lines = ["---", "title: \(YAMLText.quoted(title))", "date: \(date.isoDay)", "tags: []"]
        if let series {
            lines += ["series: \(YAMLText.quoted(series.name))"] + (series.order.map { ["series_order: \($0)"] } ?? [])
        }
        lines += ["draft: true", "---", "", "Write the post here; delete `draft: true` above to publish it.", ""]
        return lines.joined(separator: "\n")
    }

    private func chosenSlug(title: String) throws(NewPostError) -> String {
        if let slug {
            guard Slug.isValid(slug) else { throw NewPostError(.badArgument, "slug '\(slug)' is not allowed: \(Slug.rule)") }
            return slug
        }
        let made = Slug.make(from: title)
        guard !made.isEmpty else {
            throw NewPostError(.badArgument, "the title '\(title)' has no letter or digit to make a file name and URL from; pass one with --slug SLUG")
        }
        return made
    }

    /// No post may have the slug (compared without case, as the loader does), and no file
    /// in the posts folder may have the name, even in another case (one file on macOS).
    private static func checkUnused(_ slug: String, file: URL, posts: [Post], layout: SiteLayout) throws(NewPostError) {
        let name = file.lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.posts.path)) ?? []
        if let existing = names.first(where: { $0.lowercased() == name.lowercased() }) {
            throw .taken(layout.displayPath(layout.posts.appendingPathComponent(existing)))
        }
        if let post = posts.first(where: { $0.slug.lowercased() == slug.lowercased() }) {
            throw NewPostError(.exists, "\(post.sourcePath) already has the slug '\(post.slug)' (\(post.urlPath)); choose another title or pass --slug SLUG")
        }
    }

    /// One more than the highest `series_order` of the series, drafts included; the series
    /// matched by its URL as the build matches it (`viper` joins `VIPER`). 1 for a new series.
    private static func nextPart(of name: String, among posts: [Post]) throws(NewPostError) -> SeriesPart {
        guard let existing = Series.group(posts).first(where: { $0.slug == Slug.make(from: name) }) else {
            return SeriesPart(name: name, order: 1, part: 1)
        }
        // A series ordered by date alone takes the new post last by its date, with no number.
        guard let highest = existing.parts.compactMap({ $0.series?.order }).max() else {
            return SeriesPart(name: existing.name, order: nil, part: existing.parts.count + 1)
        }
        let order = highest + 1
        guard order <= PostDecoder.maximumSeriesOrder else {
            throw NewPostError(.badArgument, "series '\(existing.name)' already has a part \(order - 1), the highest series_order allowed")
        }
        return SeriesPart(name: existing.name, order: order, part: existing.parts.count + 1)
    }

    /// Writes a hidden temporary file beside `file` (the loader skips it), then links it to
    /// `file`: the post appears whole or not at all, and an existing file is never replaced.
    private static func writeNew(_ text: String, to file: URL, layout: SiteLayout) throws(NewPostError) {
        let folder = file.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
        } catch {
            throw NewPostError(.cannotWrite, "cannot write \(layout.displayPath(file)): \(error.localizedDescription)")
        }
        defer { unlink(temporary.path) }
        guard link(temporary.path, file.path) == 0 else {
            let code = errno
            if code == EEXIST { throw .taken(layout.displayPath(file)) }
            throw NewPostError(.cannotWrite, "cannot write \(layout.displayPath(file)): \(String(cString: strerror(code)))")
        }
    }
}

/// Why `NewPost` wrote nothing.
public struct NewPostError: Error, Sendable {
    public enum Kind: Sendable {
        /// A title, slug or series name that cannot make a post.
        case badArgument
        /// The file or the slug is taken.
        case exists
        /// The site's content has errors (in `diagnostics`).
        case siteHasErrors
        case cannotWrite
    }

    public var kind: Kind
    public var message: String
    public var diagnostics: [Diagnostic]

    init(_ kind: Kind, _ message: String, diagnostics: [Diagnostic] = []) {
        self.kind = kind
        self.message = message
        self.diagnostics = diagnostics
    }

    static func taken(_ path: String) -> NewPostError {
        NewPostError(.exists, "\(path) already exists; choose another title or pass --slug SLUG")
    }
}
