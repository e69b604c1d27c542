/// A file the render stage produced, in memory until the write stage.
struct RenderedFile: Sendable {
    /// Relative to the output folder, `/`-separated (`posts/x/index.html`).
    var path: String
    var contents: String
    /// A default the site may replace with a static file of the same path (`robots.txt`);
    /// any other clash with a static file is an error.
    var replaceableByStatic: Bool

    init(path: String, contents: String, replaceableByStatic: Bool = false) {
        self.path = path
        self.contents = contents
        self.replaceableByStatic = replaceableByStatic
    }
}
