import Foundation
import SiteKit
import Support

/// sitegen's exit codes: 0 success, 1 a problem in the content, 2 a wrong command line.
enum ExitCode {
    static let success: Int32 = 0
    static let contentError: Int32 = 1
    static let usage: Int32 = 2
}

let version = "0.1.0"

// The helper that keeps a `run` program's processes within reach (no sandbox): before anything else.
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == ProcessTree.command {
    ProcessTree.helperMain(Array(CommandLine.arguments.dropFirst(2)))
}

let commands: [(spec: CommandSpec, run: (ParsedArguments, Terminal) -> Int32)] = [
    (BuildCommand.spec, BuildCommand.run),
    (CheckSnippetsCommand.spec, CheckSnippetsCommand.run),
    (ImportCommand.spec, ImportCommand.run),
    (InitCommand.spec, InitCommand.run),
    (NewCommand.spec, NewCommand.run),
    (ServeCommand.spec, ServeCommand.run),
    (ThemeCommand.spec, ThemeCommand.run),
]

let overview = """
    sitegen \(version): a static site generator for a programmer's blog.

    Usage: sitegen <command> [options]

    Commands:
    \(commands.map { "  " + $0.spec.name.padding(toLength: 16, withPad: " ", startingAt: 0) + $0.spec.summary }.joined(separator: "\n"))

    Options:
      --help, -h      Show help (also after a command: sitegen build --help).
      --version       Print the version.
    """

@MainActor func main(_ arguments: [String]) -> Int32 {
    let terminal = Terminal()
    guard let first = arguments.first else {
        terminal.err(overview)
        return ExitCode.usage
    }
    switch first {
    case "--help", "-h", "help":
        terminal.out(overview)
        return ExitCode.success
    case "--version":
        terminal.out("sitegen \(version)")
        return ExitCode.success
    default:
        break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
        let hint = DidYouMean.hint(for: first, among: commands.map(\.spec.name))
        terminal.err("sitegen: error: unknown command '\(first)'\(hint)\nRun 'sitegen --help' for the list of commands.")
        return ExitCode.usage
    }
    do {
        let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
        if parsed.wantsHelp {
            terminal.out(command.spec.help)
            return ExitCode.success
        }
        return command.run(parsed, terminal)
    } catch {
        return command.spec.usageError(error.message, on: terminal)
    }
}

// Under a file size limit (`ulimit -f`) a write past it raises SIGXFSZ, which would end the
// process with no word; ignored, the write fails with EFBIG and the build reports the file.
signal(SIGXFSZ, SIG_IGN)
exit(main(Array(CommandLine.arguments.dropFirst())))
