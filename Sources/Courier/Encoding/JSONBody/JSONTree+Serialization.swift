extension JSONTree {
    /// The JSON text, compact: every object's keys sorted by their UTF-8 bytes, as Foundation's
    /// `JSONEncoder` sorts them with `.sortedKeys`; arrays in their order. Iterative: the containers
    /// being written are a stack in an array, not on the call stack.
    func serialized() -> Data {
        var writer = JSONTreeWriter(tree: self)
        writer.write()
        return writer.output.data()
    }
}

/// Writes a ``JSONTree`` out; see ``JSONTree/serialized()``.
private struct JSONTreeWriter {
    /// An object's member as written: the key of the first member under that key, the value of
    /// the last.
    struct SortedMember {
        var keyMember: Int32
        var valueMember: Int32
    }

    /// A container being written.
    struct Frame {
        let isObject: Bool
        /// An object's next position in `sorted`, or an array's next member (-1 at the end).
        var next: Int
        /// Where an object's members start and end in `sorted`.
        let start: Int
        let end: Int
        var wroteMember = false
    }

    let tree: JSONTree
    var output: JSONBytes
    /// The sorted members of the objects being written, a stack like `frames`.
    var sorted: [SortedMember] = []
    var frames: [Frame] = []

    init(tree: JSONTree) {
        self.tree = tree
        output = JSONBytes(capacity: tree.text.count + tree.keys.count + tree.members.count * 4 + 16)
    }

    mutating func write() {
        open(JSONTree.root)
        while var frame = frames.popLast() {
            let member: JSONTree.Member
            if frame.isObject {
                guard frame.next < frame.end else {
                    output.append(UInt8(ascii: "}"))
                    sorted.removeSubrange(frame.start...)
                    continue
                }
                let entry = sorted[frame.next]
                frame.next += 1
                if frame.wroteMember { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "\""))
                JSONText.appendEscaped(key(of: entry.keyMember), to: &output)
                output.append("\":")
                member = tree.members[Int(entry.valueMember)]
            } else {
                guard frame.next >= 0 else {
                    output.append(UInt8(ascii: "]"))
                    continue
                }
                member = tree.members[frame.next]
                frame.next = Int(member.next)
                if frame.wroteMember { output.append(UInt8(ascii: ",")) }
            }
            frame.wroteMember = true
            frames.append(frame)
            if let node = member.node {
                open(node)
            } else {
                output.append(text(Int(member.valueStart)..<Int(member.valueEnd)))
            }
        }
    }

    /// Writes a scalar node, or opens a container and pushes its frame.
    private mutating func open(_ node: Int32) {
        let value = tree.node(node)
        switch value.kind {
        case .empty:
            output.append("{}")
        case .scalar:
            output.append(text(Int(value.first)..<Int(value.last)))
        case .object:
            output.append(UInt8(ascii: "{"))
            let start = sorted.count
            appendSortedMembers(of: node)
            frames.append(Frame(isObject: true, next: start, start: start, end: sorted.count))
        case .array:
            output.append(UInt8(ascii: "["))
            frames.append(Frame(isObject: false, next: Int(value.first), start: 0, end: 0))
        }
    }

    private func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        tree.text[range]
    }

    private func key(of member: Int32) -> UnsafeBufferPointer<UInt8> {
        let member = tree.members[Int(member)]
        return tree.keys[Int(member.keyStart)..<Int(member.keyEnd)]
    }

    /// Appends `object`'s members to `sorted`, one per key, in the order of their keys' bytes.
    private mutating func appendSortedMembers(of object: Int32) {
        let start = sorted.count
        var index = tree.node(object).first
        while index >= 0 {
            sorted.append(SortedMember(keyMember: index, valueMember: index))
            index = tree.members[Int(index)].next
        }
        if tree.node(object).hasNonASCIIKey { mergeEquivalentKeys(from: start) }
        sortByKey(from: start)
        var kept = start
        for position in start..<sorted.count {
            if position > start, key(of: sorted[kept - 1].keyMember).elementsEqual(key(of: sorted[position].keyMember))
            {
                // Equal keys stay in the order they came: the last of a run was written last.
                sorted[kept - 1].valueMember = sorted[position].valueMember
            } else {
                sorted[kept] = sorted[position]
                kept += 1
            }
        }
        sorted.removeSubrange(kept...)
    }

    /// Whether `left`'s key sorts before `right`'s; equal keys in the order they came.
    private func precedes(_ left: SortedMember, _ right: SortedMember) -> Bool {
        let leftKey = key(of: left.keyMember)
        let rightKey = key(of: right.keyMember)
        let common = min(leftKey.count, rightKey.count)
        for index in 0..<common where leftKey[index] != rightKey[index] {
            return leftKey[index] < rightKey[index]
        }
        if leftKey.count != rightKey.count { return leftKey.count < rightKey.count }
        return left.keyMember < right.keyMember
    }

    /// Sorts `sorted` from `start`: insertion sort for the few members most objects have.
    private mutating func sortByKey(from start: Int) {
        guard sorted.count - start > 12 else {
            guard sorted.count - start > 1 else { return }
            for index in (start + 1)..<sorted.count {
                let element = sorted[index]
                var position = index
                while position > start, precedes(element, sorted[position - 1]) {
                    sorted[position] = sorted[position - 1]
                    position -= 1
                }
                sorted[position] = element
            }
            return
        }
        let tail = sorted[start...].sorted(by: precedes)
        sorted.replaceSubrange(start..., with: tail)
    }

    /// Keys that are equal as Swift strings but not in bytes (`é` and `e` + U+0301) are one key
    /// in Foundation's dictionary: the first spelling stays, the last value wins.
    private mutating func mergeEquivalentKeys(from start: Int) {
        var positions: [String: Int] = [:]
        var merged: [SortedMember] = []
        for entry in sorted[start...] {
            let key = String(decoding: key(of: entry.keyMember), as: UTF8.self)
            if let position = positions[key] {
                merged[position].valueMember = entry.valueMember
            } else {
                positions[key] = merged.count
                merged.append(entry)
            }
        }
        sorted.replaceSubrange(start..., with: merged)
    }
}
