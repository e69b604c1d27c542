import SiteKit
import Support

/// A wrong command line: printed with the command's usage, exit code 2.
struct UsageError: Error {
    var message: String
}

/// One option of a command: a flag (`--drafts`) or an option with a value (`--site DIR`).
struct OptionSpec {
    var name: String
    var valueName: String?
    var help: String
}

/// What a command accepts, and the text of its `--help`.
struct CommandSpec {
    var name: String
    var summary: String
    var usage: String
    var options: [OptionSpec]
    var positionals: ClosedRange<Int> = 0...0
    /// A paragraph after the options: what the command does not do (yet).
    var notes: String? = nil

    var help: String {
        var text = "\(summary)\n\nUsage: \(usage)\n\nOptions:\n"
        let all = options + [OptionSpec(name: "--help", valueName: nil, help: "Show this help.")]
        let width = all.map { $0.name.count + ($0.valueName.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for option in all {
            let left = option.name + (option.valueName.map { " " + $0 } ?? "")
            text += "  " + left + String(repeating: " ", count: width - left.count + 2) + option.help + "\n"
        }
        if let notes { text += "\n" + notes + "\n" }
        return text
    }

    /// Says a wrong command line on stderr with the usage, as for an unknown option; exit code 2.
    func usageError(_ message: String, on terminal: Terminal) -> Int32 {
        terminal.err("sitegen \(name): error: \(message)\nUsage: \(usage)\nRun 'sitegen \(name) --help' for more.")
        return ExitCode.usage
    }
}

struct ParsedArguments {
    var flags: Set<String> = []
    var values: [String: String] = [:]
    var positionals: [String] = []
    var wantsHelp = false

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

enum ArgumentParser {
    /// Accepts `--name value`, `--name=value`, flags, and `--` before positionals that start with `-`.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let hint = DidYouMean.hint(for: name, among: spec.options.map(\.name) + ["--help"])
                throw UsageError(message: "unknown option '\(name)' for '\(spec.name)'\(hint)")
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw UsageError(message: "option '\(name)' takes no value") }
                parsed.flags.insert(name)
            } else if let inlineValue {
                parsed.values[name] = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError(message: "option '\(name)' needs a value (\(name) \(option.valueName!))")
                }
                parsed.values[name] = arguments[index]
                index += 1
            }
        }
        if !parsed.wantsHelp && !spec.positionals.contains(parsed.positionals.count) {
            if let extra = parsed.positionals.first, spec.positionals.upperBound == 0 {
                throw UsageError(message: "unexpected argument '\(extra)' for '\(spec.name)'")
            }
            throw UsageError(message: "'\(spec.name)' takes \(spec.positionals.lowerBound == spec.positionals.upperBound ? "\(spec.positionals.lowerBound)" : "\(spec.positionals.lowerBound) to \(spec.positionals.upperBound)") arguments, got \(parsed.positionals.count)")
        }
        return parsed
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
