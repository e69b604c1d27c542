import Markdown

/// A site's own directive: `Content/components/<name>.mustache` (or the theme's
/// `components/`), called in a post as `@<Name>(…) { … }`. The template sees each argument
/// by name and `body`, the call's body rendered; the header comment declares the arguments
/// (see `docs/components.md`).
package struct SiteComponent: Sendable, Hashable {
    /// The directive's name: the file's name with its first letter in upper case.
    package var name: String
    /// `Content/components/note.mustache`, for messages.
    package var file: String
    /// The whole template, header included (a Mustache comment renders nothing).
    package var source: String
    package var spec: MarkdownDirectiveSpec
    /// Whether the template shows `body` anywhere; a call with a body to a component that
    /// shows none would lose what the author wrote, and is an error.
    package var showsBody: Bool

    /// `warning-box` → `WarningBox`, `note` → `Note`.
    package static func directiveName(fileName: String) -> String {
        fileName.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
