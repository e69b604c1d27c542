import Foundation
import Testing
@testable import Import
@testable import TestSupport

/// Jekyll's Liquid in a post body: what becomes Markdown, what is left as written and why.
@Suite("Import: Liquid")
struct ImportLiquidTests {
    struct Converted {
        var text: String
        var events: [Conversion]
        var left: [String]
    }

    static var targets: LinkTargets {
        var targets = LinkTargets()
        targets.add(source: "_posts/2019-02-03-second.md", target: .document("Content/posts/2019-02-03-second.md"), names: ["2019-02-03-second"])
        targets.add(source: "swift/_posts/2019-03-04-tips.md", target: .document("Content/posts/swift/2019-03-04-tips.md"), names: ["2019-03-04-tips"])
        targets.add(source: "ios/_posts/2019-03-04-tips.md", target: .document("Content/posts/ios/2019-03-04-tips.md"), names: ["2019-03-04-tips"])
        targets.add(source: "about.md", target: .document("Content/pages/about.md"), names: [])
        targets.add(source: "assets/a.pdf", target: .sitePath("/assets/a.pdf"), names: [])
        return targets
    }

    static func convert(_ body: String, siteURL: String? = "https://example.com", basePath: String = "",
                        in document: String = "Content/posts/2019-01-01-first.md") -> Converted {
        let context = ConversionContext(documentPath: document, sourcePath: "_posts/2019-01-01-first.md", targets: targets,
                                        siteURL: siteURL, basePath: basePath)
        let result = LiquidConverter(context: context).convert(Array(body.utf8))
        return Converted(text: String(decoding: result.bytes, as: UTF8.self), events: result.events.map(\.conversion),
                         left: result.left.map { "\($0.text): \($0.note)" })
    }

