import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// A broken link says what was probably meant: a post's file, a page, a tag, a series or a
/// heading, each as the link would be written.
@Suite("Broken links: did you mean")
struct LinkSuggestionTests {
    @Test func eachKindOfBrokenLinkSuggestsTheNearestTarget() {
        let body = """
            See [the first post](hello-wrld.md), [Swift posts](/tags/swiftt/),
            [the series](/series/vipr/), [a folder slip](/post/hello-world/),
            [a heading](hello-world.md#intoduction) and [nothing like it](/zzzzzzzz/).

            """
        let site = FixtureSite([
            "Content/posts/hello-world.md": FixtureSite.post("title: Hello\ndate: 2017-04-19\ntags: [Swift]\nseries: VIPER\nseries_order: 1",
                                                            body: "## Introduction\n\nHi.\n"),
            "Content/posts/second.md": FixtureSite.post("title: Second\ndate: 2017-04-20\nseries: VIPER\nseries_order: 2", body: body),
        ])
        defer { site.remove() }
        let messages = site.failingBuild().map(\.message)
        #expect(messages.contains("broken link 'hello-wrld.md': there is no post or page Content/posts/hello-wrld.md (did you mean 'hello-world.md'?)"))
        #expect(messages.contains("broken link '/tags/swiftt/': no page or file of the site is at /tags/swiftt/ (did you mean '/tags/swift/'?)"))
        #expect(messages.contains("broken link '/series/vipr/': no page or file of the site is at /series/vipr/ (did you mean '/series/viper/'?)"))
        #expect(messages.contains("broken link '/post/hello-world/': no page or file of the site is at /post/hello-world/ (did you mean '/posts/hello-world/'?)"))
        #expect(messages.contains { $0.hasPrefix("broken link 'hello-world.md#intoduction':") && $0.hasSuffix("(did you mean 'introduction'?)") })
        #expect(messages.contains("broken link '/zzzzzzzz/': no page or file of the site is at /zzzzzzzz/"), "no suggestion when nothing is near")
    }

    @Test func thePathSuggestionLooksInTheSameFolderFirstThenForTheSameName() {
        let paths = ["/posts/hello-world/", "/posts/help/", "/tags/swift/", "/tags/ios/", "/images/a.png"]
        #expect(DidYouMean.path(for: "/posts/hello-wrld/", among: paths) == "/posts/hello-world/")
        #expect(DidYouMean.path(for: "/tags/swiftt/", among: paths) == "/tags/swift/")
        #expect(DidYouMean.path(for: "/tag/swift/", among: paths) == "/tags/swift/")
        #expect(DidYouMean.path(for: "/images/b.png", among: paths) == "/images/a.png")
        #expect(DidYouMean.path(for: "/elsewhere/x/", among: paths) == nil)
        #expect(DidYouMean.path(for: "/posts/hello-world/", among: paths) == nil, "a path is not its own suggestion")
    }
}
