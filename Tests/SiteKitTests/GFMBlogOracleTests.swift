import Foundation
@testable import Markdown
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Debian's `cmark-gfm` (apt `cmark-gfm`; run as a process, never linked) as the judge of
/// the blog's bodies: the Markdown target, with the site's extensions, writes its HTML byte
/// for byte.
///
/// What the build adds to that HTML is SiteKit's, through the renderer's hooks, and is
/// compared here with the hooks off (``intendedDifferences`` says what each changes).
@Suite("cmark-gfm oracle on the blog", .enabled(if: CmarkGFMBinary.path != nil,
                                                "cmark-gfm is not installed (apt-get install -y cmark-gfm); the blog was not compared with it"))
struct GFMBlogOracleTests {
    /// Where a published body differs from cmark-gfm's HTML on purpose.
    static let intendedDifferences: [(what: String, why: String)] = [
        ("heading ids and `#` anchors", "the table of contents and links to sections need them (headingID, headingAnchor hooks)"),
        ("highlighted code of 30 languages", "tokens in <span class=\"…\"> (Pygments' short names), at build time (codeBlock hook)"),
        ("hidden lines", "`// snippet.hide` … `// snippet.show` are compiled by check-snippets, never shown (codeBlock hook)"),
        ("verified snippet output", "the compiler's message or the program's output under `fails=` and `run` blocks (codeBlock hook)"),
        ("math", "```math and $$ … $$ become MathML (a custom block in place of the formula)"),
        ("links to .md files and root-relative links", "rewritten to the pages' URLs under the base URL (linkURL hook)"),
        ("footnote ids", "prefixed with the page's slug, so bodies side by side in a feed keep their own (footnoteIDPrefix)"),
        ("callouts", "not GFM: `> [!NOTE]` and `> Note:` are a labelled <aside>; compared here by reading them back as the quotes they were"),
    ]

    /// The site's own settings (smart punctuation, safe mode, every extension) and the issue's
    /// command line (`--unsafe`, five extensions, no smart punctuation).
    static let settings: [(name: String, settings: SiteConfig.MarkdownSettings)] = {
        let site = (try? SiteLoader(layout: SiteLayout(root: SharedFolder.projectRoot)).load().site.config.markdown) ?? .init()
        return [("site.yml", site),
                ("--unsafe -e table -e strikethrough -e autolink -e tasklist -e footnotes",
                 .init(smartPunctuation: false, allowRawHTML: true, extensions: [.table, .strikethrough, .autolink, .tasklist, .footnotes]))]
    }()

    @Test(arguments: [0, 1])
    func everyBodyOfTheBlogIsCmarkGFMs(configuration: Int) throws {
        let (name, settings) = Self.settings[configuration]
        let site = try SiteLoader(layout: SiteLayout(root: SharedFolder.projectRoot)).load().site
        let bodies = site.posts.map { ($0.sourcePath, $0.body) } + site.pages.map { ($0.sourcePath, $0.body) }
        #expect(bodies.count >= 13)
        var identical = 0
        var callouts = 0
        for (path, body) in bodies {
            let document = try MarkdownDocument.parse(body, options: settings.options)
            var ours = HTMLRenderer().render(document)
            var theirs = try Self.render(body, settings)
            if settings.extensions.contains(.callouts), ours.contains("<aside class=\"callout") {
                callouts += 1
                (ours, theirs) = (Self.quotes(fromCallouts: ours), Self.withoutCalloutMarkers(theirs))
            }
            #expect(ours == theirs, "\(path) (\(name)): \(Self.firstDifference(ours, theirs))")
            if ours == theirs { identical += 1 }
        }
        print("cmark-gfm oracle on the blog (\(name)): \(identical)/\(bodies.count) bodies identical, \(callouts) of them with callouts read back as quotes; "
              + "the build's own additions, compared with them off: \(Self.intendedDifferences.map(\.what).joined(separator: "; "))")
        #expect(!settings.extensions.contains(.callouts) || callouts == 2, "the blog's two callouts were found")
    }

    /// cmark-gfm's HTML for `markdown` with the options of `settings`.
    static func render(_ markdown: String, _ settings: SiteConfig.MarkdownSettings) throws -> String {
        var arguments = settings.smartPunctuation ? ["--smart"] : []
        if settings.allowRawHTML { arguments.append("--unsafe") }
        for gfm in MarkdownExtension.allCases where gfm != .callouts && settings.extensions.contains(gfm) {
            arguments += ["-e", gfm.rawValue]
        }
        let result = ProcessRunner.run(try #require(CmarkGFMBinary.path), arguments, in: FileManager.default.temporaryDirectory, input: Data(markdown.utf8))
        #expect(result.status == 0, "cmark-gfm: \(result.stderr)")
        return result.stdout
    }

    /// Our callouts written as the quotes cmark-gfm sees: `<blockquote>` without the label.
    static func quotes(fromCallouts html: String) -> String {
        html.replacing(#/<aside class="callout callout-[a-z]+" role="note">\n<p class="callout-label">[A-Za-z]+</p>\n/#, with: "<blockquote>\n")
            .replacingOccurrences(of: "</aside>\n", with: "</blockquote>\n")
    }

    /// cmark-gfm's quotes without the marker a callout starts with (`[!NOTE]` on its own line, `Note: `).
    static func withoutCalloutMarkers(_ html: String) -> String {
        html.replacing(#/<blockquote>\n<p>(\[![A-Za-z]+\]\n|(?:Note|Tip|Important|Warning|Experiment): )/#, with: "<blockquote>\n<p>")
    }

    static func firstDifference(_ ours: String, _ theirs: String) -> String {
        let a = ours.split(separator: "\n", omittingEmptySubsequences: false), b = theirs.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = (0..<max(a.count, b.count)).first(where: { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] }) else { return "none" }
        return "line \(line + 1): ours \(line < a.count ? String(a[line]) : "<end>") | cmark-gfm \(line < b.count ? String(b[line]) : "<end>")"
    }
}

enum CmarkGFMBinary {
    static let path = ExecutableLookup.find(["cmark-gfm"], environment: ProcessInfo.processInfo.environment)
}
