import Foundation
import SiteKit
import Support

/// One post's walk for `--suggest` (see ``SnippetSuggester``): its blocks settled in order,
/// each with the words that make it compile, or classified.
struct PostWalk {
    var blocks: [SnippetBlock]
    var compiler: ProgramCompiler
    var assembler: SnippetAssembler
    var tryFoundation: Bool
    /// Blocks with a syntax error wherever they go (``SnippetSyntaxCheck``), by its key.
    var syntaxErrors: [String: [SuggestionClassifier.Message]]
    /// Modules no program here can import: a block importing one is settled without a
    /// compile, and left out of the others' (a missing module stops type checking).
    var unavailableModules: Set<String>

    /// The blocks settled so far, as `--write` leaves them: with the words suggested for
    /// them, and a block without a suggestion as it is, so a copy of its program copies it.
    private var decided: [SnippetBlock] = []
    /// Programs suggested for blocks that compile on their own, newest last, with their size.
    private var newPrograms: [(name: String, blocks: Int)] = []
    private var suggestions: [SnippetSuggestion] = []
    /// What blocks left out by a suggestion (a skip, `platform=apple`) declare.
    private var settledNames: [String: SnippetSuggestion] = [:]
    /// Blocks settled before the walk, as written, by fence line.
    private var presettled: [Int: SnippetBlock] = [:]

    init(blocks: [SnippetBlock], compiler: ProgramCompiler, assembler: SnippetAssembler, tryFoundation: Bool,
         syntaxErrors: [String: [SuggestionClassifier.Message]], unavailableModules: Set<String>) {
        (self.blocks, self.compiler, self.assembler, self.tryFoundation) = (blocks, compiler, assembler, tryFoundation)
        (self.syntaxErrors, self.unavailableModules) = (syntaxErrors, unavailableModules)
    }

    private func importsUnavailable(_ block: SnippetBlock) -> Bool {
        block.attributes.skipReason == nil && !block.attributes.needsAppleSDK
            && SuggestionClassifier.importedModules(block.code).contains(where: unavailableModules.contains)
    }

    mutating func run() -> [SnippetSuggestion] {
        // Blocks that fail wherever they go (a syntax error of their own, an import of a module
        // not here) are settled first, with no compile: the walk then never compiles them.
        for block in blocks where !Self.hasAuthorsWords(block) && (syntaxErrors[SnippetSyntaxCheck.key(block)] != nil || importsUnavailable(block)) {
            settle(block, messages: [], after: [], presettling: true)
        }
        var remaining = blocks.map { presettled[$0.fenceLine] ?? $0 }[...]
        let early = presettled
        let unsettled = { (block: SnippetBlock, results: [Int: SnippetResult]) in
            (results[block.fenceLine]?.isFailure ?? false) && early[block.fenceLine] == nil
        }
        while !remaining.isEmpty {
            // The first block that fails with the blocks before it and none after it: a later
            // block can make earlier uses of a name ambiguous, and an error such as a missing
            // module stops the compiler before it reports the errors of the blocks before it.
            var end = remaining.endIndex
            var failing: (index: Int, result: SnippetResult?)?
            // The blocks that fail with every block after them too.
            var failingWithAll: Set<Int> = []
            while true {
                let results = compile(decided + remaining[..<end])
                if end == remaining.endIndex {
                    failingWithAll = Set(results.values.filter(\.isFailure).map(\.block.fenceLine))
                    // Blocks whose own code is the error wherever they go are settled together: one
                    // compile then finds what fails without all of them.
                    let hopeless = remaining.filter { unsettled($0, results) && isHopelessAsWritten($0, Self.messages(results[$0.fenceLine])) }
                    if !hopeless.isEmpty {
                        for block in hopeless { settle(block, messages: Self.messages(results[block.fenceLine]), after: [], presettling: true) }
                        remaining = remaining.map { presettled[$0.fenceLine] ?? $0 }[...]
                        end = remaining.endIndex
                        continue
                    }
                }
                guard let first = remaining[..<end].firstIndex(where: { unsettled($0, results) }) else { break }
                let result = results[remaining[first].fenceLine]
                // A missing module ends type checking: the blocks before it are checked without it.
                if first > remaining.startIndex, Self.messages(result).contains(where: { $0.id == "sema_no_import" }) {
                    let before = compile(decided + remaining[..<first])
                    if let earlier = remaining[..<first].firstIndex(where: { unsettled($0, before) }) {
                        end = earlier + 1
                        continue
                    }
                }
                // Only some errors can come from a later block (a redeclaration, an ambiguity, a
                // missing module that stops type checking): for the others the blocks after it
                // need no compile without them.
                let missingModule = results.values.contains { Self.messages($0).contains { $0.id == "sema_no_import" } }
                if first == end - 1 || !Self.mayComeFromLaterBlocks(result) && !missingModule {
                    failing = (first, result)
                    break
                }
                end = first + 1
            }
            guard let failing else {
                decided += remaining[..<end]
                remaining = remaining[end...]
                continue
            }
            decided += remaining[..<failing.index]
            let block = remaining[failing.index]
            remaining = remaining[(failing.index + 1)...]
            let followers = remaining.prefix { Self.mayFollowAsMember($0, of: block) && failingWithAll.contains($0.fenceLine) && early[$0.fenceLine] == nil
                && syntaxErrors[SnippetSyntaxCheck.key($0)] == nil && !importsUnavailable($0) }
            let settledFollowers = settle(block, messages: Self.messages(failing.result), after: remaining, followers: Array(followers))
            remaining = remaining.dropFirst(settledFollowers)
        }
        // A new program of one block is written `isolated`.
        suggestions = suggestions.sorted { $0.block.fenceLine < $1.block.fenceLine }.map { suggestion in
            guard let name = Self.programName(suggestion.words), !suggestion.words.contains("from="),
                  newPrograms.first(where: { $0.name == name })?.blocks == 1 else { return suggestion }
            var single = suggestion
            single.words = "isolated"
            single.newInfo = FenceRewriter.info(suggestion.block.info, adding: ["isolated"])
            return single
        }
        return proven(suggestions)
    }

