import Testing
@testable import SiteKit
@testable import Support
@testable import YAML
@testable import TestSupport

@Suite("YAML through libyaml")
struct YAMLParserTests {
    @Test func typesScalarsByTheCoreSchema() throws {
        let root = try #require(try YAMLParser.parse("""
            a: true
            b: 12
            c: 1.5
            d: ~
            e: "12"
            f: 'true'
            g: hello world
            h: 0x1F
            i: 1e3
            j: 2017-04-21
            """))
        #expect(root["a"]?.scalar == .bool(true))
        #expect(root["b"]?.scalar == .int(12))
        #expect(root["c"]?.scalar == .double(1.5))
        #expect(root["d"]?.scalar == .null)
        #expect(root["e"]?.scalar == .string("12"))
        #expect(root["f"]?.scalar == .string("true"))
        #expect(root["g"]?.scalar == .string("hello world"))
        #expect(root["h"]?.scalar == .int(31))
        #expect(root["i"]?.scalar == .double(1000))
        #expect(root["j"]?.scalar == .string("2017-04-21"))
    }

    @Test func keepsLocationsOfNestedNodes() throws {
        let root = try #require(try YAMLParser.parse("title: x\ntags:\n  - one\n  - two\n"))
        guard case .sequence(let items) = root["tags"]?.content else {
            Issue.record("tags is not a sequence")
            return
        }
        #expect(items.map(\.location) == [SourceLocation(line: 3, column: 5), SourceLocation(line: 4, column: 5)])
    }

    @Test func expandsAliases() throws {
        let root = try #require(try YAMLParser.parse("base: &b [a, b]\ncopy: *b\n"))
        #expect(root["copy"]?.content == root["base"]?.content)
    }

    @Test func rejectsDuplicateKeys() {
        #expect(throws: YAMLError(location: SourceLocation(line: 3, column: 1), message: "duplicate key 'title' (first given at line 1)")) {
            _ = try YAMLParser.parse("title: a\ndate: b\ntitle: c\n")
        }
    }

    @Test func rejectsASecondDocument() {
        #expect(throws: YAMLError.self) {
            _ = try YAMLParser.parse("a: 1\n---\nb: 2\n")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = "tags: " + String(repeating: "[", count: 100_000) + "\n"
        #expect(throws: YAMLError(location: SourceLocation(line: 1, column: 70), message: "YAML nested more than 64 levels deep")) {
            _ = try YAMLParser.parse(deep)
        }
        #expect(try YAMLParser.parse("a: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63)) != nil)
    }

    @Test func emptyDocumentIsNil() throws {
        #expect(try YAMLParser.parse("# only a comment\n") == nil)
        #expect(try YAMLParser.parse("") == nil)
    }

    @Test func literalBlockKeepsNewlines() throws {
        let root = try #require(try YAMLParser.parse("summary: |\n  line one\n  line two\n"))
        #expect(root["summary"]?.scalar == .string("line one\nline two\n"))
    }
}

@Suite("Dates")
struct PostDateTests {
    @Test func parsesDaysAndTimes() throws {
        let day = try #require(PostDate(parsing: "2017-04-21"))
        #expect(day.rfc3339 == "2017-04-21T00:00:00Z")
        #expect(day.secondsSince1970 == 1_492_732_800)
        let time = try #require(PostDate(parsing: "2017-04-21T09:30:15+02:00"))
        #expect(time.rfc3339 == "2017-04-21T09:30:15+02:00")
        #expect(time.secondsSince1970 == 1_492_732_800 + 7 * 3600 + 30 * 60 + 15)
        #expect(PostDate(parsing: "2017-04-21 09:30")?.hasTime == true)
        #expect(PostDate(parsing: "2017-04-21T09:30:00.123Z")?.utcOffsetMinutes == 0)
        #expect(PostDate(parsing: "2016-02-29") != nil)
        #expect(PostDate(parsing: "2017-02-29") == nil)
        #expect(PostDate(parsing: "2017-04-21T09:30:00+0200")?.utcOffsetMinutes == 120)
    }

    @Test func ordersByInstant() throws {
        let a = try #require(PostDate(parsing: "2017-04-21T10:00:00+02:00"))
        let b = try #require(PostDate(parsing: "2017-04-21T09:00:00Z"))
        #expect(a < b)
        #expect(a.readable == "21 April 2017")
    }
}
