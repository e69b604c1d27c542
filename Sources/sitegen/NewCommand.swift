import Foundation
import SiteKit
import Support

enum NewCommand {
    /// What `sitegen new` can make.
    static let kinds = ["post"]

    static let spec = CommandSpec(
        name: "new",
        summary: "Start a post: write Content/posts/<slug>.md as a draft dated today.",
        usage: "sitegen new post \"Title\" [--series NAME] [--slug SLUG] [--site DIR]",
        options: [
            OptionSpec(name: "--series", valueName: "NAME", help: "Make it the next part of this series (a new series starts at part 1)."),
            OptionSpec(name: "--slug", valueName: "SLUG", help: "The file name and URL segment (default: made from the title)."),
            OptionSpec(name: "--site", valueName: "DIR", help: "The site's root folder (default: the current folder)."),
        ],
        positionals: 0...2)

    static func run(_ arguments: ParsedArguments, terminal: Terminal) -> Int32 {
        guard let kind = arguments.positionals.first else {
            return spec.usageError("say what to create: sitegen new post \"Title\"", on: terminal)
        }
        guard kinds.contains(kind) else {
            return spec.usageError("cannot create '\(kind)'\(DidYouMean.hint(for: kind, among: kinds)); 'new' makes: \(kinds.joined(separator: ", "))", on: terminal)
        }
        guard arguments.positionals.count == 2 else {
            return spec.usageError("a new post needs a title: sitegen new post \"Title\"", on: terminal)
        }
        guard let root = siteRoot(arguments, terminal: terminal) else { return ExitCode.contentError }
        let post = NewPost(title: arguments.positionals[1], series: arguments.value("--series"), slug: arguments.value("--slug"))
        do {
            let created = try post.create(in: SiteLayout(root: root))
            terminal.out("Created \(created.path)\(created.series.map(describe) ?? "")")
            return ExitCode.success
        } catch {
            if error.kind == .badArgument { return spec.usageError(error.message, on: terminal) }
            for diagnostic in error.diagnostics { terminal.report(diagnostic, siteRoot: root) }
            terminal.err("sitegen new: error: \(error.message)")
            return ExitCode.contentError
        }
    }

    /// ` (part 4 of VIPER, series_order: 6)`; the order only when gaps make it differ.
    private static func describe(_ series: NewPost.SeriesPart) -> String {
        let detail = series.part == 1 ? ", a new series" : series.order.map { $0 == series.part ? "" : ", series_order: \($0)" } ?? ", by date"
        return " (part \(series.part) of \(series.name)\(detail))"
    }
}