    /// The suggestions that make their blocks pass once written: the post as `--write` leaves
    /// it is compiled, and a suggestion whose block does not pass so is withdrawn, until every
    /// one left passes. A block that a block without a suggestion (a real error, which stays
    /// after `--write`) leaves unproven in its program is withdrawn too, saying which block and
    /// where; when only such members are withdrawn, their programs fail either way and no
    /// suggestion left copies them, so the post needs no compile again. One that passed with
    /// a suggestion withdrawn before it (a copy of its program, say) is withdrawn saying so.
    private func proven(_ suggestions: [SnippetSuggestion]) -> [SnippetSuggestion] {
        var suggestions = suggestions
        // The blocks that passed in the last round, and what that round withdrew.
        var passed: Set<Int> = []
        var lastWithdrawn: [String] = []
        for _ in 0..<suggestions.count {
            let byLine = Dictionary(suggestions.map { ($0.block.fenceLine, $0) }) { first, _ in first }
            let written = blocks.map { block -> SnippetBlock in
                guard let suggestion = byLine[block.fenceLine], !suggestion.words.isEmpty else { return block }
                let annotated = Self.with(block, suggestion.words.split(separator: " ").map(String.init))
                return suggestion.needsFoundation ? Self.withFoundation(annotated) : annotated
            }
            let results = compile(written)
            var withdrawn: [String] = []
            var described: [String] = []
            // Whether what is withdrawn changes no other block's result: each is a member left
            // unproven by a real error, which stays in its program without its words.
            var settled = true
            for index in suggestions.indices where suggestions[index].kind == .compiles {
                let suggestion = suggestions[index]
                let result = results[suggestion.block.fenceLine]
                guard !(result?.isPassed ?? false) else { continue }
                let reason: String
                if passed.contains(suggestion.block.fenceLine) {
                    reason = "`\(suggestion.words)` passes only with the words suggested for \(lastWithdrawn.joined(separator: ", ")), "
                        + "which are not given (see there): once they are, run --suggest again"
                    settled = false
                } else if let result, let error = Self.realError(leavingUnproven: result, results, byLine) {
                    reason = "not proven: its program `\(result.program)` does not compile because the block at line "
                        + "\(error.block) has a real error (\(error.place): \(error.message)); as `\(suggestion.words)` it has no "
                        + "error of its own: fix that block, then run --suggest again"
                    settled = settled && suggestion.words.split(separator: " ").allSatisfy { $0.hasPrefix("member-of=") }
                        && (suggestion.block.attributes.program ?? "main") == result.program
                } else {
                    reason = "`\(suggestion.words)` compiles alone but not once the post's other suggestions are written "
                        + "(\(Self.why(result))): a real error? fix the code"
                    settled = false
                }
                suggestions[index] = SnippetSuggestion(block: suggestion.block, kind: .none, words: "", reason: reason)
                withdrawn.append(result?.program ?? "")
                described.append("line \(suggestion.block.fenceLine) (`\(suggestion.words)`)")
            }
            if withdrawn.isEmpty { break }
            passed = Set(results.values.filter(\.isPassed).map(\.block.fenceLine))
            lastWithdrawn = described
            let copied = Set(suggestions.compactMap { suggestion in
                suggestion.words.split(separator: " ").first { $0.hasPrefix("from=") }.map { String($0.dropFirst("from=".count)) }
            })
            if settled && copied.isDisjoint(with: withdrawn) { break }
        }
        return suggestions
    }

