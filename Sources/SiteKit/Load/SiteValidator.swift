import Support
/// Checks that need all posts at once: unique URLs, unique part numbers in a series,
/// series names that do not share a URL.
enum SiteValidator {
    static func validate(_ posts: [Post]) -> [Diagnostic] {
        duplicateSlugs(posts) + duplicateSeriesOrders(posts) + seriesURLClashes(posts) + unorderedPartsOnOneDate(posts)
    }

    /// Pages' URLs are unique among pages; reserved sections are checked by `PageDecoder`.
    static func validate(_ pages: [ContentPage]) -> [Diagnostic] {
        duplicateSlugs(pages.map { ($0.slug, $0.sourcePath, $0.urlPath) }, what: "page")
    }

    /// A series with one part is allowed (its other parts may be unwritten), but it is
    /// more often a misspelt series name, so it is pointed out.
    static func singlePartSeries(_ series: [Series]) -> [Diagnostic] {
        series.compactMap { series -> Diagnostic? in
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

    /// Two files with one URL. URLs compare case-insensitively: on macOS's file system `A`
    /// and `a` are one folder.
    static func duplicateSlugs(_ files: [(slug: String, path: String, url: String)], what: String) -> [Diagnostic] {
        // Only the clashing files are grouped: a group for each of 10,000 posts showed in
        // profiles of a one-post rebuild.
        var first: [String: Int] = [:]
        first.reserveCapacity(files.count)
        var groups: [Int: [Int]] = [:]
        for (index, file) in files.enumerated() {
            let key = clashKey(file.url)
            if let earlier = first[key] { groups[earlier, default: [earlier]].append(index) } else { first[key] = index }
        }
        return groups.values.flatMap { members -> [Diagnostic] in
            let sorted = members.map { files[$0] }.sorted { $0.path < $1.path }
            return sorted.dropFirst().map { file in
                let sameSlug = file.slug.lowercased() == sorted[0].slug.lowercased()
                return .error(file.path, SourceLocation(line: 1, column: 1),
                              sameSlug ? "duplicate slug '\(file.slug)': \(file.url) is also the URL of \(sorted[0].path)"
                                       : "duplicate URL: \(file.url) is also the URL of \(sorted[0].path)",
                              notes: [.note(sorted[0].path, SourceLocation(line: 1, column: 1),
                                            sameSlug ? "the other \(what) with slug '\(sorted[0].slug)' is here" : "the other \(what) is here")])
            }
        }.sorted { $0.file < $1.file }
    }

    /// What two URLs share when they would be one file: the output path, in any case (on
    /// macOS's file system `A` and `a` are one folder). Made in one pass for ASCII URLs.
    static func clashKey(_ urlPath: String) -> String {
        var urlPath = urlPath
        return urlPath.withUTF8 { bytes in
            guard let last = bytes.last, bytes.allSatisfy({ $0 < 0x80 }) else { return SiteRoutes.outputPath(String(decoding: bytes, as: UTF8.self)).lowercased() }
            let folder = last == UInt8(ascii: "/")
            return String(unsafeUninitializedCapacity: bytes.count - 1 + (folder ? 10 : 0)) { key in
                var count = 0
                for byte in bytes.dropFirst() {
                    key[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    count += 1
                }
                if folder {
                    for byte in "index.html".utf8 {
                        key[count] = byte
                        count += 1
                    }
                }
                return count
            }
        }
    }

    /// Parts without `series_order` follow the numbered ones by date: two of them on the
    /// same date have no order at all.
    static func unorderedPartsOnOneDate(_ posts: [Post]) -> [Diagnostic] {
        let unordered = posts.filter { $0.series != nil && $0.series?.order == nil }
        let groups = Dictionary(grouping: unordered, by: { "\($0.series?.name ?? "")\u{0}\($0.date.secondsSince1970)" })
        return groups.values.filter { $0.count > 1 }.flatMap { group -> [Diagnostic] in
            let sorted = group.sorted { $0.sourcePath < $1.sourcePath }
            let first = sorted[0]
            return sorted.dropFirst().map { post in
                .error(post.sourcePath, post.series?.nameLocation,
                       "two parts of series '\(post.series?.name ?? "")' without 'series_order' have the same date (\(post.date)); give them 'series_order' to order them",
                       notes: [.note(first.sourcePath, first.series?.nameLocation, "the other part of that date is here")])
            }
        }.sorted { $0.file < $1.file }
    }

    static func duplicateSeriesOrders(_ posts: [Post]) -> [Diagnostic] {
        let members = posts.compactMap { post in post.series.flatMap { $0.order == nil ? nil : (post, $0) } }
        let groups = Dictionary(grouping: members, by: { "\($0.1.name)\u{0}\($0.1.order ?? 0)" })
        return groups.values.filter { $0.count > 1 }.flatMap { group -> [Diagnostic] in
            let sorted = group.sorted { $0.0.sourcePath < $1.0.sourcePath }
            let (first, membership) = sorted[0]
            return sorted.dropFirst().map { (post, series) in
                .error(post.sourcePath, series.orderLocation,
                       "series '\(series.name)' already has a part \(series.order ?? 0): \(first.sourcePath)",
                       notes: [.note(first.sourcePath, membership.orderLocation, "part \(membership.order ?? 0) of '\(membership.name)' is here")])
            }
        }.sorted { $0.file < $1.file }
    }
}
