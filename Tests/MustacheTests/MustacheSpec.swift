import Foundation
@testable import Mustache

/// Access to the official Mustache spec JSON files, read in place from the
/// shared folder (never copied into the package).
enum MustacheSpec {
    /// Every spec file the suite expects; a file missing from the folder
    /// fails its test rather than shrinking the suite.
    static let fileNames = [
        "comments.json",
        "delimiters.json",
        "interpolation.json",
        "inverted.json",
        "partials.json",
        "sections.json",
        "~dynamic-names.json",
        "~inheritance.json",
        "~lambdas.json",
    ]

    /// `$SITEGEN_SHARED/specs/mustache` when that variable is set, otherwise
    /// `<package root>/../shared/specs/mustache` with the package root found
    /// from this file's own path.
    static let directory: URL = {
        if let shared = ProcessInfo.processInfo.environment["SITEGEN_SHARED"], !shared.isEmpty {
            return URL(fileURLWithPath: shared).appendingPathComponent("specs/mustache").standardizedFileURL
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // MustacheTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        return packageRoot.appendingPathComponent("../shared/specs/mustache").standardizedFileURL
    }()

    static let isAvailable: Bool = {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }()

    struct File: Decodable {
        var tests: [Test]
    }

    struct Test: Decodable {
        var name: String
        var data: JSONValue
        var template: String
        var partials: [String: String]?
        var expected: String
    }

    static func load(_ fileName: String) throws -> File {
        let data = try Data(contentsOf: directory.appendingPathComponent(fileName))
        return try JSONDecoder().decode(File.self, from: data)
    }

    enum Outcome {
        case passed
        case failed(String)
    }

    /// Runs one spec test through a non-strict library, as the spec assumes
    /// missing partials render empty.
    static func run(_ test: Test) -> Outcome {
        do {
            let context = try test.data.mustacheValue(lambdaFor: test.name)
            let library = try MustacheLibrary(sources: test.partials ?? [:])
            let template = try MustacheTemplate(source: test.template, name: test.name)
            let output = try template.render(context, partials: library)
            if output == test.expected { return .passed }
            return .failed("expected \(String(reflecting: test.expected)), got \(String(reflecting: output))")
        } catch {
            return .failed("threw \(error)")
        }
    }
}

/// JSON as the spec files hold it; numbers keep the int/double distinction
/// so `85` prints as `85` and `1.21` as `1.21`.
enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    struct MissingLambda: Error, CustomStringConvertible {
        var testName: String
        var description: String { "no Swift closure mapped for lambda test '\(testName)'" }
    }

    /// Converts to a context value. Spec lambdas are objects tagged
    /// `"__tag__": "code"` holding source in other languages; each is replaced
    /// by the Swift closure that `MustacheSpecLambdas` maps to the test name.
    func mustacheValue(lambdaFor testName: String) throws -> MustacheValue {
        switch self {
        case .null: return .null
        case .bool(let bool): return .bool(bool)
        case .int(let int): return .int(int)
        case .double(let double): return .double(double)
        case .string(let string): return .string(string)
        case .array(let array): return .array(try array.map { try $0.mustacheValue(lambdaFor: testName) })
        case .object(let object):
            if case .string("code") = object["__tag__"] {
                guard let lambda = MustacheSpecLambdas.lambda(forTest: testName) else {
                    throw MissingLambda(testName: testName)
                }
                return lambda
            }
            return .object(MustacheObject(try object.mapValues { try $0.mustacheValue(lambdaFor: testName) }))
        }
    }
}
