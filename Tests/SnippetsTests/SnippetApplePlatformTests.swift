import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import Support
@testable import TestSupport

/// Issue 27: `check-snippets --platform apple` compiles `platform=apple` blocks against an
/// Apple SDK that `xcrun` names. There is no Mac here: a fake `xcrun` on PATH records what it
/// is asked and answers with a fake SDK, and its "swiftc" records its arguments and runs the
/// real (Linux) compiler without the SDK flags, adding a note from an SDK header after an
/// error as Xcode's compiler does. What this proves: the questions asked of xcrun, the
/// compiler's argument vectors, that results are cached by SDK (never mixed with Linux's or
/// another SDK version's), that the output is read back to the posts' lines, and that
/// simulator programs are not run. Not proven: Xcode's own compiler and SDKs.
@Suite("Snippets: --platform apple", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct SnippetApplePlatformTests {
    static let post = FixtureSite.post("title: Palettes\ndate: 2024-05-01", body: """
        A palette both platforms share:

        ```swift
        struct Palette { var name = "dusk" }
        ```

        On iOS a view shows it:

        ```swift platform=apple
        let shown = Palette().name.uppercased()
        ```

        A mistake the report must place:

        ```swift platform=apple isolated
        let width: Int = "wide"
        ```

        ```swift isolated run
        print("hi")
        ```

        ```output
        hi
        ```
        """)

    /// A fake Xcode in a folder of its own: `bin/xcrun`, `bin/swiftc`, their logs, and the SDK
    /// version `xcrun --show-sdk-version` answers (a file, so a test can change it).
    struct FakeXcode {
        var folder: URL
        var bin: URL { folder.appendingPathComponent("bin") }
        var environment: [String: String] { ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")] }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fake-xcode-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
            let real = try #require(SnippetFixtures.toolchain).swiftc
            let dir = folder.path
            try SnippetFixtures.writeScript("""
                #!/bin/sh
                echo "$*" >> '\(dir)/xcrun.log'
                case "$3" in
                  --show-sdk-path) echo '\(dir)/SDKs/'"$2"'.sdk' ;;
                  --show-sdk-version) cat '\(dir)/sdk-version' ;;
                  --find) echo '\(dir)/bin/swiftc' ;;
                  *) echo "xcrun: error: unknown request $*" >&2; exit 1 ;;
                esac

                """, to: bin.appendingPathComponent("xcrun"))
            try SnippetFixtures.writeScript("""
                #!/bin/bash
                echo "$*" >> '\(dir)/swiftc.log'
                arguments=(); drop=0
                for argument in "$@"; do
                  if [ $drop = 1 ]; then drop=0; continue; fi
                  case "$argument" in -sdk|-target) drop=1 ;; *) arguments+=("$argument") ;; esac
                done
                # A program that runs: the Swift runtime inside it, as the Mac has it in the system.
                case " $* " in *" -o "*) arguments+=(-static-stdlib) ;; esac
                errors=$(mktemp)
                '\(real)' "${arguments[@]}" 2> "$errors"; status=$?
                cat "$errors" >&2
                if grep -q ': error: ' "$errors"; then
                  echo '\(dir)/SDKs/iphonesimulator.sdk/System/Library/Frameworks/UIKit.framework/Headers/UIView.h:42:1: note: declared here' >&2
                fi
                rm -f "$errors"
                exit $status

                """, to: bin.appendingPathComponent("swiftc"))
            try setVersion("17.5")
        }

        func setVersion(_ version: String) throws {
            try Data((version + "\n").utf8).write(to: folder.appendingPathComponent("sdk-version"))
        }

        func log(_ name: String) -> [String] {
            ((try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func clearLogs() {
            for name in ["xcrun.log", "swiftc.log"] { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    static func processes(_ run: SitegenProcess.Run) throws -> Int {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(document["compilerProcesses"] as? Int)
    }

    @Test func appleBlocksAreCompiledAgainstTheSDKThatXcrunNames() throws {
        let site = FixtureSite(["Content/posts/p.md": Self.post], withTheme: false)
        let xcode = try FakeXcode()
        defer { site.remove(); xcode.remove() }
        // On Linux they are skipped, and the reason says where they are checked.
        let linux = try SitegenProcess.run(["check-snippets"], in: site.root)
        #expect(linux.status == 0, "\(linux.stdout)\n\(linux.stderr)")
        #expect(linux.stdout.contains("skipped Content/posts/p.md:14: \(SnippetAssembler.appleSkipReason)"), "\(linux.stdout)")
        #expect(linux.stdout.hasSuffix("2 passed, 0 failed, 2 skipped, 0 not proven\n"))

        let apple = try SitegenProcess.run(["check-snippets", "--platform", "apple"], in: site.root, environment: xcode.environment)
        #expect(apple.status == 1, "the mistake fails the run")
        #expect(apple.stdout.contains("passed  Content/posts/p.md:8  (main)"), "\(apple.stdout)\n\(apple.stderr)")
        #expect(apple.stdout.contains("passed  Content/posts/p.md:14  (main)"))
        #expect(apple.stdout.contains("FAILED  Content/posts/p.md:20  (isolated:20)"))
        #expect(apple.stderr.contains("Content/posts/p.md:21:18: error: cannot convert value of type 'String' to specified type 'Int'"), "\(apple.stderr)")
        #expect(!apple.stdout.contains("UIView.h") && !apple.stderr.contains("UIView.h"), "no line of the SDK's files is shown")
        #expect(apple.stdout.contains("skipped Content/posts/p.md:24: compiled, not run: programs built for the iOS simulator do not run"))
        #expect(xcode.log("xcrun.log").sorted() == ["--sdk iphonesimulator --find swiftc", "--sdk iphonesimulator --show-sdk-path",
                                                     "--sdk iphonesimulator --show-sdk-version"])
        let compiles = xcode.log("swiftc.log").filter { !$0.hasPrefix("--version") }
        let sdk = "-sdk \(xcode.folder.path)/SDKs/iphonesimulator.sdk -target \(AppleSDK.hostArchitecture)-apple-ios17.0-simulator"
        #expect(compiles.count == 3, "\(compiles)")
        // Type-checked, and for a program that compiles, with the typed AST the page's types come from.
        #expect(compiles.allSatisfy { $0.contains(sdk) && ($0.contains("-typecheck") || $0.contains("-dump-ast")) }, "\(compiles)")
        #expect(!compiles.contains { $0.contains("-emit-library") }, "the real frameworks stand in for the stubs")

        // Cached by SDK: the same SDK compiles nothing again, a new SDK version everything.
        #expect(try Self.processes(SitegenProcess.run(["check-snippets", "--platform", "apple", "--format", "json"],
                                                          in: site.root, environment: xcode.environment)) == 0)
        try xcode.setVersion("18.0")
        #expect(try Self.processes(SitegenProcess.run(["check-snippets", "--platform", "apple", "--format", "json"],
                                                          in: site.root, environment: xcode.environment)) == 3)
        // And Linux's results are still Linux's.
        let again = try SitegenProcess.run(["check-snippets", "--format", "json"], in: site.root)
        #expect(try Self.processes(again) == 0)
        #expect(again.status == 0)
    }

    /// `--sdk macosx`: the macOS target, and its programs run on the Mac.
    @Test func theMacSDKRunsPrograms() throws {
        let site = FixtureSite(["Content/posts/p.md": Self.post], withTheme: false)
        let xcode = try FakeXcode()
        defer { site.remove(); xcode.remove() }
        let mac = try SitegenProcess.run(["check-snippets", "--platform", "apple", "--sdk", "macosx", "--no-run"], in: site.root,
                                           environment: xcode.environment)
        #expect(mac.stdout.contains("skipped Content/posts/p.md:24: compiled, not run: running programs is turned off"), "\(mac.stdout)")
        let ran = try SitegenProcess.run(["check-snippets", "--platform", "apple", "--sdk", "macosx"], in: site.root,
                                           environment: xcode.environment)
        #expect(ran.stdout.contains("passed  Content/posts/p.md:24  (isolated:24)"), "\(ran.stdout)\n\(ran.stderr)")
        let compiles = xcode.log("swiftc.log").filter { !$0.hasPrefix("--version") }
        #expect(!compiles.isEmpty && compiles.allSatisfy { $0.contains("-target \(AppleSDK.hostArchitecture)-apple-macos14.0") }, "\(compiles)")
        #expect(xcode.log("xcrun.log").contains("--sdk macosx --show-sdk-path"))
    }

    /// Without xcrun, or with words it does not know, a clear error and nothing checked.
    @Test func withoutXcrunOrWithUnknownWordsItIsAnError() throws {
        let site = FixtureSite(["Content/posts/p.md": Self.post], withTheme: false)
        let xcode = try FakeXcode()
        defer { site.remove(); xcode.remove() }
        if ExecutableLookup.find(["xcrun"], environment: ProcessInfo.processInfo.environment) == nil {
            let none = try SitegenProcess.run(["check-snippets", "--platform", "apple"], in: site.root)
            #expect(none.status == 1)
            #expect(none.stderr.contains("error: --platform apple compiles against an Apple SDK through Xcode's xcrun, and there is no xcrun on PATH"))
            #expect(none.stdout.isEmpty, "nothing checked")
        }
        // An xcrun without that SDK.
        try SnippetFixtures.writeScript("#!/bin/sh\necho \"xcrun: error: SDK \\\"$2\\\" cannot be located\" >&2\nexit 1\n",
                                        to: xcode.bin.appendingPathComponent("xcrun"))
        let broken = try SitegenProcess.run(["check-snippets", "--platform", "apple"], in: site.root, environment: xcode.environment)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("`xcrun --sdk iphonesimulator --find swiftc` failed (xcrun: error: SDK \"iphonesimulator\" cannot be located)"),
                "\(broken.stderr)")
        for (arguments, message) in [(["--platform", "linux"], "unknown platform 'linux'"),
                                     (["--platform", "apple", "--sdk", "macos"], "unknown SDK 'macos' (did you mean 'macosx'?)"),
                                     (["--sdk", "macosx"], "--sdk chooses the SDK of --platform apple; add --platform apple")] {
            let run = try SitegenProcess.run(["check-snippets"] + arguments, in: site.root, environment: xcode.environment)
            #expect(run.status == 2 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}
