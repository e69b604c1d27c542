import Foundation
@testable import Markdown
import Testing
@testable import SiteKit
@testable import TestSupport

/// Fixtures for the math tests: Markdown bodies, formulas and a cache folder of their own.
enum MathFixtures {
    /// Node and the katex package (`apt-get install katex`), when this machine has both.
    static let katex: KaTeX? = {
        let found = KaTeX.find()
        return found.missing == nil ? found : nil
    }()

    static func formulas(_ body: String, file: String = "Content/posts/math.md", firstLine: Int = 1) throws -> [MathFormula] {
        try MathCollector(file: file, body: body, firstLine: firstLine).formulas(in: document(body, firstLine: firstLine))
    }

    static func document(_ body: String, firstLine: Int = 1) throws -> MarkdownDocument {
        try PostBodyParser(settings: .init()).document(for: body, file: "Content/posts/math.md", firstLine: firstLine)
    }

    static func cacheFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-math-\(UUID().uuidString)")
    }

    static func renderer(_ cache: URL, katex: KaTeX? = MathFixtures.katex) -> MathRenderer {
        MathRenderer(cacheFolder: cache, katex: katex ?? KaTeX(node: nil, module: nil))
    }
}

@Suite("Math: finding formulas")
struct MathCollectorTests {
    @Test func findsMathBlocksAndDollarParagraphsWhereverTheyAre() throws {
        let body = """
            Intro.

            ```math
            $$ Leverage = {Impact\\;Produced \\over Time\\;invested} $$
            ```

            $$ a\\;b \\over c $$

            - item

              ```math
              \\[ x^2 \\]
              ```

            > $$ e = mc^2
            > \\quad + 1 $$

            ```math
            \\sum_i i
            ```
            """
        let found = try MathFixtures.formulas(body, firstLine: 10)
        #expect(found.map(\.tex) == [
            "Leverage = {Impact\\;Produced \\over Time\\;invested}",
            // The source, not cmark's text: `\;` is not a Markdown escape here.
            "a\\;b \\over c",
            "x^2",
            "e = mc^2\n\\quad + 1",
            "\\sum_i i",
        ])
        #expect(found.map(\.line) == [12, 16, 20, 24, 27])
        #expect(found.allSatisfy { $0.isDisplay && $0.file == "Content/posts/math.md" })
    }

    @Test func dollarsInProseAndOtherCodeAreNotMath() throws {
        let body = """
            It costs $5 and $10.

            $$5 and $$10 are prices.

            Two $$a$$ and $$b$$ in a sentence.

            ```swift
            let price = "$$ 5 $$"
            ```

                $$ indented code $$
            """
        #expect(try MathFixtures.formulas(body).isEmpty)
    }

    @Test func mathFenceIsTheInfoStringsFirstWord() {
        #expect(MathFormula.isMathFence(info: "math"))
        #expect(MathFormula.isMathFence(info: "math title=\"x\""))
        #expect(!MathFormula.isMathFence(info: "mathematica"))
        #expect(!MathFormula.isMathFence(info: "swift"))
        #expect(MathFormula.tex(fromFence: "  $$ a $$\n") == "a")
        #expect(MathFormula.tex(fromFence: "\\[\n a \n\\]\n") == "a")
        #expect(MathFormula.tex(fromFence: "a + b\n") == "a + b")
    }
}

@Suite("Math: rendering")
struct MathRendererTests {
    @Test func missingKaTeXIsOneWarningAndTheSourceAsCode() throws {
        let cache = MathFixtures.cacheFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let formulas = [MathFormula(tex: "a<b", file: "Content/posts/a.md", line: 7),
                        MathFormula(tex: "x & y", file: "Content/posts/b.md", line: 3)]
        let rendering = MathRenderer(cacheFolder: cache, katex: KaTeX(node: nil, module: nil)).render(formulas)
        #expect(rendering.html(for: formulas[0]) == "<pre class=\"math math-source\"><code>a&lt;b</code></pre>")
        #expect(rendering.html(tex: "x & y", display: true) == "<pre class=\"math math-source\"><code>x &amp; y</code></pre>")
        #expect(rendering.diagnostics.count == 1)
        let warning = try #require(rendering.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.headline.hasPrefix("Content/posts/a.md:7:1: warning: 2 math formulas shown as TeX source: node was not found"))
        #expect(warning.message.contains("apt-get install katex"))
        #expect(rendering.processRuns == 0)
        #expect(!FileManager.default.fileExists(atPath: cache.path), "nothing to cache")
    }

