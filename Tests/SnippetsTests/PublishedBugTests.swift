import Foundation
import Testing
@testable import SiteKit
@testable import Snippets
@testable import TestSupport

/// The blocks as the author published them in 2017, bugs included, checked with the blog's
/// own UIKit stub and prelude: each bug must be reported at its line of the Markdown file.
@Suite("Snippets: the published bugs", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct PublishedBugTests {
    /// "VIPER: Interactor and Entity", the interactor, file reader and model blocks as published.
    static let interactorAndEntity = #"""
        ```swift
        class Interactor: NSObject {
            func findListData() {
                //Find data
                let file = FileReader();
                //We can set default argument in parms it self - a Swift feature
                // file.readJsonFile(name:"company", exten: "json")
                if let data = file.readJsonFile(name:"company") {
                    let myArr:NSArray? = ParseData(aObject: data);
                    if myArr != nil {
                        presenter?.foundList(aList: myArr);
                    }
                }
            }
            //MARK: Model parse
            func ParseData(aObject:Any) -> NSArray? {
                let myArr : NSMutableArray = NSMutableArray();
                if aObject is NSArray {
                    for  mydata in aObject as! NSArray {
                        let data = mydata as! NSDictionary
                        let mymodel : CompanyModel  = CompanyModel.init(fname: data.value(forKeyPath:"name.first") as! String, lname: data.value(forKeyPath:"name.last") as! String, company: data.value(forKey:"company") as! String)
                        myArr.add(mymodel);
                    }
                    return myArr;
                }
                return nil;
            }

        }
        ```

        Here is a file reader class:

        ```swift
        class FileReader:NSObject {
            func readJsonFile(name:String, exten:String="json") -> Any? {
                do {
                    if let file = Bundle.main.url(forResource:name, withExtension:exten) {
                        let data = try Data(contentsOf: file)
                        let json = try JSONSerialization.jsonObject(with: data, options: [])
                        if let object = json as? [String: Any] {
                            // json is a dictionary
                            // print(object)
                        } else if let object = json as? [Any] {
                            // json is an array
                            // print(object)
                            return object;
                        } else {
                            print("JSON is invalid")
                        }
                    } else {
                        print("no file")
                    }
                } catch {
                    print(error.localizedDescription)
                }
                return nil;
            }
        }
        ```

        To transform data in to model we have one company-model class:

        ```swift
        class CompanyModel : NSObject {
            var fName : String = ""
            var lName : String = ""
            var company : String = ""
            init(fname:String,lname:String,company:String) {
                self.fName = fname
                self.lName = lname
                self.company = company
            }
        }
        ```
        """#

    /// "VIPER - Class binding using Protocol", the interactor input listing as published.
    static let interactorInput = #"""
        ```swift
        protocol listInteractorInput {
            func findListData()
        }
        *********************************************************
        class listInteractor: NSObject,listInteractorInput {
            func findListData() {
                //Find data
            }
        *********************************************************
        class listPresenter: NSObject,listPresenterInterface {
            var listInteractor:listInteractorInput?
            func updateView() {
                //Code for data adjustment and interactor calling
                listInteractor?.findListData();
            }
        }
        ```
        """#

    /// "VIPER - Class binding using Protocol", the interactor output listing as published.
    static let interactorOutput = #"""
        ```swift
        protocol listInteractorOutput {
            func foundList(aList:NSArray?)
        }
        *********************************************************
        class listPresenter: NSObject,listPresenterInterface,listInteractorOutput {
            var listInteractor:listInteractorInput?
            var userInterface:listViewInterface?

            func updateView() {
                listInteractor?.findListData();
            }
            func foundList(aList:NSArray?) {
                userInterface?.reloadList(alist: sortedArray);
            }
        }
        *********************************************************
        class listInteractor: NSObject,listInteractorInput {
            var output:listInteractorOutput?
            func findListData() {
                //Find data
            }
        }
        ```
        """#

    static func site(_ body: String) -> FixtureSite {
        let site = SnippetFixtures.site(body: "Published code:\n\n" + body)
        let snippets = SharedFolder.projectRoot.appendingPathComponent("Content/snippets")
        try! FileManager.default.copyItem(at: snippets, to: site.root.appendingPathComponent("Content/snippets"))
        return site
    }

    /// The file line holding `text`: the body starts at line 6, after two lines of its own.
    static func line(of text: String, in body: String) -> Int {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        return 8 + lines.firstIndex { $0.contains(text) }!
    }

    @Test func theUndeclaredPresenterIsTheOnlyErrorAtItsLine() throws {
        let site = Self.site(Self.interactorAndEntity)
        defer { site.remove() }
        let failures = SnippetFixtures.failures(try SnippetFixtures.check(site))
        let line = Self.line(of: "presenter?.foundList(aList: myArr);", in: Self.interactorAndEntity)
        #expect(failures == ["Content/posts/p.md:\(line):17: error: cannot find 'presenter' in scope [cannot_find_in_scope]"])
    }

    @Test func theMissingBraceIsReportedAtTheClassItLeavesOpen() throws {
        let site = Self.site(Self.interactorInput)
        defer { site.remove() }
        let report = try SnippetFixtures.check(site)
        let line = Self.line(of: "class listInteractor: NSObject,listInteractorInput {", in: Self.interactorInput)
        let failure = try #require(report.results.first { $0.isFailure })
        guard case .failed(let diagnostics) = failure.outcome else { return }
        let brace = try #require(diagnostics.first { $0.message.hasSuffix("[expected_rbrace_class]") })
        #expect(brace.headline == "Content/posts/p.md:\(line):52: error: expected '}' in class [expected_rbrace_class]")
        #expect(brace.notes.headlines == ["Content/posts/p.md:\(line):52: note: to match this opening '{'"])
    }

    @Test func theUndeclaredSortedArrayIsReportedAtItsLine() throws {
        let site = Self.site(Self.interactorOutput)
        defer { site.remove() }
        let failures = SnippetFixtures.failures(try SnippetFixtures.check(site))
        let line = Self.line(of: "userInterface?.reloadList(alist: sortedArray);", in: Self.interactorOutput)
        #expect(failures.contains("Content/posts/p.md:\(line):42: error: cannot find 'sortedArray' in scope [cannot_find_in_scope]"), "\(failures)")
    }
}

/// The blog itself: its Swift compiles, and the pages show none of the hidden setup.
@Suite("Snippets: the blog", .enabled(if: SnippetFixtures.toolchain != nil, "no swiftc on PATH: snippets not compiled"))
struct BlogSnippetTests {
    @Test func everyBlockPassesOrIsSkippedWithAReasonAndTwoThirdsCompile() throws {
        let report = try SnippetChecker(options: .init(siteRoot: SharedFolder.projectRoot, cacheFolder: SnippetFixtures.sharedCache,
                                                       toolchain: SnippetFixtures.toolchain!)).check()
        #expect(report.failed == 0, "\(SnippetFixtures.failures(report))")
        #expect(report.results.count >= 30)
        #expect(report.passed * 3 >= report.results.count * 2, "\(report.summaryLine)")
        for result in report.results {
            if case .skipped(let reason) = result.outcome { #expect(reason.count > 20, "\(result.block.place)") }
        }
        #expect(Set(report.results.map(\.block.file)).count == 5, "every post with Swift")
    }

    @Test func pagesShowNoHiddenLines() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-hidden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuilder(options: .init(siteRoot: SharedFolder.projectRoot, output: output)).build()
        for slug in ["viper-an-ios-architecture", "viper-interactor-and-entity", "viper-class-binding-using-protocol"] {
            let page = try String(contentsOf: output.appendingPathComponent("posts/\(slug)/index.html"), encoding: .utf8)
            #expect(!page.contains("snippet.hide") && !page.contains("snippet.show"), "\(slug)")
            #expect(!page.contains("Written in the previous post"), "\(slug)")
        }
        let interactor = try String(contentsOf: output.appendingPathComponent("posts/viper-interactor-and-entity/index.html"), encoding: .utf8)
        #expect(interactor.withoutTypes.withoutHighlightSpans.withoutCodeFigures.contains("<pre><code class=\"language-swift\">class Interactor: NSObject {\n    var presenter:Presenter?\n"))
    }
}
