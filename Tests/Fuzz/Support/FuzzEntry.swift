import Foundation

// The entry points libFuzzer calls. One binary holds every harness (its table, `fuzzHarnesses`, is
// written by scripts/fuzz.sh from the files in Tests/Fuzz/Harnesses); it runs the harness it is
// started as, a link named after it (`harnesses/server-sent-events`), or the one
// `COURIER_FUZZ_HARNESS` names. Started under its own name it lists its harnesses and their options.

/// The harness this process runs, chosen once, before the first input.
private let chosenHarness: FuzzHarnessEntry = chooseHarness()

private func chooseHarness() -> FuzzHarnessEntry {
    let environment = ProcessInfo.processInfo.environment["COURIER_FUZZ_HARNESS"]
    let name = environment ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent
    if let harness = fuzzHarnesses.first(where: { $0.name == name }) { return harness }
    let list = fuzzHarnesses.map { ([$0.name] + $0.options).joined(separator: " ") }.joined(separator: "\n")
    if environment == nil, name == "courier-fuzz" {
        FileHandle.standardOutput.write(Data((list + "\n").utf8))
        exit(0)
    }
    FileHandle.standardError.write(Data("courier-fuzz: no harness named \(name); there are:\n\(list)\n".utf8))
    exit(2)
}

/// Chooses the harness before libFuzzer reads its corpus.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    _ = chosenHarness.name
    return 0
}

/// Runs the chosen harness on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    chosenHarness.run(FuzzInput(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}
