import Foundation
import Testing
@testable import Import
@testable import TestSupport

/// Hugo's shortcodes in a post body: what becomes Markdown, what is left and why.
@Suite("Import: Hugo shortcodes")
struct ImportShortcodeTests {
    /// A fuzz finding: an option with nothing before its `=` (`{{< highlight swift = >}}`,
    /// or code pasted where the options go) was an index out of range.
    @Test func aHighlightOptionWithoutAKeyIsDroppedNotACrash() {
        let options = HighlightOptions(hugo: "=,linenos, =x ,hl_lines=2")
        #expect(options.words == ["linenos", "highlight=2"])
        #expect(options.dropped == ["=", "=x"])
    }

    static var targets: LinkTargets {
        var targets = LinkTargets()
        targets.add(source: "content/posts/first.md", target: .document("Content/posts/first.md"), names: ["first"])
        targets.add(source: "content/posts/bundle/index.md", target: .document("Content/posts/bundle/index.md"), names: ["bundle"])
        targets.add(source: "content/posts/2019/old.md", target: .document("Content/posts/2019/old.md"), names: ["old"])
        targets.add(source: "content/notes/old.md", target: .document("Content/posts/notes/old.md"), names: ["old"])
        targets.add(source: "content/about.md", target: .document("Content/pages/about.md"), names: ["about"])
        return targets
    }

    static func convert(_ body: String) -> (text: String, events: [Conversion], left: [String]) {
        let context = ConversionContext(documentPath: "Content/posts/first.md", sourcePath: "content/posts/first.md", targets: targets)
        let result = ShortcodeConverter(context: context).convert(Array(body.utf8))
        return (String(decoding: result.bytes, as: UTF8.self), result.events.map(\.conversion), result.left.map { "\($0.text): \($0.note)" })
    }

    @Test func highlightBecomesAFenceKeepingLineNumbersAndHighlightedLines() {
        let converted = Self.convert("""
            {{< highlight swift "linenos=table,hl_lines=2 3,style=monokai" >}}
            let a = 1
            let b = "{{< not a shortcode here >}}"
            {{< /highlight >}}
            {{% highlight go %}}x := 1{{% / highlight %}}
            """)
        #expect(converted.text == """
            ```swift linenos highlight=2,3
            let a = 1
            let b = "{{< not a shortcode here >}}"
            ```
            ```go
            x := 1
            ```
            """)
        #expect(converted.events == [.highlightShortcodeToFence, .highlightOptionKept, .highlightOptionKept, .highlightOptionDropped,
                                     .highlightShortcodeToFence])
    }

    @Test func anUnclosedHighlightIsLeftAtItsPlace() {
        let body = "Intro.\n\n{{< highlight swift >}}\nlet a = 1\n"
        let converted = Self.convert(body)
        #expect(converted.text == body)
        #expect(converted.left == ["{{< highlight swift >}}: never closed by {{< /highlight >}}"])
    }

    @Test func refAndRelrefInLinksBecomeRelativeMarkdownLinks() {
        let converted = Self.convert("""
            [a]({{< ref "bundle" >}}) [b]({{< relref "/posts/2019/old.md#part-2" >}}) [c]({{< ref path="2019/old" >}})
            [d]({{% ref "about.md" %}}) [e]({{< relref "#here" >}})
            [r]: {{< ref "first.md" >}}
            """)
        #expect(converted.text == """
            [a](bundle/index.md) [b](2019/old.md#part-2) [c](2019/old.md)
            [d](../pages/about.md) [e](#here)
            [r]: first.md
            """)
        #expect(converted.events == Array(repeating: .refToLink, count: 6))
    }

    @Test func refsThatCannotBeResolvedAreLeft() {
        let converted = Self.convert("""
            [x]({{< ref "old" >}}) [y]({{< ref "missing.md" >}}) <a href="{{< ref "first.md" >}}">z</a> {{< ref "first.md" lang="fr" >}}
            """)
        #expect(converted.left == [
            "{{< ref \"old\" >}}: 'old' names several pages: content/notes/old.md, content/posts/2019/old.md",
            "{{< ref \"missing.md\" >}}: no imported page 'missing.md' (not in the source site, or not imported)",
            "{{< ref \"first.md\" >}}: not in a Markdown link (an HTML attribute or text): write the page's URL",
            "{{< ref \"first.md\" lang=\"fr\" >}}: its arguments are not one plain path",
        ])
    }

    @Test func figuresWithPlainArgumentsBecomeAnImageAndACaption() {
        let converted = Self.convert("""
            {{< figure src="diagram.png" alt="Flow" caption="The [flow](first.md)" >}}
            {{< figure src="/img/a.png" title="A title" >}}
            {{< figure src="/img/c.png" title="Both" caption="Two" >}}
            {{< figure src="b.png" link="https://example.com" >}}
            {{< figure src="b.png" >}}
            """)
        #expect(converted.text == """
            ![Flow](diagram.png)
            *The [flow](first.md)*
            ![](/img/a.png)
            *A title*
            {{< figure src="/img/c.png" title="Both" caption="Two" >}}
            {{< figure src="b.png" link="https://example.com" >}}
            ![](b.png)
            """)
        #expect(converted.left == [
            "{{< figure src=\"/img/c.png\" title=\"Both\" caption=\"Two\" >}}: its argument 'title' has no place in an image and caption",
            "{{< figure src=\"b.png\" link=\"https://example.com\" >}}: its argument 'link' has no place in an image and caption",
        ])
    }

    @Test func escapedShortcodesShowAsShortcodesInCodeAndInProse() {
        let converted = Self.convert("""
            In prose: {{</* youtube id */>}}.

            ```go-html-template
            {{</* figure src="x" */>}}
            {{%/* note */%}}
            ```
            """)
        #expect(converted.text == """
            In prose: \\{{< youtube id >}}.

            ```go-html-template
            {{< figure src="x" >}}
            {{% note %}}
            ```
            """)
        #expect(converted.events == [.escapedShortcodeUnwrapped, .escapedShortcodeUnwrapped, .escapedShortcodeUnwrapped])
    }

    @Test func otherShortcodesAreLeftWithTheComponentToWriteAndShortcodesInCodeAlone() {
        let body = """
            {{< youtube abc >}}
            {{< notice warning >}}Careful{{< /notice >}}

                {{< highlight swift >}}
                indented code: not a shortcode for sitegen
                {{< /highlight >}}

            `{{< ref "first.md" >}}`
            """
        let converted = Self.convert(body)
        #expect(converted.text == body)
        #expect(converted.events.isEmpty)
        #expect(converted.left == [
            "{{< youtube abc >}}: 'abc' is no YouTube video id, which @YouTube checks",
            "{{< notice warning >}}: a shortcode of the site or its theme (layouts/shortcodes/notice.html): write it as a component, "
                + "Content/components/notice.mustache, and call it @Notice(…) (docs/components.md)",
        ])
    }
}
