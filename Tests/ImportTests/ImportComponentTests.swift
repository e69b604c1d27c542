import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Includes, asset tags, callout tags and shortcodes of blogs as they are written become
/// components, images, callouts and directives; the imported site builds, and no page a
/// reader sees shows template syntax outside code but what the report lists.
@Suite("Import: includes, tags and shortcodes become components")
struct ImportComponentTests {
    static let jekyll: [String: String] = [
        "_config.yml": """
            title: Swift Notes
            url: https://notes.example.com
            plugins:
              - jekyll-assets
            """,
        // Plain HTML with parameters, as such includes are written.
        "_includes/youtube.html": """
            <div class="video-container">
              <iframe src="https://www.youtube-nocookie.com/embed/{{ include.id }}" title="{{ include.title | default: "YouTube video" }}" allowfullscreen></iframe>
            </div>

            """,
        "_includes/image.html": """
            <figure class="post-image">
              <img src="{{ site.baseurl }}{{ include.url }}" alt="{{ include.description }}">
              <figcaption>{{ include.description }}</figcaption>
            </figure>

            """,
        // Minimal Mistakes' way: a parameter through markdownify is the component's body.
        "_includes/notice.html": """
            <div class="notice--{{ include.type | default: "info" }}">{{ include.content | markdownify }}</div>

            """,
        // Logic: left, with the component to write.
        "_includes/friends.html": """
            <ul class="friends">
            {% for friend in site.data.friends %}
              <li><a href="{{ friend.url }}">{{ friend.name }}</a></li>
            {% endfor %}
            </ul>

            """,
        "_assets/images/actor-diagram.png": "",
        "_assets/css/main.scss": "body { color: red; }\n",
        "_posts/2020-03-01-actors.md": """
            ---
            layout: post
            title: "Actors in Swift"
            video: "dQw4w9WgXcQ"
            ---

            * TOC
            {:toc}

            ## Isolation

            An actor protects its state.
            {: .notice}

            {% asset actor-diagram.png alt="Two tasks and an actor" width="480" %}

            {% include youtube.html id=page.video title="WWDC: Protect mutable state" %}

            {% include image.html url="/assets/actor-diagram.png" description="The actor's mailbox" %}

            {% note %}
            Actors are **reference types**.

            {% highlight swift linenos mark_lines="2" %}
            actor Counter {
                var value = 0
            }
            {% endhighlight %}
            {% endnote %}

            {% warning Mind the hops %}
            Every `await` may suspend.
            {% endwarning %}

            Actor
            : A reference type that isolates its state.

            Sendable
            : A type safe to share across tasks.

            {% include notice.html type="warning" content="Swift **6** checks `Sendable`." %}

            {% include friends.html %}

            {% asset missing-chart.png %}
            """,
    ]

    static let hugo: [String: String] = [
        "hugo.toml": """
            baseURL = "https://blog.example.org/"
            title = "Swift Blog"
            [params]
              author = "Ana"
              sponsor = "Point-Free"
            """,
        "content/posts/concurrency.md": """
            ---
            title: "Concurrency notes"
            date: 2021-06-10
            version: "5.5"
            ---

            Written for Swift {{< param version >}}, sponsored by {{< param sponsor >}}.

            {{< figure src="/images/tasks.png" alt="Tasks" caption="Child tasks" >}}

            {{< figure src="/images/tasks.png" title="The same, titled" >}}

            {{< instagram BWNjjyYFxVx >}}

            {{< youtube id="dQw4w9WgXcQ" title="Meet async/await" >}}

            {{< vimeo 76979871 >}}

            {{< gist ana 0123abcd >}}

            {{< x user="SwiftLang" id="1402030051488534529" >}}

            See [the basics]({{< ref "basics.md" >}}).

            {{< highlight swift "linenos=table,hl_lines=2,style=monokai" >}}
            func fetch() async throws -> Data {
                try await session.data(from: url).0
            }
            {{< /highlight >}}

            {{< notice tip >}}
            Prefer structured concurrency.
            {{< /notice >}}
            """,
        "content/posts/basics.md": """
            ---
            title: "Basics"
            date: 2021-06-01
            ---

            Start here.
            """,
    ]

