import Foundation

/// Why a block that compiled no way is not meant to compile: the classes `--suggest` names,
/// from the block's code and the compiler's messages about it. Only asked once every way
/// of compiling the block failed, so it never turns a block that compiles into a skip.
enum SuggestionClassifier {
    enum Class: Equatable {
        /// `<#code#>`, `...` or `…` stand for code left out.
        case placeholder(String)
        /// Declarations without bodies: an interface, not an implementation.
        case outline(String)
        /// Swift 1–3 syntax or API that today's Swift removed.
        case obsolete(String)
        /// Needs an Apple SDK: a module, macro or name of ``AppleOnlyAPI``, or Objective-C–only Foundation.
        case apple(String)
    }

    /// A message about the block, as the compiler gave it.
    struct Message {
        var id: String?
        var text: String
    }

    /// With `syntaxError` (the block does not parse wherever it goes) never `.apple`: the
    /// error is in its text, on every platform.
    static func classify(code: String, messages: [Message], syntaxError: Bool = false) -> Class? {
        placeholder(code, messages) ?? outline(messages) ?? obsolete(code, messages) ?? (syntaxError ? nil : apple(code, messages))
    }

    private static func placeholder(_ code: String, _ messages: [Message]) -> Class? {
        if messages.contains(where: { $0.id == "lex_editor_placeholder" }) || (code.contains("<#") && code.contains("#>")) {
            return .placeholder("`<#…#>` is an editor placeholder for code left out")
        }
        for line in code.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "..." || trimmed == "…" || trimmed == "// ..." && messages.contains(where: { $0.id == "missing_return" }) {
                return .placeholder("a line `\(trimmed)` stands for code left out")
            }
            if trimmed.contains("…") && !trimmed.contains("\"") && !trimmed.hasPrefix("//") {
                return .placeholder("`…` stands for code left out")
            }
            for pattern in ["(...)", "{ ... }", "{...}", "= ...", "[...]", ", ...)", "(... "] where trimmed.contains(pattern) {
                return .placeholder("`\(pattern)` stands for code left out")
            }
        }
        return nil
    }

    static let outlineIDs: Set<String> = ["func_decl_without_brace", "missing_initializer_def", "expected_lbrace_accessor",
                                                  "computed_property_missing_type", "var_requires_accessor"]

    private static func outline(_ messages: [Message]) -> Class? {
        guard let message = messages.first(where: { $0.id.map(outlineIDs.contains) ?? false }) else { return nil }
        return .outline("declarations without bodies (\(message.text))")
    }

    static let obsoleteIDs: Set<String> = ["c_style_for_stmt_removed", "availability_decl_unavailable_rename",
                                                   "parameter_let_var_as_attr", "unsupported_var_param"]
    private static let obsoleteWords = ["has been renamed to", "has been replaced by", "was removed in Swift", "has been removed in Swift",
                                        "'++'", "'--'", "is unavailable: Please use", "'characters' is unavailable"]
    /// Swift 1–3 API that no longer exists (most were renamed by SE-0005 in Swift 3).
    private static let obsoleteAPI = ["println(", "mainBundle()", "standardUserDefaults()", "defaultCenter()", "mainScreen()",
                                      "sharedApplication()", "defaultManager()", "dispatch_async(", "dispatch_get_main_queue(",
                                      "dispatch_after(", "__FILE__", "__LINE__", "__FUNCTION__", "@noescape", ".characters.",
                                      "redColor()", "whiteColor()", "blackColor()", "clearColor()", "CGRectMake(", "CGPointMake(",
                                      "CGSizeMake(", "componentsSeparatedByString(", "stringByAppendingString(", "respondsToSelector(",
                                      "countElements(", "NSIndexPath(forRow", "dequeueReusableCellWithIdentifier(", ".sort({",
                                      "enumerate()", "indexOf(", "appendContentsOf(", "removeAtIndex(", "insert(_:atIndex",
                                      "lowercaseString", "uppercaseString", "NSBundle", "NSFileManager", "NSUserDefaults",
                                      "NSNotificationCenter", "NSDateFormatter", "NSURLSession", "ErrorType", "SequenceType",
                                      "GeneratorType", "CollectionType", "BooleanType"]

    private static func obsolete(_ code: String, _ messages: [Message]) -> Class? {
        if let message = messages.first(where: { message in
            message.id.map(obsoleteIDs.contains) ?? false || obsoleteWords.contains { message.text.contains($0) }
        }) {
            return .obsolete("obsolete Swift (\(message.text))")
        }
        if let api = obsoleteAPI.first(where: code.contains) {
            return .obsolete("obsolete Swift: `\(api.trimmingCharacters(in: CharacterSet(charactersIn: "(.")))` is from Swift 1–3")
        }
        // `i++`, `--i`: operators Swift 3 removed.
        let scalars = Array(code.unicodeScalars)
        for index in scalars.indices.dropLast(2) where (scalars[index] == "+" && scalars[index + 1] == "+")
            || (scalars[index] == "-" && scalars[index + 1] == "-" && scalars[index + 2] != "-" && (index == 0 || scalars[index - 1] != "-")) {
            let before = index > 0 ? scalars[index - 1] : " "
            let after = scalars[index + 2]
            if before.properties.isAlphabetic || before.properties.numericType != nil || after.properties.isAlphabetic {
                return .obsolete("obsolete Swift: `++` and `--` were removed in Swift 3")
            }
        }
        return nil
    }

    private static func apple(_ code: String, _ messages: [Message]) -> Class? {
        if let module = importedModules(code).first(where: AppleOnlyAPI.modules.contains) {
            return .apple("imports \(module), which only Apple platforms have")
        }
        if let attribute = appleAttribute(in: code) {
            return .apple("uses `\(attribute)`, from an Apple framework")
        }
        for message in messages {
            if message.text.hasPrefix("no such module '"), let name = quoted(message.text), AppleOnlyAPI.modules.contains(name) {
                return .apple("needs \(name), which only Apple platforms have")
            }
            if message.text.hasPrefix("cannot find") || message.text.contains("has no member"), let name = quoted(message.text),
               AppleOnlyAPI.isTypeName(name) {
                return .apple("uses `\(name)`, from an Apple framework")
            }
        }
        if let api = AppleOnlyAPI.objectiveCRuntime.first(where: code.contains) {
            return .apple("uses `\(api)`, which needs the Objective-C runtime of Apple platforms")
        }
        return nil
    }

    /// The modules the code imports: `import UIKit`, `@testable import App`, `import struct Foundation.Date`.
    static func importedModules(_ code: String) -> [String] {
        code.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
            let name = words.count > index + 2 && kinds.contains(words[index + 1]) ? words[index + 2] : words[index + 1]
            return name.split(separator: ".").first.map(String.init)
        }
    }

    /// The first `@Name` (or `#Preview`) of an Apple framework the code uses, outside comments and strings.
    static func appleAttribute(in code: String) -> String? {
        for line in code.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("//") { continue }
            var rest = text[...]
            while let at = rest.firstIndex(where: { $0 == "@" || $0 == "#" }) {
                if rest[..<at].contains("\"") { break }
                let name = rest[rest.index(after: at)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if AppleOnlyAPI.attributes.contains(String(name)), rest[at] == "@" || name == "Preview" {
                    return "\(rest[at])\(name)"
                }
                rest = rest[rest.index(after: at)...]
            }
        }
        return nil
    }

    /// The first name in quotes in a compiler message: `cannot find 'UIView' in scope` → `UIView`.
    private static func quoted(_ text: String) -> String? {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }
}
