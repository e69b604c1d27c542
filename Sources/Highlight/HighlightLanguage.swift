/// A language the highlighter knows: its name and how it is lexed.
package struct HighlightLanguage: Sendable, Equatable, CustomStringConvertible {
    /// The canonical name (`objective-c`, `console`, `cpp`), for messages and tests.
    package let name: String
    let engine: Engine

    enum Engine: Sendable {
        case swift, json, shell, console, diff, markdown, css, plainText
        case markup(isXML: Bool)
        case grammar(GrammarTables)
    }

    package var description: String { name }

    package static func == (left: HighlightLanguage, right: HighlightLanguage) -> Bool { left.name == right.name }

    private init(_ name: String, _ engine: Engine) {
        self.name = name
        self.engine = engine
    }

    package static let swift = HighlightLanguage("swift", .swift)
    package static let json = HighlightLanguage("json", .json)
    /// Shell scripts; a block with a `$ ` prompt is read as a session (`console`) either way.
    package static let shell = HighlightLanguage("shell", .shell)
    /// A terminal session: prompts (`gp`), commands, output (`go`).
    package static let console = HighlightLanguage("console", .console)
    package static let objectiveC = HighlightLanguage("objective-c", .grammar(GrammarTables(Grammars.objectiveC)))
    package static let c = HighlightLanguage("c", .grammar(GrammarTables(Grammars.c)))
    package static let cpp = HighlightLanguage("cpp", .grammar(GrammarTables(Grammars.cpp)))
    package static let java = HighlightLanguage("java", .grammar(GrammarTables(Grammars.java)))
    package static let kotlin = HighlightLanguage("kotlin", .grammar(GrammarTables(Grammars.kotlin)))
    package static let javaScript = HighlightLanguage("javascript", .grammar(GrammarTables(Grammars.javaScript)))
    package static let typeScript = HighlightLanguage("typescript", .grammar(GrammarTables(Grammars.typeScript)))
    package static let go = HighlightLanguage("go", .grammar(GrammarTables(Grammars.go)))
    package static let rust = HighlightLanguage("rust", .grammar(GrammarTables(Grammars.rust)))
    package static let python = HighlightLanguage("python", .grammar(GrammarTables(Grammars.python)))
    package static let ruby = HighlightLanguage("ruby", .grammar(GrammarTables(Grammars.ruby)))
    package static let gdScript = HighlightLanguage("gdscript", .grammar(GrammarTables(Grammars.gdScript)))
    package static let sql = HighlightLanguage("sql", .grammar(GrammarTables(Grammars.sql)))
    package static let graphQL = HighlightLanguage("graphql", .grammar(GrammarTables(Grammars.graphQL)))
    package static let protobuf = HighlightLanguage("protobuf", .grammar(GrammarTables(Grammars.protobuf)))
    package static let graphviz = HighlightLanguage("graphviz", .grammar(GrammarTables(Grammars.graphviz)))
    package static let mermaid = HighlightLanguage("mermaid", .grammar(GrammarTables(Grammars.mermaid)))
    package static let yaml = HighlightLanguage("yaml", .grammar(GrammarTables(Grammars.yaml)))
    package static let toml = HighlightLanguage("toml", .grammar(GrammarTables(Grammars.toml)))
    package static let ini = HighlightLanguage("ini", .grammar(GrammarTables(Grammars.ini)))
    package static let properties = HighlightLanguage("properties", .grammar(GrammarTables(Grammars.properties)))
    package static let xcconfig = HighlightLanguage("xcconfig", .grammar(GrammarTables(Grammars.xcconfig)))
    package static let dockerfile = HighlightLanguage("dockerfile", .grammar(GrammarTables(Grammars.dockerfile)))
    package static let makefile = HighlightLanguage("makefile", .grammar(GrammarTables(Grammars.makefile)))
    package static let html = HighlightLanguage("html", .markup(isXML: false))
    package static let xml = HighlightLanguage("xml", .markup(isXML: true))
    package static let css = HighlightLanguage("css", .css)
    package static let markdown = HighlightLanguage("markdown", .markdown)
    package static let diff = HighlightLanguage("diff", .diff)
    /// Escaped, no spans: `text`, `plaintext`, `txt`.
    package static let plainText = HighlightLanguage("text", .plainText)

    package static let allCases: [HighlightLanguage] = [
        swift, json, shell, console, objectiveC, c, cpp, java, kotlin, javaScript, typeScript, go, rust, python, ruby,
        gdScript, sql, graphQL, protobuf, graphviz, mermaid, yaml, toml, ini, properties, xcconfig, dockerfile, makefile,
        html, xml, css, markdown, diff, plainText,
    ]

    /// Each fence word sitegen knows, lowercased: the names Pygments, Chroma and Rouge give
    /// these languages, and the file extensions posts use. A word gives how its language is
    /// got, not the language: a language's grammar tables are made the first time a block
    /// of it is highlighted, so a site whose posts show two languages makes two.
    static let aliases: [String: @Sendable () -> HighlightLanguage] = {
        let table: [(@Sendable () -> HighlightLanguage, String)] = [
            ({ swift }, "swift"),
            ({ json }, "json jsonc json5 geojson webmanifest"),
            ({ shell }, "sh bash shell zsh ksh fish shellscript"),
            ({ console }, "console terminal shell-session shellsession sh-session bash-session zsh-session"),
            ({ objectiveC }, "objective-c objectivec obj-c objc m mm objective-c++ objc++ obj-c++ objectivec++"),
            ({ c }, "c h"),
            ({ cpp }, "cpp c++ cxx cc hpp hxx hh h++ cuda"),
            ({ java }, "java"),
            ({ kotlin }, "kotlin kt kts"),
            ({ javaScript }, "javascript js jsx mjs cjs react node"),
            ({ typeScript }, "typescript ts tsx mts cts"),
            ({ go }, "go golang"),
            ({ rust }, "rust rs"),
            ({ python }, "python py python3 py3 pyi sage bazel starlark gyp"),
            ({ ruby }, "ruby rb podfile fastfile gemfile rake rakefile gemspec duby"),
            ({ gdScript }, "gdscript gd godot"),
            ({ sql }, "sql mysql postgresql postgres psql plpgsql sqlite sqlite3 tsql t-sql plsql"),
            ({ graphQL }, "graphql gql"),
            ({ protobuf }, "protobuf proto proto3"),
            ({ graphviz }, "graphviz dot gv"),
            ({ mermaid }, "mermaid mmd"),
            ({ yaml }, "yaml yml"),
            ({ toml }, "toml"),
            ({ ini }, "ini cfg dosini conf editorconfig gitconfig"),
            ({ properties }, "properties jproperties"),
            ({ xcconfig }, "xcconfig"),
            ({ dockerfile }, "dockerfile docker containerfile"),
            ({ makefile }, "makefile make mk mf bsdmake gnumake"),
            ({ html }, "html htm xhtml liquid jinja jinja2 django erb handlebars hbs mustache njk nunjucks twig vue svelte"),
            ({ xml }, "xml plist svg xsd xsl xslt rss atom storyboard xib entitlements wsdl"),
            ({ css }, "css"),
            ({ markdown }, "markdown md mkd mdown"),
            ({ diff }, "diff patch udiff"),
            ({ plainText }, "text plaintext txt plain none"),
        ]
        var aliases: [String: @Sendable () -> HighlightLanguage] = [:]
        for (language, words) in table {
            for word in words.utf8.split(separator: UInt8(ascii: " ")) { aliases[String(Substring(word))] = language }
        }
        return aliases
    }()

    /// From a fence's info string's first word, case ignored: `swift`, `objc`, `yml`, `sh`,
    /// `console`, `plist`, … (`aliases`). `nil` for a language sitegen does not know.
    package init?(infoWord: some StringProtocol) {
        guard let language = Self.aliases[infoWord.lowercased()]?() else { return nil }
        self = language
    }
}
