import Support
import YAML

/// Turns one post file into a `Post`: splits the front matter, parses it with libyaml and
/// reads every key sitegen knows, in sitegen's spelling or Jekyll's and Hugo's (see
/// docs/content.md), reporting problems at their line and column in the file.
enum PostDecoder {
    /// The keys sitegen reads; any other key is kept as a param for templates.
    static let knownKeys = ["title", "date", "updated", "lastmod", "last_modified_at", "tags", "categories", "category",
                                   "summary", "description", "excerpt", "series", "series_order", "slug", "draft", "published",
                                   "aliases", "redirect_from", "snippets", "image", "images"]
    static let updatedKeys = ["updated", "lastmod", "last_modified_at"]
    static let summaryKeys = ["summary", "description", "excerpt"]
    static let maximumSeriesOrder = 10_000

    /// The post and its warnings, or every error found in it. A draft may lack a title and
    /// a date: it is then titled from its file name and dated by the file's modification time.
    static func decode(_ source: SourceText, file: ContentFile) -> (post: Post?, diagnostics: [Diagnostic]) {
        let document: FrontMatterFields
        switch FrontMatterFields.read(source, required: "'title' and 'date'") {
        case .success(let read): document = read
        case .failure(let error): return (nil, [error])
        }
        let parts = document.parts
        var fields = document.fields
        fields.warnMisspeltKeys(known: knownKeys + ["swift_version"], what: "front matter")
        let draft = draftState(&fields)
        let title = fields.present("title") == nil && draft ? file.titleFromName : fields.string("title", required: true)
        let date: PostDate?
        if fields.present("date") != nil || (file.dateFromName == nil && !draft) {
            date = fields.date("date", required: true)
        } else {
            date = file.dateFromName ?? file.modified
        }
        let updated = fields.firstPresent(updatedKeys).flatMap { fields.date($0, required: false) }
        let tags = fields.words("tags") ?? []
        // `category` is one category, as Jekyll reads it (`category: Developer Tools`); a list, each item.
        var categories = fields.words("categories") ?? []
        if let node = fields.present("category"), case .scalar(let text, _) = node.content {
            categories.append(text.trimmedOfSpaces)
        } else {
            categories += fields.words("category") ?? []
        }
        let summary = fields.firstPresent(summaryKeys).flatMap { fields.string($0, required: false) }
        let swiftVersion = decodeSwiftVersion(&fields)
        let slug = decodeSlug(&fields, file: file)
        let series = decodeSeries(&fields)
        let aliases = decodeAliases(&fields)
        let image = decodeImage(&fields)

        for (key, names) in [("tags", tags), ("categories", categories)] {
            for name in names where Slug.make(from: name).isEmpty {
                let what = key == "tags" ? "tag" : "category"
                fields.error(at: fields.location(ofKey: key), "\(what) '\(name)' cannot be a URL: a \(what) needs at least one letter or digit")
            }
        }
        if let date, let updated, updated < date {
            fields.error(at: fields.location(ofKey: fields.firstPresent(updatedKeys) ?? "updated"), "'updated' (\(updated)) is before 'date' (\(date))")
        }
        guard !fields.diagnostics.contains(where: { $0.severity == .error }),
              let title, let date, let slug else {
            if draft && date == nil && fields.present("date") == nil {
                fields.error(at: SourceLocation(line: 1, column: 1), "draft has no date and its file's modification time cannot be read")
            }
            return (nil, fields.diagnostics)
        }
        var post = Post(sourcePath: source.path, slug: slug, title: title, date: date, updated: updated,
                        tags: uniqued(tags), summary: summary, series: series, draft: draft,
                        body: parts.body, bodyFirstLine: parts.bodyFirstLine)
        post.categories = uniqued(categories)
        post.swiftVersion = swiftVersion
        post.aliases = aliases
        post.image = image
        post.params = fields.params()
        post.resources = file.resources
        post.section = file.section
        post.fileName = file.name
        return (post, fields.diagnostics)
    }

    /// Whether the file's front matter makes it a draft, for a file that did not decode.
    static func isDraft(_ source: SourceText) -> Bool {
        guard case .success(let read) = FrontMatterFields.read(source, required: "'title'") else { return false }
        var fields = read.fields
        return draftState(&fields)
    }

    /// `draft: true` (Hugo, sitegen) or `published: false` (Jekyll).
    static func draftState(_ fields: inout YAMLFields) -> Bool {
        let draft = fields.present("draft") != nil ? fields.bool("draft") ?? false : false
        let published = fields.present("published") != nil ? fields.bool("published") ?? true : true
        return draft || !published
    }

    /// `snippets: { swift_version: 6 }`; the old top-level `swift_version: 6` still works,
    /// with a warning. Any other top-level `swift_version` (`3.0`) is the blog's own param.
    private static func decodeSwiftVersion(_ fields: inout YAMLFields) -> Int? {
        if let snippets = fields.mappingField("snippets") {
            var sub = YAMLFields(file: fields.file, lineOffset: fields.lineOffset, mapping: snippets)
            sub.warnUnknownKeys(known: ["swift_version"], what: "snippets setting")
            let version = sub.int("swift_version", range: 5...6)
            fields.absorb(sub)
            return version
        }
        guard let node = fields["swift_version"], case .int(let version) = node.scalar, (5...6).contains(version) else { return nil }
        fields.warning(node, "'swift_version' at the top of the front matter is deprecated: write 'snippets: { swift_version: \(version) }'")
        return version
    }

