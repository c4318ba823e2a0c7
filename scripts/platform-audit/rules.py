"""The APIs and language features Courier may not use above its floor without a guard.

Each rule names what it finds, what guard makes it safe, and where the fact comes from. The
Platforms article (Sources/Courier/Courier.docc/Platforms.md) explains each one; keep the two in
step. Versions are the Apple releases that ship the runtime the API needs:
swiftlang/swift utils/availability-macros.def maps "SwiftStdlib 6.0" to macOS 15, iOS 18, tvOS 18,
watchOS 11, visionOS 2, and "SwiftStdlib 6.2" to the 26 releases.
"""

import re

# The deployment floor: Package.swift's `platforms`, and the oldest compiler.
FLOOR = {"macOS": 13, "iOS": 16, "tvOS": 16, "watchOS": 9, "visionOS": 1}
COMPILER_FLOOR = (6, 0)

STDLIB_5_9 = {"macOS": 14, "iOS": 17, "tvOS": 17, "watchOS": 10, "visionOS": 1}
STDLIB_6_0 = {"macOS": 15, "iOS": 18, "tvOS": 18, "watchOS": 11, "visionOS": 2}
STDLIB_6_2 = {"macOS": 26, "iOS": 26, "tvOS": 26, "watchOS": 26, "visionOS": 26}


class Rule:
    """Finds `pattern` in code (comments and strings blanked) and asks for a guard."""

    def __init__(self, name, pattern, why, available=None, compiler=None):
        self.name = name
        self.pattern = re.compile(pattern)
        self.why = why
        self.available = available  # platform -> major version an availability guard must promise
        self.compiler = compiler  # (major, minor) a `#if compiler(>=…)` must require

    def satisfied_by(self, context):
        if self.compiler and not context.compiler_at_least(self.compiler):
            return False
        if self.available and not context.available_from(self.available):
            return False
        return True


RULES = [
    Rule(
        "synchronization",
        r"\bimport\s+Synchronization\b|\b(Atomic|Mutex)\s*[<(]",
        "Synchronization's Atomic and Mutex need the Swift 6.0 runtime; use LockedValue",
        available=STDLIB_6_0,
    ),
    Rule(
        "string-validating",
        r"\bString\s*\(\s*validating:",
        "String(validating:as:) needs the Swift 6.0 runtime; use String(utf8Validating:)",
        available=STDLIB_6_0,
    ),
    Rule(
        "task-immediate",
        r"\bTask\s*\.\s*immediate\b|\baddImmediateTask\w*\b",
        "Task.immediate (SE-0472) needs a Swift 6.2 compiler and the 26 releases",
        available=STDLIB_6_2,
        compiler=(6, 2),
    ),
    Rule(
        "task-name",
        r"\bTask(\s*\.\s*detached)?\s*\(\s*name:|\baddTask\s*\(\s*name:",
        "task names (SE-0469) need a Swift 6.2 compiler",
        compiler=(6, 2),
    ),
    Rule(
        "task-executor",
        r"\b(TaskExecutor|withTaskExecutorPreference)\b|\bexecutorPreference\s*:",
        "task executors (SE-0417) need the Swift 6.0 runtime",
        available=STDLIB_6_0,
    ),
    Rule(
        "discarding-task-group",
        r"\bwith(Throwing)?DiscardingTaskGroup\b",
        "discarding task groups (SE-0381) need the Swift 5.9 runtime (macOS 14, iOS 17)",
        available=STDLIB_5_9,
    ),
    Rule(
        "task-group-inferred-result",
        r"\bwith(Throwing)?TaskGroup\s*(\{|\(\s*(returning|isolation|body)\b)",
        "a task group without `of:` (SE-0442) needs a Swift 6.1 compiler",
        compiler=(6, 1),
    ),
    Rule(
        "async-sequence-failure",
        r"\b(some|any)\s+Async(Sequence|IteratorProtocol)\s*<|\.\s*Failure\s*==|\bnext\s*\(\s*isolation\s*:",
        "AsyncSequence's Failure and next(isolation:) exist at run time from Swift 6.0 (SE-0421)",
        available=STDLIB_6_0,
    ),
    Rule(
        "nonisolated-nonsending",
        r"\bnonisolated\s*\(\s*nonsending\s*\)|@concurrent\b",
        "nonisolated(nonsending) and @concurrent (SE-0461) need a Swift 6.2 compiler",
        compiler=(6, 2),
    ),
    Rule(
        "span-inline-array",
        r"\b(InlineArray|RawSpan|MutableSpan|MutableRawSpan|Span)\s*<",
        "Span and InlineArray need a Swift 6.2 compiler and the 26 releases",
        available=STDLIB_6_2,
        compiler=(6, 2),
    ),
    Rule(
        "observations",
        r"\bObservations\s*[{(]",
        "Observations (SE-0475) needs the 26 releases",
        available=STDLIB_6_2,
    ),
    Rule(
        "nonisolated-type",
        r"\bnonisolated\s+(struct|class|enum|extension|protocol|actor|final)\b",
        "`nonisolated` on a type or extension (SE-0449) needs a Swift 6.1 compiler",
        compiler=(6, 1),
    ),
    Rule(
        "isolated-conformance",
        r"[:,]\s*@MainActor\s+[A-Z]\w*\s*[,{]",
        "isolated conformances (SE-0470) need a Swift 6.2 compiler",
        compiler=(6, 2),
    ),
    Rule(
        "raw-identifier",
        r"`[^`\n]*[^A-Za-z0-9_`\n][^`\n]*`",
        "raw identifiers (SE-0451) need a Swift 6.2 compiler",
        compiler=(6, 2),
    ),
    Rule(
        "method-key-path",
        r"\\\.\w+\(",
        "key paths to methods (SE-0479) need a Swift 6.2 compiler",
        compiler=(6, 2),
    ),
    Rule(
        "unsafe-expression",
        r"(?<!\()\bunsafe\s+[A-Za-z_&]",
        "`unsafe` expressions (SE-0458) need a Swift 6.2 compiler",
        compiler=(6, 2),
    ),
    Rule(
        "module-selector",
        r"\b[A-Za-z_]\w*::[A-Za-z_]",
        "module selectors (SE-0491) need a Swift 6.3 compiler",
        compiler=(6, 3),
    ),
    Rule(
        "weak-let",
        r"\bweak\s+let\b",
        "`weak let` (SE-0481) needs a Swift 6.2 compiler",
        compiler=(6, 2),
    ),
]

# Rules audit.py checks on whole files, by these names.
FILE_RULES = ("trailing-comma", "typed-throws-storage", "iterator-next", "test-framework-import")
TRAILING_COMMA = re.compile(r",\s*\)")  # in argument and parameter lists: SE-0439, Swift 6.1
TYPED_THROWS_FUNCTION_TYPE = re.compile(r"\)\s*(?:async\s+)?throws\s*\(\s*[A-Za-z_][\w.]*\s*\)\s*->")
DECLARATION_BEFORE_PARAMETERS = re.compile(r"(\bfunc\s+[^\s(<]+|\binit[?!]?|\bsubscript)\s*(<[^(]*>)?\s*$")
TEST_FRAMEWORK_IMPORT = re.compile(r"^\s*(@testable\s+)?import\s+(XCTest|Testing)\b", re.M)
