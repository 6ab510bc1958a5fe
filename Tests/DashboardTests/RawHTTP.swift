import Foundation

/// A minimal HTTP/1.1 client over a POSIX socket, so the tests send paths
/// byte for byte as written (`..`, `%2e%2e`): URL types would normalise them.
enum RawHTTP {
    struct Response {
        var status: Int
        var body: String
    }

    /// Sends one request (`Connection: close`) to 127.0.0.1:`port` and reads
    /// the answer to the end. A write cut short by the server (it answered
    /// before reading a large body) still reads what it sent.
    static func send(port: UInt16, method: String = "GET", path: String, body: Data = Data(), contentType: String? = nil) throws -> Response {
        let socket = try connect(port: port)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        if method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        var request = Data((head + "\r\n").utf8)
        request.append(body)
        request.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let written = Glibc.send(socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                if written <= 0 { break }
                sent += written
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let statusLine = text.split(separator: "\r\n", maxSplits: 1).first,
            let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { throw Failure("no HTTP answer to \(method) \(path): \(text.prefix(200))") }
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return Response(status: status, body: body)
    }

    /// A TCP socket connected to 127.0.0.1:`port`; the caller closes it.
    static func connect(port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let failure = Failure("connect: \(errno)")
            close(socket)
            throw failure
        }
        return socket
    }

    /// A form body as a browser sends it.
    static func form(_ fields: [(String, String)]) -> Data {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return Data(fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&").utf8)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
