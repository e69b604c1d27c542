/// Which files of a Jekyll site are posts, drafts, pages and static files, as Jekyll decides:
/// `_posts/` (also `<category>/_posts/`) and `_drafts/`, Markdown with front matter
/// elsewhere, and files without front matter copied as they are. Folders starting with `_`
/// (layouts, includes, data, plugins, collections) are reported, never copied.
enum JekyllLayout {
    static let underscoreFolders = [
        "_layouts": "layouts: sitegen renders with its theme (Content/templates/ overrides it)",
        "_includes": "includes: where posts use them is listed under 'Left'",
        "_sass": "Sass styles: sitegen's theme has its own CSS",
        "_data": "data files for templates: not imported",
        "_plugins": "Ruby plugins: not imported",
        "_site": "Jekyll's output folder",
    ]

    static func plan(_ tree: SourceTree, _ config: JekyllConfig) -> SitePlan {
        var plan = SitePlan()
        for path in tree.files {
            let parts = path.split(separator: "/").map(String.init)
            if parts.count == 1, path == "_config.yml" || path == "_config.yaml" { continue }
            if let postsIndex = parts.firstIndex(where: { $0 == "_posts" || $0 == "_drafts" }),
               parts[..<postsIndex].allSatisfy({ !$0.hasPrefix("_") }) {
                addPost(path, parts: parts, at: postsIndex, &plan)
                continue
            }
            if let hiddenIndex = parts.firstIndex(where: { $0.hasPrefix("_") }) {
                let top = parts[hiddenIndex]
                let name = String(top.dropFirst())
                let note = underscoreFolders[top] ?? (config.collections.contains(name) ? "collection '\(name)': not imported"
                    : "Jekyll leaves out names starting with '_'")
                let group = hiddenIndex < parts.count - 1 ? parts[...hiddenIndex].joined(separator: "/") + "/" : nil
                plan.skip(path, group: group, note)
                continue
            }
            if config.isExcluded(path) {
                plan.skip(path, group: parts.count > 1 ? parts[0] + "/" : nil, "excluded by _config.yml (or Jekyll's default exclude list)")
                continue
            }
            if tree.startsWithFrontMatter(path) {
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

    private static func addPage(_ path: String, parts: [String], _ plan: inout SitePlan) {
        guard markdownExtensions.contains(path.fileExtension) else {
            plan.skip(path, group: nil, path.fileExtension == ".html" || path.fileExtension == ".xml"
                ? "a Jekyll page or feed made with Liquid: sitegen makes its home page, lists, feeds and sitemap itself"
                : "a file Jekyll processes (front matter): not imported")
            return
        }
        let name = path.fileName.withoutExtension
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
