/// What a highlighted token is, and the CSS class it is wrapped in. Text that is none of
/// these (identifiers, punctuation, whitespace, shell arguments, console output) is
/// written without a span.
///
/// | class       | token |
/// |-------------|-------|
/// | `hl-kw`     | keyword: Swift's, contextual ones in context; shell's `if`, `for`, `do`, … |
/// | `hl-ty`     | type name: a capitalised Swift identifier, `Self` |
/// | `hl-fn`     | function or command name: the name after Swift's `func`; a shell command word |
/// | `hl-str`    | string literal, with its quotes |
/// | `hl-esc`    | escape sequence in a string: `\n`, `\u{1F600}`, `\#t` |
/// | `hl-interp` | interpolation delimiters: Swift `\(` … `)`, shell `$(` … `)` |
/// | `hl-num`    | number |
/// | `hl-lit`    | literal keyword: `true`, `false`, `nil`, `null` |
/// | `hl-com`    | comment |
/// | `hl-doc`    | documentation comment: `///`, `/** */` |
/// | `hl-attr`   | Swift attribute (`@MainActor`), shell option (`-x`, `--flag`) |
/// | `hl-dir`    | Swift compiler directive or macro: `#if`, `#selector`, `#warning` |
/// | `hl-op`     | operator: `+`, `->`, `..<`, `&&`, `?`, a key path's `\`; shell `|`, `>` |
/// | `hl-key`    | JSON object key |
/// | `hl-var`    | shell variable: `$HOME`, `${HOME}`, `$1`, an assignment's name |
/// | `hl-prompt` | a console line's prompt: `$`, `%` |
enum TokenKind: String, Sendable, CaseIterable {
    case keyword = "hl-kw"
    case type = "hl-ty"
    case function = "hl-fn"
    case string = "hl-str"
    case escape = "hl-esc"
    case interpolation = "hl-interp"
    case number = "hl-num"
    case literal = "hl-lit"
    case comment = "hl-com"
    case docComment = "hl-doc"
    case attribute = "hl-attr"
    case directive = "hl-dir"
    case `operator` = "hl-op"
    case key = "hl-key"
    case variable = "hl-var"
    case prompt = "hl-prompt"

    /// The CSS class, e.g. `hl-kw`.
    var cssClass: String { rawValue }
}
