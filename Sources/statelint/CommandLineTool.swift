import Foundation
import StatelintCore
import StatelintReporters
import StatelintRules
import StatelintSyntax

/// Argument parsing and wiring; exit codes 0 (clean), 1 (findings), 2 (usage), 3 (internal failure).
enum CommandLineTool {
    static let version = "0.1.0"

    static let usage = """
        OVERVIEW: statelint finds state and lifetime hazards in SwiftUI and Observation code.

        USAGE: statelint [lint] [PATH ...] [options]
               statelint rules
               statelint explain RULE
               statelint tokens FILE [--trivia]
               statelint --version

        OPTIONS:
          --format text|xcode        output format (default: text)
          --jobs N                   worker threads (default: all cores)
          --severity-threshold info|warning|error
                                     exit 1 when a finding is at or above it (default: warning)
          --color auto|always|never  colour text output (default: auto; NO_COLOR is honoured)
          --quiet                    do not print the summary line
          -h, --help                 show this help
          --version                  show the version

        EXIT STATUS: 0 no finding at or above the threshold, 1 findings, 2 bad usage, 3 internal failure.
        """

    static func run(_ args: [String]) -> Int32 {
        do {
            return try dispatch(args)
        } catch let error as StatelintError {
            printError("statelint: error: \(error)")
            if case .usage = error { printError("Run 'statelint --help' for usage.") }
            return 2
        } catch {
            printError("statelint: internal error: \(error)")
            return 3
        }
    }

    static func dispatch(_ args: [String]) throws -> Int32 {
        guard let first = args.first else { return try lint([]) }
        switch first {
        case "--version":
            print(version)
            return 0
        case "-h", "--help", "help":
            print(usage)
            return 0
        case "rules":
            for d in RuleRegistry.descriptors {
                print("\(d.id.padding(toLength: 32, withPad: " ", startingAt: 0)) \(d.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(d.summary)")
            }
            return 0
        case "explain":
            guard args.count == 2 else { throw StatelintError.usage("'explain' takes one rule id") }
            guard let rule = RuleRegistry.rule(id: args[1]) else {
                throw StatelintError.usage("unknown rule '\(args[1])'\(suggestion(args[1], RuleRegistry.descriptors.map(\.id)))")
            }
            print(Explain.render(rule.descriptor))
            return 0
        case "tokens":
            let rest = args.dropFirst().filter { $0 != "--trivia" }
            guard rest.count == 1, let path = rest.first else { throw StatelintError.usage("'tokens' takes one file") }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw StatelintError.usage("cannot read '\(path)'")
            }
            let dump = TokenDump.render(SourceFile(path: path, bytes: [UInt8](data)), includeTrivia: args.contains("--trivia"))
            FileHandle.standardOutput.write(Data(dump.utf8))
            return 0
        case "syntax":
            // Developer aid: the parsed tree of one file.
            guard args.count == 2, let data = FileManager.default.contents(atPath: args[1]) else {
                throw StatelintError.usage("'syntax' takes one readable file")
            }
            let tree = Parallel.onLargeStack { SyntaxTree(file: SourceFile(path: args[1], bytes: [UInt8](data))) }
            print(TreeDump.render(tree), terminator: "")
            return 0
        case "lint":
            return try lint(Array(args.dropFirst()))
        default:
            return try lint(args)
        }
    }

    static func lint(_ args: [String]) throws -> Int32 {
        var paths: [String] = []
        var format = "text"
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var threshold = Severity.warning
        var colorMode = "auto"
        var quiet = false
        var i = 0
        func value(_ option: String) throws -> String {
            i += 1
            guard i < args.count else { throw StatelintError.usage("\(option) needs a value") }
            return args[i]
        }
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--format":
                format = try value(arg)
                guard ["text", "xcode"].contains(format) else {
                    throw StatelintError.usage("unknown format '\(format)' (expected text or xcode)")
                }
            case "--jobs":
                let v = try value(arg)
                guard let n = Int(v), n > 0 else { throw StatelintError.usage("--jobs takes a positive number, not '\(v)'") }
                jobs = n
            case "--severity-threshold":
                let v = try value(arg)
                guard let s = Severity(rawValue: v) else {
                    throw StatelintError.usage("--severity-threshold takes info, warning or error, not '\(v)'")
                }
                threshold = s
            case "--color":
                colorMode = try value(arg)
                guard ["auto", "always", "never"].contains(colorMode) else {
                    throw StatelintError.usage("--color takes auto, always or never, not '\(colorMode)'")
                }
            case "--quiet", "-q":
                quiet = true
            case "-h", "--help":
                print(usage)
                return 0
            default:
                if arg.hasPrefix("-") && arg != "-" {
                    throw StatelintError.usage("unknown option '\(arg)'\(suggestion(arg, ["--format", "--jobs", "--severity-threshold", "--color", "--quiet", "--help", "--version"]))")
                }
                paths.append(arg)
            }
            i += 1
        }
        if paths.isEmpty { paths = ["."] }
        let files = try Discovery.swiftFiles(in: paths)
        let report = Engine(jobs: jobs).lint(paths: files)
        let color: Bool
        switch colorMode {
        case "always": color = true
        case "never": color = false
        default: color = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
        let text = TextReporter.render(report, firstLinesOnly: format == "xcode", color: color)
        FileHandle.standardOutput.write(Data(text.utf8))
        for problem in report.problems { printError("statelint: warning: \(problem.path) \(problem.message)") }
        if !quiet && format == "text" { printError(TextReporter.summary(report)) }
        return report.diagnostics.contains { $0.severity >= threshold } ? 1 : 0
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// `; did you mean 'x'?` for the closest candidate within a small edit distance.
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        var best: (String, Int)?
        for c in candidates {
            let d = editDistance(word, c)
            if d <= max(2, c.count / 3), best == nil || d < best!.1 { best = (c, d) }
        }
        return best.map { "; did you mean '\($0.0)'?" } ?? ""
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}

/// `statelint explain RULE`.
enum Explain {
    static func render(_ d: RuleDescriptor) -> String {
        var out = "\(d.id) (\(d.defaultSeverity.rawValue))\n\n\(d.summary)\n\n\(d.rationale)\n"
        for example in d.badExamples { out += "\nExample:\n\n" + indent(example) + "\n" }
        for example in d.goodExamples { out += "\nUse instead:\n\n" + indent(example) + "\n" }
        return out
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
