import Foundation
import StatelintDiagnostics
import StatelintSyntax

// Lexing and parsing throughput on a folder, single core and all cores.
// Usage: statelint-bench [--repeat N] [--jobs N] FOLDER...
// Prints files, lines, MB, seconds, MB/s and lines/s for: lex (1 core), lex+parse (1 core), lex+parse (all cores).

var folders: [String] = []
var repeatCount = 3
var jobCount = ProcessInfo.processInfo.activeProcessorCount
var argIndex = 1
let arguments = CommandLine.arguments
while argIndex < arguments.count {
    let arg = arguments[argIndex]
    if arg == "--repeat", argIndex + 1 < arguments.count { repeatCount = max(1, Int(arguments[argIndex + 1]) ?? 3); argIndex += 2; continue }
    if arg == "--jobs", argIndex + 1 < arguments.count { jobCount = max(1, Int(arguments[argIndex + 1]) ?? jobCount); argIndex += 2; continue }
    folders.append(arg)
    argIndex += 1
}
guard !folders.isEmpty else {
    FileHandle.standardError.write(Data("usage: statelint-bench [--repeat N] [--jobs N] FOLDER...\n".utf8))
    exit(2)
}

func swiftFiles(_ folder: String) -> [String] {
    guard let e = FileManager.default.enumerator(atPath: folder) else { return [folder] }
    var out: [String] = []
    while let p = e.nextObject() as? String {
        if p.hasSuffix(".swift") && !p.contains(".build") { out.append(folder + "/" + p) }
    }
    return out.sorted()
}

let paths = folders.flatMap(swiftFiles)
let bench = Bench(
    paths: paths,
    contents: paths.map { [UInt8](FileManager.default.contents(atPath: $0) ?? Data()) },
    repeats: repeatCount, jobs: jobCount)
bench.run(fileCount: paths.count)

final class Counter: @unchecked Sendable {
    let lock = NSLock()
    var next = 0
    var sum = 0
}

struct Bench: Sendable {
    let paths: [String]
    let contents: [[UInt8]]
    let repeats: Int
    let jobs: Int

    var totalBytes: Int { contents.reduce(0) { $0 + $1.count } }
    var totalLines: Int { contents.reduce(0) { acc, bytes in acc + bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } } }

    func now() -> Double { MonotonicClock.now() }

    /// The best of `repeats` runs, in seconds.
    func best(_ body: () -> Int) -> (Double, Int) {
        var bestTime = Double.infinity
        var checksum = 0
        for _ in 0..<repeats {
            let start = now()
            checksum = body()
            bestTime = min(bestTime, now() - start)
        }
        return (bestTime, checksum)
    }

    /// Runs `work` over all files on `threads` large-stack threads.
    func parallel(threads: Int, _ work: @escaping @Sendable ([UInt8]) -> Int) -> Int {
        let counter = Counter()
        let group = DispatchGroup()
        let files = contents
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                var local = 0
                while true {
                    counter.lock.lock()
                    let i = counter.next
                    counter.next += 1
                    counter.lock.unlock()
                    if i >= files.count { break }
                    local &+= work(files[i])
                }
                counter.lock.lock()
                counter.sum &+= local
                counter.lock.unlock()
                group.leave()
            }
            thread.stackSize = 64 << 20
            thread.start()
        }
        group.wait()
        return counter.sum
    }

    func report(_ label: String, _ seconds: Double, _ detail: String = "") {
        let mb = Double(totalBytes) / 1_048_576
        let line = label.padding(toLength: 26, withPad: " ", startingAt: 0) + String(format: " %8.3f s  %8.1f MB/s  %10.0f lines/s ", seconds, mb / seconds,
                          Double(totalLines) / seconds)
        print(line + detail)
    }

    func run(fileCount: Int) {
        print(String(format: "%d files, %d lines, %.1f MB (best of %d runs)", fileCount, totalLines,
                     Double(totalBytes) / 1_048_576, repeats))
        let (lexTime, tokens) = best { parallel(threads: 1) { Lexer.tokenize($0).tokens.count } }
        report("lex, 1 thread", lexTime, "(\(tokens) tokens)")
        let (lexAll, _) = best { parallel(threads: jobs) { Lexer.tokenize($0).tokens.count } }
        report("lex, \(jobs) threads", lexAll, String(format: "(%.2fx)", lexTime / lexAll))
        let (parseTime, nodes) = best {
            parallel(threads: 1) { SyntaxTree(file: SourceFile(path: "", bytes: $0)).nodes.count }
        }
        report("lex+parse, 1 thread", parseTime, "(\(nodes) nodes)")
        let (parallelTime, _) = best {
            parallel(threads: jobs) { SyntaxTree(file: SourceFile(path: "", bytes: $0)).nodes.count }
        }
        report("lex+parse, \(jobs) threads", parallelTime, String(format: "(%.2fx)", parseTime / parallelTime))
        var diagnosed = 0
        for (i, bytes) in contents.enumerated() {
            let tree = SyntaxTree(file: SourceFile(path: paths[i], bytes: bytes))
            guard let first = tree.diagnostics.first else { continue }
            diagnosed += 1
            if diagnosed <= 15 {
                let (line, column) = LineTable(bytes).location(of: first.offset)
                print("  \(paths[i]):\(line):\(column): \(first.message)")
            }
        }
        print("files with lexer or parser diagnostics: \(diagnosed)")
    }
}
