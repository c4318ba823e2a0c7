/// One libFuzzer harness: a parser of untrusted bytes, run on one input at a time.
///
/// Every check a harness makes with `precondition` states a property of the code under test, so a
/// failed check is a finding, as a crash, a leak, a timeout or running out of memory are.
protocol FuzzHarness: Sendable {
    /// The name of the harness's corpus (`Tests/Fuzz/Corpus/<name>`), dictionary
    /// (`Tests/Fuzz/Dictionaries/<name>.dict`) and binary (`.build-fuzz/<config>/harnesses/<name>`).
    static var name: String { get }
    /// libFuzzer options of this harness's own (`-max_len=…`), added to scripts/fuzz.sh's.
    static var options: [String] { get }
    /// Runs the code under test on `input`.
    static func run(_ input: FuzzInput)
}

extension FuzzHarness {
    /// No options of its own.
    static var options: [String] { [] }
}

/// A harness as the binary's table lists it.
struct FuzzHarnessEntry: Sendable {
    let name: String
    let options: [String]
    let run: @Sendable (FuzzInput) -> Void

    init<Harness: FuzzHarness>(_ harness: Harness.Type) {
        name = Harness.name
        options = Harness.options
        run = { Harness.run($0) }
    }
}
