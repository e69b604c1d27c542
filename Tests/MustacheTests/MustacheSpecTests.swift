@testable import Mustache
import Testing

@Suite("Mustache spec")
struct MustacheSpecTests {
    @Test(
        "spec file",
        .enabled(if: MustacheSpec.isAvailable, "../shared/specs/mustache absent: spec not run"),
        arguments: MustacheSpec.fileNames
    )
    func specFile(_ fileName: String) throws {
        let file = try MustacheSpec.load(fileName)
        var failures: [String] = []
        for test in file.tests {
            if case .failed(let reason) = MustacheSpec.run(test) {
                failures.append(test.name)
                print("mustache spec \(fileName): FAIL '\(test.name)': \(reason)")
            }
        }
        let passed = file.tests.count - failures.count
        print("mustache spec \(fileName): \(passed)/\(file.tests.count) passed")
        #expect(!file.tests.isEmpty, "\(fileName) holds no tests")
        #expect(failures.isEmpty, "\(fileName) failing tests: \(failures.joined(separator: ", "))")
    }
}