    /// The block without a suggestion whose error leaves `result`'s block unproven: the first
    /// that fails in its program (nil when one that fails has a suggestion, withdrawn next).
    static func realError(leavingUnproven result: SnippetResult, _ results: [Int: SnippetResult],
                          _ suggestions: [Int: SnippetSuggestion]) -> (block: Int, place: String, message: String)? {
        guard result.isNotProven else { return nil }
        let failing = results.values.filter { $0.program == result.program && $0.isFailure }.sorted { $0.block.fenceLine < $1.block.fenceLine }
        guard let first = failing.first, failing.allSatisfy({ suggestions[$0.block.fenceLine]?.kind != .compiles }),
              case .failed(let diagnostics) = first.outcome, let diagnostic = diagnostics.first else { return nil }
        let place = diagnostic.location.map { "\(diagnostic.file):\($0.line):\($0.column)" } ?? diagnostic.file
        return (first.block.fenceLine, place, messages(first).first?.text ?? diagnostic.message)
    }

    /// Settles `block`, the first that fails; `after` are the blocks after it, not settled yet.
    /// With `presettling`, `block` is settled before the walk, and kept in ``presettled``.
    /// `followers`, the blocks right after it that fail and read as members too, are tried as
    /// members of the same type in the same compile when `block` is; the count of those
    /// settled so (all or none) is returned.
    @discardableResult
    private mutating func settle(_ block: SnippetBlock, messages firstMessages: [SuggestionClassifier.Message],
                                 after: ArraySlice<SnippetBlock>, followers: [SnippetBlock] = [], presettling: Bool = false) -> Int {
        guard !Self.hasAuthorsWords(block) else {
            suggestions.append(SnippetSuggestion(block: block, kind: .none, words: "",
                                                 reason: "its fence words (fails=, run, module=, from=) are the author's; fix the code or them"))
            decided.append(block)
            return 0
        }
        let syntaxError = syntaxErrors[SnippetSyntaxCheck.key(block)]
        var messages = (syntaxError ?? []) + firstMessages
        // Errors no program around the block can mend: trying other ways is wasted.
        let hopeless = syntaxError != nil || importsUnavailable(block) || messages.contains { $0.id.map(Self.contextFreeErrors.contains) ?? false }
            || missingAppleName(messages) != nil
        // A way in which the block has no error of its own, in a program an earlier block breaks.
        var blocked: (words: String, why: String)?
        let ways: (list: [Candidate], deferred: Candidate?) = hopeless ? ([], nil) : candidates(for: block, messages: messages)
        for candidate in ways.list {
            if !followers.isEmpty, let count = settleWithFollowers(candidate, block, followers: followers, after: after) {
                return count
            }
            let trial = candidate.foundation ? Self.withFoundation(candidate.block) : candidate.block
            // Only the block's program, with the blocks after it: then the compile that proves a
            // way is the one the walk's next step makes. Judged without them when they may
            // change its result.
            var results = compile(decided + [trial] + after, judging: block.fenceLine)
            var withLater = !after.isEmpty
            if withLater, Self.needsJudgingAlone(block, results) {
                results = compile(decided + [trial], judging: block.fenceLine)
                withLater = false
            }
            let result = results[block.fenceLine]
            // Not proven only because a later block fails: that block is settled next, and
            // `proven` compiles the post as written in the end.
            let onlyLaterFail = withLater && (result?.isNotProven ?? false)
                && !results.values.contains { $0.isFailure && $0.block.fenceLine < block.fenceLine }
            if result?.isPassed ?? false || onlyLaterFail {
                accept(candidate, block)
                return 0
            }
            // A member stays in the program it is in, which an earlier block without a suggestion
            // (a real error, reported) leaves unproven whatever this block's words: the walk goes
            // on with it there, and `proven` gives it only if the post as written proves it (a
            // missing module would also hide this block's own errors).
            if candidate.words.allSatisfy({ $0.hasPrefix("member-of=") }), results[block.fenceLine]?.isNotProven ?? false,
               !results.values.contains(where: { Self.messages($0).contains { $0.id == "sema_no_import" } }) {
                accept(candidate, block)
                return 0
            }
            if case .notProven(let why) = results[block.fenceLine]?.outcome, blocked == nil {
                blocked = (candidate.words.joined(separator: " "), why)
            }
            // Spliced into a type, statements read as broken declarations: no evidence of what the block is.
            if !candidate.words.contains(where: { $0.hasPrefix("member-of=") }) { messages += Self.messages(results[block.fenceLine]) }
        }
        let found = SuggestionClassifier.classify(code: block.code, messages: messages, syntaxError: syntaxError != nil)
        // Never a skip for a block that compiles some way.
        if found != nil, let alone = ways.deferred, compile(decided + [alone.block], judging: block.fenceLine)[block.fenceLine]?.isPassed ?? false {
            accept(alone, block)
            return 0
        }
        var kind: SnippetSuggestion.Kind
        var words: String
        var reason: String
        switch found {
        case .placeholder(let why): (kind, words, reason) = (.skip, "skip(placeholder)", why)
        case .outline(let why): (kind, words, reason) = (.skip, "skip(API outline without bodies)", why)
        case .obsolete(let why): (kind, words, reason) = (.skip, "skip(obsolete syntax)", why)
        case .apple(let why): (kind, words, reason) = (.apple, "platform=apple", why)
        case nil where syntaxError != nil:
            (kind, words, reason) = (.none, "", "a syntax error wherever the block goes (\(messages[0].text)): fix the code")
        case nil:
            let first = firstMessages.first?.text ?? messages.first?.text ?? "it does not compile"
            (kind, words, reason) = (.none, "", "no way found to compile it (\(first)): a real error? fix the code")
            if let blocked {
                reason = "no error of its own as `\(blocked.words)`, but that program does not compile (\(blocked.why)): fix that block first"
            } else if usesXCTest(messages), compile(decided + [Self.importing("XCTest", Self.with(block, ["isolated"]))])[block.fenceLine]?.isPassed ?? false {
                reason = "it uses XCTest, which Linux has too, without importing it: compiles on its own with `import XCTest`; add the import to the block"
            }
        }
        if kind == .none, syntaxError == nil, let source = dependency(of: block, messages: messages) {
            (kind, words) = (source.suggestion.kind, source.suggestion.words)
            reason = "\(source.how), which the block at line \(source.suggestion.block.fenceLine) declares: \(source.suggestion.reason)"
        }
        let suggestion = SnippetSuggestion(block: block, kind: kind, words: words, reason: reason,
                                           newInfo: words.isEmpty ? nil : FenceRewriter.info(block.info, adding: [words]))
        suggestions.append(suggestion)
        // As written: a skip or `platform=apple` leaves it out; without a suggestion it stays and fails.
        let written = words.isEmpty ? block : Self.with(block, [words])
        if presettling { presettled[block.fenceLine] = written } else { decided.append(written) }
        if kind != .none {
            for name in SwiftSourceScanner(block.code).declaredNames() { settledNames[name] = suggestion }
        }
        return 0
    }

