import Foundation
import Testing

/// A crash on one file is reported with the file named, exit status 3, and every other file's findings.
@Suite("CLI: a crash on one file does not take the run down")
struct CLICrashTests {
    static let view = """
        import SwiftUI

        struct Row: View {
            var body: some View {
                let _ = print("row")
                Text("row")
            }
        }

        """

    func project() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        for name in ["A", "B", "C"] { try sandbox.write("\(name).swift", Self.view) }
        return sandbox
    }

    @Test(arguments: [("trap", "SIGILL", "while checking its rules"), ("overflow", "SIGSEGV", "while checking its rules"),
                      ("trap-index", "SIGILL", "while reading it for the project index")])
    func aCrashIsReportedAndTheRestIsLinted(_ kind: String, _ signal: String, _ stage: String) throws {
        let sandbox = try project()
        let result = try sandbox.run(["--format", "xcode"], environment: ["STATELINT_DEBUG_CRASH": "\(kind):B.swift"])
        #expect(result.status == 3, "\(result)")
        #expect(result.lines.map { String($0.prefix(14)) } == ["A.swift:5:17: ", "C.swift:5:17: "], "\(result)")
        #expect(result.stderr.contains("statelint: error: B.swift crashed statelint (signal"), "\(result)")
        #expect(result.stderr.contains(signal) && result.stderr.contains(stage), "\(result)")
        #expect(!result.stderr.contains("Backtracing"), "no runtime backtrace unless asked for: \(result)")
    }

    @Test func theReportFileIsStillWrittenAndNamesTheFile() throws {
        let sandbox = try project()
        let result = try sandbox.run(["--format", "sarif", "--output", "report.sarif"],
                                     environment: ["STATELINT_DEBUG_CRASH": "trap:C.swift"])
        #expect(result.status == 3, "\(result)")
        let sarif = try sandbox.read("report.sarif")
        let object = try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any]
        #expect(object != nil)
        #expect(sarif.contains("A.swift") && sarif.contains("B.swift"))
        #expect(sarif.contains("C.swift crashed statelint") || sarif.contains("crashed statelint"), "the crash is in the report's problems")
    }

    @Test func aNamedFileThatCrashesIsReported() throws {
        let sandbox = try project()
        let result = try sandbox.run(["--format", "xcode", "B.swift"], environment: ["STATELINT_DEBUG_CRASH": "trap:B.swift"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr.contains("B.swift crashed statelint"), "\(result)")
    }

    @Test func theDeclarationWithoutANameNoLongerCrashes() throws {
        let sandbox = try project()
        try sandbox.write("Empty.swift", "struct V: View {\n    let (){}\n}\n")
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 3, "\(result)")
        #expect(!result.stderr.contains("crashed"), "\(result)")
    }

    @Test func aChainPastTheDepthLimitIsReportedNotFatal() throws {
        let sandbox = try project()
        try sandbox.write("Chain.swift", "import SwiftUI\nstruct V: View {\n  var body: some View {\n    Text(\"x\")"
            + String(repeating: ".padding()", count: 100_000) + "\n  }\n}\n")
        let result = try sandbox.run(["--format", "xcode"])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 3, "\(result)")
        #expect(result.stderr.contains("statelint: warning: Chain.swift line 4: nesting deeper than 10000 levels"), "\(result)")
    }

    @Test func closedStandardInputIsAnError() throws {
        let sandbox = try project()
        // The shell closes standard input before starting statelint.
        let result = try sandbox.run(["-c", "exec \"$0\" --stdin-path A.swift <&-", CLI.binary.path], shell: true)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("standard input cannot be read"), "\(result)")
    }
}
