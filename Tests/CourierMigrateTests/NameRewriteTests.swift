import XCTest

@testable import courier_migrate

final class NameRewriteTests: XCTestCase {
    func test_moyaNames_areRenamedInCode() {
        // Given
        let source = """
            import Moya
            let provider = MoyaProvider<API>()
            func show(_ error: MoyaError) {}
            var method: Method { .get }
            var parts: [MultipartFormData] = []
            let kind: MultipartFormData.FormDataProvider = .data(Data())
            let options: DownloadRequest.Options = [.removePreviousFile]
            let task = Task.uploadMultipart(parts)
            if case .uploadCompositeMultipart(let form, _) = task {}

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            let provider = Provider<API>()
            func show(_ error: CourierError) {}
            var method: HTTPMethod { .get }
            var parts: [MultipartFormBodyPart] = []
            let kind: FormDataProvider = .data(Data())
            let options: DownloadOptions = [.removePreviousFile]
            let task = HTTPTask.uploadMultipartFormData(parts)
            if case .uploadCompositeMultipartFormData(let form, _) = task {}

            """)
        XCTAssertEqual(migration.rewrites, 10)
    }

    func test_namesInStringLiteralsAndComments_areNeverRenamed() {
        // Given
        let source = #####"""
            import Moya
            /// Wraps a MoyaProvider; see `Task`.
            /* MoyaError /* nested Task */ */
            let a = "MoyaProvider \(MoyaProvider<API>.self) Task"
            let b = #"MoyaError "Task" \#(Task.requestPlain) \(MoyaError)"#
            let c = """
                MoyaProvider<API> \("Task \(1)") Method
                """
            let d = ##"""
                "Task" """ \##(x) MoyaProvider
                """##
            let e = #/MoyaError"Task/#

            """#####

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.text, source.replacingOccurrences(of: "import Moya", with: "import Courier"))
    }

    func test_swiftConcurrencyTask_keepsItsName() {
        // Given
        let source = """
            import Moya
            var task: Task { .requestPlain }
            func make() -> Task { Task.requestData(Data()) }
            let tasks: [Task] = []
            extension Task { var isUpload: Bool { false } }
            let running = _Concurrency.Task { await work() }
            let other = Task { await work() }
            let typed: Task<Void, Never>? = nil
            let prioritised = Task(priority: .low) {}
            func wait() async throws { try await Task.sleep(nanoseconds: 1); if Task.isCancelled {} }

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            var task: HTTPTask { .requestPlain }
            func make() -> HTTPTask { HTTPTask.requestData(Data()) }
            let tasks: [HTTPTask] = []
            extension HTTPTask { var isUpload: Bool { false } }
            let running = _Concurrency.Task { await work() }
            let other = Task { await work() }
            let typed: Task<Void, Never>? = nil
            let prioritised = Task(priority: .low) {}
            func wait() async throws { try await Task.sleep(nanoseconds: 1); if Task.isCancelled {} }

            """)
    }

    func test_namesTheFileDeclaresLabelsAndMembers_keepTheirNames() {
        // Given
        let source = """
            import Moya
            enum Method { case get }
            let m: Method = .get
            let x = Thing(MoyaError: 1, Task: 2)
            let y = thing.MoyaProvider
            func MultipartFormData() {}

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.text, source.replacingOccurrences(of: "import Moya", with: "import Courier"))
    }

    func test_moduleQualifiedNames_becomeCourierNames() {
        // Given
        let source = """
            import Moya
            var method: Moya.Method { .get }
            var task: Moya.Task { .requestPlain }
            func didReceive(_ result: Result<Moya.Response, Moya.MoyaError>, target: Moya.TargetType) {}
            let part = Moya.MultipartFormData(provider: .data(Data()), name: "a")
            let kind = Moya.MultipartFormData.FormDataProvider.data(Data())
            let logger = Moya.NetworkLoggerPlugin()
            let verb = Alamofire.HTTPMethod.post

            """

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(
            migration.text,
            """
            import Courier
            import CourierPlugins
            var method: Courier.HTTPMethod { .get }
            var task: Courier.HTTPTask { .requestPlain }
            func didReceive(_ result: Result<Courier.Response, Courier.CourierError>, target: Courier.TargetType) {}
            let part = Courier.MultipartFormBodyPart(provider: .data(Data()), name: "a")
            let kind = Courier.FormDataProvider.data(Data())
            let logger = CourierPlugins.NetworkLoggerPlugin()
            let verb = Courier.HTTPMethod.post

            """)
    }

    func test_lineEndingsAndSpacing_staySame() {
        // Given
        let source = "import Moya\r\n\tlet p = MoyaProvider<API>( )  ;\r\n"

        // When
        let migration = Migration(source)

        // Then
        XCTAssertEqual(migration.text, "import Courier\r\n\tlet p = Provider<API>( )  ;\r\n")
    }
}
