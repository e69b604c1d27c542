import SiteKit

/// Hugo's built-in embed shortcodes as sitegen's directives and links: `youtube` and
/// `vimeo` → `@YouTube(id:)` / `@Vimeo(id:)`, `gist` → `@Gist(id: "user/id")`, `x` and
/// `tweet` → a link to the post, `param` → the value of the page's (or the site's) param.
/// Any other shortcode is the site's or its theme's (`layouts/shortcodes/`): left and
/// listed, with the component to write for it.
enum HugoShortcodes {
    static let videoDirectives = ["youtube": "YouTube", "vimeo": "Vimeo"]

    /// Whether the token was one of these (converted, or left with its reason).
    static func convert(_ token: TemplateToken, _ context: ConversionContext, lines: BodyLines, edits: inout BodyEdits,
                        events: inout [(Conversion, Int)], left: inout [LeftMark]) {
        func leave(_ note: String) {
            left.append(LeftMark(kind: LeftKind.name(of: token), offset: token.range.lowerBound, text: excerpt(lines.text(token.range)), note: note))
        }
        guard token.delimiter == .shortcode || token.delimiter == .markdownShortcode, !token.name.hasPrefix("/") else { return }
        guard let arguments = TemplateArguments.parse(token.arguments) else { return leave("a quote is never closed") }
        let alone = lines.blankPrefix(before: token.range.lowerBound) != nil && lines.isBlankAfter(token.range.upperBound)
        func block(_ directive: String, _ values: [(String, String)], _ conversion: Conversion) {
            guard alone else { return leave("not on a line of its own: a directive is a block of its own") }
            guard lines.blankPrefix(before: token.range.lowerBound)?.contains(">") != true else {
                return leave("in a quote, where a directive would show as text")
            }
            let call = "@" + directive + "(" + values.map { "\($0.0): \(IncludeCalls.quotedArgument($0.1))" }.joined(separator: ", ") + ")"
            edits.replace(lines.throughLineEnd(token.range), with: call)
            events.append((conversion, token.range.lowerBound))
        }
        switch token.name {
        case "youtube", "vimeo":
            let directive = videoDirectives[token.name] ?? ""
            if let other = arguments.keys.first(where: { $0 != "id" && $0 != "title" }) {
                return leave("its option '\(other)' has no place in @\(directive) (id, title)")
            }
            guard let id = arguments.positional.count == 1 && arguments["id"] == nil ? arguments.positional[0].text
                    : arguments.positional.isEmpty ? arguments["id"]?.text : nil, !id.isEmpty else {
                return leave("it needs exactly one video id")
            }
            guard IDBytes.isVideoID(id, youTube: token.name == "youtube") else {
                return leave("'\(id)' is no \(directive) video id, which @\(directive) checks")
            }
            block(directive, [("id", id)] + (arguments["title"].map { [("title", $0.text)] } ?? []), .videoShortcodeToDirective)
        case "gist":
            guard arguments.named.isEmpty, arguments.positional.count == 2 else {
                return leave(arguments.positional.count == 3 ? "it shows one file of the gist, which @Gist cannot" : "it needs the user and the gist's id")
            }
            let id = arguments.positional[0].text + "/" + arguments.positional[1].text
            guard IDBytes.isGistID(id) else { return leave("'\(id)' is no gist id, which @Gist checks") }
            block("Gist", [("id", id)], .gistShortcodeToDirective)
        case "x", "tweet":
            let user = arguments["user"]?.text
            guard let id = arguments["id"]?.text ?? (arguments.positional.count == 1 ? arguments.positional[0].text : nil),
                  !id.isEmpty, id.allSatisfy(\.isASCIIDigit) else {
                return leave("it needs the post's numeric id")
            }
            let link = user.map { "[Post by @\($0) on X](https://x.com/\($0)/status/\(id))" } ?? "[A post on X](https://x.com/i/status/\(id))"
            edits.replace(token.range, with: link)
            events.append((.postShortcodeToLink, token.range.lowerBound))
        case "param":
            guard let name = arguments.positional.count == 1 && arguments.named.isEmpty ? arguments.positional[0].text : nil else {
                return leave("it needs one param's name")
            }
            guard let value = context.pageValues[name] ?? context.siteParams[name.lowercased()] else {
                return leave("no param '\(name)' in the page's front matter or the site's params")
            }
            guard !value.contains("\n"), !value.contains("{{") else { return leave("the param's value is more than one line of text") }
            edits.replace(token.range, with: value)
            events.append((.paramShortcodeReplaced, token.range.lowerBound))
        case "highlight", "figure", "ref", "relref":
            return
        case "instagram", "twitter_simple", "vimeo_simple", "qr", "details", "comment":
            leave("a shortcode built into Hugo that the import does not convert: write what it showed, or a component "
                  + "(docs/components.md; @Details and @Comment are built in)")
        default:
            let fileName = IncludeComponents.componentFileName(token.name) ?? "name"
            leave("a shortcode of the site or its theme (layouts/shortcodes/\(token.name).html): write it as a component, "
                  + "Content/components/\(fileName).mustache, and call it @\(SiteComponent.directiveName(fileName: fileName))(…) (docs/components.md)")
        }
    }
}
