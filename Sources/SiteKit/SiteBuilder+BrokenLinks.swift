import Support

extension SiteBuilder {
    /// What a build without `--drafts` finds in the drafts it leaves out, rendering the site
    /// with them in memory (nothing is written): the render's problems and warnings at the
    /// drafts (errors made warnings, ``DraftProblems``), and every broken link of a draft,
    /// whatever `links: internal:` says. Nothing when the site has no drafts.
    func draftProblems(_ inputs: Inputs) -> (warnings: [Diagnostic], brokenLinks: [BrokenLink]) {
        guard let drafts = inputs.site.drafts else { return ([], []) }
        var withDrafts = inputs
        withDrafts.site = drafts.site
        let known = Set(inputs.staticFiles.map(\.relative))
        withDrafts.staticFiles += Self.bundleResources(of: drafts.site, layout: inputs.layout).filter { !known.contains($0.relative) }
        let rendering: RenderedSite
        do {
            rendering = try pages(withDrafts).render(into: { _ in })
        } catch {
            return (error.diagnostics.filter { drafts.files.contains($0.file) }.map(DraftProblems.demoted), [])
        }
        var settings = inputs.site.config.links
        settings.brokenIsError = true
        let broken = LinkChecker(generatedPaths: rendering.paths, staticPaths: Set(withDrafts.staticFiles.map(\.relative)), ids: rendering.ids,
                                 settings: settings).broken(in: rendering.links.filter { drafts.files.contains($0.sourcePath) })
        return (rendering.warnings.filter { drafts.files.contains($0.file) }, broken)
    }

    /// The site built in memory, as `sitegen build` builds it, with nothing written: the
    /// files the output would have, every link the checker finds broken (in drafts too,
    /// ``draftProblems(_:)``) whatever `links: internal:` says, and where each published post
    /// and page is. What keeps the site from building otherwise throws, as in a build.
    /// `sitegen import` checks the site it wrote with it, once.
    package func buildInMemory() throws(DiagnosticsError) -> InMemoryBuild {
        let inputs = try loadInputs()
        let rendering = try pages(inputs).render(into: { _ in })
        var settings = inputs.site.config.links
        settings.brokenIsError = true
        let staticPaths = Set(inputs.staticFiles.map(\.relative))
        let broken = LinkChecker(generatedPaths: rendering.paths, staticPaths: staticPaths, ids: rendering.ids,
                                 settings: settings).broken(in: rendering.links)
        let drafts = draftProblems(inputs)
        var urls: [String: String] = [:]
        for (source, url) in inputs.site.posts.map({ ($0.sourcePath, $0.urlPath) }) + inputs.site.pages.map({ ($0.sourcePath, $0.urlPath) }) {
            urls[source] = url
        }
        return InMemoryBuild(outputPaths: rendering.paths.union(staticPaths), brokenLinks: broken + drafts.brokenLinks,
                             draftFiles: inputs.site.drafts?.files ?? [], urls: urls)
    }
}

/// A build's result without its files (``SiteBuilder/buildInMemory()``).
package struct InMemoryBuild: Sendable {
    /// Every file the output would have, by its path in it (`posts/x/index.html`, `images/a.png`).
    package var outputPaths: Set<String>
    /// The broken links of the published pages, then of the drafts.
    package var brokenLinks: [BrokenLink]
    /// The drafts the build leaves out, by source path (`Content/posts/drafts/x.md`).
    package var draftFiles: Set<String>
    /// Each published post's and page's source path (`Content/posts/x.md`) → its URL path.
    package var urls: [String: String]
}
