/// The render stage: each post's page and a home page listing all posts, as plain
/// HTML5. Pages are independent values, so they render on all cores at once.
public struct PlainPages: Sendable {
    public var site: Site

    public init(site: Site) {
        self.site = site
    }

    /// Every page, or every post that could not be rendered.
    public func render() throws(DiagnosticsError) -> [RenderedFile] {
        let urls = SiteURLs(baseURL: site.config.baseURL)
        let body = PostBodyRenderer(settings: site.config.markdown)
        let config = site.config
        let results = site.posts.parallelMap { post -> Result<RenderedFile, Diagnostic> in
            Result { () throws(Diagnostic) -> RenderedFile in
                RenderedFile(path: "posts/\(post.slug)/index.html",
                             contents: Self.postPage(post, html: try body.html(for: post), config: config, urls: urls))
            }
        }
        var files: [RenderedFile] = []
        var errors: [Diagnostic] = []
        for result in results {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let error): errors.append(error)
            }
        }
        guard errors.isEmpty else { throw DiagnosticsError(errors.sorted { $0.file < $1.file }) }
        files.append(RenderedFile(path: "index.html", contents: homePage(urls: urls)))
        return files
    }

    private static func document(title: String, config: SiteConfig, urls: SiteURLs, main: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(HTMLText.escape(config.language))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escape(title))</title>
        <meta name="description" content="\(HTMLText.escape(config.description))">
        </head>
        <body>
        <header><a href="\(urls.link(""))">\(HTMLText.escape(config.title))</a></header>
        <main>
        \(main)</main>
        </body>
        </html>

        """
    }

    static func postPage(_ post: Post, html: String, config: SiteConfig, urls: SiteURLs) -> String {
        var main = "<article>\n<h1>\(HTMLText.escape(post.title))</h1>\n"
        main += "<p><time datetime=\"\(post.date.isoDay)\">\(post.date.readable)</time>"
        if let series = post.series {
            main += " · Part \(series.order) of the series \(HTMLText.escape(series.name))"
        }
        main += "</p>\n\(html)</article>\n"
        return document(title: "\(post.title) – \(config.title)", config: config, urls: urls, main: main)
    }

    func homePage(urls: SiteURLs) -> String {
        var main = "<h1>\(HTMLText.escape(site.config.title))</h1>\n<ul>\n"
        for post in site.posts {
            main += "<li><a href=\"\(HTMLText.escape(urls.post(post)))\">\(HTMLText.escape(post.title))</a>"
            main += " <time datetime=\"\(post.date.isoDay)\">\(post.date.readable)</time>"
            if let summary = post.summary { main += "<br>\(HTMLText.escape(summary))" }
            main += "</li>\n"
        }
        main += "</ul>\n"
        return Self.document(title: site.config.title, config: site.config, urls: urls, main: main)
    }
}