    @Test func missingKaTeXIsOneErrorWhenUnrenderedMathIsAnError() throws {
        var renderer = MathRenderer(cacheFolder: MathFixtures.cacheFolder(), katex: KaTeX(node: nil, module: nil))
        renderer.unrenderedIsError = true
        let rendering = renderer.render([MathFormula(tex: "a", file: "Content/posts/a.md", line: 4)])
        #expect(rendering.diagnostics.map(\.headline) == [
            "Content/posts/a.md:4:1: error: 1 math formula cannot be rendered, and a build in CI (CI=true) does not publish TeX source: node was not found on PATH. To render them with KaTeX: apt-get install katex",
        ])
    }

    @Test func missingPackageIsNamedToo() throws {
        let rendering = MathFixtures.renderer(MathFixtures.cacheFolder(), katex: KaTeX(node: "/usr/bin/node", module: nil))
            .render([MathFormula(tex: "a", file: "Content/posts/a.md", line: 1)])
        #expect(rendering.diagnostics.map(\.message) == [
            "1 math formula shown as TeX source: the katex package was not found in "
                + KaTeX.moduleFolders().joined(separator: ", ") + ". To render them with KaTeX: apt-get install katex",
        ])
    }

    @Test func nodeThatFailsIsAWarningNotABrokenBuild() throws {
        let cache = MathFixtures.cacheFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let module = cache.appendingPathComponent("katex")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try Data(#"{"version": "0.0.0"}"#.utf8).write(to: module.appendingPathComponent("package.json"))
        let formula = MathFormula(tex: "a", file: "Content/posts/a.md", line: 4)
        let rendering = MathRenderer(cacheFolder: cache, katex: KaTeX(node: "/usr/bin/false", module: module)).render([formula])
        #expect(rendering.diagnostics.map(\.severity) == [.warning])
        #expect(rendering.diagnostics.first?.message.contains("KaTeX did not run (node, status 1)") == true)
        #expect(rendering.html(for: formula) == "<pre class=\"math math-source\"><code>a</code></pre>")
        #expect(rendering.processRuns == 1)
    }

    @Test func formulaBlocksBecomeTheirHTML() throws {
        let body = "Before.\n\n```math\n$$ a<b $$\n```\n\n$$ c $$\n\nAfter $5.\n"
        let document = try MathFixtures.document(body)
        let collector = MathCollector(file: "Content/posts/math.md", body: body, firstLine: 1)
        let rendering = MathFixtures.renderer(MathFixtures.cacheFolder(), katex: nil).render(collector.formulas(in: document))
        let html = collector.replacingFormulas(in: document, with: rendering).html()
        #expect(html == """
            <p>Before.</p>
            <pre class="math math-source"><code>a&lt;b</code></pre>
            <pre class="math math-source"><code>c</code></pre>
            <p>After $5.</p>

            """)
    }
}

@Suite("Math: rendering with KaTeX", .enabled(if: MathFixtures.katex != nil, "KaTeX is not installed (apt-get install katex): formulas are not rendered"))
struct MathKaTeXTests {
    @Test func theBlogsFormulaBecomesMathML() throws {
        let (site, _) = try SiteLoader(layout: SiteLayout(root: SharedFolder.projectRoot), includeDrafts: true).load()
        let post = try #require(site.posts.first { $0.slug == "building-list-screens-with-uicollectionview" })
        let collector = MathCollector(post: post)
        let document = try PostBodyParser(settings: site.config.markdown)
            .document(for: post.body, file: post.sourcePath, firstLine: post.bodyFirstLine)
        let formulas = collector.formulas(in: document)
        let tex = "Leverage = {Impact\\;Produced \\over Time\\;invested}"
        #expect(formulas == [MathFormula(tex: tex, file: "Content/posts/building-list-screens-with-uicollectionview.md", line: 15)])

        let cache = MathFixtures.cacheFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let rendering = MathFixtures.renderer(cache).render(formulas)
        #expect(rendering.diagnostics.isEmpty)
        #expect(rendering.processRuns == 1)
        let html = try #require(rendering.html(for: formulas[0]))
        #expect(html.hasPrefix("<div class=\"math math-display\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(html.hasSuffix("</math></div>"))
        #expect(html.contains("<mfrac>"))
        #expect(html.contains("<annotation encoding=\"application/x-tex\">\(tex)</annotation>"))

        let page = collector.replacingFormulas(in: document, with: rendering).html()
        #expect(page.contains(html))
        #expect(!page.contains("$$"))
    }

    @Test func aTeXErrorNamesFileAndLine() throws {
        let cache = MathFixtures.cacheFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let formulas = try MathFixtures.formulas("Text.\n\n```math\n\\frac{1}{\n```\n\n$$ x^2 $$\n", file: "Content/posts/bad.md", firstLine: 5)
        let rendering = MathFixtures.renderer(cache).render(formulas)
        #expect(rendering.diagnostics.count == 1)
        let error = try #require(rendering.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.headline.hasPrefix("Content/posts/bad.md:7:1: error: KaTeX parse error: "))
        #expect(error.message.contains("\\frac{1}{"))
        #expect(rendering.html(for: formulas[0]) == "<pre class=\"math math-source\"><code>\\frac{1}{</code></pre>")
        #expect(rendering.html(for: formulas[1])?.contains("<msup>") == true, "the other formula still renders")

        // Only successes are cached: the bad formula is tried again, the good one is not.
        let again = MathFixtures.renderer(cache).render(formulas)
        #expect(again.processRuns == 1)
        #expect(again.diagnostics == rendering.diagnostics)
    }

    @Test func aSecondRenderComesFromTheCache() throws {
        let cache = MathFixtures.cacheFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let formulas = [MathFormula(tex: "a<b", file: "Content/posts/a.md", line: 1),
                        MathFormula(tex: "\\sqrt{2}", file: "Content/posts/a.md", line: 9),
                        MathFormula(tex: "a<b", file: "Content/posts/b.md", line: 2)]
        let first = MathFixtures.renderer(cache).render(formulas)
        #expect(first.diagnostics.isEmpty)
        #expect(first.processRuns == 1)
        #expect(first.html(for: formulas[0])?.contains("<mo>&lt;</mo>") == true)

        // No node now: were anything not cached, the formulas would be shown as source with a warning.
        let module = try #require(MathFixtures.katex?.module)
        let second = MathRenderer(cacheFolder: cache, katex: KaTeX(node: nil, module: module)).render(formulas)
        #expect(second.processRuns == 0)
        #expect(second.diagnostics.isEmpty)
        for formula in formulas {
            #expect(second.html(for: formula) == first.html(for: formula))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(files.filter { $0.hasSuffix(".html") }.count == 2, "one file a formula, written once: \(files)")
        #expect(files.allSatisfy { $0.hasSuffix(".html") }, "no temporary or process files left: \(files)")
    }
}

/// Math through a whole build: formulas become MathML in the page, and a TeX error fails
/// the build at its line and leaves the output as it was.
@Suite("Math: in a build")
struct MathBuildTests {
    static let post = FixtureSite.post("title: Math\ndate: 2017-04-19", body: "Leverage:\n\n```math\n$$ a < {b \\over c} $$\n```\n\nCosts $5 and $10.\n")

    @Test func withoutKaTeXTheFormulaIsShownAsSourceWithOneWarning() throws {
        let site = FixtureSite(["Content/posts/math.md": Self.post])
        defer { site.remove() }
        let layout = SiteLayout(root: site.root)
        let loaded = try SiteLoader(layout: layout).load().site
        let theme = try ThemeLoader(layout: layout, config: loaded.config).load().theme
        let cache = MathFixtures.cacheFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let rendered = try SitePages(site: loaded, theme: theme, math: MathFixtures.renderer(cache, katex: KaTeX(node: nil, module: nil))).renderToMemory()
        #expect(rendered.site.warnings.map(\.severity) == [.warning])
        #expect(rendered.site.warnings.first?.headline.hasPrefix("Content/posts/math.md:8:1: warning: 1 math formula shown as TeX source") == true)
        let page = try #require(rendered.files.first { $0.path == "posts/math/index.html" }?.contents)
        #expect(page.contains("<pre class=\"math math-source\"><code>a &lt; {b \\over c}</code></pre>"))
        #expect(page.contains("<p>Costs $5 and $10.</p>"))
    }

    /// `sitegen build` where node is not on PATH: TeX is published with a warning, but not
    /// with CI=true, where the build fails and the previous output stays.
    @Test func aBuildInCIFailsWhenMathCannotBeRendered() throws {
        let site = FixtureSite(["Content/posts/math.md": Self.post])
        defer { site.remove() }
        let noNode = ["PATH": "/nonexistent", "NODE_PATH": ""]
        let local = try SitegenProcess.run(["build", "--site", site.root.path], environment: noNode)
        #expect(local.status == 0)
        #expect(local.stderr.contains("warning: 1 math formula shown as TeX source"))
        let before = site.read("posts/math/index.html")
        let ci = try SitegenProcess.run(["build", "--site", site.root.path], environment: noNode.merging(["CI": "true"]) { $1 })
        #expect(ci.status == 1)
        #expect(ci.stderr.contains("Content/posts/math.md:8:1: error: 1 math formula cannot be rendered, and a build in CI (CI=true) does not publish TeX source"))
        #expect(site.read("posts/math/index.html") == before, "the failed build left the output as it was")
    }

    @Test(.enabled(if: MathFixtures.katex != nil, "KaTeX is not installed (apt-get install katex)"))
    func withKaTeXThePageHasMathMLAndABadFormulaFailsTheBuild() throws {
        let site = FixtureSite(["Content/posts/math.md": Self.post])
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings.isEmpty)
        let page = try #require(site.read("posts/math/index.html"))
        #expect(page.contains("<div class=\"math math-display\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(page.contains("<mo>&lt;</mo><mfrac>"))
        #expect(!page.contains("$$"))
        let before = site.outputSnapshot()
        site.write("Content/posts/math.md", Self.post.replacingOccurrences(of: "\\over c}", with: "\\over c"))
        let errors = site.failingBuild()
        #expect(errors.count == 1)
        #expect(errors.first?.headline.hasPrefix("Content/posts/math.md:8:1: error: KaTeX parse error:") == true)
        #expect(site.outputSnapshot() == before)
    }
}
