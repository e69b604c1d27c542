import Foundation
@testable import Highlight
@testable import Markdown
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Accessibility basics of the default theme that can be checked without a browser:
/// text contrast in both colour schemes, and landmarks on every page of the blog.
@Suite("Default theme accessibility")
struct ThemeAccessibilityTests {
    /// The theme's stylesheet without its comments.
    static let css: String = {
        let text = (try? String(contentsOf: SharedFolder.projectRoot.appendingPathComponent("Themes/default/static/css/style.css"),
                                encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: "(?s)/\\*.*?\\*/", with: "", options: .regularExpression)
    }()

    /// The custom properties of the first `:root { … }` after `marker` (light: the file's start).
    static func palette(after marker: String?) -> [String: String] {
        var text = Substring(css)
        if let marker, let range = css.range(of: marker) { text = css[range.upperBound...] }
        guard let open = text.range(of: ":root {"), let close = text[open.upperBound...].firstIndex(of: "}") else { return [:] }
        var colours: [String: String] = [:]
        for declaration in text[open.upperBound..<close].split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if parts.count == 2, parts[0].hasPrefix("--"), parts[1].hasPrefix("#") { colours[parts[0]] = parts[1] }
        }
        return colours
    }

    /// The palette of `scheme` (light, dark or print): the light one with the scheme's overrides.
    static func colours(_ scheme: String) throws -> [String: String] {
        let overrides = ["light": [:], "dark": palette(after: "prefers-color-scheme: dark"), "print": palette(after: "@media print")]
        return palette(after: nil).merging(try #require(overrides[scheme])) { $1 }
    }

    /// WCAG 2 contrast ratio of two `#rrggbb` (or `#rgb`) colours.
    static func contrast(_ a: String, _ b: String) -> Double {
        func linear(_ channel: Int) -> Double {
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func luminance(_ hex: String) -> Double {
            let digits = hex.dropFirst()
            let value = Int(digits.count == 3 ? digits.map { "\($0)\($0)" }.joined() : String(digits), radix: 16)!
            let red: Double = 0.2126 * linear((value >> 16) & 0xFF)
            let green: Double = 0.7152 * linear((value >> 8) & 0xFF)
            return red + green + 0.0722 * linear(value & 0xFF)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test(arguments: ["light", "dark"])
    func textContrastIsAtLeastAA(scheme: String) throws {
        let light = Self.palette(after: nil)
        let colours = scheme == "light" ? light : light.merging(Self.palette(after: "prefers-color-scheme: dark")) { $1 }
        #expect(colours.count >= 10, "palette read from style.css: \(colours)")
        for background in ["--bg", "--bg-soft", "--code-bg"] {
            for foreground in ["--text", "--muted", "--link", "--link-visited", "--code-text"] {
                let bg = try #require(colours[background]), fg = try #require(colours[foreground])
                #expect(Self.contrast(fg, bg) >= 4.5, "\(scheme): \(foreground) \(fg) on \(background) \(bg) is \(Self.contrast(fg, bg)):1")
            }
        }
    }

    /// Every syntax-highlighting colour (`--hl-*`) on the code background: on screen in both
    /// schemes, and in print, where the light palette (the dark one is for screens only)
    /// takes the print block's overrides.
    /// A highlighted line (`{2,4-6}`) is a `<mark class="line">` on `--code-mark-bg`: the
    /// tokens on it keep their 4.5:1 too (axe found the dark one at 4.2:1 for comments).
    @Test(arguments: ["light", "dark"])
    func highlightColoursContrastWithAMarkedLine(scheme: String) throws {
        let marks = Self.css.matches(of: #/--code-mark-bg:\s*(#[0-9a-fA-F]{3,6})/#).map { String($0.1) }
        #expect(marks.count == 2, "a light and a dark --code-mark-bg: \(marks)")
        let mark = try #require(scheme == "light" ? marks.first : marks.dropFirst().first)
        let highlight = try Self.colours(scheme).filter { $0.key.hasPrefix("--hl-") }
        #expect(highlight.count >= 8)
        for (name, colour) in highlight.sorted(by: { $0.key < $1.key }) {
            #expect(Self.contrast(colour, mark) >= 4.5, "\(scheme): \(name) \(colour) on --code-mark-bg \(mark) is \(Self.contrast(colour, mark)):1")
        }
    }

    @Test(arguments: ["light", "dark", "print"])
    func highlightColoursContrastWithTheCodeBackground(scheme: String) throws {
        let colours = try Self.colours(scheme)
        let highlight = colours.filter { $0.key.hasPrefix("--hl-") }
        #expect(highlight.count >= 8, "highlight colours read from style.css: \(highlight)")
        #expect(scheme != "dark" || Set(Self.palette(after: "prefers-color-scheme: dark").keys).isSuperset(of: highlight.keys),
                "the dark scheme sets every highlight colour")
        let background = try #require(colours["--code-bg"])
        for (name, colour) in highlight.sorted(by: { $0.key < $1.key }) + [("--code-text", try #require(colours["--code-text"]))] {
            #expect(Self.contrast(colour, background) >= 4.5, "\(scheme): \(name) \(colour) on --code-bg \(background) is \(Self.contrast(colour, background)):1")
        }
        #expect(Self.css.contains("@media screen and (prefers-color-scheme: dark)"), "print never takes the dark palette")
    }

    /// Every class the highlighter writes has a colour (or a style) in the theme, but
    /// operators and punctuation, which Xcode shows in the text's colour; and every colour
    /// a rule uses is one the contrast test above checks.
    @Test func everyTokenClassIsStyled() throws {
        for kind in TokenKind.allCases where kind != .operator && kind != .punctuation {
            let rule = try #require(Self.css.range(of: "code \\.\(kind.cssClass)[,{ ]", options: .regularExpression),
                                    "no rule for .\(kind.cssClass)")
            let block = Self.css[rule.lowerBound...].prefix { $0 != "}" }
            #expect(block.contains("var(--hl-") || block.contains("var(--code-text)") || block.contains("font-"), "\(kind.cssClass): \(block)")
        }
    }

    /// The colours of check-snippets' output under a block (`--check-*`), on the code
    /// background, in both schemes and in print.
    @Test(arguments: ["light", "dark", "print"])
    func checkedOutputColoursContrastWithTheCodeBackground(scheme: String) throws {
        let colours = try Self.colours(scheme)
        let checked = colours.filter { $0.key.hasPrefix("--check-") }
        #expect(checked.count == 3, "check colours read from style.css: \(checked)")
        #expect(scheme != "dark" || Set(Self.palette(after: "prefers-color-scheme: dark").keys).isSuperset(of: checked.keys))
        let background = try #require(colours["--code-bg"])
        for (name, colour) in checked.sorted(by: { $0.key < $1.key }) {
            #expect(Self.contrast(colour, background) >= 4.5, "\(scheme): \(name) \(colour) on --code-bg \(background) is \(Self.contrast(colour, background)):1")
        }
    }

    /// Each kind of callout (`--callout-*`: its label and rule) on the callout's background
    /// and on the page's (print drops backgrounds), in both schemes and in print; a rule for
    /// every kind the renderer writes.
    @Test(arguments: ["light", "dark", "print"])
    func calloutColoursContrastWithTheirBackground(scheme: String) throws {
        let colours = try Self.colours(scheme)
        let kinds = MarkdownCalloutKind.allCases.map(\.rawValue)
        #expect(Set(colours.keys.filter { $0.hasPrefix("--callout-") }) == Set(kinds.map { "--callout-\($0)" }), "a colour per kind")
        #expect(scheme != "dark" || kinds.allSatisfy { Self.palette(after: "prefers-color-scheme: dark")["--callout-\($0)"] != nil },
                "the dark scheme sets every callout colour")
        for kind in kinds {
            #expect(kind == "note" || Self.css.contains(".callout-\(kind) { --callout: var(--callout-\(kind)); }"), "\(kind) has its colour")
            let colour = try #require(colours["--callout-\(kind)"])
            for background in ["--bg", "--bg-soft"] {
                let ground = try #require(colours[background])
                #expect(Self.contrast(colour, ground) >= 4.5, "\(scheme): --callout-\(kind) \(colour) on \(background) \(ground) is \(Self.contrast(colour, ground)):1")
            }
        }
    }

    /// Types on hover (issue 28): the popover's and the `// ^?` answer's text on their
    /// backgrounds, and the popover's link, in both schemes; the dark scheme sets its own.
    @Test(arguments: ["light", "dark"])
    func typePopoverColoursContrast(scheme: String) throws {
        let colours = try Self.colours(scheme)
        let names = ["--type-underline", "--type-bg", "--type-text", "--type-border", "--type-query-bg"]
        #expect(scheme != "dark" || names.allSatisfy { Self.palette(after: "prefers-color-scheme: dark")[$0] != nil })
        let text = try #require(colours["--type-text"])
        for background in ["--type-bg", "--type-query-bg"] {
            let bg = try #require(colours[background])
            #expect(Self.contrast(text, bg) >= 4.5, "\(scheme): --type-text on \(background) is \(Self.contrast(text, bg)):1")
        }
        let link = try #require(colours["--link"]), popover = try #require(colours["--type-bg"])
        #expect(Self.contrast(link, popover) >= 4.5, "\(scheme): --link on --type-bg is \(Self.contrast(link, popover)):1")
    }

    @Test func everyPageHasLanguageLandmarksAndASkipLinkTarget() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-a11y-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuilder(options: .init(siteRoot: SharedFolder.projectRoot, output: output)).build()
        let pages = DirectoryWalker.files(below: output.path, includeHidden: false).filter { $0.hasSuffix(".html") }
        #expect(pages.count > 20)
        for page in pages {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            #expect(html.contains("<html lang=\"en\">"), "\(page)")
            #expect(html.contains("<a class=\"skip-link\" href=\"#content\">") && html.contains("<main id=\"content\""), "\(page)")
            #expect(html.contains("<header class=\"site-header\">") && html.contains("<footer class=\"site-footer\">"), "\(page)")
            #expect(html.contains("<nav class=\"site-nav\" aria-label=\"Site\">"), "\(page)")
            #expect(html.components(separatedBy: "<h1").count == 2, "\(page): one h1")
            #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"), "\(page)")
        }
    }
}
