/// Which files of a Hugo site are posts, pages and static files: Markdown below a section
/// of `content/` is a post (a leaf bundle's `index.md` with its files beside it), Markdown
/// at the top of `content/` a page, `static/` is copied as it is. Section pages (`_index.md`),
/// layouts, themes and the other folders Hugo reads are reported.
enum HugoLayout {
    static let otherFolders = [
        "layouts": "layouts: sitegen renders with its theme (Content/templates/ overrides it)",
        "themes": "Hugo themes: sitegen renders with its own theme",
        "archetypes": "archetypes: 'sitegen new post' makes new posts",
        "assets": "Hugo Pipes assets: not imported",
        "data": "data files for templates: not imported",
        "i18n": "translations of the theme: sitegen's words are 'strings' in Content/site.yml",
        "resources": "Hugo's generated resources",
        "public": "Hugo's output folder",
        "config": "settings of other environments than _default",
    ]

    static func plan(_ tree: SourceTree) -> SitePlan {
        var plan = SitePlan()
        let content = tree.files.filter { $0.hasPrefix("content/") }.map { String($0.dropFirst("content/".count)) }
        let bundles = Set(content.filter { $0.fileName.withoutExtension == "index" && markdownExtensions.contains($0.fileExtension) }.map(\.folder))
        func bundle(of path: String) -> String? {
            var folder = path.folder
            while !folder.isEmpty {
                if bundles.contains(folder) { return folder }
                folder = folder.folder
            }
            return nil
        }
        let postSections = Set(content.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            guard parts.count > 1, !bundles.contains(String(parts[0])), markdownExtensions.contains(path.fileExtension),
                  path.fileName.withoutExtension != "_index" else { return nil }
            return String(parts[0])
        })
        let sectionFolders = postSections.count > 1
        for path in content {
            let source = "content/" + path
            let parts = path.split(separator: "/").map(String.init)
            let isMarkdown = markdownExtensions.contains(path.fileExtension)
            if isMarkdown, path.fileName.withoutExtension == "_index" {
                plan.skip(source, "a section's list page: sitegen makes its own lists (the text of this one is not imported)")
                continue
            }
            if path.fileExtension == ".html" || path.fileExtension == ".htm" {
                plan.skip(source, "HTML content: only Markdown is imported")
                continue
            }
            let owner = bundle(of: path)
            let topLevel = parts.count == 1 || (owner.map { !$0.contains("/") } ?? false)
            if topLevel {
                addPage(path, parts: parts, bundle: owner, isMarkdown: isMarkdown, &plan)
                continue
            }
            let below = sectionFolders || parts[0] != postSections.first ? path : parts.dropFirst().joined(separator: "/")
            if isMarkdown, owner == nil || path.fileName.withoutExtension == "index" {
                let folders = Array(parts.dropLast(owner == nil ? 1 : 2))
                plan.documents.append(PlannedDocument(role: .post, source: source, destination: SitePlan.markdownName("Content/posts/" + below),
                                                      folders: folders, isBundle: owner != nil))
            } else if owner != nil {
                plan.files.append(PlannedFile(source: source, destination: "Content/posts/" + below))
            } else {
                plan.files.append(PlannedFile(source: source, destination: "Content/static/" + path))
            }
        }
        for path in tree.files where !path.hasPrefix("content/") {
            let parts = path.split(separator: "/").map(String.init)
            if parts[0] == "static", parts.count > 1 {
                let below = parts.dropFirst().joined(separator: "/")
                if parts.count == 2, SitePlan.generatedFiles.contains(below) {
                    plan.skip(path, "sitegen writes its own \(below)")
                } else {
                    plan.files.append(PlannedFile(source: path, destination: "Content/static/" + below))
                }
            } else if parts.count == 1, HugoConfig.rootNames.contains(path) {
                continue
            } else if parts.count > 1, let note = otherFolders[parts[0]] {
                if parts[0] == "config", path.hasPrefix("config/_default/") { continue }
                plan.skip(path, group: parts[0] + "/", note)
            } else {
                plan.skip(path, group: parts.count > 1 ? parts[0] + "/" : nil, "not content of a Hugo site")
            }
        }
        plan.notImported += plan.groupedNotImported
        return plan
    }

    /// A Markdown file at the top of `content/` (or a bundle there) is a page at `/<name>/`;
    /// a bundle's other files are published beside it as static files.
    private static func addPage(_ path: String, parts: [String], bundle: String?, isMarkdown: Bool, _ plan: inout SitePlan) {
        let source = "content/" + path
        guard isMarkdown, bundle == nil || path.fileName.withoutExtension == "index" else {
            plan.files.append(PlannedFile(source: source, destination: "Content/static/" + path))
            return
        }
        let name = bundle ?? path.withoutExtension
        if SitePlan.reservedPageSlugs.contains(name.lowercased()) || name == "404" {
            plan.skip(source, "sitegen makes /\(name == "404" ? "404.html" : name + "/") itself")
            return
        }
        plan.documents.append(PlannedDocument(role: .page, source: source, destination: "Content/pages/" + name + ".md", isBundle: bundle != nil))
    }
}
