import Foundation
import Testing
@testable import Import
@testable import SiteKit
@testable import YAML
@testable import TestSupport

/// Front matter kept as written with the import's few edits; the dates, slugs and URLs the
/// import reasons about.
@Suite("Import: front matter, dates, slugs and URLs")
struct ImportFrontMatterTests {
    @Test func addedKeysGoAtTheEndAndEverythingElseStays() throws {
        let yaml = "title: \"A: b\"   # a comment\ntags: swift ios\nsummary: |\n  Two\n  lines\n"
        var editor = try FrontMatterEditor(yaml: yaml)
        #expect(editor.strings("tags") == ["swift", "ios"])
        editor.add("slug", "\"a-b\"")
        #expect(editor.text == yaml + "slug: \"a-b\"\n")
        let empty = try FrontMatterEditor(yaml: "")
        #expect(empty.acceptsNewKeys && empty.isMapping)
        let flow = try FrontMatterEditor(yaml: "{title: x}\n")
        #expect(!flow.acceptsNewKeys)
    }

    @Test func aDateIsReplacedInPlaceWithTheOldOneInAComment() throws {
        var editor = try FrontMatterEditor(yaml: "title: x\ndate: 'Feb 29, 2016 8:00 PST' # when\nupdated: \"2016-3-1\"\n")
        let replacedDate = editor.replaceScalar("date", with: "2016-02-29T08:00:00-08:00")
        #expect(replacedDate)
        #expect(editor.text == "title: x\ndate: 2016-02-29T08:00:00-08:00 # was: 'Feb 29, 2016 8:00 PST' # when\nupdated: \"2016-3-1\"\n")
        var multiline = try FrontMatterEditor(yaml: "date: 2016-02-29\n  08:00\n")
        let replaced = multiline.replaceScalar("date", with: "x")
        #expect(!replaced)
    }

    @Test func redirectsAreAddedToWhateverShapeTheListHas() throws {
        func appended(_ yaml: String) throws -> String {
            var editor = try FrontMatterEditor(yaml: yaml)
            let appended = editor.append("\"/new/\"", toList: "aliases")
            #expect(appended)
            return editor.text
        }
        #expect(try appended("title: x\n") == "title: x\naliases: [\"/new/\"]\n")
        #expect(try appended("aliases: [/a/, /b/]\ntitle: x\n") == "aliases: [/a/, /b/, \"/new/\"]\ntitle: x\n")
        #expect(try appended("aliases:\n  - /a/\ntitle: x\n") == "aliases:\n  - /a/\n  - \"/new/\"\ntitle: x\n")
        #expect(try appended("aliases: /a/\n") == "aliases: [\"/a/\", \"/new/\"]\n")
        #expect(try appended("aliases:\n") == "aliases: [\"/new/\"]\n")
        #expect(try appended("aliases: # none yet\n") == "aliases: [\"/new/\"] # none yet\n")
        // The list's own `]`, not one in a quoted item or in a comment after it (found by the
        // frontmatteredit fuzz target: the item went into the comment).
        #expect(try appended("aliases: [/a/, \"/b]\", '/c'']']  # was ]old\n") == "aliases: [/a/, \"/b]\", '/c'']', \"/new/\"]  # was ]old\n")
        #expect(try appended("aliases: [[/a/], /b/]\n") == "aliases: [[/a/], /b/, \"/new/\"]\n")
        #expect(try appended("aliases: [/a/, /b/ ,]  # old\n") == "aliases: [/a/, /b/ , \"/new/\"]  # old\n")
        #expect(try appended("aliases:\n- /a/ # old\n- '/b/'\ntitle: x\n") == "aliases:\n- /a/ # old\n- '/b/'\n- \"/new/\"\ntitle: x\n")
    }

