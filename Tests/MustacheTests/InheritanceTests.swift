@testable import Mustache
import Testing

@Suite("Inheritance")
struct InheritanceTests {
    static let layout = """
        <!doctype html>
        <html>
        <head><title>{{$title}}My Site{{/title}}</title></head>
        <body>
          <main>
            {{$content}}
            <p>No content.</p>
            {{/content}}
          </main>
          {{>footer}}
        </body>
        </html>

        """

    static let footer = """
        <footer>
          {{#links}}
          <a href="{{url}}">{{label}}</a>
          {{/links}}
        </footer>

        """

    static let page = """
        {{<layout}}
        {{$title}}{{title}} · My Site{{/title}}
        {{$content}}
        <h1>{{title}}</h1>
        {{{body}}}
        {{/content}}
        {{/layout}}

        """

    static let context: MustacheValue = [
        "title": "Hello & welcome",
        "body": "<p>First</p>\n<p>Second</p>",
        "links": [["url": "/", "label": "Home"], ["url": "/about", "label": "About"]],
    ]

    @Test func pageOverridesLayoutBlocks() throws {
        let library = try MustacheLibrary(
            sources: ["layout": Self.layout, "footer": Self.footer, "page": Self.page], strict: true)
        let expected = """
            <!doctype html>
            <html>
            <head><title>Hello &amp; welcome · My Site</title></head>
            <body>
              <main>
                <h1>Hello &amp; welcome</h1>
                <p>First</p>
            <p>Second</p>
              </main>
              <footer>
                <a href="/">Home</a>
                <a href="/about">About</a>
              </footer>
            </body>
            </html>

            """
        #expect(try library.render(templateNamed: "page", context: Self.context) == expected)
    }

    @Test func layoutDefaultsShowWithoutOverrides() throws {
        let library = try MustacheLibrary(
            sources: ["layout": Self.layout, "footer": Self.footer, "bare": "{{<layout}}{{/layout}}"], strict: true)
        let output = try library.render(templateNamed: "bare", context: ["links": []])
        #expect(output.contains("<head><title>My Site</title></head>"))
        #expect(output.contains("  <main>\n    <p>No content.</p>\n  </main>\n"))
        #expect(output.contains("  <footer>\n  </footer>\n"))
    }

    @Test func multiLevelLayoutsLetTheOutermostWin() throws {
        let library = try MustacheLibrary(sources: [
            "base": "<title>{{$title}}Base{{/title}}</title>|{{$body}}base body{{/body}}",
            "section": "{{<base}}{{$title}}Section{{/title}}{{$body}}[{{$inner}}section inner{{/inner}}]{{/body}}{{/base}}",
            "post": "{{<section}}{{$title}}Post{{/title}}{{$inner}}post inner{{/inner}}{{/section}}",
        ], strict: true)
        #expect(try library.render(templateNamed: "post", context: [:]) == "<title>Post</title>|[post inner]")
        #expect(try library.render(templateNamed: "section", context: [:]) == "<title>Section</title>|[section inner]")
    }

    @Test func reusedBlockNameInsideAnOverrideDoesNotRecurse() throws {
        // The page's `content` uses a card that has its own `content` block;
        // the card must get the page's inner argument, not the page's content.
        let library = try MustacheLibrary(sources: [
            "layout": "<main>{{$content}}{{/content}}</main>",
            "card": "<div class=\"card\">{{$content}}empty card{{/content}}</div>",
            "page": "{{<layout}}{{$content}}{{<card}}{{$content}}{{text}}{{/content}}{{/card}}{{/content}}{{/layout}}",
        ], strict: true)
        let output = try library.render(templateNamed: "page", context: ["text": "inside"])
        #expect(output == "<main><div class=\"card\">inside</div></main>")
    }

    @Test func blocksRenderInTheContextOfTheParent() throws {
        let library = try MustacheLibrary(sources: [
            "list": "{{#items}}<li>{{$item}}{{name}}{{/item}}</li>{{/items}}",
            "page": "{{<list}}{{$item}}<b>{{name}}</b>{{/item}}{{/list}}",
        ])
        let output = try library.render(templateNamed: "page", context: ["items": [["name": "a"], ["name": "b"]]])
        #expect(output == "<li><b>a</b></li><li><b>b</b></li>")
    }

    @Test func dynamicParent() throws {
        let library = try MustacheLibrary(sources: [
            "wide": "wide:{{$content}}{{/content}}",
            "narrow": "narrow:{{$content}}{{/content}}",
            "page": "{{<*layout}}{{$content}}x{{/content}}{{/*layout}}",
        ], strict: true)
        #expect(try library.render(templateNamed: "page", context: ["layout": "narrow"]) == "narrow:x")
        #expect(try library.render(templateNamed: "page", context: ["layout": "wide"]) == "wide:x")
    }
}
