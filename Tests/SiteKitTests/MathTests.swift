import Foundation
import Markdown
import Testing
@testable import SiteKit

/// Fixtures for the math tests: Markdown bodies and their formulas.
enum MathFixtures {
    static func formulas(_ body: String, file: String = "Content/posts/math.md", firstLine: Int = 1) throws -> [MathFormula] {
        try MathCollector(file: file, body: body, firstLine: firstLine).formulas(in: document(body, firstLine: firstLine))
    }

    static func document(_ body: String, firstLine: Int = 1) throws -> MarkdownDocument {
        try PostBodyRenderer(settings: .init()).document(for: body, file: "Content/posts/math.md", firstLine: firstLine)
    }
}

@Suite("Math: finding formulas")
struct MathCollectorTests {
    @Test func findsMathBlocksAndDollarParagraphsWhereverTheyAre() throws {
        let body = """
            Intro.

            ```math
            $$ Leverage = {Impact\\;Produced \\over Time\\;invested} $$
            ```

            $$ a\\;b \\over c $$

            - item

              ```math
              \\[ x^2 \\]
              ```

            > $$ e = mc^2
            > \\quad + 1 $$

            ```math
            \\sum_i i
            ```
            """
        let found = try MathFixtures.formulas(body, firstLine: 10)
        #expect(found.map(\.tex) == [
            "Leverage = {Impact\\;Produced \\over Time\\;invested}",
            // The source, not cmark's text: `\;` is not a Markdown escape here.
            "a\\;b \\over c",
            "x^2",
            "e = mc^2\n\\quad + 1",
            "\\sum_i i",
        ])
        #expect(found.map(\.line) == [12, 16, 20, 24, 27])
        #expect(found.allSatisfy { $0.isDisplay && $0.file == "Content/posts/math.md" })
    }

    @Test func dollarsInProseAndOtherCodeAreNotMath() throws {
        let body = """
            It costs $5 and $10.

            $$5 and $$10 are prices.

            Two $$a$$ and $$b$$ in a sentence.

            ```swift
            let price = "$$ 5 $$"
            ```

                $$ indented code $$
            """
        #expect(try MathFixtures.formulas(body).isEmpty)
    }

    @Test func mathFenceIsTheInfoStringsFirstWord() {
        #expect(MathFormula.isMathFence(info: "math"))
        #expect(MathFormula.isMathFence(info: "math title=\"x\""))
        #expect(!MathFormula.isMathFence(info: "mathematica"))
        #expect(!MathFormula.isMathFence(info: "swift"))
        #expect(MathFormula.tex(fromFence: "  $$ a $$\n") == "a")
        #expect(MathFormula.tex(fromFence: "\\[\n a \n\\]\n") == "a")
        #expect(MathFormula.tex(fromFence: "a + b\n") == "a + b")
    }
}