    /// A list whose last item does not end on its line (found by the frontmatteredit fuzz
    /// target: `- "ios⏎"`, then the new item went inside the text): left as written, and the
    /// import asks for the old URL to be added by hand. An empty value with an anchor or a
    /// tag (found by the `frontmatteredit` fuzz target: the list went before the anchor).
    @Test(arguments: ["aliases:\n  &old\ntitle: x\n", "aliases: &old\ntitle: x\n", "aliases: !!null\ntitle: x\n", "aliases:\n  - /a/\n  - \"/b\n  \"\ntitle: x\n", "aliases:\n  - /a/\n  - one\n    two\n",
                      "aliases:\n  - url: /a/\n    why: moved\n", "aliases:\n  - |\n    /a/\n", "aliases:\n  - [/a/]\n"])
    func aListWhoseLastItemGoesOnBelowIsLeftAsWritten(_ yaml: String) throws {
        var editor = try FrontMatterEditor(yaml: yaml)
        let appended = editor.append("\"/new/\"", toList: "aliases")
        #expect(!appended)
        #expect(editor.text == yaml)
    }

    /// Found by the `frontmatteredit` fuzz target: a value broken by CRLF inside its quotes
    /// was one line to the editor (it cut at `\n` characters, and `\r\n` is one) and two to
    /// libyaml, so the old value, break and all, went into the `# was:` comment.
    @Test func aValueThatGoesOnAfterACRLFIsNotReplaced() throws {
        let yaml = "title: \"Eat That Frog\"\nsummary: \"How do you eat an elephant\r\nme!\"\nseries: \"Frog\"\n"
        var editor = try FrontMatterEditor(yaml: yaml)
        let summaryReplaced = editor.replaceScalar("summary", with: "2020-01-02")
        let seriesReplaced = editor.replaceScalar("series", with: "\"Toad\"")
        #expect(!summaryReplaced && seriesReplaced)
        #expect(editor.text == "title: \"Eat That Frog\"\nsummary: \"How do you eat an elephant\r\nme!\"\nseries: \"Toad\" # was: \"Frog\"\n")
        let reread = try #require(try YAMLParser.parse(editor.text))
        #expect(reread["series"]?.scalarText == "Toad" && reread["summary"]?.scalarText == "How do you eat an elephant me!")
    }

    /// An explicit key with no value line has an empty value that libyaml places where the
    /// next key starts (found by the frontmatteredit fuzz target): it is not replaced, and
    /// the next key's line stays.
    @Test func anEmptyValuePlacedOnTheNextKeyIsNotReplaced() throws {
        let yaml = "title: x\n? date\nnext: y\n"
        var editor = try FrontMatterEditor(yaml: yaml)
        let replaced = editor.replaceScalar("date", with: "2020-01-02")
        #expect(!replaced)
        #expect(editor.text == yaml)
        var empty = try FrontMatterEditor(yaml: "date:\ntitle: x\n")
        let emptyReplaced = empty.replaceScalar("date", with: "2020-01-02")
        #expect(emptyReplaced)
        #expect(empty.text == "date: 2020-01-02 # was: \ntitle: x\n")
    }

    /// libyaml counts columns in Unicode scalars, and `s` with a combining mark (U+036A) is
    /// one Character of two (found by the frontmatteredit fuzz target: the new value went in
    /// a scalar early, after the old one's first letter).
    @Test func columnsAreCountedInScalars() throws {
        var editor = try FrontMatterEditor(yaml: "las\u{36A}tmod: 2019-1-2\nta\u{301}gs: [a]\nx\u{301}:\n")
        let replaced = editor.replaceScalar("las\u{36A}tmod", with: "2019-01-02")
        let appended = editor.append("b", toList: "ta\u{301}gs")
        let added = editor.append("c", toList: "x\u{301}")
        #expect(replaced && appended && added)
        #expect(editor.text == "las\u{36A}tmod: 2019-01-02 # was: 2019-1-2\nta\u{301}gs: [a, b]\nx\u{301}: [c]\n")
    }

    /// A front matter written on Windows: every line ends in CRLF, and so do the edits.
    @Test func aCRLFFrontMatterIsEditedLineByLine() throws {
        let yaml = "title: Hello\r\ndate: 2016-2-9\r\ntags:\r\n  - swift\r\n"
        var editor = try FrontMatterEditor(yaml: yaml)
        let replaced = editor.replaceScalar("date", with: "2016-02-09"), appended = editor.append("ios", toList: "tags")
        #expect(replaced && appended)
        editor.add("slug", "hello")
        #expect(editor.text == "title: Hello\r\ndate: 2016-02-09 # was: 2016-2-9\r\ntags:\r\n  - swift\r\n  - ios\r\nslug: hello\r\n")
    }

