import Foundation
import Testing

/// Every `diffbench` command starts without FoundationNetworking (libcurl
/// and about thirty libraries under it): only `diffbench-serve`, the
/// dashboard's server that `serve` execs, links FlyingFox, whose proxy
/// handler brings it. Loading them cost each start about 20 M instructions
/// (issue 36's `history add`). Read from the executables' dynamic sections'
/// names, not by starting them.
@Suite struct StartupLibrariesTests {
    /// The name the dynamic section lists a needed library by, between NULs.
    static let networking = Data("\0libFoundationNetworking.so\0".utf8)

    @Test func diffbenchDoesNotLoadTheNetworkingLibraries() throws {
        let binary = try Data(contentsOf: ServedDashboard.executable, options: .alwaysMapped)
        #expect(binary.range(of: Self.networking) == nil)
    }

    /// The control: the server does load them, so the search finds a needed library where there is one.
    @Test func theServerBesideItDoes() throws {
        let server = ServedDashboard.executable.deletingLastPathComponent().appendingPathComponent("diffbench-serve")
        let binary = try Data(contentsOf: server, options: .alwaysMapped)
        #expect(binary.range(of: Self.networking) != nil)
    }
}
