import Foundation
@testable import StatelintCore
import StatelintDiagnostics
import Testing

/// What the analysis cache trusts: only packs signed with the user's key (SipHash-2-4), and never an edit
/// it holds when `--fix` writes a file.
@Suite("Analysis cache trust")
struct CacheTrustTests {
    /// The reference vectors of SipHash-2-4 (key 00 01 … 0f; message 00 01 … n-1), from its paper and the
    /// reference implementation's test vectors.
    @Test func theMACIsSipHash24() {
        let key = CacheSecret(k0: 0x0706_0504_0302_0100, k1: 0x0f0e_0d0c_0b0a_0908)
        let vectors: [(length: Int, mac: UInt64)] = [(0, 0x726f_db47_dd0e_0e31), (15, 0xa129_ca61_49be_45e5),
                                                     (8, 0x93f5_f579_9a93_2462), (63, 0x958a_324c_eb06_4572)]
        for (length, mac) in vectors {
            let message = (0..<length).map { UInt8($0) }
            #expect(key.mac(message[...]) == mac, "length \(length)")
        }
        let stored = CacheSecret(hex: key.hex)
        #expect(stored == key, "the key is kept as 32 hex digits and read back")
        #expect(CacheSecret(hex: Array("0123".utf8)) == nil && CacheSecret(hex: Array(String(repeating: "g", count: 32).utf8)) == nil)
    }

    /// A project with a hazard whose fix is safe (`count` read in the model's own `init` → `_count`).
    final class Project {
        let root = NSTemporaryDirectory() + "statelint-trust-\(UUID().uuidString)"
        var cacheHome: String { root + "-cache-home" }
        var environment: [String: String] { ["XDG_CACHE_HOME": cacheHome, "HOME": root + "-home"] }
        static let model = """
            import Observation
            @Observable final class Counter {
                var count = 0
                init(start: Int) {
                    count = start
                    print(count)
                    Task { count += 1 }
                }
            }

            """

        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
            try Data(Project.model.utf8).write(to: URL(fileURLWithPath: root + "/Counter.swift"))
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: cacheHome)
        }

        func session(fix: Bool = false) -> LintSession {
            var options = LintOptions(paths: [root])
            options.jobs = 1
            options.fix = fix
            options.quiet = true
            return LintSession(options: options, presentation: LintSessionTests.presentation, version: "trust-test", environment: environment)
        }

        /// The one pack in the project's cache folder: its path, and its entries as the user's key reads them.
        func pack() throws -> (path: String, key: UInt64, secret: CacheSecret) {
            let folder = CacheLocation.defaultFolder(root: root, environment: environment)!
            let name = try FileManager.default.contentsOfDirectory(atPath: folder).first { DiskCache.isPackName($0) }!
            guard case .success(let secret) = CacheLocation.secret(environment: environment) else { throw CocoaError(.fileReadUnknown) }
            return (folder + "/" + name, UInt64(name.dropFirst(5), radix: 16)!, secret)
        }

        /// Rewrites every kept finding of the pack with `change`, signed with `secret`.
        func tamper(signedWith secret: CacheSecret? = nil, _ change: (inout Diagnostic) -> Void) throws {
            let (path, key, userSecret) = try pack()
            var entries = try DiskCache.decodePack([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), key: key, secret: userSecret)
            for (file, entry) in entries {
                guard let findings = entry.findings else { continue }
                var (diagnostics, partial) = try DiskCache.decodeFindings(findings.blob, path: file)
                for i in diagnostics.indices { change(&diagnostics[i]) }
                entries[file]!.findings!.blob = DiskCache.encode(diagnostics, partial: partial)[...]
            }
            try Data(DiskCache.encodePack(entries, key: key, secret: secret ?? userSecret)).write(to: URL(fileURLWithPath: path))
        }

        func text() throws -> String { try String(contentsOfFile: root + "/Counter.swift", encoding: .utf8) }
    }

    static func findings(_ outcome: LintOutcome) -> [String] {
        (outcome.report?.diagnostics ?? []).map { "\($0.ruleID) \($0.severity) \($0.message)" }
    }

    /// A pack that hides every finding is used only when it is signed with the user's key: the control (the
    /// same pack signed with the right key) shows the test can fail.
    @Test func aPackSignedWithAnotherKeyCannotHideFindings() throws {
        let project = try Project()
        let fresh = project.session().run()
        #expect(!Self.findings(fresh).isEmpty && fresh.exitStatus == 1, "\(Self.findings(fresh))")
        // Every finding made into an info the threshold does not count, signed with a stranger's key.
        try project.tamper(signedWith: CacheSecret(k0: 1, k1: 2)) { $0.severity = .info; $0.message = "planted" }
        let planted = project.session().run()
        #expect(Self.findings(planted) == Self.findings(fresh) && planted.exitStatus == 1)
        // The control: the same forgery under the user's own key is read (what a MAC is for).
        try project.tamper { $0.severity = .info; $0.message = "planted" }
        let control = project.session().run()
        #expect(Self.findings(control).allSatisfy { $0.hasSuffix("planted") } && control.exitStatus == 0, "\(Self.findings(control))")
    }

    /// `--fix` writes only fixes made by a fresh check of the file: an edit kept in the cache, even in a
    /// pack signed with the user's key, is never applied.
    @Test func fixNeverAppliesAnEditReadFromTheCache() throws {
        let project = try Project()
        let first = project.session().run()
        #expect(first.report?.diagnostics.contains { $0.fix?.isSafe == true } == true, "\(Self.findings(first))")
        try project.tamper { d in
            guard let fix = d.fix else { return }
            d.fix = Fix(title: fix.title, edits: fix.edits.map { TextEdit(range: $0.range, replacement: "exit(0) /* planted */") }, isSafe: true)
        }
        // The control: a lint without --fix reads the planted edit (so the pack is in use).
        let read = project.session().run()
        #expect(read.report?.diagnostics.contains { $0.fix?.edits.contains { $0.replacement.contains("planted") } == true } == true)
        let fixed = project.session(fix: true).run()
        #expect(fixed.exitStatus <= 1, "\(fixed)")
        let text = try project.text()
        #expect(!text.contains("planted") && text.contains("_count"), "\(text)")
    }
}
