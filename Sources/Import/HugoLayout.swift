import Foundation
import Support
import YAML

/// Which files of a Hugo site are posts, pages and static files, read from the default
/// language's content folder (`content/`, or its `contentDir`): a dated document below a
/// section is a post (a leaf bundle's `index.md` with its files beside it), an undated one
/// and every document at the top a page, a section's `_index.md` a page at the section's URL,
/// a headless bundle only its files; `static/` is copied as it is. The other languages,
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

    /// The plan, and every menu entry: the settings' (an entry of a `pageRef` without a
    /// `name` named by the page's `linkTitle`, else `title`, as Hugo names it), then those
    /// the documents' front matter declares.
    static func plan(_ tree: SourceTree, _ config: HugoConfig = HugoConfig()) -> (plan: SitePlan, menus: [HugoMenuEntry]) {
        var plan = SitePlan()
        var menus: [HugoMenuEntry] = []
        var linkTitles: [String: String] = [:]
        let languages = config.languages
        let root = languages.contentRoot
        let otherRoots = languages.others.compactMap(\.contentDir)
        var content: [String] = []
        for path in tree.files {
            // Another language's folder first: it may be inside the default one's (`content/de` in `content/`), which Hugo leaves out.
            if let other = otherRoots.first(where: { path.hasPrefix($0 + "/") }) {
                let code = languages.others.first { $0.contentDir == other }?.code ?? other
                plan.skip(path, group: other + "/", "language '\(code)': not imported; sitegen makes one site, of the default content language "
                          + "'\(languages.imported?.code ?? languages.defaultCode)' (import the others into sites of their own)")
            } else if path.hasPrefix(root + "/") {
                let below = String(path.dropFirst(root.count + 1))
                if languages.isOtherLanguageFile(below) {
                    plan.skip(path, "a translation into a language that is not imported")
                } else {
                    content.append(below)
                }
            } else if path.hasPrefix("content/") {
                plan.skip(path, group: "content/", "outside the contentDir of every language: Hugo does not read it")
            }
        }
        let fronts = Dictionary(uniqueKeysWithValues: content.filter { markdownExtensions.contains($0.fileExtension) }.parallelMap { path in
            (path, HugoFrontMatter.peek(tree, root + "/" + path))
        })
        // Leaf bundles: folder → its `index.md`.
        let bundleIndex = Dictionary(content.filter { $0.fileName.withoutExtension == "index" && markdownExtensions.contains($0.fileExtension) }
            .map { ($0.folder, $0) }, uniquingKeysWith: { first, _ in first })
        let bundles = Set(bundleIndex.keys)
        let headless = Set(bundles.filter { bundleIndex[$0].flatMap { fronts[$0]?.node }?.flag(Self.headlessKey) == true })
        func bundle(of path: String) -> String? {
            var folder = path.folder
            while !folder.isEmpty {
                if bundles.contains(folder) { return folder }
                folder = folder.folder
            }
            return nil
        }
        func isPost(_ path: String) -> Bool {
            switch fronts[path] {
            case .read(let front): front.hugoDate != nil || front.flag("draft") == true
            // A post, so that its import reports the error, as for any post.
            case .unreadable: true
            case .absent, nil: false
            }
        }
        let postSections = Set(content.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            guard parts.count > 1, !bundles.contains(String(parts[0])), markdownExtensions.contains(path.fileExtension),
                  path.fileName.withoutExtension != "_index", (bundle(of: path) == nil || path.fileName.withoutExtension == "index"),
                  isPost(path) else { return nil }
            return String(parts[0])
        })
        let sectionFolders = postSections.count > 1
        var pageResources: [(path: String, bundle: String)] = []
        for path in content {
            let source = root + "/" + path
            let parts = path.split(separator: "/").map(String.init)
            let isMarkdown = markdownExtensions.contains(path.fileExtension)
            let front = fronts[path]?.node
            if isMarkdown {
                menus += HugoMenus.fromFrontMatter(front, document: source, file: source)
                linkTitles[source.withoutExtension] = front?["linkTitle"]?.text ?? front?["linktitle"]?.text ?? front?["title"]?.text
            }
            if parts.count > 1, config.taxonomies.contains(parts[0]) {
                plan.skip(source, group: root + "/" + parts[0] + "/", "a taxonomy's pages: sitegen makes its own /\(parts[0])/ pages from the posts' \(parts[0])")
                // A term's or the taxonomy's own `_index.md` is a page Hugo wrote; sitegen's tag (category, series) pages answer it.
                if isMarkdown, path.fileName.withoutExtension == "_index", ["tags", "categories", "series"].contains(parts[0]), parts.count <= 3,
                   front?.flag("draft") != true {
                    let url = "/" + parts.dropLast().map(URLSlugs.hugo).joined(separator: "/") + "/"
                    plan.oldURLs.append(OldURL(path: url, source: source, rule: "a page of taxonomy \(parts[0]): sitegen's own \(parts[0]) page"))
                }
                continue
            }
            if isMarkdown, front?.isUnrendered == true {
                plan.skip(source, "build: render: never — Hugo publishes no page for it")
                continue
            }
            if isMarkdown, let front, !languages.urlPrefix.isEmpty {
                for alias in front["aliases"]?.stringList ?? [] where alias.hasPrefix("/") && !alias.hasPrefix(languages.urlPrefix + "/") {
                    plan.skip(source, "alias \(alias), kept as written: Hugo served it at the root, outside \(languages.urlPrefix)/; "
                              + "in the imported site, under \(languages.urlPrefix)/, it answers at \(languages.urlPrefix)\(alias)")
                }
            }
            if isMarkdown, path.fileName.withoutExtension == "_index" {
                addSection(source, folders: Array(parts.dropLast()), front: front, prefix: languages.urlPrefix, &plan)
                continue
            }
            if path.fileExtension == ".html" || path.fileExtension == ".htm" {
                plan.skip(source, "HTML content: only Markdown is imported")
                continue
            }
            let owner = bundle(of: path)
            if let owner, headless.contains(owner) {
                if isMarkdown, path.fileName.withoutExtension == "index" {
                    plan.skip(source, "a headless bundle: Hugo publishes no page for it; its files are copied to Content/static/\(owner)/")
                } else {
                    plan.files.append(PlannedFile(source: source, destination: "Content/static/" + path))
                }
                continue
            }
            let isDocument = isMarkdown && (owner == nil || path.fileName.withoutExtension == "index")
            let folders = Array(parts.dropLast(owner == nil ? 1 : 2))
            if isDocument, folders.isEmpty || !isPost(path) {
                addPage(source, folders: folders, name: owner?.fileName ?? path.fileName.withoutExtension, isBundle: owner != nil, front: front, &plan)
                continue
            }
            if let owner, !isDocument, let index = bundleIndex[owner], owner.split(separator: "/").count == 1 || !isPost(index) {
                pageResources.append((path, owner))
                continue
            }
            let below = sectionFolders || parts[0] != postSections.first ? path : parts.dropFirst().joined(separator: "/")
            if isDocument {
                plan.documents.append(PlannedDocument(role: .post, source: source, destination: SitePlan.markdownName("Content/posts/" + below),
                                                      folders: folders, isBundle: owner != nil))
            } else if owner != nil {
                plan.files.append(PlannedFile(source: source, destination: "Content/posts/" + below))
            } else {
                plan.files.append(PlannedFile(source: source, destination: "Content/static/" + path))
            }
        }
        dropPagesUnderSections(&plan)
        let now = Date()
        for index in plan.documents.indices {
            let path = String(plan.documents[index].source.dropFirst(root.count + 1))
            if let front = fronts[path]?.node, !front.isPublishedByHugo(at: now) {
                plan.documents[index].sourcePublished = false
                plan.skip(plan.documents[index].source, "imported, but Hugo did not publish it (a publishDate to come or an expiryDate past): it had no URL")
            }
        }
        // A page bundle's files are published beside the page: at its sitegen URL.
        for (path, owner) in pageResources {
            let page = plan.documents.first { $0.role == .page && $0.isBundle && $0.source.folder == root + "/" + owner }
            let folder = page.map { $0.destination.fileName.withoutExtension } ?? owner
            plan.files.append(PlannedFile(source: root + "/" + path, destination: "Content/static/" + folder + "/" + String(path.dropFirst(owner.count + 1))))
        }
        for path in tree.files where !path.hasPrefix("content/") && !path.hasPrefix(root + "/") && !otherRoots.contains(where: { path.hasPrefix($0 + "/") }) {
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
        let settingsMenus = config.menus.map { entry in
            var named = entry
            if named.name == nil, let reference = entry.pageRef {
                let path = root + "/" + reference.trimming("/")
                named.name = [path, path + "/index", path + "/_index"].lazy.compactMap { linkTitles[$0] }.first
            }
            return named
        }
        return (plan, settingsMenus + menus)
    }

    static let headlessKey = "headless"

    /// A page of `content/` (a top-level file or bundle, or an undated page of a section) at
    /// `Content/pages/<folders>-<name>.md`, with the URL Hugo gave it: its folders and its
    /// `slug:` or name, each through `urlize`.
    private static func addPage(_ source: String, folders: [String], name: String, isBundle: Bool, front: YAMLNode?, _ plan: inout SitePlan) {
        let flat = (folders + [name]).joined(separator: "-")
        if folders.isEmpty, SitePlan.reservedPageSlugs.subtracting(["posts"]).contains(name.lowercased()) || name == "404" {
            plan.skip(source, "sitegen makes /\(name == "404" ? "404.html" : name + "/") itself")
            return
        }
        let slug = front?["slug"]?.text.map(URLSlugs.hugo) ?? URLSlugs.hugo(name)
        let url = "/" + (folders.map(URLSlugs.hugo) + [slug]).joined(separator: "/") + "/"
        plan.documents.append(PlannedDocument(role: .page, source: source, destination: "Content/pages/" + flat + ".md", isBundle: isBundle, hugoURL: url))
    }

    /// A section's `_index.md`: its list page at `/<folders>/` becomes a page there, with the
    /// section's text; the home page's is sitegen's home page.
    private static func addSection(_ source: String, folders: [String], front: YAMLNode?, prefix: String, _ plan: inout SitePlan) {
        guard !folders.isEmpty else {
            plan.skip(source, "the home page: sitegen makes its own (the text of this one is not imported)")
            if front?.flag("draft") != true {
                plan.oldURLs.append(OldURL(path: "/", source: source, rule: "Hugo's home page (\(prefix.isEmpty ? "/" : prefix + "/")): sitegen's home page"))
            }
            return
        }
        let url = "/" + folders.map(URLSlugs.hugo).joined(separator: "/") + "/"
        plan.documents.append(PlannedDocument(role: .page, source: source, destination: "Content/pages/" + folders.joined(separator: "-") + ".md",
                                              folders: folders, isBundle: true, isSectionList: true, hugoURL: url))
    }

    /// A page at a section's URL (`content/Posts.md` and `content/posts/_index.md`, both at
    /// `/posts/`): Hugo writes the section's list there, so the page was never seen.
    private static func dropPagesUnderSections(_ plan: inout SitePlan) {
        let sections = Dictionary(plan.documents.filter(\.isSectionList).map { ($0.hugoURL ?? "", $0.source) }, uniquingKeysWith: { first, _ in first })
        var shadowed: [ImportPlace] = []
        plan.documents.removeAll { document in
            guard !document.isSectionList, document.role == .page, let url = document.hugoURL, let section = sections[url] else { return false }
            shadowed.append(ImportPlace(file: document.source, note: "Hugo writes the list of section \(section) at \(url), not this page (readers never saw it): not imported"))
            return true
        }
        plan.notImported += shadowed
    }
}
