import Markdown

/// The directives every site knows, with DocC's names and arguments where DocC has the
/// directive (`@Image(source:alt:)`, `@Video(source:poster:)`, `@Row`/`@Column(size:)`,
/// `@TabNavigator`/`@Tab`, `@Small`, `@Comment`), and a few for the web.
/// `DirectiveLowering` (in `Markdown/`) renders them.
package enum BuiltInDirectives {
    static let specs: [MarkdownDirectiveSpec] = [
        MarkdownDirectiveSpec("Image", arguments: [.init("source", .url, required: true), .init("alt", required: true)]),
        MarkdownDirectiveSpec("Video", arguments: [.init("source", .url, required: true), .init("poster", .url), .init("alt")]),
        MarkdownDirectiveSpec("Row", body: .required, onlyChildren: ["Column"]),
        MarkdownDirectiveSpec("Column", arguments: [.init("size", .number, default: "1")], body: .required, parent: "Row"),
        MarkdownDirectiveSpec("Small", body: .required),
        MarkdownDirectiveSpec("Comment"),
        MarkdownDirectiveSpec("TabNavigator", body: .required, onlyChildren: ["Tab"]),
        MarkdownDirectiveSpec("Tab", arguments: [.init("title", required: true)], body: .required, parent: "TabNavigator"),
        MarkdownDirectiveSpec("YouTube", arguments: [.init("id", required: true), .init("title", default: "Video")], body: .none),
        MarkdownDirectiveSpec("Vimeo", arguments: [.init("id", required: true), .init("title", default: "Video")], body: .none),
        MarkdownDirectiveSpec("Gist", arguments: [.init("id", required: true), .init("title")], body: .none),
        MarkdownDirectiveSpec("Details", arguments: [.init("summary", required: true)], body: .required),
    ]

    package static let names: Set<String> = Set(specs.map(\.name))

    static let catalog = MarkdownDirectiveCatalog(specs)

    /// The theme's script that makes tab groups switch and video placeholders play
    /// (`Themes/default/static/js/directives.js`); pages load it only when a body needs it.
    static let scriptPath = "js/directives.js"
}
