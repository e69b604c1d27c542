import SiteKit

/// Converts the Liquid of a Jekyll post that has one meaning in sitegen, and marks what it
/// leaves. Liquid runs over the whole file before kramdown, so tokens are found everywhere;
/// but only `raw` markers are touched inside code (their one meaning is "show this as
/// written", which code already is). Everything else in code stays as it is.
struct LiquidConverter {
    var context: ConversionContext

    static let figureSourceKeys = ["image", "src", "url", "file", "path"]
    static let linkPrefixes: [String: Conversion] = ["site.baseurl": .baseURLPrefixRemoved, "site.url": .siteURLPrefixRemoved,
                                                     "site.github.url": .siteURLPrefixRemoved]

    func convert(_ bytes: [UInt8]) -> ConvertedBody {
        let tokens = TemplateTokenizer.liquid(bytes).tokens
        let blocks = LiquidBlocks(tokens)
        var masked = bytes
        for pair in blocks.highlights {
            for index in tokens[pair.open].range.upperBound..<tokens[pair.close].range.lowerBound where masked[index] != UInt8(ascii: "\n") {
                masked[index] = UInt8(ascii: " ")
            }
        }
        let code = MarkdownCodeRegions(body: masked)
        var state = State(bytes: bytes, tokens: tokens, blocks: blocks, code: code)
        state.convertTags(context)
        state.convertOutputs(context)
        var converted = ConvertedBody(original: bytes, edits: state.edits, events: state.events, left: state.left)
        converted.components = state.components
        return CalloutTags.convert(converted, directives: BuiltInDirectives.names.union(context.includes.directives))
    }

    /// The work on one body: its tokens, their blocks, and the edits so far.
    private struct State {
        let lines: BodyLines
        let tokens: [TemplateToken]
        let blocks: LiquidBlocks
        let code: MarkdownCodeRegions
        var edits = BodyEdits()
        var events: [(Conversion, Int)] = []
        var left: [LeftMark] = []
        /// Link tags turned into links: a `{{ site.baseurl }}` before one is a link prefix.
        var convertedLinkTags = Set<Int>()
        /// The includes whose calls became component calls.
        var components = Set<String>()

        init(bytes: [UInt8], tokens: [TemplateToken], blocks: LiquidBlocks, code: MarkdownCodeRegions) {
            lines = BodyLines(bytes: bytes)
            self.tokens = tokens
            self.blocks = blocks
            self.code = code
        }

        func isCode(_ offset: Int) -> Bool { code.isCode(offset) || blocks.highlightContent(contains: offset) }

        mutating func leave(_ token: TemplateToken, _ note: String) {
            left.append(LeftMark(kind: LeftKind.name(of: token), offset: token.range.lowerBound,
                                 text: excerpt(lines.text(token.range)), note: note))
        }

        mutating func convertTags(_ context: ConversionContext) {
            for (index, token) in tokens.enumerated() where token.delimiter == .liquidTag {
                if let note = blocks.malformed[index] {
                    leave(token, note)
                    continue
                }
                if let close = blocks.rawClose[index] {
                    unwrapRaw(open: token, close: tokens[close])
                    continue
                }
                guard !isCode(token.range.lowerBound) else { continue }
                switch token.name {
                case "highlight":
                    if let close = blocks.highlightClose[index] { highlight(token, close: tokens[close]) }
                case "post_url", "link":
                    linkTag(index, context)
                case "include":
                    if !figure(token) { IncludeCalls.convert(token, context, lines: lines, edits: &edits, events: &events, left: &left, components: &components) }
                case "asset", "asset_path":
                    JekyllAssets.convert(token, context, lines: lines, edits: &edits, events: &events, left: &left)
                default:
                    break
                }
            }
        }

        mutating func unwrapRaw(open: TemplateToken, close: TemplateToken) {
            let insideHighlight = blocks.highlightContent(contains: open.range.lowerBound)
            MarkdownRewrites.removeMarker(open.range, inCode: isCode(open.range.lowerBound), lines: lines, edits: &edits)
            MarkdownRewrites.removeMarker(close.range, inCode: isCode(close.range.lowerBound), lines: lines, edits: &edits)
            if !insideHighlight {
                MarkdownRewrites.protectOpeners(in: open.range.upperBound..<close.range.lowerBound, lines: lines,
                                                isCode: { code.isCode($0) }, edits: &edits)
            }
            events.append((.rawUnwrapped, open.range.lowerBound))
        }