    /// Tries `candidate`, a member of a type, for `block` and for each of `followers` at once
    /// (one compile where a post adds one member after another). When none of them has an
    /// error of its own there, all are accepted, each as it would be alone: passed, or not
    /// proven only because a block after it fails, or not proven because of an earlier block
    /// without a suggestion (a member stays in its program whatever its words; `proven` gives
    /// it only if the post as written proves it); their count is returned. Else nil: each is
    /// tried on its own, as before.
    private mutating func settleWithFollowers(_ candidate: Candidate, _ block: SnippetBlock, followers: [SnippetBlock],
                                              after: ArraySlice<SnippetBlock>) -> Int? {
        guard !candidate.foundation, candidate.words.count == 1, candidate.words[0].hasPrefix("member-of=") else { return nil }
        let members = followers.map { Self.with($0, candidate.words) }
        let results = compile(decided + [candidate.block] + members + after.dropFirst(followers.count), judging: block.fenceLine)
        let all = [(block, candidate)] + zip(followers, members).map { ($0, Candidate(block: $1, words: candidate.words, reason: candidate.reason)) }
        guard !results.values.contains(where: { Self.messages($0).contains { $0.id == "sema_no_import" } }),
              all.allSatisfy({ results[$0.0.fenceLine]?.isPassed ?? false || results[$0.0.fenceLine]?.isNotProven ?? false }) else { return nil }
        for (member, way) in all { accept(way, member) }
        return followers.count
    }

