#if os(Linux)
    import XCTest

    @testable import Courier

    /// The reused buffers of large response bodies.
    final class CurlBodyBuffersTests: XCTestCase {
        func test_sizeClasses_arePowersOfTwoFrom64KiBTo64MiB() {
            XCTAssertNil(CurlBodyBuffers.capacity(for: 1000))
            XCTAssertEqual(CurlBodyBuffers.capacity(for: 64 << 10), 64 << 10)
            XCTAssertEqual(CurlBodyBuffers.capacity(for: (64 << 10) + 1), 128 << 10)
            XCTAssertEqual(CurlBodyBuffers.capacity(for: 1_048_576), 1_048_576)
            XCTAssertNil(CurlBodyBuffers.capacity(for: (64 << 20) + 1))
        }

        func test_releasedData_givesItsBufferBackForTheNextBody() {
            // Given
            let buffers = CurlBodyBuffers()
            let pointer = buffers.take(capacity: 1 << 20)
            pointer.storeBytes(of: 42, as: UInt8.self)

            // When: the body's Data is released
            var data: Data? = buffers.data(pointer, count: 1, capacity: 1 << 20)
            XCTAssertEqual(data, Data([42]))
            data = nil

            // Then
            let next = buffers.take(capacity: 1 << 20)
            XCTAssertEqual(next, pointer)
            buffers.giveBack(next, capacity: 1 << 20)
        }

        func test_mutatedData_keepsItsBytesAndGivesTheBufferBackOnce() {
            // Given
            let buffers = CurlBodyBuffers()
            let pointer = buffers.take(capacity: 64 << 10)
            pointer.initializeMemory(as: UInt8.self, repeating: 7, count: 64 << 10)
            var data = buffers.data(pointer, count: 64 << 10, capacity: 64 << 10)

            // When
            data.append(contentsOf: [1, 2, 3])

            // Then
            XCTAssertEqual(data.count, (64 << 10) + 3)
            XCTAssertEqual(data.prefix(2), Data([7, 7]))
            XCTAssertEqual(data.suffix(3), Data([1, 2, 3]))
        }

        func test_idleBuffers_stayWithinTheLimit() {
            // Given: more released than the idle limit holds
            let buffers = CurlBodyBuffers()
            let count = buffers.idleLimit / (4 << 20) + 2
            let taken = (0..<count).map { _ in buffers.take(capacity: 4 << 20) }

            // When
            for pointer in taken { buffers.giveBack(pointer, capacity: 4 << 20) }

            // Then: the limit's worth waits for reuse, the rest was freed
            XCTAssertEqual(buffers.idleBytes, buffers.idleLimit)
        }
    }
#endif
