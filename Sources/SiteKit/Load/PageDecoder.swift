import Support
/// Turns one file of `Content/pages/` into a `ContentPage`, every problem at its line and column.
public enum PageDecoder {
    public static let knownKeys = ["title", "slug", "summary", "nav_order", "draft"]

    public static func decode(_ source: SourceText, defaultSlug: String) -> (page: ContentPage?, diagnostics: [Diagnostic]) {
        let document: FrontMatterFields
        switch FrontMatterFields.read(source, required: "'title'") {
        case .success(let read): document = read
        case .failure(let error): return (nil, [error])
        }
        var fields = document.fields
        fields.warnUnknownKeys(known: knownKeys, what: "page front matter")
        let title = fields.string("title", required: true)
        let summary = fields.string("summary", required: false)
        let navOrder = fields.int("nav_order", range: 1...1000)
        let draft = fields.bool("draft") ?? false
        let slug = PostDecoder.decodeSlug(&fields, defaultSlug: defaultSlug)
        if let slug, PageRoute.reservedSegments.contains(slug.lowercased()) {
            fields.error(at: fields.location(ofKey: "slug"), "a page cannot be at /\(slug)/: the build writes its \(slug) pages there; choose another slug")
        }
        guard !fields.diagnostics.contains(where: { $0.severity == .error }), let title, let slug else {
            return (nil, fields.diagnostics)
        }
        let page = ContentPage(sourcePath: source.path, slug: slug, title: title, summary: summary, navOrder: navOrder,
                               draft: draft, body: document.parts.body, bodyFirstLine: document.parts.bodyFirstLine)
        return (page, fields.diagnostics)
    }
}