    @Test func highlightBlocksBecomeFencesKeepingEveryByteOfTheCode() {
        let converted = Self.convert("""
            Before.

            {% highlight swift linenos %}
            let a = [1, 2]   // two spaces inside, trailing blanks kept:  
            {% endhighlight %}
            After.
            """)
        #expect(converted.text == """
            Before.

            ```swift linenos
            let a = [1, 2]   // two spaces inside, trailing blanks kept:  
            ```
            After.
            """)
        #expect(converted.events == [.highlightToFence, .highlightOptionKept])
        #expect(converted.left.isEmpty)
    }

    @Test func aFenceOutlastsTheBackticksInTheCodeAndKeepsTheBlocksPlace() {
        let converted = Self.convert("""
            1. Step one:

               {% highlight markdown %}
               ```swift
               let x = 1
               ```
               {% endhighlight %}
            > {%- highlight ruby -%}puts 1
            > puts 2{% endhighlight %}
            """)
        #expect(converted.text == """
            1. Step one:

               ````markdown
               ```swift
               let x = 1
               ```
               ````
            > ```ruby
            > puts 1
            > puts 2
            > ```
            """)
    }

    @Test func rawInsideHighlightIsUnwrappedAndLiquidInTheCodeIsKept() {
        let converted = Self.convert("""
            {% highlight liquid %}
            {% raw %}{{ page.title }} {% if x %}{% endraw %}
            {{ site.baseurl }}/kept
            {% endhighlight %}
            """)
        #expect(converted.text == "```liquid\n{{ page.title }} {% if x %}\n{{ site.baseurl }}/kept\n```")
        #expect(Set(converted.events) == [.rawUnwrapped, .highlightToFence])
    }

    @Test func malformedHighlightsAreLeftAsWrittenWithTheReason() {
        let unclosed = "Text.\n\n{% highlight swift %}\nfunc f() {\n"
        let converted = Self.convert(unclosed)
        #expect(converted.text == unclosed)
        #expect(converted.left == ["{% highlight swift %}: never closed by {% endhighlight %} (Jekyll stops with an error here)"])

        let noLanguage = Self.convert("{% highlight %}\nx\n{% endhighlight %}\n")
        #expect(noLanguage.left == ["{% highlight %}: no language, or one sitegen cannot write in a fence"])
        let textAfter = Self.convert("{% highlight c %}\nx\n{% endhighlight %} and more\n")
        #expect(textAfter.left == ["{% highlight c %}: not converted: text after its end tag on the line"])
        let inProse = Self.convert("See {% highlight c %}x{% endhighlight %}\n")
        #expect(inProse.left == ["{% highlight c %}: not converted: text before it on its line"])
        let stray = Self.convert("{% endhighlight %}\n")
        #expect(stray.left == ["{% endhighlight %}: an {% endhighlight %} without its {% highlight %}"])
    }

    @Test func nestedHighlightsConvertTheOuterAndReportTheInner() {
        let converted = Self.convert("{% highlight liquid %}\n{% highlight c %}\nx\n{% endhighlight %}\n{% endhighlight %}\n")
        #expect(converted.text == "```liquid\n{% highlight c %}\nx\n{% endhighlight %}\n```\n")
        #expect(converted.left == ["{% highlight c %}: a highlight inside another highlight: left inside its code"])
    }

    @Test func liquidInMarkdownCodeIsNotConverted() {
        let body = """
            ```liquid
            {% highlight swift %}
            {{ site.baseurl }}/a.png {% post_url 2019-02-03-second %}
            {% endhighlight %}
            ```

            Inline `{% include figure.html image="/a.png" %}` code.
            """
        let converted = Self.convert(body)
        #expect(converted.text == body)
        #expect(converted.events.isEmpty && converted.left.isEmpty)
    }

    @Test func rawIsUnwrappedAndWhatItProtectedStillShowsAsWritten() {
        let converted = Self.convert("""
            In prose {% raw %}{{ page.title }} and {% if %}{% endraw %} show as written.

            ```handlebars
            {% raw %}
            {{#each posts}}{{title}}{{/each}}
            {% endraw %}
            ```
            """)
        #expect(converted.text == """
            In prose \\{{ page.title }} and \\{% if %} show as written.

            ```handlebars
            {{#each posts}}{{title}}{{/each}}
            ```
            """)
        #expect(converted.events == [.rawUnwrapped, .rawUnwrapped])
        let unclosed = Self.convert("{% raw %}{{ x }}\n")
        #expect(unclosed.text == "{% raw %}{{ x }}\n")
        #expect(unclosed.left == ["{% raw %}: never closed by {% endraw %} (Jekyll stops with an error here)"])
    }

    @Test func postURLAndLinkBecomeRelativeMarkdownLinks() {
        let converted = Self.convert("""
            [Next]({% post_url 2019-02-03-second %}#setup), [also]({{ site.baseurl }}{% post_url 2019-02-03-second %}),
            [tips]({% post_url swift/2019-03-04-tips %}), [about]({% link about.md %}), [pdf]({{site.baseurl}}{% link assets/a.pdf %}).

            [ref]: {% post_url /2019-02-03-second %}
            """)
        #expect(converted.text == """
            [Next](2019-02-03-second.md#setup), [also](2019-02-03-second.md),
            [tips](swift/2019-03-04-tips.md), [about](../pages/about.md), [pdf](/assets/a.pdf).

            [ref]: 2019-02-03-second.md
            """)
        #expect(converted.events.filter { $0 == .postURLToLink }.count == 4)
        #expect(converted.events.filter { $0 == .linkTagToLink }.count == 2)
        #expect(converted.events.filter { $0 == .baseURLPrefixRemoved }.count == 2)
        let fromPage = Self.convert("[x]({% post_url 2019-02-03-second %})", in: "Content/pages/about.md")
        #expect(fromPage.text == "[x](../posts/2019-02-03-second.md)")
    }

    @Test func linksThatCannotBeResolvedAreLeftWithTheReason() {
        let converted = Self.convert("""
            [gone]({% post_url 2000-01-01-gone %}) [two]({% post_url 2019-03-04-tips %})
            <a href="{{ site.baseurl }}{% post_url 2019-02-03-second %}">html</a>
            """)
        #expect(converted.left == [
            "{% post_url 2000-01-01-gone %}: no post '2000-01-01-gone' in the source site",
            "{% post_url 2019-03-04-tips %}: '2019-03-04-tips' names several posts: ios/_posts/2019-03-04-tips.md, swift/_posts/2019-03-04-tips.md",
            "{% post_url 2019-02-03-second %}: not in a Markdown link (an HTML attribute or text): write the page's URL",
        ])
        #expect(converted.text.contains("{% post_url 2000-01-01-gone %}"))
        // The prefix of a link that stays Liquid stays too, but in HTML it is the base path Jekyll wrote.
        #expect(converted.text.contains("<a href=\"{% post_url 2019-02-03-second %}\">"))
    }

    @Test func siteVariablesArePrefixesInLinksAndTheirValuesElsewhere() {
        let converted = Self.convert("""
            ![x]({{ site.baseurl }}/img/a.png) [home]({{ site.baseurl }}) [abs]({{ site.url }}{{ site.baseurl }}/about/)
            <img src="{{ site.baseurl }}/img/a.png"> Visit {{ site.url }}.
            ![y]({{ "/img/b.png" | relative_url }}) <img src="{{ 'img/c.png' | relative_url }}"> {{ "/d" | absolute_url }}
            """, basePath: "/blog")
        #expect(converted.text == """
            ![x](/img/a.png) [home](/) [abs](/about/)
            <img src="/blog/img/a.png"> Visit https://example.com.
            ![y](/img/b.png) <img src="/blog/img/c.png"> https://example.com/blog/d
            """)
        let withoutURL = Self.convert("Visit {{ site.url }}/x and {{ site.title }}.", siteURL: nil)
        #expect(withoutURL.text == "Visit {{ site.url }}/x and {{ site.title }}.")
    }

    @Test func plainFigureIncludesBecomeAnImageAndACaption() {
        let converted = Self.convert("""
            {% include figure.html image="/assets/a b.png" alt="A [graph]" caption="The *first* run" %}

            > {% include figure.html src='/x.png' %}
            """)
        #expect(converted.left.count == 1)
        #expect(converted.left.first?.hasSuffix(": its caption is not plain (a line break, *, or template syntax)") == true)
        let plain = Self.convert("""
              {% include figure.html image="/assets/a b.png" alt="A [graph]" caption="The _first_ run" %}
            > {% include figure.html src='/x.png' %}
            """)
        #expect(plain.text == """
              ![A \\[graph\\]](</assets/a b.png>)
              *The _first_ run*
            > ![](/x.png)
            """)
        #expect(plain.events == [.figureIncludeToImage, .figureIncludeToImage])
    }

    @Test func figureIncludesWithMoreThanAnImageAndACaptionAreLeft() {
        let converted = Self.convert("""
            {% include figure.html image="/a.png" width="50%" %}
            {% include figure.html image=page.image %}
            Text {% include figure.html image="/a.png" %}
            {% include figure.html caption="no image" %}
            """)
        #expect(converted.left.map { $0.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "" } == [
            " its argument 'width' has no place in an image and caption",
            " an argument is a Liquid variable, not a quoted text",
            " not on a line of its own",
            " it needs exactly one image argument",
        ])
        #expect(converted.events.isEmpty)
    }

    @Test func aBodyWithoutLiquidIsReturnedByteForByte() {
        let body = "Plain { braces } and {{ but not closed\n\tand tabs\u{00A0}and ünïcödé.\n"
        let converted = Self.convert(body)
        #expect(converted.text == body)
        #expect(converted.events.isEmpty)
    }
}
