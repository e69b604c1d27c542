import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// Files sitegen did not write in the output folder: a gh-pages worktree's `.git` always
/// stays, and so does what the `keep:` setting lists (`CNAME`, `.nojekyll`).
@Suite("Files kept in the output folder")
struct KeptOutputFilesTests {
    static let config = "title: \"Fixture Blog\"\nbase_url: \"https://example.com/\"\n"

    static func addUserFiles(_ site: FixtureSite) {
        site.write("Output/.git/HEAD", "ref: refs/heads/gh-pages\n")
        site.write("Output/.git/objects/ab/cdef", "object")
        site.write("Output/CNAME", "blog.example.com\n")
        site.write("Output/.nojekyll", "")
        site.write("Output/stale.html", "a page the site no longer has")
    }

    static func expectKept(_ site: FixtureSite, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(site.read(".git/HEAD") == "ref: refs/heads/gh-pages\n", sourceLocation: sourceLocation)
        #expect(site.read(".git/objects/ab/cdef") == "object", sourceLocation: sourceLocation)
        #expect(site.read("CNAME") == "blog.example.com\n", sourceLocation: sourceLocation)
        #expect(!site.exists(".nojekyll"), "not listed in keep:", sourceLocation: sourceLocation)
        #expect(!site.exists("stale.html"), "not kept: sitegen's own folder is replaced", sourceLocation: sourceLocation)
        #expect(site.exists("index.html"), sourceLocation: sourceLocation)
    }

    @Test func aBuildKeepsGitAndTheListedFiles() throws {
        let site = FixtureSite(BuildTests.twoPosts, config: Self.config + "keep: [CNAME]\n")
        defer { site.remove() }
        _ = try site.build()
        Self.addUserFiles(site)
        _ = try site.build()
        Self.expectKept(site)
        _ = try site.build()
        Self.expectKept(site)
    }

    @Test func servesRebuildsKeepGitAndTheListedFiles() throws {
        let site = FixtureSite(BuildTests.twoPosts, config: Self.config + "keep: [CNAME]\n")
        defer { site.remove() }
        _ = try site.build()
        Self.addUserFiles(site)
        let (_, changes) = try SiteBuilder(options: .init(siteRoot: site.root)).rebuildInPlace()
        Self.expectKept(site)
        #expect(changes.removed == [".nojekyll", "stale.html"])
    }

    /// A new gh-pages worktree holds only `.git` (a file there): it may become the output.
    @Test func aFolderHoldingOnlyKeptFilesMayBecomeTheOutput() throws {
        let site = FixtureSite(BuildTests.twoPosts, config: Self.config + "keep: [CNAME]\n")
        defer { site.remove() }
        site.write("Output/.git", "gitdir: /somewhere/.git/worktrees/Output\n")
        site.write("Output/CNAME", "blog.example.com\n")
        _ = try site.build()
        #expect(site.read(".git") == "gitdir: /somewhere/.git/worktrees/Output\n")
        #expect(site.read("CNAME") == "blog.example.com\n")
        #expect(site.exists("index.html"))
    }

    /// A build killed after it moved `.git` into its staging folder, before the swap: the
    /// next build moves it back before it removes the folder.
    @Test func gitHeldByAKilledBuildsStagingFolderIsPutBack() throws {
        let site = FixtureSite(BuildTests.twoPosts)
        defer { site.remove() }
        _ = try site.build()
        let pid = try InterruptedBuildTests.deadPID()
        site.write(".Output.sitegen-new-\(pid)/\(OutputWriter.markerName)", "")
        site.write(".Output.sitegen-new-\(pid)/.git/HEAD", "ref: refs/heads/gh-pages\n")
        _ = try site.build()
        #expect(site.read(".git/HEAD") == "ref: refs/heads/gh-pages\n")
        #expect(InterruptedBuildTests.stagingFolders(site).isEmpty)
    }

    @Test func aFileTheSiteWritesWinsOverAKeptOne() throws {
        let site = FixtureSite(BuildTests.twoPosts, config: Self.config + "keep: [CNAME]\n")
        defer { site.remove() }
        site.write("Content/static/CNAME", "new.example.com\n")
        _ = try site.build()
        site.write("Output/CNAME", "old.example.com\n")
        _ = try site.build()
        #expect(site.read("CNAME") == "new.example.com\n")
    }

    @Test(arguments: [
        ("keep: CNAME\n", "site.yml:3:7: error: 'keep' must be a list"),
        ("keep: [../x]\n", "site.yml:3:8: error: 'keep' entries are paths inside the output folder"),
        ("keep: [/etc]\n", "site.yml:3:8: error: 'keep' entries are paths inside the output folder"),
        // A `/` after U+0600 is inside one Character: the check cuts by bytes.
        ("keep: [\"\u{600}/..\"]\n", "site.yml:3:8: error: 'keep' entries are paths inside the output folder"),
        ("keep: [\(OutputWriter.markerName)]\n", "site.yml:3:8: error: 'keep' cannot list sitegen's marker"),
    ])
    func keepEntriesAreChecked(_ setting: String, _ expected: String) {
        let site = FixtureSite(BuildTests.twoPosts, config: Self.config + setting)
        defer { site.remove() }
        #expect(site.failingBuild().errors.headlines.contains { $0.hasPrefix("Content/" + expected) },
                "\(site.failingBuild().headlines)")
    }
}