    /// Whether `follower`, right after `block`, may be one more member of the type `block` is
    /// tried in: it reads as members and has no words but the same program's.
    static func mayFollowAsMember(_ follower: SnippetBlock, of block: SnippetBlock) -> Bool {
        var plain = SnippetAttributes()
        plain.program = block.attributes.program
        return follower.attributes == plain && consistsOfMembers(follower.code)
    }

    /// Whether every line of the code outside brackets declares a member (`var store =
    /// Store()` does, `store.add(x)` after it does not): members only, no statements.
    static func consistsOfMembers(_ code: String) -> Bool {
        let lines = SwiftSourceScanner(code).topLevelLines()
        return !lines.isEmpty && lines.allSatisfy(looksLikeMembers)
    }

    /// The skipped or Apple-only block a block needs, when none of its own code says why it
    /// fails: the messages name what that block declares, or it is a member of that block's type.
    private func dependency(of block: SnippetBlock, messages: [SuggestionClassifier.Message]) -> (suggestion: SnippetSuggestion, how: String)? {
        for message in messages {
            for name in message.text.split(separator: "'").enumerated().filter({ $0.offset % 2 == 1 }).map({ String($0.element) }) {
                if let source = settledNames[name] { return (source, "it uses `\(name)`") }
            }
        }
        guard Self.isOutsideAType(messages) else { return nil }
        let program = block.attributes.program ?? "main"
        guard let owner = decided.last(where: { ($0.attributes.program ?? "main") == program && !Self.typeNames($0.code).isEmpty }),
              let type = Self.typeNames(owner.code).last, let source = settledNames[type] else { return nil }
        return (source, "it is a member of `\(type)`")
    }

    /// Errors a member shows outside its type: a name of the type not found, `mutating` at
    /// the top level, two stores' members of one name meeting there.
    static let memberOutsideItsTypeIDs: Set<String> = ["cannot_find_in_scope", "cannot_find_type_in_scope",
                                                       "mutating_invalid_global_scope", "invalid_redecl", "could_not_find_value_member"]

    /// Whether what fails may mend inside a type: no error known yet, or one a member shows
    /// outside its type. A wrong type or a typo in the block's own code fails inside any type.
    static func mayBeMember(_ messages: [SuggestionClassifier.Message]) -> Bool {
        let outside = ["may only be declared", "only valid on", "outside of", "on a type", "instance member"]
        return messages.isEmpty || isOutsideAType(messages) || messages.contains { message in
            message.id.map(memberOutsideItsTypeIDs.contains) ?? false || outside.contains { message.text.contains($0) }
        }
    }

