/// The text of `courier-demo --help`.
enum HelpText {
    static let text = """
        courier-demo: an API client built with Courier.

        Usage:
          courier-demo                      Offline tour: a GitHub-like API answered from bundled
                                            JSON fixtures. Needs no network.
          courier-demo --base-url URL [COMMAND] [--verbose]
                                            Real requests to an httpbin server at URL, such as
                                            http://127.0.0.1:8080 (scripts/httpbin.sh start runs one).
                                            --verbose logs each response's transfer metrics:
                                            protocol, connection, timings, bytes.
          courier-demo openapi              A Petstore client generated at build time from an OpenAPI
                                            document, answered from the document's examples.
          courier-demo --help               This text.

        Commands (they need --base-url; get is the default):
          get                   GET /get with query parameters; shows what the server received.
          post-json             POST /post with a JSON body; shows the JSON the server read.
          upload FILE           POST /post with FILE as multipart form data, with progress.
          download N [--output FILE]
                                GET /bytes/N and save the N bytes to FILE (a temporary file by
                                default), with progress. httpbin sends at most 102400 bytes.
          download N --resume [--output FILE]
                                GET /range/N (N at most 102400), sent slowly, interrupted
                                halfway, then resumed from the byte it stopped at (Range and
                                If-Range): prints the resume point, the offsets and the 206.
          status CODE           GET /status/CODE (100 to 599). For a code outside 200-299 it
                                shows the CourierError a caller gets.
          stream [N]            A streamed response printed as it arrives (also without
                                --base-url: offline, from a scripted stub). See stream --help.
          cache                 The HTTP cache: an answer reused, an ETag revalidated, a stale
                                answer offline (also without --base-url, from a scripted
                                origin). See cache --help.

        Every request is logged by NetworkLoggerPlugin. The bearer token that AccessTokenPlugin
        adds is logged as <redacted>. Uploads and downloads draw a progress bar when standard
        output is a terminal, and print plain progress lines otherwise.

        Examples:
          swift run courier-demo
          swift run courier-demo --base-url http://127.0.0.1:8080 upload README.md
          swift run courier-demo --base-url http://127.0.0.1:8080 status 404
          swift run courier-demo --base-url http://127.0.0.1:8080 get --verbose

        Exit status: 0 on success, 1 when a request fails (the error is printed),
        2 for wrong arguments.
        """
}
