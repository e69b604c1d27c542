import Foundation

/// Blogs written the way real Jekyll and Hugo blogs are, to import: date-prefixed posts with
/// Liquid, category folders, drafts, pages, layouts and includes; and Hugo sections, page
/// bundles, shortcodes, section pages, TOML front matter and a theme.
enum ImportFixtures {
    /// A fresh temporary folder holding `files`.
    static func folder(_ files: [String: String], binary: [String: [UInt8]] = [:]) -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-import-\(UUID().uuidString)")
        for (path, text) in files { write(root, path, Array(text.utf8)) }
        for (path, bytes) in binary { write(root, path, bytes) }
        return root
    }

    static func write(_ root: URL, _ path: String, _ bytes: [UInt8]) {
        let url = root.appendingPathComponent(path)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(bytes).write(to: url)
    }

    /// Every file below `root` with its bytes: the source site before and after an import must be equal.
    static func snapshot(_ root: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            files[path] = (try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data("<folder>".utf8)
        }
        return files
    }

    static let png: [UInt8] = TestImages.png(width: 4, height: 3)

    static let jekyllConfig = """
        # Site settings
        title: Notes on iOS
        description: >-
          Swift, iOS architecture and the
          occasional tool.
        url: "https://notes.example.com"
        baseurl: ""
        lang: en
        author:
          name: Jane Appleseed
          twitter: jane
        permalink: /:categories/:year/:month/:day/:title/
        paginate: 8
        markdown: kramdown
        kramdown:
          input: GFM
        plugins:
          - jekyll-feed
          - jekyll-paginate
          - jekyll-redirect-from
        exclude:
          - Gemfile
          - Gemfile.lock
          - README.md
        """

    /// The Jekyll blog; `2017-04-24-viper.md` has an unclosed highlight at body line 9 (file line 13).
    static var jekyll: [String: String] {
        [
            "_config.yml": jekyllConfig,
            "_posts/2016-02-29-swift-generics.md": """
                ---
                layout: post
                title: "Swift Generics: a first look"
                tags: swift generics
                ---

                Generics let one function serve many types.
                ![A diagram]({{ site.baseurl }}/assets/images/diagram.png)

                {% highlight swift linenos %}
                func swapTwo<T>(_ a: inout T, _ b: inout T) {
                    (a, b) = (b, a)
                }
                {% endhighlight %}

                {% include figure.html image="/images/photo.jpg" alt="Whiteboard" caption="The whiteboard, _after_ the talk" %}

                Next: [NSURL]({% post_url 2016-03-10-nsurl %}) and [the slides]({{ site.baseurl }}/files/talk.pdf).

                Templates print the title with {% raw %}{{ page.title }}{% endraw %}:

                ```liquid
                {% raw %}
                <h1>{{ page.title }}</h1>
                {% endraw %}
                ```

                {% include youtube.html id="dQw4w9WgXcQ" %}

                > Generics are a tool, not a goal.
                {: .pullquote}
                """,
            "_posts/2016-03-10-nsurl.markdown": """
                ---
                title: NSURL and friends
                date: 2016-03-10 20:00:00 PST
                categories: [Foundation]
                ---

                {% highlight objective-c %}
                NSURL *url = [NSURL URLWithString:@"https://example.com"];
                {% endhighlight %}

                See [about me]({% link about.md %}).

                {% comment %}
                Remember to add the Swift version.
                {% endcomment %}
                """,
            "swift/_posts/2017-04-24-viper.md": """
                ---
                title: "VIPER: an iOS architecture"
                tags: [ios, architecture]
                ---

                Back to [generics]({% post_url 2016-02-29-swift-generics %}).

                The interactor:

                {% highlight swift %}
                protocol Interactor {
                    func load()
                }
                """,
            "_posts/2018-1-5-one-digit-date.md": """
                ---
                title: One-digit date
                redirect_from: /one-digit/
                ---

                Plain Markdown, no Liquid: this file keeps every byte.
                """,
            "_drafts/work-in-progress.md": """
                ---
                title: Work in progress
                ---

                Not yet.
                """,
            "about.md": """
                ---
                layout: page
                title: About
                permalink: /about/
                ---

                I write about iOS. Read [generics]({{ site.baseurl }}{% post_url 2016-02-29-swift-generics %}).
                """,
            "_posts/2019-08-21-plain.md": "---\r\ntitle: Plain\r\n---\r\n\r\nNo Liquid, CRLF line ends: kept byte for byte.\r\n",
            "_posts/2019-08-22-windows.md": "---\r\ntitle: Windows\r\n---\r\n\r\n{% highlight c %}\r\nint x;\r\n{% endhighlight %}\r\n",
            "docs/setup.md": "---\ntitle: Setup\n---\n\nHow this blog is built.\n",
            "projects.md": """
                ---
                layout: page
                title: Projects
                ---

                A list of projects.
                """,
            "index.html": "---\nlayout: home\n---\n{% for post in paginator.posts %}{{ post.title }}{% endfor %}\n",
            "feed.xml": "---\nlayout: null\n---\n<feed>{{ site.title }}</feed>\n",
            "archive.md": "---\ntitle: Archive\n---\n{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
            "_layouts/default.html": "<html>{{ content }}</html>\n",
            "_includes/figure.html": "<figure><img src=\"{{ include.image | relative_url }}\"></figure>\n",
            "_includes/youtube.html": "<iframe src=\"https://www.youtube.com/embed/{{ include.id }}\"></iframe>\n",
            "_sass/main.scss": "body { color: black; }\n",
            "_data/nav.yml": "- title: About\n",
            "Gemfile": "source 'https://rubygems.org'\n",
            "README.md": "# My blog\n",
            "CNAME": "notes.example.com\n",
            "files/talk.pdf": "%PDF-1.4\n",
        ]
    }

    static let jekyllBinary: [String: [UInt8]] = [
        "assets/images/diagram.png": png,
        "images/photo.jpg": png,
        "favicon.ico": png,
    ]

    static let hugoConfig = """
        baseURL: "https://example.org/"
        languageCode: en-us
        title: Hugo Notes
        theme: ananke
        paginate: 5
        params:
          description: A blog about Swift, made with Hugo
          author: John Appleseed
        permalinks:
          posts: /:year/:month/:slug/
        taxonomies:
          tag: tags
          category: categories
          series: series
        markup:
          goldmark:
            renderer:
              unsafe: true
        """

    static var hugo: [String: String] {
        [
            "config.yaml": hugoConfig,
            "content/_index.md": "---\ntitle: Home\n---\nWelcome to my notes.\n",
            "content/about.md": "---\ntitle: About\ndescription: Who writes here\n---\n\nI write about Swift.\n",
            "content/posts/_index.md": "---\ntitle: Posts\n---\n",
            "content/posts/generics-part-1.md": """
                ---
                title: "Swift Generics, Part 1: Why?"
                date: 2020-05-01T10:00:00+02:00
                tags: [swift]
                series: ["Swift Generics"]
                description: Why generics exist.
                ---

                {{< highlight swift "linenos=table,hl_lines=2" >}}
                func identity<T>(_ value: T) -> T {
                    value
                }
                {{< /highlight >}}

                The next part: [part 2]({{< ref "generics-part-2" >}}), with [its diagram]({{< relref "generics-part-2#the-diagram" >}}).

                {{< youtube abc123 >}}

                Hugo shows a shortcode as text like this: `{{</* figure src="x.png" */>}}`.
                """,
            "content/posts/generics-part-2/index.md": """
                ---
                title: "Swift Generics, Part 2: Constraints"
                date: 2020-05-08
                series: ["Swift Generics"]
                aliases: [/generics-2/]
                ---

                ## The diagram

                {{< figure src="constraints.png" alt="Constraints" caption="Where clauses at work" >}}

                Back to [part 1]({{< ref "/posts/generics-part-1.md" >}}).

                {{< notice warning >}}
                Needs Swift 5.7.
                {{< /notice >}}
                """,
            "content/posts/My Notes on Swift.md": """
                ---
                title: My Notes on Swift
                date: 2019-12-24
                slug: notes-on-swift
                ---

                Plain Markdown.
                """,
            "content/posts/draft-idea.md": "---\ntitle: An idea\ndraft: true\n---\n\nLater.\n",
            "content/posts/toml-post.md": "+++\ntitle = \"TOML\"\ndate = 2019-01-01\n+++\n\nText.\n",
            "layouts/partials/head.html": "<head></head>\n",
            "themes/ananke/theme.toml": "name = \"Ananke\"\n",
            "archetypes/default.md": "---\ntitle: x\n---\n",
        ]
    }

    static let hugoBinary: [String: [UInt8]] = [
        "content/posts/generics-part-2/constraints.png": png,
        "static/images/logo.png": png,
        "static/favicon.ico": png,
    ]
}
