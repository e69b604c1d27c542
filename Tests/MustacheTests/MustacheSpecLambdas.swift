import Foundation
@testable import Mustache

/// Swift equivalents of the `~lambdas.json` closures, keyed by test name.
///
/// The spec ships each lambda as source code in other languages; these
/// closures do what the Ruby/JS versions do. A fresh value is built per call
/// so the counting lambdas start from zero in every run.
enum MustacheSpecLambdas {
    static func lambda(forTest name: String) -> MustacheValue? {
        switch name {
        case "Interpolation":
            return .lambda { _ in "world" }
        case "Interpolation - Expansion":
            return .lambda { _ in "{{planet}}" }
        case "Interpolation - Alternate Delimiters":
            return .lambda { _ in "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            let calls = CallCounter()
            return .lambda { _ in String(calls.increment()) }
        case "Escaping":
            return .lambda { _ in ">" }
        case "Section":
            return .lambda { text in text == "{{x}}" ? "yes" : "no" }
        case "Section - Expansion":
            return .lambda { text in text + "{{planet}}" + text }
        case "Section - Alternate Delimiters":
            return .lambda { text in text + "{{planet}} => |planet|" + text }
        case "Section - Multiple Calls":
            return .lambda { text in "__" + text + "__" }
        case "Inverted Section":
            // The spec's lambda returns false; any lambda is truthy, so the
            // inverted section must not render whatever the closure returns.
            return .lambda { _ in "" }
        default:
            return nil
        }
    }
}

/// Shared, thread-safe call count for the "not cached" lambda tests.
///
/// Uses `NSLock` rather than `Synchronization.Mutex` so the tests also build
/// on Apple platforms below macOS 15; the lock guards the only mutable state,
/// which is what makes the `@unchecked Sendable` sound.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
