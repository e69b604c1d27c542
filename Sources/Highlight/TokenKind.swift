/// What a highlighted token is, and the CSS class it is wrapped in: the short names
/// Pygments and Chroma give their token types, so any of their stylesheets colours
/// sitegen's output. Text that is none of these (names, whitespace, console output's
/// absence of a kind) is written without a span.
///
/// | class | token |
/// |-------|-------|
/// | `k`   | keyword; `kd` declaration (`let`, `class`), `kn` namespace (`import`), `kt` built-in type, `kc` constant (`true`, `nil`) |
/// | `nf`  | function name where it is declared; `nc` class or type name; `nb` built-in or command name |
/// | `na`  | attribute (HTML, a key of INI), member (`x.name` in Java); `nd` decorator or Swift attribute (`@MainActor`) |
/// | `nt`  | tag (HTML, XML), key (YAML) |
/// | `nv`  | variable: `$HOME`, an assignment's name |
/// | `s`   | string; `s1` single-quoted, `s2` double-quoted, `sb` backtick, `sc` character, `sd` doc string, `sr` regular expression, `ss` symbol |
/// | `se`  | escape in a string: `\n`; `si` interpolation delimiters: `\(` … `)`, `${` … `}` |
/// | `m`   | number; `mi` integer, `mf` float, `mh` hexadecimal |
/// | `c`   | comment; `c1` line comment, `cm` block comment, `cs` documentation comment (Swift `///`), `cp` preprocessor and compiler directive (`#if`, `#include`), `cpf` an include's file, `ch` hashbang |
/// | `o`   | operator; `p` punctuation |
/// | `gp`  | a console prompt; `go` console output; `gi` a diff's inserted line, `gd` deleted, `gu` hunk header (`@@`), `gh` file header; `ge` emphasis, `gs` strong (Markdown) |
enum TokenKind: UInt8, Sendable, CaseIterable {
    case keyword
    case declarationKeyword
    case namespaceKeyword
    case type
    case reserved
    case pseudoKeyword
    case operatorWord
    case literal
    case function
    case className
    case builtin
    case attribute
    case decorator
    case tag
    case variable
    case entity
    case string
    case singleQuoted
    case doubleQuoted
    case backtick
    case character
    case docString
    case regex
    case symbol
    case escape
    case interpolation
    case number
    case integer
    case float
    case hex
    case comment
    case lineComment
    case blockComment
    case docComment
    case directive
    case includeFile
    case hashbang
    case `operator`
    case punctuation
    case prompt
    case output
    case inserted
    case deleted
    case hunk
    case fileHeader
    case emphasis
    case strong

    /// The CSS class, e.g. `k`.
    var cssClass: String { Self.cssClasses[Int(rawValue)] }

    /// In the cases' order: a kind's class and its tag are an index away.
    private static let cssClasses = [
        "k",  // keyword
        "kd",  // declarationKeyword
        "kn",  // namespaceKeyword
        "kt",  // type
        "kr",  // reserved
        "kp",  // pseudoKeyword
        "ow",  // operatorWord
        "kc",  // literal
        "nf",  // function
        "nc",  // className
        "nb",  // builtin
        "na",  // attribute
        "nd",  // decorator
        "nt",  // tag
        "nv",  // variable
        "ni",  // entity
        "s",  // string
        "s1",  // singleQuoted
        "s2",  // doubleQuoted
        "sb",  // backtick
        "sc",  // character
        "sd",  // docString
        "sr",  // regex
        "ss",  // symbol
        "se",  // escape
        "si",  // interpolation
        "m",  // number
        "mi",  // integer
        "mf",  // float
        "mh",  // hex
        "c",  // comment
        "c1",  // lineComment
        "cm",  // blockComment
        "cs",  // docComment
        "cp",  // directive
        "cpf",  // includeFile
        "ch",  // hashbang
        "o",  // operator
        "p",  // punctuation
        "gp",  // prompt
        "go",  // output
        "gi",  // inserted
        "gd",  // deleted
        "gu",  // hunk
        "gh",  // fileHeader
        "ge",  // emphasis
        "gs",  // strong
    ]
}
