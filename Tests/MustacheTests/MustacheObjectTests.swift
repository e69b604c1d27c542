@testable import Mustache
import Testing

@Suite("MustacheObject")
struct MustacheObjectTests {
    /// Sizes on both sides of the switch to a table of slots, and one that makes it grow.
    static let sizes = [0, 1, 5, 15, 16, 17, 40, 300]

    @Test(arguments: sizes)
    func findsEveryStoredKeyAndNoOther(_ size: Int) {
        var object = MustacheObject()
        for number in 0..<size { object["key\(number)"] = .int(number) }
        #expect(object.count == size)
        for number in 0..<size {
            guard case .int(let found) = object["key\(number)"] else {
                Issue.record("key\(number) not found in \(size) keys")
                continue
            }
            #expect(found == number)
        }
        #expect(object["key\(size)"] == nil)
        #expect(object["key"] == nil)
        #expect(object[""] == nil)
        #expect(object.keys == (0..<size).map { "key\($0)" })
    }

    @Test(arguments: sizes)
    func initFromDictionaryKeepsEveryPair(_ size: Int) {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<size).map { ("k\($0)", MustacheValue.int($0)) })
        let object = MustacheObject(dictionary)
        #expect(object.count == size)
        #expect(Set(object.keys) == Set(dictionary.keys))
        for (key, value) in object {
            guard case .int(let number) = value else {
                Issue.record("\(key) holds \(value)")
                continue
            }
            #expect(key == "k\(number)")
        }
    }

    @Test(arguments: sizes)
    func storingAnExistingKeyReplacesItsValueInPlace(_ size: Int) {
        var object = MustacheObject()
        for number in 0..<size { object["k\(number)"] = .int(number) }
        object["k0"] = "replaced"
        object["new"] = "added"
        #expect(object.count == size + (size == 0 ? 2 : 1))
        guard case .string(let replaced) = object["k0"], case .string(let added) = object["new"] else {
            Issue.record("k0 or new missing")
            return
        }
        #expect(replaced == "replaced")
        #expect(added == "added")
        #expect(object.keys.first == "k0")
    }

    @Test(arguments: sizes)
    func removingAKeyLeavesTheOthersFindable(_ size: Int) {
        var object = MustacheObject()
        for number in 0..<size { object["k\(number)"] = .int(number) }
        let removed = size / 2
        object["k\(removed)"] = nil
        #expect(object["k\(removed)"] == nil)
        #expect(object.count == max(size - 1, 0))
        for number in 0..<size where number != removed {
            guard case .int(let found) = object["k\(number)"] else {
                Issue.record("k\(number) lost after removing k\(removed) of \(size)")
                continue
            }
            #expect(found == number)
        }
    }

    @Test func aLiteralKeyGivenTwiceKeepsItsLastValue() throws {
        let object: MustacheObject = ["a": 1, "b": 2, "a": 3]
        #expect(object.count == 2)
        #expect(object.keys == ["a", "b"])
        let template = try MustacheTemplate(source: "{{a}}{{b}}")
        #expect(try template.render(["a": 1, "b": 2, "a": 3]) == "32")
        #expect(try template.render(.object(object)) == "32")
    }

    @Test func mapValuesKeepsKeysAndLookup() {
        var object = MustacheObject()
        for number in 0..<40 { object["k\(number)"] = .int(number) }
        let doubled = object.mapValues { value in
            guard case .int(let number) = value else { return value }
            return .int(number * 2)
        }
        #expect(doubled.keys == object.keys)
        guard case .int(let found) = doubled["k39"] else {
            Issue.record("k39 missing after mapValues")
            return
        }
        #expect(found == 78)
    }

    @Test func keysAreComparedByTextNotOnlyByHash() {
        // Same length and bytes in another order: a hash that ignored order would
        // take one for the other.
        let object: MustacheObject = ["ab": "first", "ba": "second"]
        guard case .string(let ab) = object["ab"], case .string(let ba) = object["ba"] else {
            Issue.record("ab or ba missing")
            return
        }
        #expect(ab == "first")
        #expect(ba == "second")
        #expect(object["a"] == nil)
        #expect(object["abc"] == nil)
    }

    @Test func templatesFindNamesInLargeObjectsAndFallThroughToOuterOnes() throws {
        var params = MustacheObject()
        for number in 0..<300 { params["p\(number)"] = .string("v\(number)") }
        let template = try MustacheTemplate(
            source: "{{#params}}{{p0}} {{p150}} {{p299}} [{{missing}}] {{outer}}{{/params}} {{params.p7}}")
        let output = try template.render(["params": .object(params), "outer": "O", "missing": "M"])
        #expect(output == "v0 v150 v299 [M] O v7")
    }

    @Test func nonASCIIKeysMatchOnlyTheSameText() throws {
        let template = try MustacheTemplate(source: "{{café}}|{{cafe}}|{{日本}}")
        #expect(try template.render(["café": "1", "cafe": "2", "日本": "3"]) == "1|2|3")
    }

    /// Names compare as Swift strings do (and as the dictionary objects were before
    /// did): canonically equivalent spellings are one name, though their bytes differ.
    @Test(arguments: [0, 40])
    func canonicallyEquivalentNamesAreOneName(_ padding: Int) throws {
        var object = MustacheObject()
        for number in 0..<padding { object["pad\(number)"] = .int(number) }
        object["caf\u{E9}"] = "composed"
        object["K"] = "ascii K"
        let template = try MustacheTemplate(source: "{{cafe\u{301}}}|{{\u{212A}}}|{{caf\u{E9}}}")
        #expect(try template.render(.object(object)) == "composed|ascii K|composed")
        object["cafe\u{301}"] = "replaced"
        #expect(object.count == padding + 2)
        #expect(try template.render(.object(object)) == "replaced|ascii K|replaced")
    }
}
