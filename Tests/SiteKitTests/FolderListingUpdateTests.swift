import Foundation
import Testing
@testable import SiteKit
@testable import Support
@testable import TestSupport

/// A serve rebuild brings its last listing of a folder up to date from the files that
/// changed (``FolderBoundary/files(below:includeHidden:updating:changed:)``): the result
/// must be what walking the folder again gives, or nil where it cannot be sure.
@Suite("Updating a folder's listing from changed files")
struct FolderListingUpdateTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-listing-\(UUID().uuidString)")

    func write(_ path: String, _ text: String = "text") throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    @Test(arguments: [false, true])
    func anUpdatedListingEqualsAFreshWalk(includeHidden: Bool) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["posts/hello.md", "posts/2017/old.md", "posts/trip/index.md", "posts/trip/cover.png", "posts/.git/config"] {
            try write(path)
        }
        let boundary = FolderBoundary(root: root.path)
        let folder = root.appendingPathComponent("posts").path
        let before = boundary.files(below: folder, includeHidden: includeHidden)

        // A post written, one added in an existing folder, one deleted, a hidden file made,
        // a file inside a hidden folder, a bundle's resource replaced.
        try write("posts/hello.md", "edited")
        try write("posts/2017/new.md")
        try FileManager.default.removeItem(at: root.appendingPathComponent("posts/2017/old.md"))
        try write("posts/.draft.md.swp")
        try write("posts/.git/HEAD")
        try write("posts/trip/cover.png", "bigger")
        let changed = ["hello.md", "2017/new.md", "2017/old.md", ".draft.md.swp", ".git/HEAD", "trip/cover.png", "never-there.md"]
        let updated = try #require(boundary.files(below: folder, includeHidden: includeHidden, updating: before, changed: changed))
        let fresh = boundary.files(below: folder, includeHidden: includeHidden)
        #expect(updated.files == fresh.files)
        #expect(updated.hidden == fresh.hidden)
        #expect(updated.files.contains("2017/new.md") && !updated.files.contains("2017/old.md"))
    }

    @Test func whatIsNotARegularFileIsListedAgain() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write("posts/hello.md")
        let boundary = FolderBoundary(root: root.path)
        let folder = root.appendingPathComponent("posts").path
        let before = boundary.files(below: folder, includeHidden: false)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.md", withDestinationPath: "/etc/hostname")
        try FileManager.default.createDirectory(atPath: folder + "/2018", withIntermediateDirectories: true)
        #expect(boundary.files(below: folder, includeHidden: false, updating: before, changed: ["link.md"]) == nil)
        #expect(boundary.files(below: folder, includeHidden: false, updating: before, changed: ["2018"]) == nil)
        // The memo walks again then, and the link is the walk's problem to report.
        let listings = FolderListings()
        _ = listings.files(below: folder, includeHidden: false, boundary: boundary, changes: .unknown)
        let after = listings.files(below: folder, includeHidden: false, boundary: boundary, changes: .files([folder + "/link.md"]))
        #expect(after.problems.map(\.path) == [folder + "/link.md"])
    }
}

/// A rebuild told which files changed still looks at every post that is a symbolic link:
/// an edit of the target names the target, never the link.
@Suite("Changed paths and symbolic links")
struct ChangedPathLinkTests {
    @Test func aLinkedPostFollowsAnEditOfItsTarget() throws {
        let site = FixtureSite(["Content/posts/hello.md": FixtureSite.post("title: Hello\ndate: 2017-04-19", body: "The first words.\n")])
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Content/posts/hello-again.md").path,
                                                   withDestinationPath: "hello.md")
        let cache = RebuildCache()
        let builder = SiteBuilder(options: .init(siteRoot: site.root))
        _ = try builder.rebuildInPlace(cache: cache, changes: .unknown)
        #expect(site.read("posts/hello-again/index.html")?.contains("The first words.") == true)

        site.write("Content/posts/hello.md", FixtureSite.post("title: Hello\ndate: 2017-04-19", body: "Other words.\n"))
        let target = site.root.appendingPathComponent("Content/posts/hello.md").standardizedFileURL.path
        _ = try builder.rebuildInPlace(cache: cache, changes: .files([target]))
        #expect(site.read("posts/hello/index.html")?.contains("Other words.") == true)
        #expect(site.read("posts/hello-again/index.html")?.contains("Other words.") == true, "the link's post is its target's")
    }
}
