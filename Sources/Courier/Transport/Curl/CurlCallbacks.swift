#if os(Linux)
    internal import CCourierCurl
    import Glibc

    // libcurl's callbacks for every transfer. Their context is the ``CurlTransfer``, unretained:
    // the event loop holds the transfer strongly for as long as its easy handle is in the multi
    // handle, and libcurl calls these only from inside curl_multi_perform on the loop's thread.

    /// `CURLOPT_HEADERFUNCTION`: one header line at a time.
    let curlHeaderCallback: courier_curl_data_callback = { buffer, size, count, context in
        guard let buffer, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: length)) ? length : 0
    }

    /// `CURLOPT_WRITEFUNCTION`: body bytes, decoded.
    let curlWriteCallback: courier_curl_data_callback = { buffer, size, count, context in
        guard let buffer, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
    }

    /// `CURLOPT_READFUNCTION`: the request body.
    let curlReadCallback: courier_curl_data_callback = { buffer, size, count, context in
        guard let buffer, let context else { return Int(COURIER_CURL_READFUNC_ABORT) }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.sendBody(into: buffer, capacity: size * count)
    }

    /// `CURLOPT_SEEKFUNCTION`: rewinds the request body (only `SEEK_SET` is asked for).
    let curlSeekCallback: courier_curl_seek_callback = { context, offset, origin in
        guard let context, origin == 0 else { return COURIER_CURL_SEEKFUNC_CANTSEEK }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.seekBody(to: offset)
    }

    /// `CURLOPT_SOCKOPTFUNCTION`: a socket was made for the transfer, before it connects.
    let curlSocketCallback: courier_curl_sockopt_callback = { context, socket, _ in
        guard let context else { return COURIER_CURL_SOCKOPT_ERROR }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.acceptSocket(socket) ? COURIER_CURL_SOCKOPT_OK : COURIER_CURL_SOCKOPT_ERROR
    }

    /// `CURLOPT_PREREQFUNCTION`: the request is about to be sent on a new or reused connection.
    let curlPrerequestCallback: courier_curl_prereq_callback = { context, _, _, _, localPort in
        guard let context else { return COURIER_CURL_PREREQFUNC_ABORT }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.prepareToSend(localPort: Int(localPort))
            ? COURIER_CURL_PREREQFUNC_OK : COURIER_CURL_PREREQFUNC_ABORT
    }

    /// `CURLOPT_CLOSESOCKETFUNCTION`: libcurl is done with a connection's socket. Its context is
    /// the loop's ``CurlConnections``, which outlives every connection (the loop cleans up its
    /// multi handle before it lets go of it), unlike the transfer that made the connection.
    let curlCloseSocketCallback: courier_curl_closesocket_callback = { context, socket in
        guard let context else { return Glibc.close(socket) }
        Unmanaged<CurlConnections>.fromOpaque(context).takeUnretainedValue().close(socket)
        return 0
    }
#endif
