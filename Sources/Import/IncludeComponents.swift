import Foundation
import SiteKit

/// A Jekyll site's includes (`_includes/youtube.html`) that are plain HTML with
/// `{{ include.x }}` parameters: each is a component of the imported site,
/// `Content/components/youtube.mustache`, and its calls become `@Youtube(x: …)`
/// (``IncludeCalls``). An include with Liquid logic (`{% if %}`, `{% for %}`, a filter, a
/// variable of the page or site) stays an include: its calls are left and listed, with the
/// component to write in its place.
struct IncludeComponents: Sendable {
    struct Parameter: Sendable, Hashable {
        var name: String
        /// From `{{ include.x | default: "…" }}`.
        var defaultValue: String?
    }

    struct Component: Sendable, Hashable {
        /// `youtube.html`, `blog/note.html`: as calls name it, relative to `_includes/`.
        var include: String
        /// `youtube`, `blog-note`: the component's file name without `.mustache`.
        var fileName: String
        /// `Youtube`: the directive its calls become.
        var directive: String
        /// In the order the include first uses them.
        var parameters: [Parameter]
        /// The parameter shown as `{{ include.x | markdownify }}`: the call's body (`{{{body}}}`).
        var bodyParameter: String?
        /// The Mustache template, its header declaring the parameters.
        var template: String

        var path: String { "Content/components/\(fileName).mustache" }
    }

    /// Include (relative to `_includes/`) → its component.
    private(set) var components: [String: Component] = [:]
    /// Include → why it is not a component: the first piece of logic in it.
    private(set) var withLogic: [String: String] = [:]

    init() {}

    /// `files`: each include's path relative to `_includes/` and its text.
    init(files: [(path: String, text: String)], siteURL: String?, basePath: String) {
        var taken = Set<String>()
        for (path, text) in files.sorted(by: { $0.path < $1.path }) {
            switch Self.component(path, text, siteURL: siteURL, basePath: basePath) {
            case .success(var component):
                // Two includes with one name (`note.html`, `note.md`), or a built-in's name: the
                // component takes `-include` after its name.
                if taken.contains(component.directive) || BuiltInDirectives.names.contains(component.directive) {
                    component.fileName += "-include"
                    component.directive = SiteComponent.directiveName(fileName: component.fileName)
                }
                guard !taken.contains(component.directive) else {
                    withLogic[path] = "its name is taken by another include's component"
                    continue
                }
                taken.insert(component.directive)
                components[path] = component
            case .failure(let reason):
                withLogic[path] = reason.text
            }
        }
    }

    /// The includes of a Jekyll site, read from `_includes/`; one that is not UTF-8 is not a component.
    static func read(_ tree: SourceTree, siteURL: String?, basePath: String) -> IncludeComponents {
        var files: [(path: String, text: String)] = []
        for path in tree.files where path.hasPrefix("_includes/") {
            guard let data = try? Array(Data(contentsOf: tree.url(path))), let text = String(validating: data, as: UTF8.self) else { continue }
            files.append((String(path.dropFirst("_includes/".count)), text))
        }
        return IncludeComponents(files: files, siteURL: siteURL, basePath: basePath)
    }

    /// The directives of the components.
    var directives: Set<String> { Set(components.values.map(\.directive)) }

    /// The component files of the includes posts call, to write.
    func files(for includes: Set<String>) -> [(path: String, bytes: [UInt8])] {
        includes.sorted().compactMap { components[$0] }.map { ($0.path, Array($0.template.utf8)) }
    }

    struct Reason: Error {
        var text: String
    }

    /// The suggested component for an include that has logic: `Content/components/name.mustache`, `@Name`.
    static func suggestion(for include: String) -> (file: String, directive: String) {
        let fileName = componentFileName(include) ?? "name"
        return ("Content/components/\(fileName).mustache", SiteComponent.directiveName(fileName: fileName))
    }

    /// `blog/note.html` → `blog-note`; nil when the name cannot be a component's.
    static func componentFileName(_ include: String) -> String? {
        let name = include.withoutExtension.replacingOccurrences(of: "/", with: "-")
        let valid = name.first.map { $0.isASCII && $0.isLetter } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        return valid ? name : nil
    }

