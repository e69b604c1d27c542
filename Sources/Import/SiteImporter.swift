import Foundation
import SiteKit
import Support

/// `sitegen import jekyll|hugo SRC DIR`: reads the source site (never writing there),
/// converts it in memory, writes the new site into a staging folder beside DIR and renames it
/// into place only when everything worked, so DIR is either complete or as it was.
package struct SiteImporter: Sendable {
    package struct Options: Sendable {
        var generator: SourceGenerator
        var source: URL
        var destination: URL

        package init(generator: SourceGenerator, source: URL, destination: URL) {
            self.generator = generator
            self.source = source.standardizedFileURL
            self.destination = destination.standardizedFileURL
        }
    }

    let options: Options

    package init(options: Options) {
        self.options = options
    }

    package func run() throws(DiagnosticsError) -> ImportReport {
        try checkFolders()
        // Before anything can fail: an import that stops on an error cleans up after a killed one too.
        StagedFolder(destination: options.destination).removeStale()
        let tree = SourceTree(root: options.source)
        guard tree.unreadable.isEmpty else {
            throw DiagnosticsError(tree.unreadable.map { .error($0.path.isEmpty ? "." : $0.path, nil, $0.reason) })
        }
        var report = ImportReport(generator: options.generator, source: options.source.path, destination: options.destination.path)
        report.notImported += tree.skipped.map { ImportPlace(file: $0.path, note: $0.reason) }

        let settings: SiteSettings
        let configFiles: [String]
        var plan: SitePlan
        var policy: URLPolicy
        var importer: DocumentImporter
        var menus: [HugoMenuEntry] = []
        var contentRoot = "content"
        var (jekyllMenu, menuNotes): ([JekyllNavigation.Entry], [ImportPlace]) = ([], [])
        var headerPages: (paths: [String], place: ImportPlace?) = ([], nil)
        switch options.generator {
        case .jekyll:
            let config: JekyllConfig
            do throws(Diagnostic) { config = try JekyllConfig.read(tree) } catch { throw DiagnosticsError([error]) }
            (settings, configFiles) = (config.settings, config.configFiles)
            report.notImported += config.notImported
            plan = JekyllLayout.plan(tree, config)
            do throws(Diagnostic) { (jekyllMenu, menuNotes) = try JekyllNavigation.read(tree) } catch { throw DiagnosticsError([error]) }
            report.notImported += menuNotes
            headerPages = (config.headerPages, config.headerPagesPlace)
            policy = URLPolicy.jekyll(config)
            importer = DocumentImporter(generator: .jekyll, policy: policy, targets: LinkTargets(), siteURL: config.siteURL, basePath: config.basePath)
            importer.includes = IncludeComponents.read(tree, siteURL: config.siteURL, basePath: config.basePath)
            importer.assets = JekyllAssets.add(to: &plan, tree)
        case .hugo:
            let config = try HugoConfig.read(tree)
            (settings, configFiles) = (config.settings, config.configFiles)
            report.notImported += config.notImported
            (plan, menus) = HugoLayout.plan(tree, config)
            contentRoot = config.languages.contentRoot
            policy = URLPolicy.hugo(config, posts: plan.documents.filter { $0.role != .page })
            importer = DocumentImporter(generator: .hugo, policy: policy, targets: LinkTargets())
            importer.contentRoot = contentRoot
            importer.siteParams = config.params
        }
        Self.dropCollisions(&plan)
        report.notImported += plan.notImported

        var errors: [Diagnostic] = []
        var read: [(PlannedDocument, SourceDocument)] = []
        for (document, result) in zip(plan.documents, plan.documents.parallelMap { document in
            Result { () throws(Diagnostic) in try SourceDocument.read(tree.url(document.source), path: document.source) }
        }) {
            switch result {
            case .failure(let error): errors.append(error)
            case .success(let source): read.append((document, source))
            }
        }
        importer.targets = Self.targets(documents: read.map(\.0), files: plan.files, generator: options.generator)
        let documentImporter = importer
        let outcomes = read.parallelMap { document, source in
            Result { () throws(Diagnostic) in try documentImporter.run(document, source) }
        }
        var written: [(path: String, bytes: [UInt8])] = []
        var components = Set<String>()
        for ((document, _), outcome) in zip(read, outcomes) {
            switch outcome {
            case .failure(let error): errors.append(error)
            case .success(let result):
                report.merge(result.report)
                report.imported[document.source] = document.destination
                components.formUnion(result.components)
                written.append((document.destination, result.bytes))
                // The one place a document's old URL is listed, whatever the generator.
                if result.hadOldURL, let old = result.decision.oldURL {
                    report.oldURLs.append(OldURL(path: old, source: document.source, rule: result.decision.rule ?? ""))
                }
                switch document.role {
                case .page: report.pages += 1
                case .post, .draft: if result.isDraft { report.drafts += 1 } else { report.posts += 1 }
                }
            }
        }
        guard errors.isEmpty else { throw DiagnosticsError(Diagnostic.inReadingOrder(errors)) }
        written += importer.includes.files(for: components)
        var site = settings
        let imported = zip(read, outcomes).compactMap { pair in (try? pair.1.get()).map { (pair.0.0, $0.decision) } }
        site.menu = jekyllMenu.map { SiteSettings.MenuItem(title: $0.title, url: MenuURL.current($0.url, documents: imported)) }
        if site.menu.isEmpty, !headerPages.paths.isEmpty {
            let titled = zip(read, outcomes).compactMap { pair in (try? pair.1.get()).map { (pair.0.0, $0) } }
            let header = JekyllNavigation.headerPages(headerPages.paths, place: headerPages.place, documents: titled)
            site.menu = header.items
            report.notImported += header.notImported
        }
        if options.generator == .hugo {
            let navigation = HugoNavigation.menu(menus, documents: imported, contentRoot: contentRoot)
            site.menu = navigation.items
            report.notImported += navigation.notImported
        }
        if site.title == nil { site.title = options.source.lastPathComponent }
        if policy.postPattern != Permalinks.sitegenDefault { site.permalinks.append(("posts", policy.postPattern)) }
        if let note = policy.patternNote { report.notImported.append(ImportPlace(file: configFiles.first ?? "", note: note)) }
        report.settings = site.keys
        written.append(("Content/site.yml", Array(site.yaml(generator: options.generator, from: configFiles).utf8)))
        written.append((".gitignore", Array("Output/\n.sitegen-cache/\n".utf8)))
        written.append((Self.preludePath, Array(Self.prelude.utf8)))
        report.files = plan.files.count
        try StagedFolder(destination: options.destination).write(written, copying: plan.files.map { (tree.url($0.source), $0.source, $0.destination) })
        report.oldURLs += plan.oldURLs
        // One build of the written site, in memory, read by both checks.
        let built = Self.buildInMemory(options.destination)
        report.oldURLCheck = OldURLCheck.run(report.oldURLs, built: built, imported: report.imported)
        ImportedLinks.check(site: options.destination, built: built, tree: tree, basePath: importer.basePath, report: &report)
        return report
    }

    /// The imported site built in memory (``SiteBuilder/buildInMemory()``), leaving no
    /// `.sitegen-cache/` behind (the math renderer may make one).
    static func buildInMemory(_ site: URL) -> Result<InMemoryBuild, DiagnosticsError> {
        let cache = site.appendingPathComponent(".sitegen-cache")
        let hadCache = FileManager.default.fileExists(atPath: cache.path)
        defer { if !hadCache { try? FileManager.default.removeItem(at: cache) } }
        return Result { () throws(DiagnosticsError) in
            try SiteBuilder(options: .init(siteRoot: site, output: site.appendingPathComponent("Output"))).buildInMemory()
        }
    }

    /// check-snippets' prelude, compiled before every program of the posts.
    static let preludePath = "Content/snippets/prelude.swift"

    /// The prelude of an imported blog: `import Foundation`, with why.
    static let prelude = """
        // The prelude of `sitegen check-snippets`: compiled before every program of every
        // post, never shown on a page. Written by `sitegen import`: a blog's Swift usually
        // comes from a playground or an app that imports Foundation elsewhere, so its posts
        // seldom say so, and on Linux most of their blocks would fail for that alone (on
        // Apple platforms Foundation comes with UIKit and SwiftUI). Delete the line below to
        // check that every program imports what it uses; add others (`import UIKit`) here.
        import Foundation

        """

    /// SRC a folder; DIR absent or empty, and neither inside the other.
    private func checkFolders() throws(DiagnosticsError) {
        let source = options.source.resolvingSymlinksInPath().path
        let destination = options.destination.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else {
            throw DiagnosticsError([.error(options.source.path, nil, "no such folder: the site to import")])
        }
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw DiagnosticsError([.error(destination, nil, "exists and is not a folder: choose a new folder to import into")]) }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: destination)) ?? ["?"]
            guard entries.isEmpty else { throw DiagnosticsError([.error(destination, nil, "is not empty: import into a new or empty folder")]) }
        }
        let resolvedDestination = options.destination.deletingLastPathComponent().resolvingSymlinksInPath()
            .appendingPathComponent(options.destination.lastPathComponent).path
        if resolvedDestination == source || resolvedDestination.hasPrefix(source + "/") {
            throw DiagnosticsError([.error(destination, nil, "is inside the site to import, which the import never writes to: choose a folder outside it")])
        }
    }

    /// Two files going to one place (`a.md` and `a.markdown`; compared without case, as
    /// macOS's file system does): the second is reported, not written.
    private static func dropCollisions(_ plan: inout SitePlan) {
        var taken: [String: String] = [:]
        func keep(source: String, destination: String) -> Bool {
            if let first = taken[destination.lowercased()] {
                plan.notImported.append(ImportPlace(file: source, note: "goes where \(first) goes (\(destination)): not imported"))
                return false
            }
            taken[destination.lowercased()] = source
            return true
        }
        plan.documents = plan.documents.filter { keep(source: $0.source, destination: $0.destination) }
        plan.files = plan.files.filter { keep(source: $0.source, destination: $0.destination) }
    }

    /// Every post, page and file by its source path, and posts by the names links use.
    private static func targets(documents: [PlannedDocument], files: [PlannedFile], generator: SourceGenerator) -> LinkTargets {
        var targets = LinkTargets()
        for document in documents {
            let names = generator == .jekyll ? (document.role == .page ? [] : [document.source.fileName.withoutExtension])
                : [document.urlName]
            targets.add(source: document.source, target: .document(document.destination), names: names)
        }
        for file in files where file.destination.hasPrefix("Content/static/") {
            targets.add(source: file.source, target: .sitePath("/" + file.destination.dropFirst("Content/static/".count)), names: [])
        }
        return targets
    }
}
