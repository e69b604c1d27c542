import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// Where a site allows raw HTML, its links are links: `<a name>` and `id=` are anchors a
/// `#fragment` may lead to, and `<a href>`, `<img src>`, `<source src>` are checked like
/// Markdown links, at their line and column.
@Suite("Links in raw HTML")
struct RawHTMLLinkTests {
    static let config = "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\nmarkdown:\n  allow_raw_html: true\n"

    static func site(_ body: String, config: String = Self.config) -> FixtureSite {
        let site = FixtureSite([
            "Content/posts/notes.md": FixtureSite.post("title: Notes\ndate: 2019-05-01", body: body),
            "Content/posts/other.md": FixtureSite.post("title: Other\ndate: 2019-05-02"),
            "Content/static/media/talk.mp4": "mp4",
        ], config: config)
        site.write("Content/static/images/logo.png", bytes: TestImages.png(width: 2, height: 2))
        return site
    }

    @Test func oldAnchorsAreLinkTargetsAndRawLinksThatLeadSomewherePass() throws {
        let site = Self.site("""
            [Skip to the code](#skip) · [the table](#results) · [other's top](other.md#top-of-other)

            <a name="skip"></a>
            <div id='results'><img src="/images/logo.png" alt="Logo"></div>

            <video controls><source src="/media/talk.mp4" type="video/mp4"></video>

            Inline: <a href="/posts/other/">the other post</a>, <a href=#skip>back</a> and <a href="https://swift.org">Swift</a>.
            <!-- <img src="/images/old-logo.png"> an old image, commented out -->
            """)
        defer { site.remove() }
        let other = FixtureSite.post("title: Other\ndate: 2019-05-02", body: "<a id=\"top-of-other\"></a>Text.\n")
        try other.write(to: site.root.appendingPathComponent("Content/posts/other.md"), atomically: true, encoding: .utf8)
        _ = try site.build()
        #expect(site.read("posts/notes/index.html")?.contains("<a name=\"skip\"></a>") == true)
    }

    @Test(arguments: [
        ("<img src=\"/images/missing.png\" alt=\"\">", "1:11", "broken link '/images/missing.png': no page or file of the site is at /images/missing.png"),
        ("<p>\n  <a href=\"/posts/nothing/\">x</a>\n</p>", "2:12", "broken link '/posts/nothing/': no page or file of the site is at /posts/nothing/"),
        ("Text <img src='diagram.png'> inline.", "1:16", "broken link 'diagram.png': no page or file of the site is at /posts/notes/diagram.png"),
        ("<video><source src=\"/media/missing.mp4\"></video>", "1:21", "broken link '/media/missing.mp4': no page or file of the site is at /media/missing.mp4"),
        ("<a href=\"#nowhere\">x</a>", "1:10", "broken link '#nowhere': this page has no heading or element with id 'nowhere'"),
        ("<a href=\"other.md\">x</a>", "1:10", "broken link 'other.md': no page or file of the site is at /posts/notes/other.md"),
    ])
    func aBrokenRawLinkFailsAtItsPlace(body: String, place: String, message: String) throws {
        let site = Self.site(body + "\n")
        defer { site.remove() }
        let (line, column) = (Int(place.split(separator: ":")[0])! + 5, place.split(separator: ":")[1])
        #expect(site.failingBuild().errors.headlines == ["Content/posts/notes.md:\(line):\(column): error: \(message)"])
    }

    @Test func withoutRawHTMLTheMarkupIsTextAndNotChecked() throws {
        let site = Self.site("<img src=\"/images/missing.png\">\n", config: "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n")
        defer { site.remove() }
        _ = try site.build()
    }

    @Test func anchorsAreEveryIDAndTheNameOfAnA() {
        let html = "<meta name=\"description\" content=\"x\"><a name=\"skip\"></a><h2 id=\"intro\">I</h2><p ID=plain>x</p>"
            + "<input name=\"q\"><!-- <a name=\"old\"> --><a name='q&amp;a'>"
        #expect(LinkChecker.ids(in: html) == ["skip", "intro", "plain", "q&a"])
    }

    /// The `<img>` tags `forEachTag` reports, with their byte ranges and attributes.
    static func imgTags(_ html: String, only: String?) -> [String] {
        var found: [String] = []
        RawHTMLLinks.forEachTag(in: Array(html.utf8), only: only) { element, attributes, range in
            guard element == "img" else { return }
            found.append("\(range): " + attributes.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
        }
        return found
    }

    /// Asking for one element's tags finds exactly the tags a full read finds of it: a `<`
    /// inside another tag's quoted value, a comment, an other-case name and a longer name
    /// that starts alike are told apart the same way.
    @Test func oneElementsTagsAreThoseOfAFullRead() {
        let html = "<p>A <span class=\"k\">let</span> <span title=\"<img src=in-a-value.png>\">x</span>"
            + "<!-- <img src=old.png> --><IMG SRC=upper.png ALT='Upper'><imgs src=no.png><img\nsrc=\"two lines.png\" alt=\"a > b\">"
            + "<a b=c=\"d><img src=after-unquoted.png><a title = \"x>y\" href=z><a b\"c><img src=after-name-quote.png>"
            + "<a x='<img src=q>'><span =\">\"><img src=after-bare-equals.png>"
            + "<img src=unclosed.png"
        #expect(Self.imgTags(html, only: "img") == Self.imgTags(html, only: nil))
        #expect(Self.imgTags(html, only: "img").count == 6, "\(Self.imgTags(html, only: "img"))")
    }

    /// The same on many small tags made of the bytes that decide where a tag ends (quotes,
    /// `=`, blanks, `>`, `/`, comments): the tags not asked for are skipped, not read, and the
    /// skip must stop where the full read stops.
    @Test func oneElementsTagsAreThoseOfAFullReadOnGeneratedMarkup() {
        let pieces = ["<img", "<a", "<IMG", " ", "=", "\"", "'", ">", "/", "src", "x", "<!--", "-->", "\n", "=\"", "<img src="]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func nextPiece() -> String {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return pieces[Int(state >> 33) % pieces.count]
        }
        for _ in 0..<3000 {
            let html = (0..<24).map { _ in nextPiece() }.joined()
            #expect(Self.imgTags(html, only: "img") == Self.imgTags(html, only: nil), "\(html)")
        }
    }
}
