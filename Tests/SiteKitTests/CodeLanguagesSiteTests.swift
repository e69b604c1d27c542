import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// A post with a block in each language sitegen highlights builds with spans in every
/// block; a language it does not know is escaped plain text and one warning for the site.
@Suite("Code blocks of every language in a site")
struct CodeLanguagesSiteTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HighlightTests/Corpus")

    /// (fence word, corpus file): the languages of issue 23, under the words blogs use.
    static let blocks: [(String, String)] = [
        ("objc", "objc.m"), ("console", "console.txt"), ("cpp", "cpp.cpp"), ("c", "c.c"), ("yaml", "yaml.yml"),
        ("gdscript", "gdscript.gd"), ("ruby", "Podfile.rb"), ("xcconfig", "config.xcconfig"), ("javascript", "javascript.js"),
        ("xml", "plist.plist"), ("plist", "plist.plist"), ("python", "python.py"), ("sql", "sql.sql"), ("html", "html.html"),
        ("graphql", "graphql.graphql"), ("markdown", "markdown.md"), ("diff", "Package.swift.diff"), ("java", "java.java"),
        ("toml", "toml.toml"), ("proto", "protobuf.proto"), ("dot", "graphviz.dot"), ("mermaid", "mermaid.mmd"),
        ("kotlin", "kotlin.kt"), ("typescript", "typescript.ts"), ("css", "css.css"), ("go", "go.go"), ("rust", "rust.rs"),
        ("dockerfile", "Dockerfile"), ("makefile", "Makefile"), ("ini", "ini.ini"), ("properties", "properties.properties"),
        ("bash", "shell.sh"), ("yml", "yaml.yml"), ("m", "objc.m"), ("sh", "shell.sh"), ("ts", "typescript.ts"),
    ]

    @Test func everyLanguagesBlockIsHighlighted() throws {
        var body = "Every language.\n\n"
        for (word, file) in Self.blocks {
            let code = try String(contentsOf: Self.corpus.appendingPathComponent(file), encoding: .utf8)
            body += "~~~~\(word)\n\(code)~~~~\n\n"
        }
        body += "```swift\nlet x = 1\n```\n\n```json\n{\"a\": 1}\n```\n\n```text\nplain <text>\n```\n"
        let site = FixtureSite(["Content/posts/languages.md": FixtureSite.post("title: Languages\ndate: 2024-01-02", body: body)])
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        let page = try #require(site.read("posts/languages/index.html")).withoutCodeFigures
        let codes = page.matches(of: #/<pre><code class="language-([^"]+)">(.*?)</code></pre>/#.dotMatchesNewlines())
        #expect(codes.count == Self.blocks.count + 3)
        for code in codes where code.1 != "text" {
            #expect(code.2.contains("<span class=\""), "a \(code.1) block without highlighting")
        }
        let text = try #require(codes.first { $0.1 == "text" })
        #expect(text.2 == "plain &lt;text&gt;\n", "plain text is escaped, without spans")
        #expect(page.contains(#"<span class="kd">@interface</span>"#) || page.contains(#"<span class="k">@interface</span>"#))
        #expect(page.contains(#"<span class="gp">$ </span>"#) && page.contains(#"<span class="go">Build complete! (42.17s)</span>"#))
        #expect(page.contains(#"<span class="line gi">+// swift-tools-version:6.0</span>"#))
        #expect(page.contains(#"<span class="line gd">-// swift-tools-version:5.9</span>"#))
        #expect(page.contains(#"<span class="line gu">@@ -1,4 +1,4 @@</span>"#))
    }

    @Test func unknownLanguagesAreOneWarningNamingThem() throws {
        let first = "```brainfuck\n++[>+<-]\n```\n\n```output\nprinted\n```\n\n```math\nx^2\n```\n\n```\nno language\n```\n\n```text\nplain\n```\n"
        let second = "Text.\n\n```cobol\nDISPLAY 'HI'.\n```\n\n```brainfuck\n-\n```\n"
        let site = FixtureSite([
            "Content/posts/a.md": FixtureSite.post("title: A\ndate: 2024-01-02", body: first),
            "Content/posts/b.md": FixtureSite.post("title: B\ndate: 2024-01-03", body: second),
        ])
        defer { site.remove() }
        let summary = try site.build()
        let warnings = summary.warnings.filter { $0.message.contains("does not highlight") }
        #expect(warnings.count == 1, "\(summary.warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.message.hasPrefix("3 code blocks in 2 files use languages sitegen does not highlight, shown as plain text: "))
        #expect(warning.message.contains("brainfuck (Content/posts/a.md:") && warning.message.contains("cobol (Content/posts/b.md:"), "\(warning.message)")
        #expect(!warning.message.contains("output") && !warning.message.contains("math") && !warning.message.contains("text ("))
        let page = try #require(site.read("posts/a/index.html")).withoutCodeFigures
        #expect(page.contains("<pre><code class=\"language-brainfuck\">++[&gt;+&lt;-]\n</code></pre>"), "escaped, as cmark writes it")
    }
}
