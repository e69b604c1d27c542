/// A parse or render failure, located at the tag that caused it.
///
/// `description` uses the compiler-style `name:line:col: error: message`
/// layout so editors and CI logs can jump straight to the tag.
package struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        /// A section, inverted section, parent or block without a closing tag.
        case unclosedSection
        /// A closing tag whose name differs from the innermost open section.
        case mismatchedClosingTag
        /// A closing tag with no open section at all.
        case unexpectedClosingTag
        /// An opening delimiter with no closing delimiter after it.
        case unclosedTag
        /// A set-delimiter tag that does not hold exactly two delimiters.
        case invalidDelimiters
        /// A tag with nothing but whitespace between its delimiters.
        case emptyTagName
        /// A tag name with inner whitespace or an empty dotted component.
        case invalidTagName
        /// Strict mode: a partial that the resolver does not know.
        case missingPartial
        /// Strict mode: a parent template that the resolver does not know.
        case unknownParent
        /// `MustacheLibrary.render(templateNamed:)` with an unknown name.
        case unknownTemplate
        /// Text returned by a lambda that does not parse as a template.
        case invalidLambdaResult
        /// Sections, partials, parents and blocks expanded inside each other deeper
        /// than the renderer allows, which in practice means unbounded recursion.
        case recursionLimit
        /// Sections, inverted sections, parents and blocks nested deeper in one
        /// template than `MustacheTemplate.maximumNesting`.
        case nestingLimit
        /// A render that would exceed its `MustacheRenderLimits`: sections over
        /// lists nested in each other, or partials that include each other many
        /// times, multiply work and output with every level.
        case renderLimit
    }

    let kind: Kind
    /// Name of the template holding the offending tag.
    package let templateName: String
    /// 1-based line of the offending tag; 0 when the error has no tag.
    package let line: Int
    /// 1-based column (in Unicode scalars) of the offending tag; 0 when the error has no tag.
    package let column: Int
    package let message: String

    init(kind: Kind, templateName: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ kind: Kind, _ templateName: String, at position: MustachePosition, _ message: String) {
        self.init(kind: kind, templateName: templateName, line: position.line, column: position.column, message: message)
    }

    package var description: String {
        if line == 0 { return "\(templateName): error: \(message)" }
        return "\(templateName):\(line):\(column): error: \(message)"
    }
}

/// 1-based source position of a tag's opening delimiter.
struct MustachePosition: Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int

    static let none = MustachePosition(line: 0, column: 0)

    var description: String { "\(line):\(column)" }
}

extension String {
    /// A name or text quoted in an error message, cut to 60 characters: a
    /// megabyte-long tag must not make a megabyte-long message.
    var abbreviated: String {
        guard utf8.count > 60, count > 60 else { return self }
        return prefix(59) + "…"
    }
}
