/// A URL the source generator gave one document, which the imported site must answer,
/// as a page or as a redirect. The import computes these from the source generator's
/// own rules (Jekyll's and Hugo's), never from what sitegen will write.
package struct OldURL: Sendable, Hashable {
    /// The path the old site served, from the site's root: `/2019/05/01/viper/`, `/about/`,
    /// `/feed.xml`. Percent-encoded as the old generator wrote it.
    package var path: String
    /// The file it came from, relative to the source folder: `_posts/2019-05-01-viper.md`.
    package var source: String
    /// Which rule gave it this URL, for the report: `permalink /:year/:month/:day/:title/ (defaults: path _posts)`.
    package var rule: String

    package init(path: String, source: String, rule: String) {
        self.path = path
        self.source = source
        self.rule = rule
    }
}