        mutating func highlight(_ open: TemplateToken, close: TemplateToken) {
            guard let arguments = TemplateArguments.parse(open.arguments), case .bare(let language)? = arguments.positional.first,
                  language.allSatisfy({ $0.isLetter || $0.isNumber || "+#._-".contains($0) }), !language.isEmpty else {
                leave(open, "no language, or one sitegen cannot write in a fence")
                return
            }
            let options = HighlightOptions(jekyll: arguments.positional.dropFirst().map { ($0.text, nil) }
                + arguments.named.map { ($0.key, $0.value.text) })
            if let reason = MarkdownRewrites.fence(open: open.range, close: close.range, language: options.info(language: language),
                                                   lines: lines, edits: &edits) {
                leave(open, "not converted: \(reason)")
                return
            }
            events.append((.highlightToFence, open.range.lowerBound))
            events += options.words.map { _ in (.highlightOptionKept, open.range.lowerBound) }
            events += options.dropped.map { _ in (.highlightOptionDropped, open.range.lowerBound) }
        }

        /// `{% post_url name %}` and `{% link path %}` in a link destination (after any
        /// `{{ site.baseurl }}` prefix) become the imported file's relative path.
        mutating func linkTag(_ index: Int, _ context: ConversionContext) {
            let token = tokens[index]
            let argument = token.arguments.trimming("\"'")
            guard !argument.isEmpty, !argument.contains("{{"), !argument.contains(" ") else {
                leave(token, "its argument is not a plain name")
                return
            }
            let start = chainStart(before: index)
            guard MarkdownRewrites.isLinkDestination(start, lines: lines) else {
                leave(token, "not in a Markdown link (an HTML attribute or text): write the page's URL")
                return
            }
            let resolution = token.name == "post_url" ? context.targets.postURL(argument) : context.targets.link(argument)
            switch resolution {
            case .found(.document(let path)):
                edits.replace(token.range, with: LinkTargets.relativeLink(from: context.documentPath, to: path))
            case .found(.sitePath(let path)):
                edits.replace(token.range, with: path)
            case .notFound:
                leave(token, "no \(token.name == "post_url" ? "post" : "file") '\(argument)' in the source site")
                return
            case .ambiguous(let sources):
                leave(token, "'\(argument)' names several posts: \(sources.joined(separator: ", "))")
                return
            }
            convertedLinkTags.insert(index)
            events.append((token.name == "post_url" ? .postURLToLink : .linkTagToLink, token.range.lowerBound))
        }

        /// Whether the include is `figure.html`, which becomes an image and its caption (or is left).
        @discardableResult
        mutating func figure(_ token: TemplateToken) -> Bool {
            guard let arguments = TemplateArguments.parse(token.arguments), arguments.positional.first == .bare("figure.html") else { return false }
            figureImage(token, arguments)
            return true
        }

        mutating func figureImage(_ token: TemplateToken, _ arguments: TemplateArguments) {
            let allowed = Set(LiquidConverter.figureSourceKeys + ["alt", "caption"])
            if let other = arguments.keys.first(where: { !allowed.contains($0) }) {
                return leave(token, "its argument '\(other)' has no place in an image and caption")
            }
            let sources = arguments.named.filter { LiquidConverter.figureSourceKeys.contains($0.key) }
            guard sources.count == 1, arguments.positional.count == 1 else { return leave(token, "it needs exactly one image argument") }
            guard arguments.named.allSatisfy({ if case .quoted = $0.value { true } else { false } }) else {
                return leave(token, "an argument is a Liquid variable, not a quoted text")
            }
            guard let prefix = lines.blankPrefix(before: token.range.lowerBound), lines.isBlankAfter(token.range.upperBound) else {
                return leave(token, "not on a line of its own")
            }
            let made = MarkdownRewrites.figure(source: sources[0].value.text, alt: arguments["alt"]?.text,
                                               caption: arguments["caption"]?.text, linePrefix: prefix)
            guard let markdown = made.markdown else { return leave(token, made.reason ?? "its arguments are not plain") }
            edits.replace(lines.throughLineEnd(token.range), with: markdown)
            events.append((.figureIncludeToImage, token.range.lowerBound))
        }

        /// Where a chain of adjacent `{{ site.url }}{{ site.baseurl }}` prefixes before `index` starts.
        func chainStart(before index: Int) -> Int {
            var first = index
            while first > 0, tokens[first - 1].range.upperBound == tokens[first].range.lowerBound,
                  tokens[first - 1].delimiter == .liquidOutput, LiquidConverter.linkPrefixes[tokens[first - 1].inner] != nil {
                first -= 1
            }
            return tokens[first].range.lowerBound
        }