    /// A member written outside its type, by what the compiler says of it.
    static func isOutsideAType(_ messages: [SuggestionClassifier.Message]) -> Bool {
        let outsideAType = ["can only be specified on class members", "outside of class members", "may only be declared within a type",
                            "cannot find 'self' in scope", "cannot find 'super' in scope", "'super' cannot be used outside of class members"]
        return messages.contains { message in outsideAType.contains { message.text.contains($0) } }
    }

    /// Whether a trial compiled with the blocks after it says nothing sure of its block: the
    /// compiler stopped at a missing module, or the block's errors may come from a later block.
    /// (Later blocks add errors, never take one away: a block not proven with an earlier
    /// block failing is not proven without the later ones too.)
    static func needsJudgingAlone(_ block: SnippetBlock, _ results: [Int: SnippetResult]) -> Bool {
        let result = results[block.fenceLine]
        if results.values.contains(where: { messages($0).contains { $0.id == "sema_no_import" } }) { return true }
        return (result?.isFailure ?? false) && mayComeFromLaterBlocks(result)
    }

    /// Whether a block's errors may be caused by a block after it in the same program.
    static func mayComeFromLaterBlocks(_ result: SnippetResult?) -> Bool {
        let words = ["ambiguous", "redeclaration", "redeclared", "before its declaration", "conflicts with", "previously"]
        return messages(result).contains { message in words.contains { message.text.contains($0) } }
    }

    /// `fails=`, `run`, `module=`, `from=`: the author's words, which `--suggest` does not change.
    static func hasAuthorsWords(_ block: SnippetBlock) -> Bool {
        let attributes = block.attributes
        return attributes.expectedFailure != nil || attributes.run || attributes.module != nil || attributes.base != nil
    }

    /// Whether the compiler could not find a name of XCTest (`XCTestCase`, `XCTAssertEqual`).
    private func usesXCTest(_ messages: [SuggestionClassifier.Message]) -> Bool {
        messages.contains { $0.text.hasPrefix("cannot find") && $0.text.contains("'XCT") && !$0.text.contains("'XCUI") }
    }

    /// Whether `block`, failing with `messages`, tries no way (see ``settle``) and is classified
    /// as a skip or `platform=apple` by its own code and messages, so it can be settled before
    /// the blocks before it.
    private func isHopelessAsWritten(_ block: SnippetBlock, _ messages: [SuggestionClassifier.Message]) -> Bool {
        guard !Self.hasAuthorsWords(block), messages.contains(where: { $0.id.map(Self.contextFreeErrors.contains) ?? false })
                || missingAppleName(messages) != nil else { return false }
        return SuggestionClassifier.classify(code: block.code, messages: messages, syntaxError: false) != nil
    }

    /// A name of an Apple framework (``AppleOnlyAPI``: a type such as `UIView`, an attribute
    /// such as `@Published`) the compiler did not find and no block of the post declares: no
    /// program here has it, so no way is tried.
    private func missingAppleName(_ messages: [SuggestionClassifier.Message]) -> String? {
        for message in messages {
            let quoted = message.text.split(separator: "'", omittingEmptySubsequences: false)
            guard quoted.count >= 3 else { continue }
            let name = String(quoted[1])
            let apple = switch message.id {
            case "cannot_find_in_scope", "cannot_find_type_in_scope": AppleOnlyAPI.isTypeName(name)
            case "unknown_attr_name": AppleOnlyAPI.attributes.contains(name)
            default: false
            }
            if apple && !blocks.contains(where: { Self.declares($0.code, name) }) { return name }
        }
        return nil
    }

    /// Whether `code` declares `name` anywhere, nested too (`struct Published`, `class UIView`).
    static func declares(_ code: String, _ name: String) -> Bool {
        let words = code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        let keywords: Set<Substring> = ["class", "struct", "enum", "protocol", "actor", "typealias", "func", "var", "let", "case"]
        return zip(words, words.dropFirst()).contains { keywords.contains($0) && $1 == name }
    }

