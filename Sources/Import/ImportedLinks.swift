import Foundation
import SiteKit
import Support

/// The links of the imported site that lead nowhere, found by its build in memory (drafts
/// included, ``SiteBuilder/buildInMemory()``) once it is written. Each is listed in the report, as already broken in the
/// source site when the source has no file where it leads; with any in a published page,
/// `links: { internal: warn }` goes into `Content/site.yml`, with a comment saying why, so
/// the first build does not stop on links that were dead before the move (a draft's are
/// warnings of the build anyway, errors with `--drafts`).
enum ImportedLinks {
    static let brokenInSource = "a link already broken in the source site"
    static let brokenHere = "a link that leads nowhere in the imported site"

    static let inADraft = " (in a draft: a warning unless the build has --drafts)"

    static func check(site: URL, built: Result<InMemoryBuild, DiagnosticsError>, tree: SourceTree, basePath: String, report: inout ImportReport) {
        // A site that does not build is the build's to report; this check has nothing to add.
        guard case .success(let build) = built, !build.brokenLinks.isEmpty else { return }
        let broken = build.brokenLinks
        var inSource = 0
        let oldURLs = Set(report.oldURLs.map(\.path))
        for link in broken {
            // A URL the old site served for a page is no dead link, though no file is there.
            let served = link.target.map { oldURLs.contains($0) || oldURLs.contains($0 + "/") } ?? false
            // A URL made by template code left as written (`{% post_url %}` in an href) worked in
            // the old site: the construct is listed under its own kind too.
            let templated = link.url.contains("{%") || link.url.contains("{{")
            let wasBroken = !link.fragmentOnly && !served && !templated && !existsInSource(link.target, tree: tree, basePath: basePath)
            if wasBroken { inSource += 1 }
            let message = link.diagnostic.message
            let reason = message.range(of: "': ").map { String(message[$0.upperBound...]) } ?? message
            let draft = build.draftFiles.contains(link.diagnostic.file) ? inADraft : ""
            report.left[wasBroken ? brokenInSource : brokenHere, default: []].append(
                ImportPlace(file: link.diagnostic.file, line: link.diagnostic.location?.line, column: link.diagnostic.location?.column,
                            text: link.url, note: reason + draft))
        }
        guard broken.contains(where: { !build.draftFiles.contains($0.diagnostic.file) }) else { return }
        let settings = site.appendingPathComponent("Content/site.yml")
        guard var text = try? String(contentsOf: settings, encoding: .utf8) else { return }
        text += setting(broken: broken.count, inSource: inSource)
        try? text.write(to: settings, atomically: true, encoding: .utf8)
        report.settings.append("links.internal")
    }

    /// The `links:` block, with why it is there and how to undo it.
    static func setting(broken: Int, inSource: Int) -> String {
        let links = broken == 1 ? "1 link that leads" : "\(broken) links that lead"
        let why = inSource == broken ? "already broken in the source site" : "\(inSource) of them already broken in the source site"
        return """
            links:
              # sitegen import found \(links) nowhere (\(why)); the import report lists
              # each at its file:line:col. Broken links are warnings until they are fixed: then
              # write `internal: error` (the default), and a broken link stops the build again.
              internal: warn

            """
    }

    /// Whether the source site has a file where the link leads (then the import lost it, and
    /// it was not broken before): its path, with `index.html` or `index.md`, or below the
    /// base path; a `.md` link by its file name.
    static func existsInSource(_ target: String?, tree: SourceTree, basePath: String) -> Bool {
        guard let target else { return false }
        let files = Set(tree.files)
        if !target.hasPrefix("/") {
            let name = target.fileName
            return tree.files.contains { $0 == name || $0.hasSuffix("/" + name) }
        }
        var paths = [String(target.dropFirst())]
        if !basePath.isEmpty, target.hasPrefix(basePath + "/") { paths.append(String(target.dropFirst(basePath.count + 1))) }
        return paths.contains { path in
            let folder = path.isEmpty || path.hasSuffix("/") ? path : path + "/"
            return files.contains(path) || files.contains(folder + "index.html") || files.contains(folder + "index.md")
                || files.contains(path.withoutExtension + ".md") || files.contains(path.withoutExtension + ".markdown")
        }
    }
}
