/// Writes `API.Typed`: for each operation with a success answer, a function with the case's labels that
/// returns a `TypedTarget` of the answer's type.
struct TypedWriter {
    let apiName: String
    let access: String
    let isolation: String
    let plans: [CasePlan]
    let targets: TargetWriter

    func write() -> String {
        var out = "\(isolation)extension \(apiName) {\n"
        out +=
            "    /// Each operation with the type of its success answer: `try await provider.request(\(apiName).Typed.…)`.\n"
        out += "    \(access)enum Typed {\n"
        for (index, plan) in plans.enumerated() {
            if index > 0 { out += "\n" }
            out += SwiftLiteral.doc(targets.caseDoc(plan), indent: "        ")
            let arguments = plan.arguments.map { "\(SwiftName.label($0.label)): \(SwiftName.escaped($0.label))" }
            let call = arguments.isEmpty ? ".\(plan.name)" : ".\(plan.name)(\(arguments.joined(separator: ", ")))"
            out +=
                "        \(access)static func \(SwiftName.escaped(plan.name))\(targets.parameterList(plan, defaults: true).orEmptyCall)"
            out += " -> TypedTarget<\(apiName), \(Self.answerType(plan))> {\n"
            out += "            TypedTarget(\(call))\n        }\n"
        }
        return out + "    }\n}\n"
    }

    static func answerType(_ plan: CasePlan) -> String {
        switch plan.answer {
        case .none: "Void"
        case .decoded(let type): type.swift
        case .text: "String"
        case .data: "Data"
        }
    }
}

extension String {
    /// `()` for an empty parameter list.
    fileprivate var orEmptyCall: String { isEmpty ? "()" : self }
}
