#if os(Linux)
    internal import CCourierCurl
    import Foundation

    /// How transfers leave libcurl, on the loop's thread: finished (or parked while their name
    /// lookup runs on), sent on to their redirect, or started again on a new connection; and what
    /// becomes of their easy handles.
    extension CurlEventLoop {
        /// Takes the transfer off libcurl, recycles its handle and tells its caller. A transfer whose
        /// name may still be resolving is parked instead when libcurl cannot remove it without
        /// waiting for the lookup (see ``CurlResolverRelease``).
        func finish(_ transfer: CurlTransfer, _ result: Result<CurlTransfer.Outcome, any Error>) {
            if let easy = transfer.easy {
                active[easy.pointer] = nil
                if mayBeResolving(easy) {
                    transfer.abandon()
                    parked[easy.pointer] = (transfer, easy)
                } else {
                    courier_curl_multi_remove_handle(multi, easy.pointer)
                    recycle(easy)
                }
            }
            transfer.complete(result)
        }

        /// Whether removing `easy` now could wait for a resolver thread: libcurl resolves on
        /// threads, cannot be told not to wait (before 7.87), and has not finished `easy`'s lookup.
        /// (Without an asynchronous resolver the lookup ran inside curl_multi_perform already.)
        private func mayBeResolving(_ easy: CurlEasyHandle) -> Bool {
            settings.resolverRelease == .parking && CurlLibrary.has(COURIER_CURL_VERSION_ASYNCHDNS)
                && easy.offset(COURIER_CURLINFO_NAMELOOKUP_TIME_T) == 0
        }

        /// A new easy handle, counted (for tests), or `nil` when libcurl cannot make one.
        func makeHandle() -> CurlEasyHandle? {
            handlesMade += 1
            return CurlEasyHandle()
        }

        /// Resets `easy` and keeps it for the next transfer, unless the pool is full (see
        /// ``poolFloor``) or a transfer on it sent its own `Host`: libcurl before 8.20 then keeps a
        /// cookie host on the handle that `curl_easy_reset` does not clear (curl commit
        /// 3a19987a87), so every later transfer on it, to any host, would send and store cookies as
        /// if for that host. Such a handle is cleaned up instead; connections stay in the multi
        /// handle's cache either way. Once no transfer is left, the pool drops back to
        /// ``poolFloor``.
        func recycle(_ easy: CurlEasyHandle) {
            easy.reset()
            if !easy.hasCarriedHost, pool.count < max(poolFloor, busiest) { pool.append(easy) }
            if active.isEmpty, parked.isEmpty {
                busiest = 0
                if pool.count > poolFloor { pool.removeLast(pool.count - poolFloor) }
            }
        }
        /// Sends `transfer`'s redirect. The handle leaves the multi handle and is reset before the
        /// next plan replaces the current one, whose header list libcurl points at until then; the
        /// next hop goes on a fresh handle when this one carried a `Host` (see ``recycle(_:)``).
        func followRedirect(_ transfer: CurlTransfer, from easy: CurlEasyHandle) {
            transfer.measureRedirectHop(on: easy)
            courier_curl_multi_remove_handle(multi, easy.pointer)
            active[easy.pointer] = nil
            transfer.easy = nil
            recycle(easy)
            do {
                try transfer.prepareRedirect()
            } catch {
                transfer.complete(.failure(error))
                return
            }
            start(transfer)
        }

        /// Starts `transfer` again on a connection of its own: the reused one it was given held
        /// bytes nobody asked for (see ``CurlConnections``). Taking the handle off libcurl before
        /// anything was sent closes that connection.
        func restartOnFreshConnection(_ transfer: CurlTransfer, from easy: CurlEasyHandle) {
            courier_curl_multi_remove_handle(multi, easy.pointer)
            active[easy.pointer] = nil
            transfer.easy = nil
            recycle(easy)
            transfer.prepareFreshConnection()
            start(transfer)
        }

    }
#endif
