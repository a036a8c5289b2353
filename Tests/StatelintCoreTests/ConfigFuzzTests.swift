import StatelintTestSupport
import Testing
@testable import StatelintCore


/// Bytes that matter to the reader, so random inputs reach deep into it.
private let interesting: [UInt8] = Array(" \t\n\r-:#[]{},'\"\\|>&*!%?@`~.abcnul0179".utf8) + [0, 0x7F, 0xC3, 0xA9, 0xFF]

@Suite struct ConfigFuzzTests {
    /// Random bytes never crash or hang the reader or the configuration checks; every error has a
    /// position inside the input.
    @Test func randomBytes() {
        var rng = SplitMix64(seed: 0x5747_4C49_4E54)
        var accepted = 0
        for round in 0..<2000 {
            let length = Int.random(in: 0...200, using: &rng)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &rng) : interesting.randomElement(using: &rng)!
            }
            let lineCount = bytes.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
            do {
                _ = try YAMLSubset.parse(bytes: bytes)
                accepted += 1
            } catch {
                #expect(error.line >= 1 && error.line <= lineCount && error.column >= 1 && error.column <= bytes.count + 1,
                        "round \(round): \(error)")
            }
            do {
                _ = try Configuration.parse(bytes: bytes, path: "fuzz")
            } catch {
                #expect(error.line >= 1 && error.column >= 1, "round \(round): \(error)")
            }
        }
        #expect(accepted > 0)
    }

    /// Mutations of a valid configuration (bytes replaced, inserted, deleted) exercise the checks.
    @Test func mutatedConfigurations() throws {
        let base = Array("""
            include:
              - Sources
            exclude: ['**/Generated/**', Pods]
            rules:
              task_retains_self: {severity: error}
              print_changes_leftover: off
            severity_threshold: warning
            deployment_target:
              ios: "17.0"
            baseline: b.json
            format: text

            """.utf8)
        _ = try Configuration.parse(bytes: base, path: "base")
        var rng = SplitMix64(seed: 42)
        for round in 0..<2000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[at] = interesting.randomElement(using: &rng)!
                case 1: bytes.insert(interesting.randomElement(using: &rng)!, at: at)
                default: if bytes.count > 1 { bytes.remove(at: at) }
                }
            }
            do {
                _ = try Configuration.parse(bytes: bytes, path: "fuzz")
            } catch {
                #expect(error.line >= 1 && error.column >= 1, "round \(round): \(error)")
            }
        }
    }
}
