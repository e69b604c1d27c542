import Foundation
import Markdown
import Support

/// Reads a site's components: `Content/components/<name>.mustache`, and the theme's
/// `components/`, whose files a site's file of the same name replaces. A component's
/// header, a Mustache comment at the top, declares its arguments:
///
/// ```mustache
/// {{!
/// A box for warnings.
/// arguments:
///   title: text, required
///   level: number, default 2
/// }}
/// <aside class="warning-box"><p>{{title}}</p>{{{body}}}</aside>
/// ```
///
/// Each argument line is `name: type`, then `required` or `default <value>`; the types
/// are `text`, `number`, `boolean` and `url`.
struct ComponentLoader {
    let layout: SiteLayout
    let themeName: String

    func load(boundary: FolderBoundary, _ diagnostics: inout [Diagnostic]) -> [SiteComponent] {
        var byName: [String: SiteComponent] = [:]
        let folders = [layout.theme(named: themeName).appendingPathComponent("components"), layout.content.appendingPathComponent("components")]
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let listing = boundary.files(below: folder.path, includeHidden: false)
            for problem in listing.problems { diagnostics.append(.error(layout.displayPath(URL(fileURLWithPath: problem.path)), nil, problem.message)) }
            for relative in listing.files.sorted() where relative.hasSuffix(".mustache") && !relative.contains("/") {
                let url = folder.appendingPathComponent(relative)
                let display = layout.displayPath(url)
                guard let data = FileManager.default.contents(atPath: url.path), let source = String(data: data, encoding: .utf8) else {
                    diagnostics.append(.error(display, nil, "cannot read this component as UTF-8 text"))
                    continue
                }
                let fileName = String(relative.dropLast(".mustache".count))
                guard let component = Self.component(fileName: fileName, file: display, source: source, &diagnostics) else { continue }
                byName[component.name] = component
            }
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    static func component(fileName: String, file: String, source: String, _ diagnostics: inout [Diagnostic]) -> SiteComponent? {
        let valid = !fileName.isEmpty && fileName.utf8.first.map { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } == true
            && fileName.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
        guard valid else {
            diagnostics.append(.error(file, nil, "a component's file name is its directive's name: letters, digits, - and _, starting with a letter"))
            return nil
        }
        let name = SiteComponent.directiveName(fileName: fileName)
        guard !BuiltInDirectives.names.contains(name) else {
            diagnostics.append(.error(file, nil, "@\(name) is a built-in directive; give the component another name"))
            return nil
        }
        guard let arguments = Self.arguments(in: source, file: file, &diagnostics) else { return nil }
        let showsBody = ["{{body}}", "{{{body}}}", "{{&body}}", "{{& body}}", "{{ body }}", "{{{ body }}}", "{{#body}}"].contains { source.contains($0) }
        return SiteComponent(name: name, file: file, source: source,
                             spec: MarkdownDirectiveSpec(name, arguments: arguments, body: .optional), showsBody: showsBody)
    }

    /// The header's arguments; nil (with the errors) when a line of them is malformed.
    static func arguments(in source: String, file: String, _ diagnostics: inout [Diagnostic]) -> [MarkdownDirectiveSpec.Argument]? {
        guard source.hasPrefix("{{!"), let end = source.range(of: "}}") else { return [] }
        let header = source[source.index(source.startIndex, offsetBy: 3)..<end.lowerBound]
        var arguments: [MarkdownDirectiveSpec.Argument] = []
        var inArguments = false
        var valid = true
        for (number, rawLine) in header.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let indented = rawLine.first == " " || rawLine.first == "\t"
            if line == "arguments:" {
                inArguments = true
                continue
            }
            guard inArguments, indented, !line.isEmpty else {
                if !line.isEmpty { inArguments = false }
                continue
            }
            let location = SourceLocation(line: number + 1, column: rawLine.count - rawLine.drop(while: { $0 == " " || $0 == "\t" }).count + 1)
            let parts = line.split(separator: ",", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
            let head = parts[0].split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard head.count == 2, !head[0].isEmpty, head[0].utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }) else {
                diagnostics.append(.error(file, location, "an argument line is name: type, then required or default <value> (title: text, required)"))
                valid = false
                continue
            }
            let types = MarkdownArgumentType.allCases.map(\.rawValue)
            guard let type = MarkdownArgumentType(rawValue: head[1]) else {
                var message = "unknown argument type '\(head[1])' of \(head[0]); the types are \(types.joined(separator: ", "))"
                if let near = DidYouMean.suggestion(for: head[1], among: types) { message += "; did you mean '\(near)'?" }
                diagnostics.append(.error(file, location, message))
                valid = false
                continue
            }
            var argument = MarkdownDirectiveSpec.Argument(head[0], type)
            for part in parts.dropFirst() {
                if part == "required" {
                    argument.required = true
                } else if part.hasPrefix("default ") || part.hasPrefix("default:") {
                    var value = part.dropFirst("default".count).drop(while: { $0 == " " || $0 == ":" })
                    if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                    argument.defaultValue = String(value)
                } else {
                    diagnostics.append(.error(file, location, "'\(part)' after the type of \(head[0]): write required or default <value>"))
                    valid = false
                }
            }
            arguments.append(argument)
        }
        return valid ? arguments : nil
    }
}
