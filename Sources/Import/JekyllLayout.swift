import Foundation

/// Which files of a Jekyll site are posts, drafts, pages and static files, as Jekyll decides:
/// `_posts/` (also `<category>/_posts/`) and `_drafts/`, Markdown with front matter
/// elsewhere, and files without front matter copied as they are. Folders starting with `_`
/// (layouts, includes, data, plugins, collections) are reported, never copied.
enum JekyllLayout {
    static let underscoreFolders = [
        "_layouts": "layouts: sitegen renders with its theme (Content/templates/ overrides it)",
        "_includes": "includes: those of plain HTML that posts call became components (Content/components/); where posts use the others is listed under 'Left'",
        "_sass": "Sass styles: sitegen's theme has its own CSS",
        "_data": "data files for templates: not imported",
        "_plugins": "Ruby plugins: not imported",
        "_site": "Jekyll's output folder",
    ]

    static func plan(_ tree: SourceTree, _ config: JekyllConfig) -> SitePlan {
        var plan = SitePlan()
        // With `collections_dir: my`, Jekyll reads `my/_posts/`, `my/<category>/_posts/`, `my/_drafts/`
        // and `my/_<label>/`, each as it reads them at the top without it; other files in `my/` are the site's.
        let collectionsPrefix = config.collectionsDir.isEmpty ? "" : config.collectionsDir + "/"
        for path in tree.files {
            let parts = path.split(separator: "/").map(String.init)
            if parts.count == 1, path == "_config.yml" || path == "_config.yaml" { continue }
            let inner = collectionsPrefix.isEmpty ? parts : path.hasPrefix(collectionsPrefix)
                ? String(path.dropFirst(collectionsPrefix.count)).split(separator: "/").map(String.init) : []
            if let postsIndex = inner.firstIndex(where: { $0 == "_posts" || $0 == "_drafts" }),
               inner[..<postsIndex].allSatisfy({ !$0.hasPrefix("_") }) {
                addPost(path, parts: inner, at: postsIndex, &plan)
                continue
            }
            if inner.count > 1, let collection = config.collections.first(where: { "_" + $0.label == inner[0] && $0.output && $0.label != "posts" }),
               !inner.dropFirst().contains(where: { $0.hasPrefix("_") }) {
                if JekyllFrontMatter.hasHeader(tree.url(path)) {
                    addPage(path, parts: inner, collection: collection.label, &plan)
                } else {
                    plan.skip(path, group: collectionsPrefix + inner[0] + "/", "files of collection '\(collection.label)' without front matter: not imported")
                }
                continue
            }
            if let hiddenIndex = parts.firstIndex(where: { $0.hasPrefix("_") }) {
                let top = parts[hiddenIndex]
                let name = String(top.dropFirst())
                let isCollection = top == "_posts" || top == "_drafts" || config.collections.contains(where: { $0.label == name })
                let outsideCollectionsDir = !collectionsPrefix.isEmpty && isCollection && !path.hasPrefix(collectionsPrefix)
                let note = outsideCollectionsDir ? "outside collections_dir '\(config.collectionsDir)': Jekyll reads \(top)/ from \(collectionsPrefix)\(top)/ only"
                    : underscoreFolders[top] ?? (config.collections.contains(where: { $0.label == name }) ? "collection '\(name)': not imported"
                    : "Jekyll leaves out names starting with '_'")
                let group = hiddenIndex < parts.count - 1 ? parts[...hiddenIndex].joined(separator: "/") + "/" : nil
                plan.skip(path, group: group, note)
                continue
            }
            if config.isExcluded(path) {
                plan.skip(path, group: parts.count > 1 ? parts[0] + "/" : nil, "excluded by _config.yml (or Jekyll's default exclude list)")
                continue
            }
            if JekyllFrontMatter.hasHeader(tree.url(path)),
               markdownExtensions.contains(path.fileExtension) || JekyllFrontMatter.isClosed(tree.url(path)) {
                addPage(path, parts: parts, &plan)
            } else if parts.count == 1, SitePlan.generatedFiles.contains(path) {
                plan.skip(path, "sitegen writes its own \(path)")
            } else {
                plan.files.append(PlannedFile(source: path, destination: "Content/static/" + path))
            }
        }
        plan.notImported += plan.groupedNotImported
        return plan
    }