    /// A missing module, an editor placeholder, a declaration without a body, Swift 1–3 syntax,
    /// a renamed API or Objective-C interoperability (which Linux's compiler has not): the
    /// block's own text is the error wherever it goes.
    static let contextFreeErrors = Set(["sema_no_import", "lex_editor_placeholder", "objc_interop_disabled"])
        .union(SuggestionClassifier.outlineIDs).union(SuggestionClassifier.obsoleteIDs)

    private struct Candidate {
        var block: SnippetBlock
        var words: [String]
        var reason: String
        var foundation = false
        /// The new program it starts, if any.
        var newProgram: String?
    }

    /// The ways to try, most likely first: a later version when the block redeclares a name,
    /// a member of an earlier type when it reads as members, the program the block before it
    /// started, then on its own (not when a name it uses is missing: alone it sees fewer).
    private func candidates(for block: SnippetBlock, messages: [SuggestionClassifier.Message]) -> (list: [Candidate], deferred: Candidate?) {
        var list: [Candidate] = []
        var deferred: Candidate?
        let program = block.attributes.program ?? "main"
        if messages.contains(where: { $0.id == "invalid_redecl" }) {
            let name = freshName("v")
            list.append(Candidate(block: Self.with(block, ["program=\(name)", "from=\(program)"]), words: ["program=\(name)", "from=\(program)"],
                                  reason: "a later version of a declaration: compiles as a copy of program `\(program)` with it replaced",
                                  newProgram: name))
        }
        if Self.looksLikeMembers(block.code) && Self.mayBeMember(messages) {
            let types = decided.filter { ($0.attributes.program ?? "main") == program && $0.attributes.memberOf == nil && !$0.attributes.isolated
                && $0.attributes.skipReason == nil && !$0.attributes.needsAppleSDK }
                .reversed().flatMap { Self.typeNames($0.code) }
            var seen = Set<String>()
            for type in types where seen.insert(type).inserted && seen.count <= 3 {
                list.append(Candidate(block: Self.with(block, ["member-of=\(type)"]), words: ["member-of=\(type)"],
                                      reason: "compiles as a member of \(type), which an earlier block declares"))
            }
        }
        // A member outside its type is one in any program but in its type.
        if Self.isOutsideAType(messages) { return (list, nil) }
        if let last = newPrograms.last {
            list.append(Candidate(block: Self.with(block, ["program=\(last.name)"]), words: ["program=\(last.name)"],
                                  reason: "compiles after the block before it, in the program of its own that block starts"))
        }
        let name = freshName("example")
        let missingName = messages.contains { $0.id == "cannot_find_in_scope" || $0.id == "cannot_find_type_in_scope" }
        if !missingName {
            let alone = Candidate(block: Self.with(block, ["program=\(name)"]), words: ["program=\(name)"],
                                  reason: "compiles on its own", newProgram: name)
            // Alone it can pass only if what fails is its meeting with earlier blocks: a name
            // they declare, a redeclaration, an ambiguity. Else it is tried only before a skip.
            let earlier = decided.filter { ($0.attributes.program ?? "main") == program }
                .reduce(into: Set<String>()) { $0.formUnion(SwiftSourceScanner($1.code).declaredNames()) }
            let contextual = messages.contains { message in
                message.id == "invalid_redecl" || message.text.contains("ambiguous")
                    || message.text.split(separator: "'").enumerated().contains { $0.offset % 2 == 1 && earlier.contains(String($0.element)) }
            }
            if contextual { list.append(alone) } else { deferred = alone }
        }
        if tryFoundation, missingName {
            list.append(Candidate(block: Self.with(block, ["program=\(name)"]), words: ["program=\(name)"],
                                  reason: "compiles on its own with `import Foundation`: add it to Content/snippets/prelude.swift",
                                  foundation: true, newProgram: name))
        }
        return (list, deferred)
    }

