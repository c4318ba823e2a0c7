// courier-yaml-json: reads YAML files with Courier's YAML reader and writes them as JSON, with
// the time each read took. A development tool (in no product): scripts/yaml-compare.py runs it
// to compare the reader with PyYAML on real documents.
//
//     swift build -c release --product courier-yaml-json
//     .build/release/courier-yaml-json [--repeat N] IN.yaml OUT.json [IN2.yaml OUT2.json …]
//
// For each pair it prints `IN.yaml<TAB>bytes<TAB>milliseconds` (the fastest of N reads, 1 by
// default) and writes the first document as JSON: object members in document order, numbers as
// the reader keeps them. An error is printed as `IN.yaml<TAB>error<TAB>line L, column C: …`.
import CourierOpenAPIKit
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var repeats = 1
if arguments.first == "--repeat", arguments.count > 1, let count = Int(arguments[1]), count > 0 {
    repeats = count
    arguments.removeFirst(2)
}
guard !arguments.isEmpty, arguments.count.isMultiple(of: 2) else {
    FileHandle.standardError.write(Data("usage: courier-yaml-json [--repeat N] IN.yaml OUT.json …\n".utf8))
    exit(2)
}
var failed = false
for pair in stride(from: 0, to: arguments.count, by: 2) {
    let (input, output) = (arguments[pair], arguments[pair + 1])
    guard let bytes = FileManager.default.contents(atPath: input) else {
        print("\(input)\terror\tcannot read the file")
        failed = true
        continue
    }
    var fastest = Double.infinity
    var value: DocumentValue = .null
    do {
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            value = try YAMLReader.read(bytes)
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
    } catch {
        print("\(input)\terror\t\(error)")
        failed = true
        continue
    }
    var json = JSONText()
    json.write(value)
    guard FileManager.default.createFile(atPath: output, contents: Data(json.bytes)) else {
        print("\(input)\terror\tcannot write \(output)")
        failed = true
        continue
    }
    print("\(input)\t\(bytes.count)\t\(String(format: "%.1f", fastest))")
}
exit(failed ? 1 : 0)
