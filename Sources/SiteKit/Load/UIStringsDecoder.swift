import Support
import YAML

/// Reads a `strings` mapping (a theme's `strings/<language>.yml`, the site's `strings:`).
enum UIStringsDecoder {
    /// A `strings` mapping of a theme's file or the site's settings: texts by key, unknown
    /// keys warned about with a did-you-mean, values that are not text errors.
    static func decode(_ mapping: YAMLNode, file: String, lineOffset: Int = 0) -> (texts: [String: String], diagnostics: [Diagnostic]) {
        guard case .mapping(let pairs) = mapping.content else {
            let location = SourceLocation(line: mapping.location.line + lineOffset, column: mapping.location.column)
            return ([:], [.error(file, location, "strings must be a mapping of keys to texts (newer_posts: \"← Newer posts\"), not \(mapping.kindName)")])
        }
        var texts: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for pair in pairs {
            let keyLocation = SourceLocation(line: pair.key.location.line + lineOffset, column: pair.key.location.column)
            guard let key = pair.key.scalarText, UIStrings.keys.contains(key) else {
                let name = pair.key.scalarText ?? pair.key.kindName
                diagnostics.append(.warning(file, keyLocation, "unknown string '\(name)' is ignored\(DidYouMean.hint(for: name, among: UIStrings.keys))"))
                continue
            }
            guard case .scalar(let text, _) = pair.value.content, pair.value.scalar != .null else {
                diagnostics.append(.error(file, SourceLocation(line: pair.value.location.line + lineOffset, column: pair.value.location.column),
                                          "string '\(key)' must be text, not \(pair.value.kindName)"))
                continue
            }
            texts[key] = text
        }
        return (texts, diagnostics)
    }
}