    private static func component(_ path: String, _ text: String, siteURL: String?, basePath: String) -> Result<Component, Reason> {
        guard let fileName = componentFileName(path) else {
            return .failure(Reason(text: "its name is not one a component can have (letters, digits, - and _)"))
        }
        let bytes = Array(text.utf8)
        let (tokens, unclosed) = TemplateTokenizer.liquid(bytes)
        if !unclosed.isEmpty { return .failure(Reason(text: "has a Liquid tag or output never closed")) }
        var parameters: [Parameter] = []
        var bodyParameter: String?
        var template = ""
        var position = 0
        func literal(_ text: String) -> Bool {
            // Mustache would read these; Liquid found no token in them (a lone `}}`, `{{` in a
            // longer run of braces).
            template += text
            return !text.contains("{{") && !text.contains("}}")
        }
        for token in tokens {
            guard literal(String(decoding: bytes[position..<token.range.lowerBound], as: UTF8.self)) else {
                return .failure(Reason(text: "holds {{ or }} that Mustache would read"))
            }
            position = token.range.upperBound
            guard token.delimiter == .liquidOutput else {
                return .failure(Reason(text: "has Liquid logic ({% \(token.name) %})"))
            }
            switch output(token.inner, siteURL: siteURL, basePath: basePath) {
            case .failure(let reason):
                return .failure(reason)
            case .success(.value(let value)):
                template += value
            case .success(.body(let name)):
                guard bodyParameter == nil || bodyParameter == name else {
                    return .failure(Reason(text: "runs two parameters through markdownify; a component has one body"))
                }
                guard !parameters.contains(where: { $0.name == name }) else {
                    return .failure(Reason(text: "shows include.\(name) both as text and through markdownify"))
                }
                bodyParameter = name
                template += "{{{body}}}"
            case .success(.parameter(let parameter)):
                guard parameter.name != bodyParameter else {
                    return .failure(Reason(text: "shows include.\(parameter.name) both as text and through markdownify"))
                }
                if let index = parameters.firstIndex(where: { $0.name == parameter.name }) {
                    guard parameters[index].defaultValue == parameter.defaultValue else {
                        return .failure(Reason(text: "shows include.\(parameter.name) with different defaults"))
                    }
                } else {
                    parameters.append(parameter)
                }
                template += "{{{\(parameter.name)}}}"
            }
        }
        guard literal(String(decoding: bytes[position...], as: UTF8.self)) else {
            return .failure(Reason(text: "holds {{ or }} that Mustache would read"))
        }
        var header = "{{!\nImported from _includes/\(path), a Jekyll include.\n"
        if !parameters.isEmpty {
            header += "arguments:\n"
            for parameter in parameters {
                header += "  \(parameter.name): text" + (parameter.defaultValue.map { ", default \"\($0)\"" } ?? "") + "\n"
            }
        }
        if let bodyParameter { header += "Its body is what the include took as \(bodyParameter) (markdownify).\n" }
        header += "}}\n"
        return .success(Component(include: path, fileName: fileName, directive: SiteComponent.directiveName(fileName: fileName),
                                  parameters: parameters, bodyParameter: bodyParameter, template: header + template))
    }

    private enum Output {
        case parameter(Parameter)
        case value(String)
        /// `include.x | markdownify`: the component's body.
        case body(String)
    }

    /// `include.x`, `include.x | default: "…"`, `site.baseurl`, `site.url`; anything else is logic.
    private static func output(_ inner: String, siteURL: String?, basePath: String) -> Result<Output, Reason> {
        let parts = inner.split(separator: "|", omittingEmptySubsequences: false).map { String($0.trimmingBlanks) }
        let head = parts[0]
        if parts.count == 1, head == "site.baseurl" { return .success(.value(basePath)) }
        if parts.count == 1, head == "site.url", let siteURL { return .success(.value(siteURL)) }
        guard head.hasPrefix("include.") else {
            return .failure(Reason(text: "shows {{ \(inner) }}, a variable the component would not have"))
        }
        let name = String(head.dropFirst("include.".count))
        guard !name.isEmpty, name.first.map({ $0.isASCII && $0.isLetter }) == true,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            return .failure(Reason(text: "uses {{ \(head) }}, a parameter name a component argument cannot have"))
        }
        guard parts.count > 1 else { return .success(.parameter(Parameter(name: name))) }
        if parts.count == 2, parts[1] == "markdownify" { return .success(.body(name)) }
        let filter = parts[1].split(separator: ":", maxSplits: 1).map { String($0.trimmingBlanks) }
        guard parts.count == 2, filter.count == 2, filter[0] == "default", let quote = filter[1].first, quote == "\"" || quote == "'",
              filter[1].count >= 2, filter[1].last == quote else {
            return .failure(Reason(text: "uses the filter '\(parts[1])' on include.\(name)"))
        }
        let value = String(filter[1].dropFirst().dropLast())
        guard !value.contains(quote), !value.contains(","), !value.contains("\""), !value.contains("\n"), !value.contains("}") else {
            return .failure(Reason(text: "has a default for include.\(name) that a component header cannot hold"))
        }
        return .success(.parameter(Parameter(name: name, defaultValue: value)))
    }
}

