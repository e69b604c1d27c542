import Foundation
import Testing
@testable import SiteKit
@testable import TestSupport

/// `sitegen theme eject` and `theme list`: the built-in theme copied out for editing,
/// never over an existing folder.
@Suite("sitegen theme")
struct ThemeCommandTests {
    static func newSite() throws -> URL {
        let folder = try TemporaryFolder.empty()
        #expect(try SitegenProcess.run(["init"], in: folder).status == 0)
        return folder
    }

    @Test func ejectWritesTheBuiltInThemeWhichBuildsTheSameBytes() throws {
        let site = try Self.newSite()
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(try SitegenProcess.run(["build"], in: site).status == 0)
        let before = BuiltInThemeTests.files(below: site.appendingPathComponent("Output"))

        let eject = try SitegenProcess.run(["theme", "eject", "--site", site.path])
        #expect(eject.status == 0, "\(eject.stderr)")
        #expect(eject.stdout == BuiltInTheme.files.map { "Wrote Themes/default/\($0.path)\n" }.joined())
        let written = BuiltInThemeTests.files(below: site.appendingPathComponent("Themes/default"))
        #expect(written == Dictionary(uniqueKeysWithValues: BuiltInTheme.files.map { ($0.path, Data($0.bytes)) }))

        // The copy is what the site now uses: an edit shows.
        let footer = site.appendingPathComponent("Themes/default/templates/site-footer.mustache")
        #expect(try SitegenProcess.run(["build"], in: site).status == 0)
        #expect(BuiltInThemeTests.files(below: site.appendingPathComponent("Output")) == before)
        try Data("<footer>EDITED</footer>\n".utf8).write(to: footer)
        #expect(try SitegenProcess.run(["build"], in: site).status == 0)
        let home = try String(contentsOf: site.appendingPathComponent("Output/index.html"), encoding: .utf8)
        #expect(home.contains("<footer>EDITED</footer>"))

        let again = try SitegenProcess.run(["theme", "eject"], in: site)
        #expect(again.status == 1)
        #expect(again.stderr.contains("Themes/default/ already exists"))
        #expect(try String(contentsOf: footer, encoding: .utf8) == "<footer>EDITED</footer>\n", "the edited theme is left alone")
    }

    @Test func ejectUnderAnotherNameAndList() throws {
        let site = try Self.newSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let before = try SitegenProcess.run(["theme", "list"], in: site)
        #expect(before.stdout == "default  built in; used by Content/site.yml\n")
        let eject = try SitegenProcess.run(["theme", "eject", "mine"], in: site)
        #expect(eject.status == 0)
        #expect(eject.stdout.hasSuffix("Set 'theme: mine' in Content/site.yml to use it.\n"))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Themes/mine/templates/post.mustache").path))
        #expect(try SitegenProcess.run(["theme", "list"], in: site).stdout == "default  built in; used by Content/site.yml\nmine     Themes/mine/\n")
        #expect(try SitegenProcess.run(["theme", "eject"], in: site).status == 0)
        #expect(try SitegenProcess.run(["theme", "list"], in: site).stdout
                == "default  Themes/default/ (in place of the built-in one); used by Content/site.yml\nmine     Themes/mine/\n")
    }

    @Test func wrongCommandLinesAndNames() throws {
        let site = try Self.newSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let unknown = try SitegenProcess.run(["theme", "ejcet"], in: site)
        #expect(unknown.status == 2 && unknown.stderr.contains("(did you mean 'eject'?)"))
        #expect(try SitegenProcess.run(["theme"], in: site).status == 2)
        #expect(try SitegenProcess.run(["theme", "list", "x"], in: site).status == 2)
        let badName = try SitegenProcess.run(["theme", "eject", "../x"], in: site)
        #expect(badName.status == 1 && badName.stderr.contains("'../x' cannot be a theme's folder name"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Themes").path))
        let noSite = try SitegenProcess.run(["theme", "eject"], in: site.appendingPathComponent("Content"))
        #expect(noSite.status == 1 && noSite.stderr.contains("no Content/ folder"))
    }
}