    /// U+2028 and a lone CR are line breaks to libyaml: the keys after them are edited on
    /// their own lines.
    @Test(arguments: ["\u{2028}", "\r", "\u{85}"])
    func aLineBreakOtherThanLFCountsAsOne(_ lineBreak: String) throws {
        let yaml = "title: \"a\(lineBreak)b\"\ndate: 2016-2-9\nlast: x\n"
        var editor = try FrontMatterEditor(yaml: yaml)
        let replaced = editor.replaceScalar("date", with: "2016-02-09")
        #expect(replaced)
        #expect(editor.text == "title: \"a\(lineBreak)b\"\ndate: 2016-02-09 # was: 2016-2-9\nlast: x\n")
    }

    @Test func datesInTheFormsJekyllAndHugoRead() {
        let cases: [(String, String?)] = [
            ("2016-2-9", "2016-02-09"),
            ("2016/02/29 8:05", "2016-02-29T08:05:00"),
            ("2016-02-29 08:00:00 +0100", "2016-02-29T08:00:00+01:00"),
            ("2016-02-29T08:00:00.250-05:00", "2016-02-29T08:00:00.250-05:00"),
            ("2016-02-29 08:00 PST", "2016-02-29T08:00:00-08:00"),
            ("2016-02-29 08:00:00 UTC", "2016-02-29T08:00:00Z"),
            ("Feb 29, 2016", "2016-02-29"),
            ("29 February 2016 10:30", "2016-02-29T10:30:00"),
            ("Mon, 29 Feb 2016 08:00:00 +0000", "2016-02-29T08:00:00Z"),
            ("2015-02-29", nil),
            ("yesterday", nil),
            ("2016-02-29 25:00", nil),
        ]
        for (text, iso) in cases {
            #expect(LenientDate(text)?.iso == iso, "\(text)")
            if let iso { #expect(PostDate(parsing: iso) != nil, "sitegen reads \(iso)") }
        }
        let late = LenientDate("2019-02-03 23:30:00 -0800")
        #expect(late.map { "\($0.day(atOffset: 0))" } == "(year: 2019, month: 2, day: 4, hour: 7, minute: 30, second: 0)")
    }

    @Test func slugsAsEachGeneratorMakesThem() {
        #expect(URLSlugs.jekyll("What's New in Swift 5.1?", pretty: true, cased: true) == "What's-New-in-Swift-5.1")
        #expect(URLSlugs.jekyll("What's New in Swift 5.1?", pretty: false, cased: false) == "what-s-new-in-swift-5-1")
        #expect(URLSlugs.hugo("My First Post: Intro?") == "my-first-post-intro")
        #expect(URLSlugs.hugo("C++ & Swift — a  tour") == "c++-swift-a-tour")
        #expect(URLSlugs.hugo("Ünïcode Straße") == "ünïcode-straße")
        #expect(URLSlugs.sitegen(frontSlug: nil, fileSlug: "My Post!") == "my-post")
        #expect(URLSlugs.sitegen(frontSlug: "given", fileSlug: "x") == "given")
        #expect(URLSlugs.title(fromSlug: "my-first-post") == "My First Post")
        #expect(URLSlugs.datePrefix("2019-1-5-name").map { "\($0.date.iso) \($0.rest) \($0.strict)" } == "2019-01-05 name false")
        #expect(URLSlugs.datePrefix("2019-02-30-name") == nil)
    }

    @Test func permalinkPatternsTranslateWhereEachTokenHasAMeaning() {
        #expect(Permalinks.fromJekyll(Permalinks.jekyllPattern("date")) == "/:categories/:year/:month/:day/:slug.html")
        #expect(Permalinks.fromJekyll(Permalinks.jekyllPattern("pretty")) == "/:categories/:year/:month/:day/:slug/")
        #expect(Permalinks.fromJekyll("/blog/:year/:title") == "/blog/:year/:slug/")
        #expect(Permalinks.fromJekyll(Permalinks.jekyllPattern("ordinal")) == nil)
        #expect(Permalinks.fromHugo("/:year/:month/:title/") == "/:year/:month/:title/")
        #expect(Permalinks.fromHugo("/:section/:slugorfilename/") == "/:section/:slug/")
        #expect(Permalinks.fromHugo("/:year/:monthname/:slug/") == nil)
    }

    static func facts(_ fileName: String, slug: String? = nil, title: String? = nil, date: String, categories: [String] = [],
                      folders: [String] = []) -> PostFacts {
        PostFacts(fileName: fileName, frontSlug: slug, title: title, date: LenientDate(date), categories: categories, folders: folders)
    }

    @Test func jekyllPostsKeepTheirURLsOrRedirectFromThem() {
        var config = JekyllConfig()
        config.permalinkStyle = "date"
        let policy = URLPolicy.jekyll(config)
        let plain = policy.decide(Self.facts("2019-01-05-hello", date: "2019-01-05", categories: ["Swift"]), frontPermalink: nil)
        #expect(plain == .init(oldURL: "/swift/2019/01/05/hello.html", newURL: "/swift/2019/01/05/hello.html"))
        let cased = policy.decide(Self.facts("2019-01-05-Hello-World", date: "2019-01-05"), frontPermalink: nil)
        #expect(cased.oldURL == "/2019/01/05/Hello-World.html" && cased.slug == nil && cased.redirect == nil)
        let punctuated = policy.decide(Self.facts("2019-01-05-what's new", date: "2019-01-05"), frontPermalink: nil)
        #expect(punctuated.redirect == "/2019/01/05/what's-new.html")
        let ownPermalink = policy.decide(Self.facts("2019-01-05-a", date: "2019-01-05"), frontPermalink: "/a-page/")
        #expect(ownPermalink.redirect == "/a-page/")
        let evening = policy.decide(Self.facts("2019-02-03-late", date: "2019-02-03 23:30:00 -0800"), frontPermalink: nil)
        #expect(evening.oldURL == "/2019/02/04/late.html" && evening.redirect == "/2019/02/04/late.html")
    }

    @Test func hugoPostsGetTheSlugHugoMadeFromTheTitle() {
        var config = HugoConfig()
        config.permalinks = ["posts": "/:year/:month/:slug/"]
        let post = PlannedDocument(role: .post, source: "content/posts/a.md", destination: "Content/posts/a.md", folders: ["posts"])
        let policy = URLPolicy.hugo(config, posts: [post])
        #expect(policy.postPattern == "/:year/:month/:slug/")
        let titled = policy.decide(Self.facts("a", title: "My First Post: Intro?", date: "2020-05-01", folders: ["posts"]), frontPermalink: nil)
        #expect(titled == .init(oldURL: "/2020/05/my-first-post-intro/", newURL: "/2020/05/my-first-post-intro/", slug: "my-first-post-intro",
                                rule: "permalinks.posts /:year/:month/:slug/"))
        let plus = policy.decide(Self.facts("b", title: "C++ tips", date: "2020-05-01", folders: ["posts"]), frontPermalink: nil)
        #expect(plus.slug == nil && plus.redirect == "/2020/05/c++-tips/")
        let withURL = policy.decide(Self.facts("c", title: "C", date: "2020-05-01", folders: ["posts"]), frontPermalink: "/special")
        #expect(withURL.redirect == "/special/")
    }

    @Test func hugoWithoutPermalinksKeepsItsSectionFolders() {
        let posts = [PlannedDocument(role: .post, source: "content/blog/a.md", destination: "Content/posts/a.md", folders: ["blog"]),
                     PlannedDocument(role: .post, source: "content/blog/2019/b.md", destination: "Content/posts/2019/b.md", folders: ["blog", "2019"])]
        let policy = URLPolicy.hugo(HugoConfig(), posts: posts)
        #expect(policy.postPattern == "/blog/:slug/")
        #expect(policy.decide(Self.facts("a", title: "A", date: "2020-01-01", folders: ["blog"]), frontPermalink: nil).redirect == nil)
        var nested = Self.facts("b", title: "B", date: "2020-01-01", folders: ["blog", "2019"])
        nested.sitegenSection = "2019"
        #expect(policy.decide(nested, frontPermalink: nil).redirect == "/blog/2019/b/")
        let twoSections = URLPolicy.hugo(HugoConfig(), posts: posts + [PlannedDocument(role: .post, source: "content/notes/c.md", destination: "Content/posts/notes/c.md", folders: ["notes"])])
        #expect(twoSections.postPattern == "/:section/:slug/")
    }
}
