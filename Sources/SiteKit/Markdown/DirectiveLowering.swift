import Foundation
import Markdown
import Mustache
import Support

/// Turns a body's directives into HTML around their bodies: each becomes a custom block
/// (`onEnter`, the body's blocks, `onExit`), so headings in a tab get their ids and a
/// place in the table of contents, code in a column is highlighted, links in a caption are
/// resolved and checked, and words are counted, exactly as anywhere else. `@Comment`
/// leaves nothing: not in the page, the feeds, the excerpt or the word count.
///
/// Nothing here makes a request to another site: `@YouTube` and `@Vimeo` are a link to the
/// video that the theme's script turns into the player when the reader clicks it, and
/// `@Gist` is a link card.
struct DirectiveLowering {
    let file: String
    /// Put before every id the directives make (`tabs-1-swift`), as footnotes' are, so
    /// that several bodies can share a page.
    let idPrefix: String
    /// The href of each URL the body writes (``PostBodyRenderer``'s links, resolved).
    let hrefs: [String: String]
    /// Where each URL leads, to find an image's file.
    let targets: [String: LinkTarget]
    let assets: SiteAssets
    let components: ComponentTemplates

    struct Lowered {
        var blocks: [MarkdownBlock]
        /// Whether the page needs ``BuiltInDirectives/scriptPath`` (tabs, video placeholders).
        var usesScript = false
        var problems: [Diagnostic] = []
    }

    private struct State {
        var usesScript = false
        var problems: [Diagnostic] = []
        var tabGroups = 0
        var usedTabIDs = Set<String>()
    }

    /// Whether `blocks` hold a directive anywhere (most bodies hold none: nothing to lower).
    static func holdsDirective(_ blocks: [MarkdownBlock]) -> Bool {
        var found = false
        forEachBlock(in: blocks) { block in
            if case .directive = block.kind { found = true }
        }
        return found
    }

    func lower(_ blocks: [MarkdownBlock]) -> Lowered {
        var state = State()
        let lowered = lower(blocks, state: &state)
        return Lowered(blocks: lowered, usesScript: state.usesScript, problems: state.problems)
    }

    private func lower(_ blocks: [MarkdownBlock], state: inout State) -> [MarkdownBlock] {
        var result: [MarkdownBlock] = []
        result.reserveCapacity(blocks.count)
        for block in blocks {
            guard case .directive(let directive) = block.kind else {
                let children = block.childBlocks
                result.append(children.isEmpty ? block : block.replacingChildBlocks(lower(children, state: &state)))
                continue
            }
            if directive.name == "Comment" { continue }
            if let made = lower(directive, position: block.position, state: &state) { result.append(made) }
        }
        return result
    }

    private func custom(_ onEnter: String, _ onExit: String, _ children: [MarkdownBlock], _ position: SourcePosition) -> MarkdownBlock {
        MarkdownBlock(.customBlock(onEnter: onEnter, onExit: onExit, children: children), position: position)
    }

    private func attribute(_ text: String) -> String { HTMLText.escaped(text) }

    private func href(_ url: String) -> String { hrefs[url] ?? url }

    private func error(_ argument: MarkdownDirective.Argument?, _ directive: MarkdownDirective, _ message: String) -> Diagnostic {
        .error(file, SourceLocation(line: argument?.valueLine ?? directive.line, column: argument?.valueColumn ?? directive.column), message)
    }