        mutating func convertOutputs(_ context: ConversionContext) {
            var index = 0
            while index < tokens.count {
                defer { index += 1 }
                let token = tokens[index]
                guard token.delimiter == .liquidOutput, !isCode(token.range.lowerBound) else { continue }
                if LiquidConverter.linkPrefixes[token.inner] != nil {
                    var last = index
                    while last + 1 < tokens.count, tokens[last].range.upperBound == tokens[last + 1].range.lowerBound,
                          tokens[last + 1].delimiter == .liquidOutput, LiquidConverter.linkPrefixes[tokens[last + 1].inner] != nil {
                        last += 1
                    }
                    prefixChain(index...last, context)
                    index = last
                } else if let path = URLFilter(token.inner) {
                    urlFilter(token, path, context)
                }
            }
        }

        /// `{{ site.url }}{{ site.baseurl }}` in a link destination before `/…` or a converted
        /// link tag: removed (sitegen puts the base URL's path in front of every site path);
        /// elsewhere replaced by the value `_config.yml` gives it, as Jekyll wrote it.
        mutating func prefixChain(_ chain: ClosedRange<Int>, _ context: ConversionContext) {
            let start = tokens[chain.lowerBound].range.lowerBound
            let end = tokens[chain.upperBound].range.upperBound
            let next = end < lines.bytes.count ? lines.bytes[end] : UInt8(ascii: "\n")
            if MarkdownRewrites.isLinkDestination(start, lines: lines) {
                let beforeLink = chain.upperBound + 1 < tokens.count && tokens[chain.upperBound + 1].range.lowerBound == end
                let followedByLinkTag = beforeLink && convertedLinkTags.contains(chain.upperBound + 1)
                if beforeLink && !followedByLinkTag { return }
                let root = !followedByLinkTag && next != UInt8(ascii: "/")
                if root, ![UInt8(ascii: ")"), UInt8(ascii: "#"), 0x20, 0x0A, UInt8(ascii: "\"")].contains(next) { return }
                for index in chain {
                    edits.replace(tokens[index].range, with: root && index == chain.lowerBound ? "/" : "")
                    events.append((LiquidConverter.linkPrefixes[tokens[index].inner] ?? .baseURLPrefixRemoved, tokens[index].range.lowerBound))
                }
                return
            }
            for index in chain {
                let token = tokens[index]
                let value = token.inner == "site.baseurl" ? context.basePath : token.inner == "site.url" ? context.siteURL : nil
                guard let value else { continue }
                edits.replace(token.range, with: value)
                events.append((.siteVariableReplaced, token.range.lowerBound))
            }
        }

        mutating func urlFilter(_ token: TemplateToken, _ filter: URLFilter, _ context: ConversionContext) {
            let path = filter.path.hasPrefix("/") || filter.path.contains("://") ? filter.path : "/" + filter.path
            let replacement: String
            if MarkdownRewrites.isLinkDestination(token.range.lowerBound, lines: lines) {
                replacement = path
            } else if filter.absolute {
                guard let url = context.siteURL else { return }
                replacement = url + context.basePath + path
            } else {
                replacement = context.basePath + path
            }
            edits.replace(token.range, with: replacement)
            events.append((.urlFilterReplaced, token.range.lowerBound))
        }
    }
}

/// `"/a.png" | relative_url`, `'/a.png' | absolute_url`, `"/a.png" | prepend: site.baseurl`.
struct URLFilter {
    var path: String
    var absolute: Bool

    init?(_ inner: String) {
        let parts = inner.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingBlanks }
        guard parts.count == 2, let quote = parts[0].first, quote == "\"" || quote == "'",
              parts[0].count >= 2, parts[0].last == quote else { return nil }
        let literal = parts[0].dropFirst().dropLast()
        guard !literal.contains(quote), !literal.contains("{") else { return nil }
        let filter = parts[1].split(separator: ":", maxSplits: 1).map { $0.trimmingBlanks }
        switch (filter.first ?? "", filter.count > 1 ? filter[1] : "") {
        case ("relative_url", ""), ("prepend", "site.baseurl"): absolute = false
        case ("absolute_url", ""): absolute = true
        default: return nil
        }
        path = String(literal)
    }
}

extension String {
    func trimming(_ set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
