/// Writes `sampleData`: for each case, the first success answer's example, or a value made from its
/// schema, as one raw string literal (the cheapest form for the compiler).
struct SampleDataWriter {
    let apiName: String
    let access: String
    let isolation: String
    let plans: [CasePlan]
    let samples: SampleFactory

    /// The body a stub answers for `plan`.
    func sample(_ plan: CasePlan) -> String {
        switch plan.answer {
        case .none:
            if let event = plan.eventType {
                return "data: " + samples.sample(event, schema: nil).jsonText + "\n\n"
            }
            return ""
        case .decoded(let type):
            return samples.sample(type, schema: plan.answerMedia?.schema, example: plan.answerMedia?.example).jsonText
        case .text:
            if let event = plan.eventType, plan.answerMedia?.name == "text/event-stream" {
                return "data: " + samples.sample(event, schema: nil, example: nil).jsonText + "\n\n"
            }
            return plan.answerMedia?.example?.string ?? "sample"
        case .data:
            return plan.answerMedia?.example?.string ?? ""
        }
    }

    func write() -> String {
        var out = "\(isolation)extension \(apiName) {\n"
        out +=
            "    /// What a stub answers: the description's example of the success answer, or a value made from its schema.\n"
        out += "    \(access)var sampleData: Data {\n        switch self {\n"
        var empty: [String] = []
        for plan in plans {
            let text = sample(plan)
            if text.isEmpty {
                empty.append(".\(plan.name)")
            } else {
                out += "        case .\(plan.name): Data(\(SwiftLiteral.raw(text)).utf8)\n"
            }
        }
        if !empty.isEmpty { out += "        case \(empty.joined(separator: ", ")): Data()\n" }
        return out + "        }\n    }\n}\n"
    }
}