    private func lower(_ directive: MarkdownDirective, position: SourcePosition, state: inout State) -> MarkdownBlock? {
        let value = { (name: String) in directive.value(of: name) ?? "" }
        switch directive.name {
        case "Image":
            let children = lower(directive.children, state: &state)
            // Its size, loading and smaller copies come with every other image's (``ImageMarkup``).
            checkImageFile(directive, state: &state)
            let image = "<img src=\"\(attribute(href(value("source"))))\" alt=\"\(attribute(value("alt")))\">"
            return children.isEmpty
                ? custom("<figure class=\"figure\">\n" + image, "</figure>", [], position)
                : custom("<figure class=\"figure\">\n" + image + "\n<figcaption>", "</figcaption>\n</figure>", children, position)
        case "Video":
            let children = lower(directive.children, state: &state)
            let source = attribute(href(value("source")))
            var video = "<video controls preload=\"metadata\" src=\"\(source)\""
            if let poster = directive.value(of: "poster") { video += " poster=\"\(attribute(href(poster)))\"" }
            if let alt = directive.value(of: "alt") { video += " aria-label=\"\(attribute(alt))\"" }
            video += ">\n<a href=\"\(source)\">Download the video</a>\n</video>"
            return children.isEmpty
                ? custom("<figure class=\"figure figure-video\">\n" + video, "</figure>", [], position)
                : custom("<figure class=\"figure figure-video\">\n" + video + "\n<figcaption>", "</figcaption>\n</figure>", children, position)
        case "Row":
            return custom("<div class=\"directive-row\">", "</div>", lower(directive.children, state: &state), position)
        case "Column":
            let size = min(6, max(1, Int((Double(value("size")) ?? 1).rounded())))
            return custom("<div class=\"directive-column column-size-\(size)\">", "</div>", lower(directive.children, state: &state), position)
        case "Small":
            return custom("<div class=\"directive-small\">", "</div>", lower(directive.children, state: &state), position)
        case "TabNavigator":
            state.tabGroups += 1
            state.usesScript = true
            let group = "\(idPrefix)tabs-\(state.tabGroups)"
            var tabs: [MarkdownBlock] = []
            for child in directive.children {
                guard case .directive(let tab) = child.kind, tab.name == "Tab" else { continue }
                let title = tab.value(of: "title") ?? ""
                var id = group + "-" + (HTMLRenderer.slug(title).isEmpty ? "tab" : HTMLRenderer.slug(title))
                if !state.usedTabIDs.insert(id).inserted {
                    var number = 2
                    while !state.usedTabIDs.insert("\(id)-\(number)").inserted { number += 1 }
                    id += "-\(number)"
                }
                let enter = "<div class=\"tab-panel\" id=\"\(attribute(id))\">\n<p class=\"tab-label\" id=\"\(attribute(id))-label\">\(attribute(title))</p>"
                tabs.append(custom(enter, "</div>", lower(tab.children, state: &state), child.position))
            }
            return custom("<div class=\"tabs\" data-tabs>", "</div>", tabs, position)
        case "Tab":
            // Checked to be inside a TabNavigator, which renders its tabs itself.
            return custom("<div class=\"tab-panel\">", "</div>", lower(directive.children, state: &state), position)
        case "YouTube", "Vimeo":
            let id = value("id")
            let youTube = directive.name == "YouTube"
            guard IDBytes.isVideoID(id, youTube: youTube) else {
                state.problems.append(error(directive.argument("id"), directive, youTube
                    ? "'\(id)' is no YouTube video id: it is the 11 letters, digits, - or _ after watch?v= in the video's address"
                    : "'\(id)' is no Vimeo video id: it is the number at the end of the video's address"))
                return nil
            }
            state.usesScript = true
            let page = youTube ? "https://www.youtube.com/watch?v=\(id)" : "https://vimeo.com/\(id)"
            let player = youTube ? "https://www.youtube-nocookie.com/embed/\(id)?autoplay=1" : "https://player.vimeo.com/video/\(id)?autoplay=1&dnt=1"
            let site = youTube ? "YouTube" : "Vimeo"
            let title = attribute(value("title"))
            let html = "<figure class=\"video-embed\" data-embed=\"\(attribute(player))\" data-embed-title=\"\(title)\">\n"
                + "<a class=\"video-embed-link\" href=\"\(attribute(page))\"><span class=\"video-embed-play\" aria-hidden=\"true\">▶</span> "
                + "<span class=\"video-embed-title\">\(title)</span> <span class=\"video-embed-site\">(plays from \(site))</span></a>\n</figure>"
            return custom(html, "", [], position)
        case "Gist":
            let id = value("id")
            let parts = id.split(separator: "/", omittingEmptySubsequences: false)
            guard IDBytes.isGistID(id) else {
                state.problems.append(error(directive.argument("id"), directive,
                                            "'\(id)' is no gist id: write the part after gist.github.com/, as user/0123abcd or 0123abcd"))
                return nil
            }
            let url = "https://gist.github.com/\(id)"
            let title = directive.value(of: "title") ?? "Gist \(parts.last ?? "")"
            let html = "<p class=\"gist-card\"><a href=\"\(attribute(url))\"><span class=\"gist-card-title\">\(attribute(title))</span> "
                + "<span class=\"gist-card-site\">on GitHub Gist</span></a></p>"
            return custom(html, "", [], position)
        case "Details":
            return custom("<details class=\"details\">\n<summary>\(attribute(value("summary")))</summary>", "</details>",
                          lower(directive.children, state: &state), position)
        default:
            return lowerComponent(directive, position: position, state: &state)
        }
    }

