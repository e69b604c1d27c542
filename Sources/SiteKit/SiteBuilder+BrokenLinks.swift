import Support

extension SiteBuilder {
    /// Loads and renders the site in memory, writes nothing, and returns every link the
    /// checker finds broken, whatever `links: internal:` says (drafts are included when the
    /// options include them). What keeps the site from building otherwise throws, as in a build.
    /// `sitegen import` lists these for the site it wrote.
    package func brokenLinks() throws(DiagnosticsError) -> [BrokenLink] {
        let inputs = try loadInputs()
        let rendering = try pages(inputs).render(into: { _ in })
        var settings = inputs.site.config.links
        settings.brokenIsError = true
        return LinkChecker(generatedPaths: rendering.paths, staticPaths: Set(inputs.staticFiles.map(\.relative)), ids: rendering.ids,
                           settings: settings).broken(in: rendering.links)
    }
}
