import Support
/// Checks that need all posts at once: unique URLs, unique part numbers in a series,
/// series names that do not share a URL.
public enum SiteValidator {
    public static func validate(_ posts: [Post]) -> [Diagnostic] {
        duplicateSlugs(posts) + duplicateSeriesOrders(posts) + seriesURLClashes(posts)
    }

    /// Pages' URLs are unique among pages; reserved sections are checked by `PageDecoder`.
    public static func validate(_ pages: [ContentPage]) -> [Diagnostic] {
        duplicateSlugs(pages.map { ($0.slug, $0.sourcePath, $0.urlPath) }, what: "page")
    }

    /// A series with one part is allowed (its other parts may be unwritten), but it is
    /// more often a misspelt series name, so it is pointed out.
    public static func singlePartSeries(_ posts: [Post]) -> [Diagnostic] {
        Series.group(posts).compactMap { series -> Diagnostic? in
            guard series.parts.count == 1, let post = series.parts.first, let membership = post.series else { return nil }
            return .warning(post.sourcePath, membership.nameLocation,
                            "series '\(series.name)' has only this part; check the name if other posts belong to it")
        }.sorted { $0.file < $1.file }
    }

    /// `VIPER` and `Viper` would both be `/series/viper/`: almost surely one series misspelt.
    static func seriesURLClashes(_ posts: [Post]) -> [Diagnostic] {
        let members = posts.compactMap { post in post.series.map { (post, $0) } }
        let bySlug = Dictionary(grouping: members, by: { Slug.make(from: $0.1.name) })
        return bySlug.values.flatMap { group -> [Diagnostic] in
            let names = Set(group.map(\.1.name))
            guard names.count > 1 else { return [] }
            let sorted = group.sorted { $0.0.sourcePath < $1.0.sourcePath }
            let (first, membership) = sorted[0]
            return sorted.filter { $0.1.name != membership.name }.map { (post, series) in
                .error(post.sourcePath, series.nameLocation,
                       "series '\(series.name)' and '\(membership.name)' would share the URL /series/\(Slug.make(from: series.name))/; spell the series name the same way in every part",
                       notes: [.note(first.sourcePath, membership.nameLocation, "'\(membership.name)' is written here")])
            }
        }.sorted { $0.file < $1.file }
    }

    static func duplicateSlugs(_ posts: [Post]) -> [Diagnostic] {
        duplicateSlugs(posts.map { ($0.slug, $0.sourcePath, $0.urlPath) }, what: "post")
    }

    /// Slugs compare case-insensitively: on macOS's file system `A` and `a` are one folder.
    static func duplicateSlugs(_ files: [(slug: String, path: String, url: String)], what: String) -> [Diagnostic] {
        let groups = Dictionary(grouping: files, by: { $0.slug.lowercased() })
        return groups.values.filter { $0.count > 1 }.flatMap { group -> [Diagnostic] in
            let sorted = group.sorted { $0.path < $1.path }
            return sorted.dropFirst().map { file in
                .error(file.path, SourceLocation(line: 1, column: 1),
                       "duplicate slug '\(file.slug)': \(file.url) is also the URL of \(sorted[0].path)",
                       notes: [.note(sorted[0].path, SourceLocation(line: 1, column: 1), "the other \(what) with slug '\(sorted[0].slug)' is here")])
            }
        }.sorted { $0.file < $1.file }
    }

    static func duplicateSeriesOrders(_ posts: [Post]) -> [Diagnostic] {
        let members = posts.compactMap { post in post.series.map { (post, $0) } }
        let groups = Dictionary(grouping: members, by: { "\($0.1.name)\u{0}\($0.1.order)" })
        return groups.values.filter { $0.count > 1 }.flatMap { group -> [Diagnostic] in
            let sorted = group.sorted { $0.0.sourcePath < $1.0.sourcePath }
            let (first, membership) = sorted[0]
            return sorted.dropFirst().map { (post, series) in
                .error(post.sourcePath, series.orderLocation,
                       "series '\(series.name)' already has a part \(series.order): \(first.sourcePath)",
                       notes: [.note(first.sourcePath, membership.orderLocation, "part \(membership.order) of '\(membership.name)' is here")])
            }
        }.sorted { $0.file < $1.file }
    }
}
