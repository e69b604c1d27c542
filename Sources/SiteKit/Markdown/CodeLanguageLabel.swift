/// The name a code block's label shows for its fence's language: `objc` → "Objective-C".
///
/// The one table of display names; a language it does not know is shown as written.
/// (Sources/Highlight's language table knows the aliases for highlighting; when it names
/// its languages this table should read them from it.)
enum CodeLanguageLabel {
    static func name(for language: String) -> String? {
        guard !language.isEmpty else { return nil }
        return names[language.lowercased()] ?? language
    }

    private static let names: [String: String] = {
        let groups: [(String, [String])] = [
            ("Swift", ["swift"]), ("Objective-C", ["objc", "objective-c", "obj-c", "objectivec", "objective-c++", "objc++"]),
            ("Shell", ["sh", "bash", "zsh", "shell", "fish", "ksh"]),
            ("Shell session", ["console", "terminal", "shell-session", "shellsession", "sh-session"]),
            ("C", ["c", "h"]), ("C++", ["c++", "cpp", "cxx", "hpp", "cc", "hh"]), ("C#", ["c#", "csharp", "cs"]),
            ("YAML", ["yaml", "yml"]), ("JSON", ["json", "jsonc", "json5"]), ("GDScript", ["gdscript", "gd"]),
            ("Ruby", ["ruby", "rb"]), ("xcconfig", ["xcconfig"]), ("JavaScript", ["javascript", "js", "mjs", "cjs"]),
            ("JSX", ["jsx"]), ("TypeScript", ["typescript", "ts"]), ("TSX", ["tsx"]), ("XML", ["xml", "xhtml", "svg"]),
            ("Property list", ["plist"]), ("Python", ["python", "py", "python3"]), ("SQL", ["sql", "sqlite", "postgresql", "mysql"]),
            ("HTML", ["html", "htm"]), ("GraphQL", ["graphql", "gql"]), ("Markdown", ["markdown", "md"]), ("Diff", ["diff", "patch"]),
            ("Java", ["java"]), ("TOML", ["toml"]), ("Protocol Buffers", ["protobuf", "proto"]), ("Graphviz", ["dot", "graphviz"]),
            ("Mermaid", ["mermaid"]), ("Kotlin", ["kotlin", "kt", "kts"]), ("CSS", ["css"]), ("SCSS", ["scss"]), ("Go", ["go", "golang"]),
            ("Rust", ["rust", "rs"]), ("Dockerfile", ["dockerfile", "docker"]), ("Makefile", ["makefile", "make", "mk"]),
            ("INI", ["ini", "cfg", "dosini"]), ("Properties", ["properties", "java-properties"]), ("Text", ["text", "txt", "plain", "plaintext"]),
            ("Output", ["output"]), ("PHP", ["php"]), ("Perl", ["perl", "pl"]), ("Lua", ["lua"]), ("Dart", ["dart"]),
            ("Haskell", ["haskell", "hs"]), ("Elixir", ["elixir", "ex", "exs"]), ("Scala", ["scala"]), ("R", ["r"]),
            ("PowerShell", ["powershell", "ps1", "pwsh"]), ("Batch", ["bat", "batch", "cmd"]), ("LLVM IR", ["llvm"]),
            ("Assembly", ["asm", "nasm", "armasm"]), ("Metal", ["metal"]), ("GLSL", ["glsl"]), ("HLSL", ["hlsl"]), ("Nix", ["nix"]),
            ("HTTP", ["http"]), ("Apache config", ["apache", "apacheconf"]), ("nginx config", ["nginx"]), ("CMake", ["cmake"]),
            ("Gradle", ["gradle", "groovy"]), ("Vim script", ["vim", "viml"]), ("LaTeX", ["latex", "tex"]), ("Math", ["math"]),
        ]
        var names: [String: String] = [:]
        for (name, aliases) in groups { for alias in aliases { names[alias] = name } }
        return names
    }()
}