    static func importAndBuild(_ generator: SourceGenerator, _ files: [String: String], binary: [String: [UInt8]] = [:]) throws
        -> (site: URL, output: URL, report: ImportReport) {
        try ImportBuildTests.importAndBuild(generator, files, binary: binary)
    }

    static func read(_ site: URL, _ path: String) -> String? {
        try? String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    /// Template syntax a reader sees, in the HTML text outside `<pre>` and `<code>`.
    static func visibleTemplateSyntax(in output: URL) -> [String] {
        VisibleTemplateSyntax.hits(in: output).map(\.description)
    }

    /// The shared check reads HTML as a reader sees it: code, tags, attributes and comments are not text.
    @Test func whatAReaderSeesLeavesOutCodeTagsAndComments() {
        let html = """
            <html><head><title>{% seen in title %}</title><style>a{%}</style></head><body>
            <p title="{% attribute %}">Text {{< seen-shortcode >}} and <code>{% in code %}</code>.</p>
            <pre><code class="language-liquid">{% raw %}
            {{< in pre >}}</code></pre><!-- {% comment %} --><script>var x = "{:";</script>
            <p>kramdown left: {: .note} &lt;b&gt; &#123;% entity %}</p>
            </body></html>
            """
        let text = VisibleTemplateSyntax.visibleText(html).joined()
        #expect(text.contains("{% seen in title %}") && text.contains("{{< seen-shortcode >}}") && text.contains("{: .note}"))
        #expect(text.contains("{% entity %}"), "entities are decoded")
        for hidden in ["{% attribute %}", "{% in code %}", "{{< in pre >}}", "{% comment %}", "{:\";", "a{%}"] {
            #expect(!text.contains(hidden), "\(hidden)")
        }
    }

    @Test func aJekyllBlogsIncludesAssetsAndCalloutTags() throws {
        let (site, output, report) = try Self.importAndBuild(.jekyll, Self.jekyll, binary: ["_assets/images/actor-diagram.png": ImportFixtures.png])
        defer { try? FileManager.default.removeItem(at: site) }
        let post = try #require(Self.read(site, "Content/posts/2020-03-01-actors.md"))
        #expect(post.contains("\n![Two tasks and an actor](/assets/actor-diagram.png){: width=\"480\"}\n"))
        #expect(post.contains("\n@Youtube(id: \"dQw4w9WgXcQ\", title: \"WWDC: Protect mutable state\")\n"))
        #expect(post.contains("\n@ImageInclude(url: \"/assets/actor-diagram.png\", description: \"The actor's mailbox\")\n"))
        #expect(post.contains("""

            > [!NOTE]
            > Actors are **reference types**.
            >
            > ```swift linenos highlight=2
            > actor Counter {
            >     var value = 0
            > }
            > ```

            > [!WARNING]
            > **Mind the hops**
            > Every `await` may suspend.

            """))
        #expect(post.contains("* TOC\n{:toc}\n"), "kramdown is kept as written")
        #expect(post.contains("An actor protects its state.\n{: .notice}\n"))
        #expect(post.contains("\n@Notice(type: \"warning\") {\n    Swift **6** checks `Sendable`.\n}\n"))
        #expect(Self.read(site, "Content/components/notice.mustache")?.hasSuffix(
            "arguments:\n  type: text, default \"info\"\nIts body is what the include took as content (markdownify).\n}}\n"
            + "<div class=\"notice--{{{type}}}\">{{{body}}}</div>\n") == true)
        #expect(post.contains("\n{% include friends.html %}\n"))
        #expect(post.hasSuffix("\n{% asset missing-chart.png %}"))

        let youtube = try #require(Self.read(site, "Content/components/youtube.mustache"))
        #expect(youtube == """
            {{!
            Imported from _includes/youtube.html, a Jekyll include.
            arguments:
              id: text
              title: text, default "YouTube video"
            }}
            <div class="video-container">
              <iframe src="https://www.youtube-nocookie.com/embed/{{{id}}}" title="{{{title}}}" allowfullscreen></iframe>
            </div>

            """)
        #expect(Self.read(site, "Content/components/image-include.mustache")?.contains("<img src=\"{{{url}}}\" alt=\"{{{description}}}\">") == true)
        #expect(Self.read(site, "Content/components/friends.mustache") == nil, "an include with logic is no component")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/static/assets/actor-diagram.png").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/static/assets/main.scss").path))
        let settings = try #require(Self.read(site, "Content/site.yml"))
        #expect(settings.contains("kramdown"))

        #expect(report.converted[.includeToComponent]?.count == 3)
        #expect(report.converted[.assetToImage]?.count == 1)
        #expect(report.converted[.calloutTagToCallout]?.count == 2)
        #expect(report.converted[.highlightOptionKept]?.count == 2)
        #expect((report.converted[.kramdownKept]?.count ?? 0) >= 2)
        let friends = try #require(report.left["Liquid tag {% include friends.html %}"]?.first)
        #expect(friends.note == "_includes/friends.html has Liquid logic ({% for %}): write it as a component, "
                + "Content/components/friends.mustache, and call it @Friends(…) (docs/components.md)")
        #expect(friends.position.hasPrefix("Content/posts/2020-03-01-actors.md:"))
        let missing = try #require(report.left["Liquid tag {% asset %}"]?.first)
        #expect(missing.note?.contains("no asset 'missing-chart.png'") == true)

        let html = try #require(Self.read(output, "2020/03/01/actors.html") ?? Self.read(output, "posts/actors/index.html")
            ?? Self.read(output, "2020/03/01/actors/index.html"))
        #expect(html.contains("<img width=\"480\" src=\"/assets/actor-diagram.png\" alt=\"Two tasks and an actor\" />"),
                "the span list's quotes, typographic after smart punctuation, are read as quotes")
        #expect(!html.contains("TOC"), "kramdown's * TOC marker gives way to the theme's contents")
        #expect(html.contains("src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ\" title=\"WWDC: Protect mutable state\""))
        #expect(html.contains("<figcaption>The actor&#39;s mailbox</figcaption>") || html.contains("<figcaption>The actor&#x27;s mailbox</figcaption>")
                || html.contains("<figcaption>The actor's mailbox</figcaption>"))
        #expect(html.contains("<div class=\"notice--warning\">\n<p>Swift <strong>6</strong> checks <code>Sendable</code>.</p>\n</div>"))
        #expect(html.contains("callout-note"))
        #expect(html.contains("callout-warning"))
        #expect(html.contains("<dl>"))
        #expect(html.contains("class=\"notice\""))
        let visible = Self.visibleTemplateSyntax(in: output)
        #expect(visible.count == 2, "\(visible)")
    }

    @Test func aHugoBlogsBuiltInShortcodes() throws {
        let (site, output, report) = try Self.importAndBuild(.hugo, Self.hugo, binary: ["static/images/tasks.png": ImportFixtures.png])
        defer { try? FileManager.default.removeItem(at: site) }
        let post = try #require(Self.read(site, "Content/posts/concurrency.md"))
        #expect(post.contains("Written for Swift 5.5, sponsored by Point-Free."))
        #expect(post.contains("\n@YouTube(id: \"dQw4w9WgXcQ\", title: \"Meet async/await\")\n"))
        #expect(post.contains("\n@Vimeo(id: \"76979871\")\n"))
        #expect(post.contains("\n@Gist(id: \"ana/0123abcd\")\n"))
        #expect(post.contains("\n[Post by @SwiftLang on X](https://x.com/SwiftLang/status/1402030051488534529)\n"))
        #expect(post.contains("See [the basics](basics.md)."))
        #expect(post.contains("```swift linenos highlight=2\nfunc fetch()"))
        #expect(post.contains("![Tasks](/images/tasks.png)\n*Child tasks*"))
        #expect(post.contains("{{< notice tip >}}"))
        #expect(post.contains("\n![](/images/tasks.png)\n*The same, titled*\n"), "Hugo shows a figure's title in its caption")
        #expect(report.left["Hugo shortcode {{< instagram >}}"]?.first?.note?.hasPrefix("a shortcode built into Hugo") == true)

        #expect(report.converted[.paramShortcodeReplaced]?.count == 2)
        #expect(report.converted[.videoShortcodeToDirective]?.count == 2)
        #expect(report.converted[.gistShortcodeToDirective]?.count == 1)
        #expect(report.converted[.postShortcodeToLink]?.count == 1)
        #expect(report.converted[.highlightOptionKept]?.count == 2)
        #expect(report.converted[.highlightOptionDropped]?.count == 1)
        let notice = try #require(report.left["Hugo shortcode {{< notice >}}"]?.first)
        #expect(notice.note?.contains("Content/components/notice.mustache, and call it @Notice(…)") == true)

        let html = try #require(Self.read(output, "posts/concurrency/index.html"))
        #expect(html.contains("https://www.youtube.com/watch?v=dQw4w9WgXcQ"))
        #expect(html.contains("https://vimeo.com/76979871"))
        #expect(html.contains("https://gist.github.com/ana/0123abcd"))
        #expect(html.contains("href=\"/posts/basics/\""))
        let visible = Self.visibleTemplateSyntax(in: output)
        #expect(visible.count == 3 && visible.allSatisfy { $0.contains("notice") || $0.contains("instagram") }, "\(visible)")
    }
}

@Suite("Import: which includes are components")
struct IncludeComponentUnitTests {
    @Test func plainHTMLWithParametersIsAComponentAndLogicIsNot() {
        let includes = IncludeComponents(files: [
            ("youtube.html", "<iframe src=\"https://www.youtube.com/embed/{{ include.id }}\"></iframe>\n"),
            ("note.html", "{% if include.title %}<b>{{ include.title }}</b>{% endif %}\n"),
            ("byline.html", "<p>By {{ page.author }}</p>\n"),
            ("upper.html", "<p>{{ include.text | upcase }}</p>\n"),
        ], siteURL: nil, basePath: "")
        #expect(includes.components["youtube.html"]?.directive == "Youtube")
        #expect(includes.components["youtube.html"]?.parameters == [.init(name: "id")])
        #expect(includes.withLogic["note.html"] == "has Liquid logic ({% if %})")
        #expect(includes.withLogic["byline.html"] == "shows {{ page.author }}, a variable the component would not have")
        #expect(includes.withLogic["upper.html"] == "uses the filter 'upcase' on include.text")
    }
}

/// The Liquid conversions of this issue on single bodies: where each applies and why one is left.
@Suite("Import: callout tags, asset tags and include calls")
struct ImportTagUnitTests {
    static func convert(_ body: String) -> (text: String, events: [Conversion], left: [String]) {
        var context = ConversionContext(documentPath: "Content/posts/2020-01-01-a.md", sourcePath: "_posts/2020-01-01-a.md",
                                        targets: LinkTargets(), siteURL: nil)
        context.includes = IncludeComponents(files: [("note-box.html", "<aside>{{ include.text }}</aside>\n"),
                                                     ("list.html", "{% for x in include.items %}{{ x }}{% endfor %}\n")],
                                             siteURL: nil, basePath: "")
        context.assets = ["a.png": "/assets/a.png", "app.css": "/assets/app.css"]
        context.pageValues = ["caption": "From the front matter"]
        let result = LiquidConverter(context: context).convert(Array(body.utf8))
        return (String(decoding: result.bytes, as: UTF8.self), result.events.map(\.conversion), result.left.map { "\($0.text): \($0.note)" })
    }

    @Test func calloutTagsInAListKeepTheItemsIndentationAndTextBesideTagsStays() {
        let converted = Self.convert("""
            1. Step:

               {% tip %}
               Use `swift build`.
               {% endtip %}

            {% info %}Inline content{% endinfo %}

            {% warning %}
            {% include note-box.html text="inside" %}
            {% endwarning %}

            {% error %}
            never closed
            """)
        #expect(converted.text == """
            1. Step:

               > [!TIP]
               > Use `swift build`.

            > [!NOTE]
            > Inline content

            {% warning %}
            @NoteBox(text: "inside")
            {% endwarning %}

            {% error %}
            never closed
            """)
        #expect(converted.events == [.includeToComponent, .calloutTagToCallout, .calloutTagToCallout])
        #expect(converted.left == ["{% error %}: never closed by {% enderror %}",
                                   "{% warning %}: it holds a directive (@Name), which a callout's quote would show as text"])
    }

    @Test func assetTagsBecomeImagesAndLeaveWhatAnImageCannotHold() {
        let converted = Self.convert("""
            Inline {% asset a.png alt="A [1]" %} and the path {% asset_path a.png %}.
            <p>{% asset a.png class="wide" %}</p>
            {% asset app.css %}
            {% asset a.png @magick:resize=100 %}
            {% asset a.png onclick="x()" %}
            """)
        #expect(converted.text == """
            Inline ![A \\[1\\]](/assets/a.png) and the path /assets/a.png.
            <p><img src="/assets/a.png" alt="" class="wide"></p>
            {% asset app.css %}
            {% asset a.png @magick:resize=100 %}
            {% asset a.png onclick="x()" %}
            """)
        #expect(converted.events == [.assetToImage, .assetToImage, .assetToImage])
        #expect(converted.left == [
            "{% asset app.css %}: not an image: jekyll-assets writes a <link> or <script> for it",
            "{% asset a.png @magick:resize=100 %}: it has options (@magick:…, …) an image path cannot keep",
            "{% asset a.png onclick=\"x()\" %}: its attribute 'onclick' has no place on a Markdown image",
        ])
    }

    @Test func includeCallsBecomeDirectivesWhenTheIncludeIsAComponent() {
        let converted = Self.convert("""
            {% include note-box.html text=page.caption %}
            {% include note-box.html text="Say \\"hi\\"" %}
            Inline {% include note-box.html text="x" %} call.
            {% include note-box.html text=site.title %}
            {% include note-box.html colour="red" %}
            {% include list.html items=page.tags %}
            > {% include note-box.html text="quoted" %}
            """)
        #expect(converted.text == """
            @NoteBox(text: "From the front matter")
            @NoteBox(text: "Say \\"hi\\"")
            Inline {% include note-box.html text="x" %} call.
            {% include note-box.html text=site.title %}
            {% include note-box.html colour="red" %}
            {% include list.html items=page.tags %}
            > {% include note-box.html text="quoted" %}
            """)
        #expect(converted.events == [.includeToComponent, .includeToComponent])
        #expect(converted.left == [
            "{% include note-box.html text=\"x\" %}: not on a line of its own: a component call is a block of its own",
            "{% include note-box.html text=site.title %}: its argument 'text' is the Liquid variable 'site.title', which the import cannot know",
            "{% include note-box.html colour=\"red\" %}: its argument 'colour' is one _includes/note-box.html does not show",
            "{% include list.html items=page.tags %}: _includes/list.html has Liquid logic ({% for %}): write it as a component, "
                + "Content/components/list.mustache, and call it @List(…) (docs/components.md)",
            "{% include note-box.html text=\"quoted\" %}: in a quote, where a directive would show as text",
        ])
    }
}
