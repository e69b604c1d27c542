/// A file the render stage produced, in memory until the write stage.
public struct RenderedFile: Sendable {
    /// Relative to the output folder, `/`-separated (`posts/x/index.html`).
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
