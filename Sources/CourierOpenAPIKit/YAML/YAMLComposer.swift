/// Builds ``DocumentValue``s from the parser's events: the last stage of ``YAMLReader``.
///
/// Collections are built on an explicit stack of frames, not by recursion. Anchors are kept per
/// document with the number of nodes and the height of their value, so that every alias is
/// charged what expanding it costs: the nodes against ``YAMLLimits/aliasNodeBudget(inputSize:)``,
/// the height against ``YAMLLimits/maximumDepth``.
struct YAMLComposer {
    /// An anchored node: being composed (an alias to it would make a cycle), or done.
    private enum Anchored {
        case composing
        case done(DocumentValue, nodes: Int, height: Int)
    }

    /// A collection being built.
    private struct Frame {
        var isMapping: Bool
        var items: [DocumentValue] = []
        var mapping = YAMLMappingBuilder()
        var anchor: String?
        var start: Int
        /// The composer's node count when the collection started.
        var nodesAtStart: Int
        /// The greatest height among its children so far (a scalar's is 0, a collection's one more
        /// than its tallest child's).
        var childHeight = 0

        /// The collection is a mapping waiting for its next key.
        var expectsKey: Bool { isMapping && mapping.pendingKey == nil }
    }

    /// The event source.
    private var parser: YAMLParser
    private var anchors: [String: Anchored] = [:]
    private var frames: [Frame] = []
    /// Nodes composed in this document, each alias counted as the nodes it repeats.
    private var nodeCount = 0
    /// Nodes repeated by aliases in the stream so far: the budget is the stream's, so that many
    /// small documents cannot each spend it.
    private var aliasNodes = 0
    private let aliasNodeBudget: Int
    private var streamStarted = false

    /// A composer over `input`.
    init(input: YAMLInput) {
        parser = YAMLParser(input: input)
        aliasNodeBudget = YAMLLimits.aliasNodeBudget(inputSize: input.count)
    }

    /// The next document of the stream, or `nil` after the last.
    mutating func nextDocument() throws(YAMLError) -> DocumentValue? {
        if !streamStarted {
            streamStarted = true
            _ = try parser.next()
        }
        let start = try parser.next()
        guard case .documentStart = start.kind else { return nil }
        anchors.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        nodeCount = 0
        let root = try composeRoot()
        _ = try parser.next()  // documentEnd
        return root
    }

    /// The document's root node.
    private mutating func composeRoot() throws(YAMLError) -> DocumentValue {
        while true {
            let event = try parser.next()
            let value: DocumentValue
            let height: Int
            switch event.kind {
            case .scalar(let text, let style):
                nodeCount += 1
                let input = parser.scanner.input
                value = try YAMLTags.resolveScalar(text, style: style, tag: event.tag) { message in
                    input.error(at: event.start, message)
                }
                height = 0
                if let anchor = event.anchor { anchors[anchor] = .done(value, nodes: 1, height: 0) }
                if innermostExpectsKey {
                    let merge = (style == .plain && event.tag == nil && text == "<<") || event.tag == YAMLTags.merge
                    try addKey(value, at: event.start, mergeCandidate: merge)
                    continue
                }
            case .alias(let name):
                (value, height) = try expand(alias: name, at: event.start)
            case .sequenceStart, .mappingStart:
                try open(event)
                continue
            case .sequenceEnd, .mappingEnd:
                (value, height) = try close()
            default:
                throw parser.scanner.error("expected a node", at: event.start)
            }
            guard !frames.isEmpty else { return value }
            try add(value, height: height, at: event.start)
        }
    }

    /// Starts a collection.
    private mutating func open(_ event: YAMLEvent) throws(YAMLError) {
        let isMapping: Bool
        if case .mappingStart = event.kind { isMapping = true } else { isMapping = false }
        if innermostExpectsKey {
            throw parser.scanner.error(
                "a mapping key must be a scalar, not a \(isMapping ? "mapping" : "sequence")", at: event.start)
        }
        if let problem = YAMLTags.checkCollection(tag: event.tag, isMapping: isMapping) {
            throw parser.scanner.error(problem, at: event.start)
        }
        guard frames.count < YAMLLimits.maximumDepth else {
            throw parser.scanner.error(
                "collections nest more than \(YAMLLimits.maximumDepth) levels deep", at: event.start)
        }
        nodeCount += 1
        if let anchor = event.anchor { anchors[anchor] = .composing }
        frames.append(
            Frame(isMapping: isMapping, anchor: event.anchor, start: event.start, nodesAtStart: nodeCount - 1))
    }

    /// Finishes the innermost collection.
    private mutating func close() throws(YAMLError) -> (DocumentValue, Int) {
        guard let frame = frames.popLast() else { throw parser.scanner.error("unbalanced collection", at: 0) }
        let value: DocumentValue = frame.isMapping ? .object(frame.mapping.build()) : .array(frame.items)
        let height = frame.childHeight + 1
        if let anchor = frame.anchor {
            anchors[anchor] = .done(value, nodes: nodeCount - frame.nodesAtStart, height: height)
        }
        return (value, height)
    }

    /// The value an alias repeats, charged to the budgets.
    private mutating func expand(alias name: String, at offset: Int) throws(YAMLError) -> (DocumentValue, Int) {
        guard let anchored = anchors[name] else {
            throw parser.scanner.error(
                "alias '*\(name)' names no anchor defined before it in this document", at: offset)
        }
        guard case .done(let value, let nodes, let height) = anchored else {
            throw parser.scanner.error(
                "alias '*\(name)' is inside the node it names: JSON cannot hold a cycle", at: offset)
        }
        aliasNodes += nodes
        nodeCount += nodes
        guard aliasNodes <= aliasNodeBudget else {
            throw parser.scanner.error(
                "aliases repeat more than \(aliasNodeBudget) nodes (the larger of 100,000 and the input's size in"
                    + " bytes): is this an alias bomb?", at: offset)
        }
        guard frames.count + height <= YAMLLimits.maximumDepth else {
            throw parser.scanner.error(
                "alias '*\(name)' nests collections more than \(YAMLLimits.maximumDepth) levels deep", at: offset)
        }
        if innermostExpectsKey {
            guard YAMLCoreSchema.keyText(value) != nil else {
                throw parser.scanner.error(
                    "a mapping key must be a scalar; alias '*\(name)' names a collection", at: offset)
            }
        }
        return (value, height)
    }

    /// The innermost collection is a mapping waiting for a key (read in place: `frames.last`
    /// would copy the frame).
    private var innermostExpectsKey: Bool {
        guard let last = frames.indices.last else { return false }
        return frames[last].expectsKey
    }

    /// Adds a finished node to the innermost collection.
    private mutating func add(_ value: DocumentValue, height: Int, at offset: Int) throws(YAMLError) {
        let last = frames.count - 1
        frames[last].childHeight = max(frames[last].childHeight, height)
        if !frames[last].isMapping {
            frames[last].items.append(value)
        } else if frames[last].mapping.pendingKey == nil {
            try addKey(value, at: offset, mergeCandidate: false)
        } else {
            try frames[last].mapping.addValue(value, at: offset, input: parser.scanner.input)
        }
    }

    /// Makes `key` the innermost mapping's pending key.
    private mutating func addKey(_ key: DocumentValue, at offset: Int, mergeCandidate: Bool) throws(YAMLError) {
        guard let text = YAMLCoreSchema.keyText(key) else {
            throw parser.scanner.error("a mapping key must be a scalar", at: offset)
        }
        frames[frames.count - 1].mapping.pendingKey = (text, offset, mergeCandidate)
    }
}