    private mutating func accept(_ candidate: Candidate, _ block: SnippetBlock) {
        if let name = candidate.newProgram {
            newPrograms.append((name, 1))
        } else if let name = Self.programName(candidate.words.joined(separator: " ")),
                  let index = newPrograms.firstIndex(where: { $0.name == name }) {
            newPrograms[index].blocks += 1
        }
        let words = candidate.words.joined(separator: " ")
        suggestions.append(SnippetSuggestion(block: block, kind: .compiles, words: words, reason: candidate.reason,
                                             newInfo: FenceRewriter.info(block.info, adding: candidate.words), needsFoundation: candidate.foundation))
        decided.append(candidate.foundation ? Self.withFoundation(candidate.block) : candidate.block)
    }

    private func freshName(_ stem: String) -> String {
        let used = Set(blocks.compactMap(\.attributes.program) + newPrograms.map(\.name))
        var number = 2
        while used.contains("\(stem)\(number)") { number += 1 }
        return "\(stem)\(number)"
    }

    /// Each block's result by fence line, compiling the programs `blocks` assemble into; with
    /// `judging`, only the program of the block at that line (and the post's modules).
    private func compile(_ blocks: [SnippetBlock], judging line: Int? = nil) -> [Int: SnippetResult] {
        var programs = assembler.assemble(blocks).programs
        if let line {
            programs = programs.filter { program in
                if case .module = program.kind { return true }
                return program.blocks.contains { $0.fenceLine == line }
            }
        }
        var byLine: [Int: SnippetResult] = [:]
        for result in compiler.compilePost(programs) { byLine[result.block.fenceLine] = result }
        return byLine
    }

    /// What a result that is not a pass says: its first error, or why it is not proven.
    static func why(_ result: SnippetResult?) -> String {
        switch result?.outcome {
        case .notProven(let reason): return reason
        case .failed: return messages(result).first?.text ?? "it fails"
        case .skipped(let reason): return "skipped: \(reason)"
        default: return "not compiled"
        }
    }

    static func messages(_ result: SnippetResult?) -> [SuggestionClassifier.Message] {
        guard case .failed(let diagnostics) = result?.outcome else { return [] }
        return diagnostics.map { diagnostic in
            var text = diagnostic.message
            var id: String?
            if text.hasSuffix("]"), let open = text.range(of: " [", options: .backwards) {
                id = String(text[open.upperBound..<text.index(before: text.endIndex)])
                text = String(text[..<open.lowerBound])
            }
            return SuggestionClassifier.Message(id: id, text: text)
        }
    }

    static func withFoundation(_ block: SnippetBlock) -> SnippetBlock {
        importing("Foundation", block)
    }

    static func importing(_ module: String, _ block: SnippetBlock) -> SnippetBlock {
        var copy = block
        // On the fence line, so the code keeps its lines.
        copy.code = "import \(module); " + block.code
        return copy
    }

    /// The block with its program words replaced by `words`.
    static func with(_ block: SnippetBlock, _ words: [String]) -> SnippetBlock {
        var copy = block
        copy.info = FenceRewriter.info(block.info, adding: words)
        copy.attributes = (try? SnippetAttributes.parse(copy.info)) ?? block.attributes
        return copy
    }

    static func programName(_ words: String) -> String? {
        words.split(separator: " ").first { $0.hasPrefix("program=") }.map { String($0.dropFirst("program=".count)) }
    }

    /// Its first line declares a member: `func`, `var`, `init`, `override`, an attribute, ...
    static func looksLikeMembers(_ code: String) -> Bool {
        let first = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("//") } ?? ""
        let words = first.split(separator: " ")
        let word = words.first.map { $0.prefix { $0.isLetter } } ?? ""
        // `class func` and `class var` are members; `class Name` is a type of its own.
        if word == "class" { return words.count > 1 && ["func", "var", "let"].contains(words[1]) }
        return ["func", "var", "let", "init", "deinit", "override", "static", "private", "fileprivate", "public", "internal",
                "open", "required", "convenience", "mutating", "lazy", "weak", "subscript", "case", "final"].contains(String(word))
            || first.hasPrefix("@")
    }

    /// The types a block declares with a body.
    static func typeNames(_ code: String) -> [String] {
        let scanner = SwiftSourceScanner(code)
        return scanner.topLevelDeclarations().map(\.name).filter { !$0.hasPrefix("extension ") && scanner.closingBrace(ofType: $0) != nil }
    }
}
