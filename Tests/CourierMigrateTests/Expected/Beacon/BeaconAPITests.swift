// swift-format-ignore-file
//
//  BeaconAPITests.swift
//  BeaconTests
//

import Foundation
import Courier
import XCTest
@testable import Beacon

@MainActor
final class BeaconAPITests: XCTestCase {
    func testDevicesDecodeFromSampleData() {
        let provider = Provider<BeaconAPI>(stubClosure: Provider.immediatelyStub)
        let done = expectation(description: "devices")

        provider.request(.devices) { result in
            let devices = try? result.get().map([Device].self)
            XCTAssertEqual(devices, [Device(id: "b1", name: "Kitchen")])
            done.fulfill()
        }

        wait(for: [done], timeout: 1)
    }

    func testPingFailsWhenServerIsDown() {
        let unavailable: Endpoint.SampleResponseClosure = { .networkResponse(503, Data()) }
        let endpointClosure = { (target: BeaconAPI) -> Endpoint in
            Endpoint(url: URL(target: target).absoluteString,
                     sampleResponseClosure: unavailable,
                     method: target.method,
                     task: target.task,
                     httpHeaderFields: target.headers)
        }
        let provider = Provider<BeaconAPI>(endpointClosure: endpointClosure, stubClosure: Provider.delayedStub(0.01))
        let done = expectation(description: "ping")

        provider.request(.ping(deviceID: "b1")) { result in
            switch result {
            case .success(let response):
                do {
                    _ = try response.filterSuccessfulStatusCodes()
                    XCTFail("503 passed the filter")
                } catch {
                    XCTAssertEqual((error as? CourierError)?.response?.statusCode, 503)
                }
            case .failure(let error):
                XCTFail("unexpected \(error)")
            }
            done.fulfill()
        }

        wait(for: [done], timeout: 1)
    }

    func testOfflineIsReported() {
        let offline = NSError(domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet)
        let provider = Provider<BeaconAPI>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
            },
            stubClosure: { _ in .immediate }
        )
        let stubbed = Provider<BeaconAPI>(
            endpointClosure: { target in
                Endpoint(url: "\(target.baseURL)\(target.path)", sampleResponseClosure: { .networkError(offline) },
                         method: target.method, task: target.task, httpHeaderFields: nil)
            },
            stubClosure: Provider.immediatelyStub
        )
        let done = expectation(description: "offline")
        done.expectedFulfillmentCount = 2

        stubbed.request(.devices) { result in
            if case .failure(.underlying(let error, nil)) = result {
                XCTAssertEqual((error as NSError).code, NSURLErrorNotConnectedToInternet)
            } else {
                XCTFail("expected an underlying error")
            }
            done.fulfill()
        }
        provider.request(.devices) { result in
            XCTAssertEqual(try? result.get().statusCode, 200)
            done.fulfill()
        }

        wait(for: [done], timeout: 1)
    }

    func testRenameSendsTheNewName() throws {
        let endpoint = Provider<BeaconAPI>.defaultEndpointMapping(for: .rename(deviceID: "b1", name: "Hall"))
        let request = try endpoint.urlRequest()

        XCTAssertEqual(request.httpMethod, "PATCH")
        XCTAssertEqual(request.url?.absoluteString, "https://beacon.example.net/devices/b1")
        let body = try XCTUnwrap(request.httpBody)
        let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        XCTAssertEqual(json?["name"] as? String, "Hall")
    }

    func testSampleResponseClosureIsUsedForStubs() {
        let customEndpoint = { (target: BeaconAPI) -> Endpoint in
            Provider.defaultEndpointMapping(for: target)
                .adding(newHTTPHeaderFields: ["X-Test": "1"])
        }
        let provider = Provider<BeaconAPI>(endpointClosure: customEndpoint, stubClosure: Provider.immediatelyStub)
        let done = expectation(description: "stub")

        provider.request(.ping(deviceID: "b1")) { result in
            let latency = try? result.get().mapJSON() as? [String: Int]
            XCTAssertEqual(latency?["latency_ms"], 12)
            done.fulfill()
        }

        wait(for: [done], timeout: 1)
    }
}
