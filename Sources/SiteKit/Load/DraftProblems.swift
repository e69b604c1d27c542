import Support

/// Errors in drafts are warnings unless the build has `--drafts` (then they are errors, as
/// in published posts): a draft is work in progress, and what is wrong in it must not stop
/// the build of the published site, but it is said at its `file:line:col` all the same, so
/// publishing the draft later holds no surprise.
///
/// A build without `--drafts` reads the drafts as any post (their front matter problems
/// are the decoder's), checks the URLs of the site with its drafts (a repeated alias, a
/// draft on a published post's URL) and, in `sitegen build`, renders the site with its
/// drafts in memory to check their links (``SiteBuilder/draftProblems(_:)``). None of it is
/// written: the output is the published site's.
enum DraftProblems {
    static let suffix = " (in a draft: an error with --drafts)"

    /// An error as a warning that says why; warnings and notes as they are.
    static func demoted(_ diagnostic: Diagnostic) -> Diagnostic {
        guard diagnostic.severity == .error else { return diagnostic }
        var warning = diagnostic
        warning.severity = .warning
        warning.message += suffix
        return warning
    }

    /// A problem at a draft, or one whose other place is a draft (a published post on the URL
    /// of a draft's alias): without the draft, there is no problem.
    static func involves(_ diagnostic: Diagnostic, drafts: Set<String>) -> Bool {
        drafts.contains(diagnostic.file) || diagnostic.notes.contains { drafts.contains($0.file) }
    }

    static func demoted(_ diagnostics: [Diagnostic], drafts: Set<String>) -> [Diagnostic] {
        guard !drafts.isEmpty else { return diagnostics }
        return diagnostics.map { involves($0, drafts: drafts) ? demoted($0) : $0 }
    }
}
