import Foundation
import Markdown
import Testing
@testable import SiteKit
@testable import TestSupport

/// Inline math: `\(…\)` always, `$…$` where `markdown: { math: { dollars: true } }`; prices,
/// code and escaped delimiters stay text.
@Suite("Math: inline")
struct InlineMathTests {
    static func formulas(_ body: String, dollars: Bool = false) -> [String] {
        let bytes = Array(body.utf8)
        let document = try? MarkdownDocument.parse(body, options: SiteConfig.MarkdownSettings().options, lineOffset: 0)
        return InlineMath.spans(in: bytes, regions: MarkdownCodeRegions(body: bytes, document: document), dollars: dollars).map(\.tex)
    }

    @Test(arguments: [
        ("The area \\(\\pi r^2\\) grows.", false, ["\\pi r^2"]),
        ("Two: \\(a\\) and \\(b_1 * c_2\\).", false, ["a", "b_1 * c_2"]),
        ("An escaped backslash: \\\\(not math\\\\).", false, []),
        ("In code: `\\(x\\)` and\n\n```\nlet s = \"\\(a) \\(b\\)\"\n```\n", false, []),
        ("Swift's `\"\\(name)\"` interpolation, in prose \\(name) without a close.", false, []),
        ("Not across lines: \\(a\nb\\)", false, []),
        ("Dollars off: $x^2$.", false, []),
        ("Dollars on: $x^2$ and $b_1 * c_2$.", true, ["x^2", "b_1 * c_2"]),
        ("Costs $5 and $6, or $10.", true, []),
        ("Blank inside: $ x$ and $x $.", true, []),
        ("Display: $$x$$ is not inline.", true, []),
        ("Escaped: \\$x$ is text.", true, []),
    ])
    func theScannerFindsWhatTeXWritersMean(body: String, dollars: Bool, expected: [String]) {
        #expect(Self.formulas(body, dollars: dollars) == expected, "\(body)")
    }

    static let post = FixtureSite.post("title: Circles\ndate: 2017-04-19", body: """
        The area \\(\\pi r^2\\) of a circle; it costs $5 and $6, and `\\(code\\)` stays code.

        Dollars: $b_1 * c_2$ here.

        """)

    @Test func withoutKaTeXTheTeXIsShownAsCodeOnceEscaped() throws {
        let site = FixtureSite(["Content/posts/circles.md": Self.post])
        defer { site.remove() }
        let run = try SitegenProcess.run(["build", "--site", site.root.path], environment: ["PATH": "/nonexistent", "NODE_PATH": ""])
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: 1 math formula shown as TeX source"))
        let page = try #require(site.read("posts/circles/index.html"))
        #expect(page.contains("<p>The area <code class=\"math math-source\">\\pi r^2</code> of a circle; it costs $5 and $6, and <code>\\(code\\)</code> stays code.</p>"))
        #expect(page.contains("<p>Dollars: $b_1 <em>") || page.contains("<p>Dollars: $b_1 * c_2$ here.</p>"), "dollars are off: cmark reads the text")
        #expect(page.contains("<meta name=\"description\" content=\"The area \\pi r^2 of a circle;"), "the excerpt keeps the TeX as text")
        #expect(!page.contains(InlineMath.open) && !page.contains(InlineMath.close), "no token reaches the page")
    }

    @Test(.enabled(if: MathFixtures.katex != nil, "KaTeX is not installed (apt-get install katex)"))
    func withKaTeXInlineFormulasAreMathMLInTheLine() throws {
        let config = "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\nmarkdown:\n  math:\n    dollars: true\n"
        let site = FixtureSite(["Content/posts/circles.md": Self.post], config: config)
        defer { site.remove() }
        let run = try SitegenProcess.run(["build", "--site", site.root.path])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try #require(site.read("posts/circles/index.html"))
        #expect(page.contains("<p>The area <span class=\"math\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\">"))
        #expect(page.contains("it costs $5 and $6, and <code>\\(code\\)</code> stays code.</p>"))
        #expect(page.contains("<p>Dollars: <span class=\"math\">"), "with dollars on, $…$ is math, not emphasis")
        #expect(!page.contains("<em>"))
        #expect(!page.contains(InlineMath.open))
    }
}
