import Foundation
import SiteKit

/// What a converter needs to know of the file it converts and the site around it.
struct ConversionContext: Sendable {
    /// The file in the imported site (`Content/posts/a.md`): links are written relative to it.
    var documentPath: String
    /// The file in the source site (`_posts/a.md`).
    var sourcePath: String
    var targets: LinkTargets
    /// Jekyll's `url` (`https://example.com`, no trailing slash), when `_config.yml` has it.
    var siteURL: String?
    /// Jekyll's `baseurl` (`/blog`, or empty).
    var basePath: String = ""
    /// Hugo's content folder, relative to the source root (`content`).
    var contentRoot: String = "content"
    /// The site's includes that became components, and those with logic (``IncludeComponents``).
    var includes = IncludeComponents()
    /// jekyll-assets: an asset's name (`logo.png`, `posts/a.png`) → its path in the imported site.
    var assets: [String: String] = [:]
    /// The page's front matter scalars by key (`page.x` in Liquid, `param` in Hugo).
    var pageValues: [String: String] = [:]
    /// Hugo's `params` of the site, for `{{< param >}}` after the page's own.
    var siteParams: [String: String] = [:]
}

/// A construct a converter left as written, with why.
struct LeftMark: Sendable, Hashable {
    var kind: String
    var offset: Int
    var text: String
    var note: String
}

/// A body after conversion, with what happened where (byte offsets of the new body).
struct ConvertedBody: Sendable {
    var bytes: [UInt8]
    var events: [(conversion: Conversion, offset: Int)]
    var left: [LeftMark]
    /// The includes (`youtube.html`) its calls became components of: the import writes those.
    var components: Set<String> = []

    /// The edits applied to `original`, events and marks moved to where they are in the result.
    init(original: [UInt8], edits: BodyEdits, events: [(Conversion, Int)], left: [LeftMark]) {
        bytes = edits.isEmpty ? original : edits.applied(to: original)
        let offsets = BodyEdits.Offsets(edits)
        self.events = events.map { ($0.0, offsets.new($0.1)) }
        self.left = left.map { mark in
            var moved = mark
            moved.offset = offsets.new(mark.offset)
            return moved
        }
    }
}

extension ConvertedBody {
    /// A second pass's edits over this body's result: the events and marks of both, moved
    /// to where they are in the final text.
    func then(_ edits: BodyEdits, events more: [(Conversion, Int)], left moreLeft: [LeftMark]) -> ConvertedBody {
        var result = ConvertedBody(original: bytes, edits: edits, events: events.map { ($0.conversion, $0.offset) } + more, left: left + moreLeft)
        result.components = components
        return result
    }
}

/// The names the report gives to kinds of constructs left in a post.
enum LeftKind {
    /// `Liquid tag {% include youtube.html %}` for includes (the file says what it was), else
    /// the scanner's name of the kind.
    static func name(_ syntax: TemplateSyntax) -> String {
        if case .liquidTag("include") = syntax.kind, let file = includedFile(syntax.text) {
            return "Liquid tag {% include \(file) %}"
        }
        return syntax.kind.description
    }

    static func name(of token: TemplateToken) -> String {
        switch token.delimiter {
        case .liquidTag:
            if token.name == "include", let file = token.arguments.split(separator: " ").first {
                return "Liquid tag {% include \(file) %}"
            }
            return TemplateSyntax.Kind.liquidTag(token.name).description
        case .liquidOutput: return TemplateSyntax.Kind.liquidOutput.description
        case .shortcode, .markdownShortcode: return TemplateSyntax.Kind.hugoShortcode(token.name).description
        case .escapedShortcode: return TemplateSyntax.Kind.hugoShortcode("/*").description
        }
    }

    private static func includedFile(_ text: String) -> String? {
        var rest = Substring(text)
        for prefix in ["{%-", "{%"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2, words[0] == "include" else { return nil }
        return String(words[1]).replacingOccurrences(of: "%}", with: "")
    }
}

/// Shortened to one line for the report.
func excerpt(_ text: String, limit: Int = 60) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.count <= limit ? line : String(line.prefix(limit - 1)) + "…"
}