    private static func addPost(_ path: String, parts: [String], at index: Int, _ plan: inout SitePlan) {
        let draft = parts[index] == "_drafts"
        guard markdownExtensions.contains(path.fileExtension) else {
            plan.skip(path, "not Markdown: only Markdown posts are imported")
            return
        }
        let name = path.fileName.withoutExtension
        if !draft, URLSlugs.datePrefix(name) == nil {
            plan.skip(path, "not a post: Jekyll reads only files named YYYY-MM-DD-title in _posts/")
            return
        }
        let categories = Array(parts[..<index])
        let below = parts[(index + 1)...].joined(separator: "/")
        let destination = "Content/posts/" + (draft ? "drafts/" : "") + (categories + [below]).joined(separator: "/")
        plan.documents.append(PlannedDocument(role: draft ? .draft : .post, source: path,
                                              destination: SitePlan.markdownName(destination), folderCategories: categories))
    }

    private static func addPage(_ path: String, parts: [String], collection: String? = nil, _ plan: inout SitePlan) {
        if parts.count == 1, path.withoutExtension == "index", markdownExtensions.contains(path.fileExtension) || path.fileExtension == ".html" {
            plan.oldURLs.append(OldURL(path: "/", source: path, rule: "the home page (sitegen writes its own)"))
        }
        guard markdownExtensions.contains(path.fileExtension) else {
            plan.skip(path, group: nil, path.fileExtension == ".html" || path.fileExtension == ".xml"
                ? "a Jekyll page or feed made with Liquid: sitegen makes its home page, lists, feeds and sitemap itself"
                : "a file Jekyll processes (front matter): not imported")
            return
        }
        let name = path.fileName.withoutExtension
        if let collection {
            // `_recipes/soup.md` → `Content/pages/recipes/soup.md`: a page, at the collection's URL by redirect.
            let destination = "Content/pages/" + collection + "/" + parts.dropFirst().joined(separator: "/")
            plan.documents.append(PlannedDocument(role: .page, source: path, destination: SitePlan.markdownName(destination), collection: collection))
            return
        }
        if path == "index" + path.fileExtension {
            plan.skip(path, "the home page: sitegen makes its own (the text of this one is not imported)")
            return
        }
        let slug = name == "index" ? path.folder.fileName : name
        if SitePlan.reservedPageSlugs.contains(slug.lowercased()) || slug == "404" {
            plan.skip(path, "sitegen makes /\(slug == "404" ? "404.html" : slug + "/") itself")
            return
        }
        let destination = "Content/pages/" + (name == "index" ? path.folder.folder.isEmpty ? slug : path.folder.folder + "/" + slug : path.withoutExtension) + ".md"
        plan.documents.append(PlannedDocument(role: .page, source: path, destination: destination, isBundle: name == "index"))
    }
}

/// Jekyll's test of which files it processes (`Utils.has_yaml_header?`): the first line is
/// `---` and blanks, nothing before it (a byte order mark makes it a static file). Whether
/// the front matter closes is its `YAML_FRONT_MATTER_REGEXP`; a processed file where it does
/// not (a YAML `.apinotes` file that starts with `---`) is written out as it is.
enum JekyllFrontMatter {
    static func hasHeader(_ url: URL) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return false }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 256)
        guard head.starts(with: Array("---".utf8)) else { return false }
        // `\A---\s*\r?\n`: blanks, then a line end, on the first line.
        for byte in head.dropFirst(3) {
            if byte == 0x0A { return true }
            if ![0x20, 0x09, 0x0D, 0x0B, 0x0C].contains(byte) { return false }
        }
        return false
    }

    /// A line `---` or `...` (blanks after it allowed) after the first.
    static func isClosed(_ url: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: url.path) else { return false }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        return lines.contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            return (trimmed == "---" || trimmed == "...") && (line.hasPrefix("---") || line.hasPrefix("..."))
        }
    }
}