/// `{% include youtube.html id="abc" title=page.video_title %}` on a line of its own →
/// `@Youtube(id: "abc", title: "…")`, when the include is a component (``IncludeComponents``):
/// quoted values as they are, `page.x` from the post's front matter.
enum IncludeCalls {
    static func convert(_ token: TemplateToken, _ context: ConversionContext, lines: BodyLines, edits: inout BodyEdits,
                        events: inout [(Conversion, Int)], left: inout [LeftMark], components: inout Set<String>) {
        func leave(_ note: String) {
            left.append(LeftMark(kind: LeftKind.name(of: token), offset: token.range.lowerBound, text: excerpt(lines.text(token.range)), note: note))
        }
        guard let arguments = TemplateArguments.parse(token.arguments), let file = arguments.positional.first?.text else { return }
        guard let component = context.includes.components[file] else {
            guard !file.contains("{{") else { return }
            let suggestion = IncludeComponents.suggestion(for: file)
            let why = context.includes.withLogic[file].map { "_includes/\(file) \($0)" }
                ?? "no _includes/\(file) in the source site (the theme's?)"
            leave("\(why): write it as a component, \(suggestion.file), and call it @\(suggestion.directive)(…) (docs/components.md)")
            return
        }
        guard arguments.positional.count == 1 else { return leave("an argument without a name") }
        var values: [(String, String)] = []
        var body: String?
        for (key, value) in arguments.named {
            guard component.parameters.contains(where: { $0.name == key }) || key == component.bodyParameter else {
                return leave("its argument '\(key)' is one _includes/\(file) does not show")
            }
            let text: String
            switch value {
            case .quoted(let literal):
                text = literal
            case .bare(let word):
                if word.hasPrefix("page."), let pageValue = context.pageValues[String(word.dropFirst("page.".count))] {
                    text = pageValue
                } else if word == "true" || word == "false" || (!word.isEmpty && word.allSatisfy { $0.isASCIIDigit || $0 == "." || $0 == "-" }) {
                    text = word
                } else {
                    return leave("its argument '\(key)' is the Liquid variable '\(word)', which the import cannot know")
                }
            }
            guard !text.contains("\n"), !text.contains("{{"), !text.contains("{%") else {
                return leave("its argument '\(key)' holds a line break or template syntax")
            }
            if key == component.bodyParameter { body = text } else { values.append((key, text)) }
        }
        guard lines.blankPrefix(before: token.range.lowerBound) != nil, lines.isBlankAfter(token.range.upperBound) else {
            return leave("not on a line of its own: a component call is a block of its own")
        }
        guard lines.blankPrefix(before: token.range.lowerBound)?.contains(">") != true else {
            return leave("in a quote, where a directive would show as text")
        }
        var call = "@" + component.directive + (values.isEmpty ? "" : "(" + values.map { "\($0.0): \(quotedArgument($0.1))" }.joined(separator: ", ") + ")")
        if let body, !body.trimmingBlanks.isEmpty {
            // The markdownified parameter is the body, Markdown on a line of its own.
            let prefix = lines.blankPrefix(before: token.range.lowerBound) ?? ""
            call += " {\n" + prefix + "    " + String(body.trimmingBlanks) + "\n" + prefix + "}"
        }
        edits.replace(lines.throughLineEnd(token.range), with: call)
        events.append((.includeToComponent, token.range.lowerBound))
        components.insert(file)
    }

    /// A directive argument's value in quotes, `"` and `\` escaped.
    static func quotedArgument(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
