import Support

/// Turns one file of `Content/pages/` into a `ContentPage`, every problem at its line and column.
enum PageDecoder {
    static let knownKeys = ["title", "slug", "summary", "description", "excerpt", "nav_order", "draft", "published",
                                   "aliases", "redirect_from"]

    /// `reserved`: the first URL segments of the site's generated lists, which a page may not take.
    static func decode(_ source: SourceText, file: ContentFile, reserved: Set<String>) -> (page: ContentPage?, diagnostics: [Diagnostic]) {
        let document: FrontMatterFields
        switch FrontMatterFields.read(source, required: "'title'") {
        case .success(let read): document = read
        case .failure(let error): return (nil, [error])
        }
        var fields = document.fields
        fields.warnMisspeltKeys(known: knownKeys, what: "page front matter")
        let draft = PostDecoder.draftState(&fields)
        let title = fields.present("title") == nil && draft ? file.titleFromName : fields.string("title", required: true)
        let summary = fields.firstPresent(PostDecoder.summaryKeys).flatMap { fields.string($0, required: false) }
        let navOrder = fields.present("nav_order") != nil ? fields.int("nav_order", range: 1...1000) : nil
        let slug = PostDecoder.decodeSlug(&fields, file: file)
        let aliases = PostDecoder.decodeAliases(&fields)
        if let slug, reserved.contains(slug.lowercased()) {
            fields.error(at: fields.location(ofKey: "slug"),
                         "a page cannot be at /\(slug)/: the build writes its \(slug) pages there; choose another slug")
        }
        guard !fields.diagnostics.contains(where: { $0.severity == .error }), let title, let slug else {
            return (nil, fields.diagnostics)
        }
        var page = ContentPage(sourcePath: source.path, slug: slug, title: title, summary: summary, navOrder: navOrder,
                               draft: draft, body: document.parts.body, bodyFirstLine: document.parts.bodyFirstLine)
        page.aliases = aliases
        page.params = fields.params()
        return (page, fields.diagnostics)
    }
}
