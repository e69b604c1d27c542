/// The site with its drafts, for the checks of a build without `--drafts` (never written).
final class DraftSite: Sendable {
    let site: Site
    /// The drafts' source paths (`Content/posts/drafts/next.md`).
    let files: Set<String>

    init(site: Site, files: Set<String>) {
        self.site = site
        self.files = files
    }
}
