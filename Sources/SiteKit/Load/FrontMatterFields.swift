import Support
import YAML
/// A content file's front matter parsed into typed-field access: the first step shared by
/// posts and pages. Every failure is a diagnostic at its line and column in the file.
struct FrontMatterFields {
    var parts: FrontMatter
    var fields: YAMLFields

    /// `required` names the keys a file of this kind needs, for the empty-front-matter error.
    static func read(_ source: SourceText, required: String) -> Result<FrontMatterFields, Diagnostic> {
        let parts: FrontMatter
        do {
            parts = try FrontMatter.split(source)
        } catch {
            return .failure(error)
        }
        let lineOffset = parts.yamlFirstLine - 1
        let root: YAMLNode
        do {
            guard let parsed = try YAMLParser.parse(parts.yaml) else {
                return .failure(.error(source.path, SourceLocation(line: parts.yamlFirstLine, column: 1),
                                       "front matter is empty: it needs at least \(required)"))
            }
            root = parsed
        } catch {
            let (location, message) = error.shifted(by: lineOffset)
            return .failure(.error(source.path, location, message))
        }
        guard case .mapping = root.content else {
            return .failure(.error(source.path, SourceLocation(line: root.location.line + lineOffset, column: root.location.column),
                                   "front matter must be a mapping of keys (title: ..., date: ...), not \(root.kindName)"))
        }
        return .success(FrontMatterFields(parts: parts, fields: YAMLFields(file: source.path, lineOffset: lineOffset, mapping: root)))
    }
}
