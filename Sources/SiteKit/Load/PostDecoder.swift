import Support
/// Turns one post file into a `Post`: splits the front matter, parses it with libyaml
/// and checks every key, reporting problems at their line and column in the file.
public enum PostDecoder {
    public static let knownKeys = ["title", "date", "updated", "tags", "summary", "series", "series_order", "slug", "draft", "swift_version"]
    static let maximumSeriesOrder = 10_000

    /// The post and its warnings, or every error found in it.
    public static func decode(_ source: SourceText, defaultSlug: String) -> (post: Post?, diagnostics: [Diagnostic]) {
        let document: FrontMatterFields
        switch FrontMatterFields.read(source, required: "'title' and 'date'") {
        case .success(let read): document = read
        case .failure(let error): return (nil, [error])
        }
        let parts = document.parts
        var fields = document.fields
        fields.warnUnknownKeys(known: knownKeys, what: "front matter")
        let title = fields.string("title", required: true)
        let date = fields.date("date", required: true)
        let updated = fields.date("updated", required: false)
        let tags = fields.stringList("tags") ?? []
        let summary = fields.string("summary", required: false)
        let draft = fields.bool("draft") ?? false
        let swiftVersion = fields.int("swift_version", range: 5...6)
        let slug = decodeSlug(&fields, defaultSlug: defaultSlug)
        let series = decodeSeries(&fields)

        for tag in tags where Slug.make(from: tag).isEmpty {
            fields.error(at: fields.location(ofKey: "tags"), "tag '\(tag)' cannot be a URL: a tag needs at least one letter or digit")
        }
        if let date, let updated, updated < date {
            fields.error(at: fields.location(ofKey: "updated"), "'updated' (\(updated)) is before 'date' (\(date))")
        }
        guard !fields.diagnostics.contains(where: { $0.severity == .error }),
              let title, let date, let slug else {
            return (nil, fields.diagnostics)
        }
        var post = Post(sourcePath: source.path, slug: slug, title: title, date: date, updated: updated,
                        tags: uniqued(tags), summary: summary, series: series, draft: draft,
                        body: parts.body, bodyFirstLine: parts.bodyFirstLine)
        post.swiftVersion = swiftVersion
        return (post, fields.diagnostics)
    }

    static func decodeSlug(_ fields: inout YAMLFields, defaultSlug: String) -> String? {
        guard let given = fields.string("slug", required: false) else {
            guard Slug.isValid(defaultSlug) else {
                fields.error(at: SourceLocation(line: 1, column: 1),
                             "file name '\(defaultSlug)' cannot be a URL: \(Slug.rule); rename the file or set 'slug'")
                return nil
            }
            return defaultSlug
        }
        guard Slug.isValid(given) else {
            fields.error(fields.mapping["slug"]!, "slug '\(given)' is not allowed: \(Slug.rule)")
            return nil
        }
        return given
    }

    /// The post's series, or nil when it has none or its series keys are wrong (then an error is recorded).
    private static func decodeSeries(_ fields: inout YAMLFields) -> SeriesMembership? {
        let name = fields.string("series", required: false)
        let order = fields.int("series_order", range: 1...maximumSeriesOrder)
        switch (fields.mapping["series"], fields.mapping["series_order"]) {
        case (nil, nil):
            return nil
        case (_?, let orderNode?):
            guard let name, let order else { return nil }
            guard !Slug.make(from: name).isEmpty else {
                fields.error(at: fields.location(ofKey: "series"), "series '\(name)' cannot be a URL: a series name needs at least one letter or digit")
                return nil
            }
            return SeriesMembership(name: name, order: order, nameLocation: fields.location(ofKey: "series"),
                                    orderLocation: fields.location(of: orderNode))
        case (let seriesNode?, nil):
            fields.error(seriesNode, "a post in a series needs 'series_order' (its part number, 1 for the first part)")
            return nil
        case (nil, let orderNode?):
            fields.error(orderNode, "'series_order' without 'series': name the series this post belongs to")
            return nil
        }
    }

    private static func uniqued(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.filter { seen.insert($0).inserted }
    }
}