    /// A site path with no file behind it is an error at the argument.
    private func checkImageFile(_ directive: MarkdownDirective, state: inout State) {
        guard let source = directive.value(of: "source"), case .site(let path, _, _)? = targets[source],
              assets.file(atSitePath: path) == nil else { return }
        state.problems.append(error(directive.argument("source"), directive,
                                    "@Image's source \(source) is no file of the site (\(path)); put it in Content/static/ or beside the post in its page bundle"))
    }

    private func lowerComponent(_ directive: MarkdownDirective, position: SourcePosition, state: inout State) -> MarkdownBlock? {
        guard let component = components.component(named: directive.name) else { return nil }
        if directive.hasBody, !component.showsBody, !directive.children.isEmpty {
            state.problems.append(error(nil, directive, "@\(directive.name) (\(component.file)) shows no {{body}}, so this body would be lost; "
                                        + "add {{{body}}} to the template or remove the body"))
            return nil
        }
        var fields: [String: MustacheValue] = [:]
        for argument in component.spec.arguments {
            guard let value = directive.value(of: argument.name) else {
                fields[argument.name] = .null
                continue
            }
            switch argument.type {
            case .boolean: fields[argument.name] = .bool(value == "true")
            case .number: fields[argument.name] = Int(value).map(MustacheValue.int) ?? Double(value).map(MustacheValue.double) ?? .string(value)
            case .url: fields[argument.name] = .string(href(value))
            case .text: fields[argument.name] = .string(value)
            }
        }
        fields["body"] = .string(ComponentTemplates.bodyMark)
        let html: String
        do {
            html = try components.render(component, fields: fields)
        } catch {
            state.problems.append(self.error(nil, directive, "@\(directive.name) could not be rendered (\(component.file)): \(error)"))
            return nil
        }
        let children = lower(directive.children, state: &state)
        guard let mark = html.range(of: ComponentTemplates.bodyMark) else {
            return custom(Self.trimmingNewlines(html), "", [], position)
        }
        return custom(Self.trimmingNewlines(String(html[..<mark.lowerBound])), Self.trimmingNewlines(String(html[mark.upperBound...])),
                      children, position)
    }

    private static func trimmingNewlines(_ text: String) -> String {
        var text = Substring(text)
        while text.first?.isNewline == true { text = text.dropFirst() }
        while text.last?.isNewline == true { text = text.dropLast() }
        return String(text)
    }
}

/// The ids `@YouTube`, `@Vimeo` and `@Gist` take, checked at build and by the import before
/// it writes one.
package enum IDBytes {
    /// A letter, digit, `-` or `_`: what video and gist ids are made of.
    static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x5F
    }

    /// YouTube: the 11 letters, digits, `-` or `_` after `watch?v=`; Vimeo: a number.
    package static func isVideoID(_ id: String, youTube: Bool) -> Bool {
        youTube ? id.utf8.count == 11 && id.utf8.allSatisfy(isIDByte) : !id.isEmpty && id.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// `user/0123abcd` or `0123abcd`.
    package static func isGistID(_ id: String) -> Bool {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(isIDByte) }
    }
}

/// The files the site publishes, by their path in the output, for directives that name a
/// file (an `@Image`'s source).
struct SiteAssets: Sendable, Hashable {
    /// Output-relative path (`images/a.png`, `posts/x/diagram.png`) → file on disk; empty
    /// for a file built into sitegen (the default theme's).
    var files: [String: String] = [:]

    /// `path` as a link resolves it (`/images/a.png`), under the base URL's path or not.
    func file(atSitePath path: String) -> String? {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return files[relative] ?? files[relative.removingPercentEncoding ?? relative]
    }
}

/// The site's components as one Mustache library, made once a build.
struct ComponentTemplates: Sendable {
    /// Stands for the body in a component's output, which is cut there: letters only, so no
    /// escaping changes it, and no author writes it.
    static let bodyMark = "SITEGENCOMPONENTBODYf1c9a7"

    private let byName: [String: SiteComponent]
    private let library: MustacheLibrary?

    init(_ components: [SiteComponent]) {
        byName = Dictionary(components.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let templates = components.compactMap { try? MustacheTemplate(source: $0.source, name: $0.name) }
        library = components.isEmpty ? nil : MustacheLibrary(templates: templates)
    }

    func component(named name: String) -> SiteComponent? { byName[name] }

    func render(_ component: SiteComponent, fields: [String: MustacheValue]) throws -> String {
        guard let library else { return "" }
        return try library.render(templateNamed: component.name, context: .object(MustacheObject(fields)))
    }
}
