#if os(Linux)
    import Foundation
    import Glibc

    extension FramedChannel {
        /// Bytes read from the connection at a time outside a payload under way (which is read
        /// straight into its message): 16 KiB, room for many small frames, and little of a large
        /// payload read (and copied) along with its header.
        static let readSize = 16 * 1024

        /// The channel's thread: reads, writes and keeps the timers until the connection ends, then
        /// closes it and answers every waiter. `leftover` is what arrived after the handshake's head.
        func run(leftover: [UInt8]) {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 8)
            defer { buffer.deallocate() }
            if !leftover.isEmpty { leftover.withUnsafeBytes { process($0) } }
            while true {
                readAvailable(into: buffer)
                guard let wait = lock.withLock({ nextWait() }) else { break }
                _ = wakeup.wait(on: wait.descriptor, for: wait.events, timeout: wait.timeout)
            }
            finish()
        }

        /// Reads while the connection has bytes and the channel wants them (at most 16 reads in a
        /// row, so that writes and timers get their turn; on a plain socket, until a read comes back
        /// short, which saves the read that would only say there is nothing more).
        private func readAvailable(into buffer: UnsafeMutableRawBufferPointer) {
            for _ in 0..<16 {
                // The payload of a data frame under way goes straight into its message.
                let direct = reader.directPayloadSpace().flatMap { $0.count >= 4096 ? $0 : nil }
                var isDrained = false
                let result = lock.withLock { () -> ByteTransfer? in
                    guard let connection = state.connection, !state.isBroken, wantsToRead() else { return nil }
                    // A read is short when it took less than it could: less than the room, and
                    // less than the connection hands over at once (libcurl's buffer).
                    let asked = min((direct ?? buffer).count, connection.largestRead)
                    let result = connection.receive(into: direct ?? buffer)
                    if case .transferred(let count) = result, count < asked {
                        isDrained = connection.isDrainedByShortRead
                    }
                    switch result {
                    case .transferred(0):
                        state.isBroken = true
                        end(.failed(.connectionLost("the server closed the connection")))
                    case .failed(let reason):
                        state.isBroken = true
                        end(.failed(.connectionLost(reason)))
                    case .transferred, .wouldBlock: break
                    }
                    return result
                }
                guard case .transferred(let count)? = result, count > 0 else { return }
                // Bytes after the close are the server's to end; they are not read.
                guard lock.withLock({ state.closure == nil }) else { continue }
                if direct != nil {
                    reader.tookDirectPayload(count) { events.append($0) }
                    deliverEvents()
                } else {
                    process(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                }
                if isDrained { return }
            }
        }

        /// Whether the thread reads now: while open and the inbox has room, or, once closed
        /// cleanly, to see the server end the connection. With the lock held.
        private func wantsToRead() -> Bool {
            guard let closure = state.closure else { return inbox.hasRoom }
            return closure.error == nil
        }

        /// Reads `bytes` with the frame reader (off the lock), then acts on what they held.
        private func process(_ bytes: UnsafeRawBufferPointer) {
            reader.read(bytes) { events.append($0) }
            deliverEvents()
        }

        /// Acts on the events the reader found, under the lock, and forgets them.
        private func deliverEvents() {
            guard !events.isEmpty else { return }
            lock.withLock {
                for event in events { apply(event) }
                flush()
            }
            events.removeAll(keepingCapacity: true)
        }

        /// Acts on one thing the server sent. With the lock held.
        private func apply(_ event: FrameEvent) {
            switch event {
            case .message(let message):
                inbox.put(message)
            case .ping(let payload):
                if !state.closeSent { state.outbox.append(control: state.writer.controlFrame(.pong, payload)) }
            case .pong:
                state.pongDeadline = nil
                for waiter in state.pingWaiters { waiter.resume() }
                state.pingWaiters.removeAll()
            case .close(let code, let reason):
                if !state.closeSent {
                    // The server's code echoed (RFC 6455 §5.5.1), or an empty close for an empty one.
                    state.outbox.append(control: state.writer.closeFrame(code, reason: ""))
                    state.closeSent = true
                }
                end(WebSocketClosure(code: code ?? .noStatusReceived, reason: reason, error: nil))
                state.closeDeadline = .now + configuration.closeTimeout
            case .failure(let error):
                if !state.closeSent, let code = error.closeCode {
                    state.outbox.append(control: state.writer.closeFrame(code, reason: ""))
                    state.closeSent = true
                }
                end(.failed(error))
                state.closeDeadline = .now + configuration.closeTimeout
            }
        }

        /// What the thread waits for next, after the timers that are due have fired; `nil` when the
        /// connection is over. With the lock held.
        private func nextWait() -> (descriptor: Int32, events: Int16, timeout: Int32)? {
            flush()
            let now = FixedInstant.now
            fireTimers(now)
            guard let connection = state.connection, !state.isBroken else { return nil }
            if let closure = state.closure {
                // A failure ends once the close frame is out; a clean close when the server ends the
                // connection, or at the deadline.
                if closure.error != nil && state.outbox.isEmpty { return nil }
                if state.closeDeadline.map({ now >= $0 }) ?? true { return nil }
            }
            var events: Int16 = 0
            if wantsToRead() { events |= Int16(POLLIN) }
            if !state.outbox.isEmpty { events |= Int16(POLLOUT) }
            // Without an array of the three (two allocations, for every message that arrives).
            let earliest = Self.earlier(Self.earlier(state.closeDeadline, state.pongDeadline), state.nextPing)
            let timeout = earliest.map { Self.milliseconds(until: $0, from: now) } ?? -1
            return (connection.descriptor, events, timeout)
        }

        /// Fires the timers that are due at `now`. With the lock held.
        private func fireTimers(_ now: FixedInstant) {
            if state.closure == nil, let deadline = state.closeDeadline, now >= deadline {
                end(WebSocketClosure(code: .abnormalClosure, reason: "", error: .closeTimedOut))
                state.closeDeadline = now
            }
            if state.closure == nil, let deadline = state.pongDeadline, now >= deadline {
                if !state.closeSent {
                    state.outbox.append(control: state.writer.closeFrame(.goingAway, reason: ""))
                    state.closeSent = true
                }
                end(.failed(.pongTimedOut))
                state.closeDeadline = now + configuration.closeTimeout
                flush()
            }
            if state.closure == nil, !state.closeSent, let interval = configuration.pingInterval,
                let next = state.nextPing, now >= next
            {
                state.nextPing = now + interval
                sendPing()
            }
        }

        /// Closes the connection and answers whoever still waits. The thread's last step.
        private func finish() {
            let connection = lock.withLock { () -> (any ByteConnection)? in
                end(WebSocketClosure(code: .abnormalClosure, reason: "", error: .connectionLost(nil)))
                state.isFinished = true
                let error = notOpenError()
                for waiter in state.sendWaiters { waiter.continuation.resume(throwing: error) }
                state.sendWaiters.removeAll()
                defer { state.connection = nil }
                return state.connection
            }
            connection?.close()
        }

        /// The earlier of two optional deadlines; `nil` when neither is set.
        private static func earlier(_ first: FixedInstant?, _ second: FixedInstant?) -> FixedInstant? {
            guard let first else { return second }
            guard let second else { return first }
            return min(first, second)
        }

        /// The milliseconds from `now` to `deadline`, rounded up, at least 0.
        private static func milliseconds(until deadline: FixedInstant, from now: FixedInstant)
            -> Int32
        {
            let (seconds, attoseconds) = (deadline - now).components
            guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
            let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int32(clamping: milliseconds)
        }
    }
#endif
