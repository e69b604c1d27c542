import Support

/// The page at an old URL (`aliases`, `redirect_from`): a refresh to the new URL for
/// browsers, a canonical link for search engines, and a visible link for everyone else,
/// as Hugo's and jekyll-redirect-from's pages do. Written by the build, not the theme.
enum RedirectPage {
    static func html(to urlPath: String, urls: SiteURLs, language: String, strings: UIStrings) -> String {
        let target = HTMLText.escaped(urls.absolute(urlPath: urlPath))
        let link = "<a href=\"\(target)\">\(target)</a>"
        let sentence = HTMLText.escaped(strings.format("moved_to", ["link": "\u{0}"])).replacingOccurrences(of: "\u{0}", with: link)
        return """
            <!DOCTYPE html>
            <html lang="\(HTMLText.escaped(language))">
            <head>
            <meta charset="utf-8">
            <title>\(target)</title>
            <link rel="canonical" href="\(target)">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(target)">
            </head>
            <body>
            <p>\(sentence)</p>
            </body>
            </html>

            """
    }
}