    static func decodeSlug(_ fields: inout YAMLFields, file: ContentFile) -> String? {
        guard fields.present("slug") != nil, let given = fields.string("slug", required: false) else {
            guard let slug = file.slugFromName else {
                fields.error(at: SourceLocation(line: 1, column: 1),
                             "file name '\(file.name)' cannot be a URL: it has no letter or digit; rename the file or set 'slug'")
                return nil
            }
            return slug
        }
        guard Slug.isValid(given) else {
            fields.error(at: fields.location(ofKey: "slug"), "slug '\(given)' is not allowed: \(Slug.rule)")
            return nil
        }
        return given
    }

    /// The post's series, or nil when it has none or its series keys are wrong (then an error is recorded).
    private static func decodeSeries(_ fields: inout YAMLFields) -> SeriesMembership? {
        let order = fields.present("series_order") != nil ? fields.int("series_order", range: 1...maximumSeriesOrder) : nil
        guard let node = fields.present("series") else {
            if let orderNode = fields.present("series_order") {
                fields.error(orderNode, "'series_order' without 'series': name the series this post belongs to")
            }
            return nil
        }
        let name: String?
        switch node.content {
        case .scalar:
            name = fields.string("series", required: false)
        case .sequence(let items):
            // Hugo's taxonomy form: `series: ["Swift Generics"]`.
            guard items.count == 1, case .scalar(let text, _) = items[0].content, items[0].scalar != .null else {
                fields.error(node, items.count > 1 ? "a post is part of one series; 'series' lists \(items.count)"
                                                   : "'series' must be a name, or a list of one name")
                return nil
            }
            name = text
        case .mapping:
            fields.error(node, "'series' must be a name, or a list of one name, not a mapping")
            return nil
        }
        guard let name else { return nil }
        guard !Slug.make(from: name).isEmpty else {
            fields.error(at: fields.location(ofKey: "series"), "series '\(name)' cannot be a URL: a series name needs at least one letter or digit")
            return nil
        }
        if fields.present("series_order") != nil && order == nil { return nil }
        let orderLocation = fields.present("series_order").map(fields.location(of:)) ?? fields.location(ofKey: "series")
        return SeriesMembership(name: name, order: order, nameLocation: fields.location(ofKey: "series"), orderLocation: orderLocation)
    }

    /// `aliases` (Hugo) and `redirect_from` (Jekyll): old paths of this site, as written;
    /// the loader makes relative ones absolute once the post's URL is known.
    /// `image: cover.png`, `image: { path: cover.png, alt: "…" }` (jekyll-seo-tag's form) or
    /// Hugo's `images: [cover.png, …]`, whose first is the post's.
    static func decodeImage(_ fields: inout YAMLFields) -> PostImage? {
        var node: YAMLNode?
        var alt = ""
        if let image = fields.present("image") {
            switch image.content {
            case .scalar: node = image
            case .mapping:
                var sub = YAMLFields(file: fields.file, lineOffset: 0, mapping: image)
                sub.warnUnknownKeys(known: ["path", "url", "alt", "width", "height"], what: "image key")
                node = sub.present("path") ?? sub.present("url")
                alt = sub.string("alt", required: false) ?? ""
                if node == nil { sub.error(image, "'image' needs a 'path': image: { path: cover.png, alt: \"…\" }") }
                fields.absorb(sub)
            case .sequence:
                fields.error(image, "'image' is one path (image: cover.png); Hugo's list is 'images'")
            }
        } else if let images = fields.present("images") {
            switch images.content {
            case .sequence(let items): node = items.first
            case .scalar: node = images
            case .mapping: fields.error(images, "'images' must be a list of paths, not a mapping")
            }
        }
        guard let node else { return nil }
        guard case .scalar(let text, _) = node.content, node.scalar != .null, !text.isOnlySpaces else {
            fields.error(node, "a post's image must be a path (cover.png, /images/a.png) or an http(s) address, not \(node.kindName)")
            return nil
        }
        let url = text.trimmedOfSpaces
        // Only a path or an http(s) address goes into <img src> and og:image: `javascript:`,
        // `data:` and the like, which cmark's safe mode drops from Markdown images, are errors.
        let lowered = url.lowercased()
        if SiteURLs.hasScheme(url) && !(lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) {
            fields.error(node, "a post's image must be a path (cover.png, /images/a.png) or an http(s) address, not '\(url)'")
            return nil
        }
        return PostImage(url: url, alt: alt, location: fields.location(of: node))
    }

    static func decodeAliases(_ fields: inout YAMLFields) -> [Alias] {
        var aliases: [Alias] = []
        for key in ["aliases", "redirect_from"] {
            guard let node = fields.present(key) else { continue }
            let items: [YAMLNode]
            switch node.content {
            case .scalar: items = [node]
            case .sequence(let list): items = list
            case .mapping:
                fields.error(node, "'\(key)' must be a path or a list of paths, not a mapping")
                continue
            }
            for item in items {
                // An empty item (`- ` or `- ""`) says nothing: a warning, and the other old URLs still redirect.
                if case .scalar(let text, _) = item.content, item.scalar == .null || text.isOnlySpaces {
                    fields.warning(item, "an empty entry in '\(key)' is ignored: write an old path of this site (/2019/08/21/old-name/) or remove the line")
                    continue
                }
                guard case .scalar(let text, _) = item.content else {
                    fields.error(item, "each of '\(key)' must be a path of this site, not \(item.kindName)")
                    continue
                }
                if SiteURLs.hasScheme(text) || text.hasPrefix("//") {
                    fields.error(item, "'\(text)' is a URL; '\(key)' lists old paths of this site (/2019/08/21/old-name/)")
                    continue
                }
                aliases.append(Alias(urlPath: text, location: fields.location(of: item)))
            }
        }
        return aliases
    }

    private static func uniqued(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
