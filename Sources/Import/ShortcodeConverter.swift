import SiteKit

/// Converts the Hugo shortcodes of a post that have one meaning in sitegen (highlight,
/// figure, ref, relref, and the `{{</* … */>}}` escape), and marks what it leaves. Hugo reads
/// shortcodes everywhere, code included; inside code only the escape is undone.
struct ShortcodeConverter {
    var context: ConversionContext

    func convert(_ bytes: [UInt8]) -> ConvertedBody {
        let tokens = TemplateTokenizer.hugo(bytes).tokens
        let lines = BodyLines(bytes: bytes)
        var edits = BodyEdits()
        var events: [(Conversion, Int)] = []
        var left: [LeftMark] = []
        func leave(_ token: TemplateToken, _ note: String) {
            left.append(LeftMark(kind: LeftKind.name(of: token), offset: token.range.lowerBound, text: excerpt(lines.text(token.range)), note: note))
        }

        let (pairs, unclosed) = Self.highlightPairs(tokens)
        var masked = bytes
        var contents: [Range<Int>] = []
        for (open, close) in pairs.sorted(by: { $0.key < $1.key }) {
            let content = tokens[open].range.upperBound..<tokens[close].range.lowerBound
            contents.append(content)
            for index in content where masked[index] != UInt8(ascii: "\n") { masked[index] = UInt8(ascii: " ") }
        }
        let code = MarkdownCodeRegions(body: masked)
        let isCode = { (offset: Int) in code.isCode(offset) || contents.sortedContains(offset) }

        for (index, token) in tokens.enumerated() {
            if token.delimiter == .escapedShortcode {
                let inCode = isCode(token.range.lowerBound)
                let angle = lines.bytes[token.range.lowerBound + 2] == UInt8(ascii: "<")
                let (opener, closer) = angle ? ("{{<", ">}}") : ("{{%", "%}}")
                edits.replace(token.range.lowerBound..<(token.range.lowerBound + 5), with: (inCode ? "" : "\\") + opener)
                edits.replace((token.range.upperBound - 5)..<token.range.upperBound, with: closer)
                events.append((.escapedShortcodeUnwrapped, token.range.lowerBound))
                continue
            }
            if unclosed.contains(index) {
                leave(token, "never closed by {{< /highlight >}}")
                continue
            }
            guard !isCode(token.range.lowerBound) else { continue }
            switch token.name {
            case "highlight":
                guard let close = pairs[index] else { continue }
                let arguments = TemplateArguments.parse(token.arguments)
                guard let language = arguments?.positional.first?.text, !language.isEmpty,
                      language.allSatisfy({ $0.isLetter || $0.isNumber || "+#._-".contains($0) }) else {
                    leave(token, "no language, or one sitegen cannot write in a fence")
                    continue
                }
                let optionTexts: [String] = arguments.map { $0.positional.dropFirst().map(\.text) } ?? []
                let options = HighlightOptions(hugo: optionTexts.joined(separator: ","))
                if let reason = MarkdownRewrites.fence(open: token.range, close: tokens[close].range, language: options.info(language: language),
                                                       lines: lines, edits: &edits) {
                    leave(token, "not converted: \(reason)")
                    continue
                }
                events.append((.highlightShortcodeToFence, token.range.lowerBound))
                events += options.words.map { _ in (.highlightOptionKept, token.range.lowerBound) }
                events += options.dropped.map { _ in (.highlightOptionDropped, token.range.lowerBound) }
            case "figure":
                guard let arguments = TemplateArguments.parse(token.arguments) else {
                    leave(token, "a quote is never closed")
                    continue
                }
                // Hugo shows `title` in the figure's caption, above `caption`: one of them is the caption.
                if let other = arguments.keys.first(where: { !["src", "alt", "caption", "title"].contains($0) })
                    ?? (arguments["title"] != nil && arguments["caption"] != nil ? "title" : nil)
                    ?? (arguments.positional.isEmpty ? nil : "a positional argument") {
                    leave(token, "its argument '\(other)' has no place in an image and caption")
                    continue
                }
                guard let source = arguments["src"]?.text else {
                    leave(token, "it has no src")
                    continue
                }
                guard let prefix = lines.blankPrefix(before: token.range.lowerBound), lines.isBlankAfter(token.range.upperBound) else {
                    leave(token, "not on a line of its own")
                    continue
                }
                let made = MarkdownRewrites.figure(source: source, alt: arguments["alt"]?.text, caption: (arguments["caption"] ?? arguments["title"])?.text,
                                                   linePrefix: prefix)
                guard let markdown = made.markdown else {
                    leave(token, made.reason ?? "its arguments are not plain")
                    continue
                }
                edits.replace(lines.throughLineEnd(token.range), with: markdown)
                events.append((.figureShortcodeToImage, token.range.lowerBound))
            case "ref", "relref":
                guard let arguments = TemplateArguments.parse(token.arguments),
                      let argument = arguments.positional.count == 1 && arguments.named.isEmpty ? arguments.positional[0].text
                        : arguments.positional.isEmpty && arguments.keys == ["path"] ? arguments["path"]?.text : nil else {
                    leave(token, "its arguments are not one plain path")
                    continue
                }
                guard MarkdownRewrites.isLinkDestination(token.range.lowerBound, lines: lines) else {
                    leave(token, "not in a Markdown link (an HTML attribute or text): write the page's URL")
                    continue
                }
                let parts = argument.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let fragment = parts.count > 1 ? "#" + parts[1] : ""
                if parts[0].isEmpty {
                    edits.replace(token.range, with: fragment)
                } else {
                    switch context.targets.ref(parts[0], from: context.sourcePath, contentRoot: context.contentRoot) {
                    case .found(.document(let path)):
                        edits.replace(token.range, with: LinkTargets.relativeLink(from: context.documentPath, to: path) + fragment)
                    case .found(.sitePath(let path)):
                        edits.replace(token.range, with: path + fragment)
                    case .notFound:
                        leave(token, "no imported page '\(parts[0])' (not in the source site, or not imported)")
                        continue
                    case .ambiguous(let sources):
                        leave(token, "'\(parts[0])' names several pages: \(sources.joined(separator: ", "))")
                        continue
                    }
                }
                events.append((.refToLink, token.range.lowerBound))
            default:
                HugoShortcodes.convert(token, context, lines: lines, edits: &edits, events: &events, left: &left)
            }
        }
        return ConvertedBody(original: bytes, edits: edits, events: events, left: left)
    }

    /// Outermost `highlight` shortcodes paired with their `/highlight`, and those never closed.
    static func highlightPairs(_ tokens: [TemplateToken]) -> (pairs: [Int: Int], unclosed: Set<Int>) {
        var pairs: [Int: Int] = [:]
        var open: Int?
        var depth = 0
        for (index, token) in tokens.enumerated() where token.delimiter == .shortcode || token.delimiter == .markdownShortcode {
            if token.name == "highlight" {
                if open == nil { open = index }
                depth += 1
            } else if token.name == "/highlight", let first = open {
                depth -= 1
                if depth == 0 {
                    pairs[first] = index
                    open = nil
                }
            }
        }
        return (pairs, open.map { [$0] } ?? [])
    }
}
