// syntax-oracle: dumps swift-syntax's view of identifier-like tokens so our
// hand-written lexer (`statelint tokens`) can be checked against it.
// Developer tool only; the statelint product never imports this package.
//
// USAGE
//   syntax-oracle [--out-dir DIR] [--files-from LIST|-] [-j N] [--kinds] [--parse-only] [FILE...]
//
// For every input file the source bytes are parsed with `Parser.parse(source:)`.
// If the tree `hasError`, the file is reported as a parse error and no tokens
// are printed for it. Otherwise every token of
// `tree.tokens(viewMode: .sourceAccurate)` whose kind is .identifier, .keyword,
// .dollarIdentifier or .wildcard is printed as one line
//
//     LINE:COL TEXT
//
// LINE and COL are 1-based physical positions from SourceLocationConverter
// (`#sourceLocation` is ignored); COL counts UTF-8 bytes. TEXT is the token's
// exact text (backticks included), escaped like `statelint tokens` does:
// `\` -> `\\`, LF -> `\n`, TAB -> `\t`, CR -> `\r`, other bytes < 0x20 and
// 0x7F -> `\xNN` (uppercase hex). TEXT may contain spaces (raw identifiers
// such as `a b`), so a consumer takes everything after the first space.
//
// OUTPUT CONVENTION (one process handles thousands of files):
//
// * stdout mode (default): for each input, in input order, one header line and
//   then its token lines (token lines always start with a digit):
//       === OK <path>
//       === PARSE-ERROR <path> <LINE:COL of first error, or ?>
//       === IO-ERROR <path> <message>
//   Paths containing a newline are not supported.
//
// * --out-dir DIR: nothing on stdout; for the input with 0-based index I (in
//   the order given: --files-from entries first, then FILE arguments) writes
//       DIR/I.tok   the token lines, when swift-syntax parses the file cleanly
//       DIR/I.err   one line "PARSE-ERROR LINE:COL" or "IO-ERROR message"
//   Exactly one of the two is written per input.
//
// --parse-only (the benchmark's measure): parse every file and count parse errors, print nothing per
// file: swift-syntax's parse alone, without the location converter and the token dump.
//
// --kinds (debugging aid, not used by check-lexer.sh): print EVERY
// source-accurate token as `LINE:COL KIND TEXT`, KIND being swift-syntax's
// TokenKind case name (identifier, keyword, pound, poundIf, stringSegment,
// regexLiteralPattern, ...), also for files that have parse errors (their
// header still says PARSE-ERROR).
//
// --files-from LIST reads newline-separated paths from LIST ('-' = stdin);
// -j N parses N files concurrently (default: number of active CPUs).
// A summary "syntax-oracle: N files, E parse errors, I IO errors, T s" goes to stderr.
// Exit status: 0 (even with parse errors), 2 on usage errors.

import Dispatch
import SwiftParser
import SwiftSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Small I/O helpers (no Foundation, to keep startup and memory low)

func readFileBytes(_ path: String) -> [UInt8]? {
    guard let fp = fopen(path, "rb") else { return nil }
    defer { fclose(fp) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, fp) }
        if n > 0 { result.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count {
            if ferror(fp) != 0 { return nil }
            break
        }
    }
    return result
}

func writeFileBytes(_ path: String, _ bytes: [UInt8]) -> Bool {
    guard let fp = fopen(path, "wb") else { return false }
    let n = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, fp) }
    return fclose(fp) == 0 && n == bytes.count
}

/// write(2) the whole buffer to a file descriptor (no shared FILE* state).
func writeFD(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buf in
        var off = 0
        while off < buf.count {
            let n = write(fd, buf.baseAddress! + off, buf.count - off)
            if n < 0 { if errno == EINTR { continue }; return }
            off += n
        }
    }
}

func writeStdout(_ bytes: [UInt8]) { writeFD(1, bytes) }

func printErr(_ s: String) { writeFD(2, Array((s + "\n").utf8)) }

func errnoMessage() -> String {
    String(cString: strerror(errno))
}

let hexDigits = Array("0123456789ABCDEF".utf8)

func appendEscaped(_ text: String, to out: inout [UInt8]) {
    for b in text.utf8 {
        switch b {
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
        case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
        case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
        case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
        case 0..<0x20, 0x7F:
            out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "x"))
            out.append(hexDigits[Int(b >> 4)]); out.append(hexDigits[Int(b & 0xF)])
        default: out.append(b)
        }
    }
}

func appendInt(_ v: Int, to out: inout [UInt8]) {
    out.append(contentsOf: String(v).utf8)
}

// MARK: - Per-file work

enum FileResult {
    case tokens([UInt8])          // token lines, ready to write
    case parseError(String, [UInt8])  // LINE:COL of first error (or "?"), --kinds dump
    case ioError(String)
}

func isWanted(_ kind: TokenKind) -> Bool {
    switch kind {
    case .identifier, .keyword, .dollarIdentifier, .wildcard: return true
    default: return false
    }
}

/// Position of the first missing token, unexpected node or token with a lexer
/// error (e.g. an editor placeholder `<#x#>`), for the report.
func firstErrorLocation(_ tree: SourceFileSyntax, _ conv: SourceLocationConverter) -> String {
    for token in tree.tokens(viewMode: .all) {
        var bad = token.presence == .missing || token.tokenDiagnostic?.severity == .error
        if !bad {
            var node: Syntax? = token.parent
            while let n = node {
                if n.is(UnexpectedNodesSyntax.self) { bad = true; break }
                node = n.parent
            }
        }
        if bad {
            let loc = conv.location(for: token.positionAfterSkippingLeadingTrivia)
            return "\(loc.line):\(loc.column)"
        }
    }
    return "?"
}

/// `identifier("x")` -> `identifier`, `keyword(SwiftSyntax.Keyword.init)` -> `keyword`.
func kindName(_ kind: TokenKind) -> String {
    let d = String(describing: kind)
    if let paren = d.firstIndex(of: "(") { return String(d[..<paren]) }
    return d
}

func dumpAllTokens(_ tree: SourceFileSyntax, _ conv: SourceLocationConverter) -> [UInt8] {
    var out: [UInt8] = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
        let loc = conv.location(for: token.positionAfterSkippingLeadingTrivia)
        out.append(contentsOf: "\(loc.line):\(loc.column) \(kindName(token.tokenKind)) ".utf8)
        appendEscaped(token.text, to: &out)
        out.append(0x0A)
    }
    return out
}

nonisolated(unsafe) var dumpKinds = false
nonisolated(unsafe) var parseOnly = false

func process(_ path: String) -> FileResult {
    guard let bytes = readFileBytes(path) else {
        return .ioError("cannot read: \(errnoMessage())")
    }
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    if parseOnly { return tree.hasError ? .parseError("?", []) : .tokens([]) }
    let conv = SourceLocationConverter(fileName: path, tree: tree)
    if tree.hasError {
        return .parseError(firstErrorLocation(tree, conv), dumpKinds ? dumpAllTokens(tree, conv) : [])
    }
    if dumpKinds { return .tokens(dumpAllTokens(tree, conv)) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for token in tree.tokens(viewMode: .sourceAccurate) where isWanted(token.tokenKind) {
        let loc = conv.location(for: token.positionAfterSkippingLeadingTrivia)
        appendInt(loc.line, to: &out)
        out.append(UInt8(ascii: ":"))
        appendInt(loc.column, to: &out)
        out.append(UInt8(ascii: " "))
        appendEscaped(token.text, to: &out)
        out.append(0x0A)
    }
    return .tokens(out)
}

// MARK: - Command line

func usage() -> Never {
    printErr("usage: syntax-oracle [--out-dir DIR] [--files-from LIST|-] [-j N] [--kinds] [--parse-only] [FILE...]")
    exit(2)
}

var outDir: String? = nil
var listFiles: [String] = []
var argFiles: [String] = []
var jobs = sysconf(Int32(_SC_NPROCESSORS_ONLN))
if jobs < 1 { jobs = 1 }

var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--out-dir": guard let v = args.popFirst() else { usage() }; outDir = v
    case "--files-from": guard let v = args.popFirst() else { usage() }; listFiles.append(v)
    case "-j", "--jobs":
        guard let v = args.popFirst(), let n = Int(v), n > 0 else { usage() }
        jobs = n
    case "--kinds": dumpKinds = true
    case "--parse-only": parseOnly = true
    case "-h", "--help": usage()
    case "--": argFiles.append(contentsOf: args); args = []
    default:
        if a.hasPrefix("-") && a != "-" { printErr("syntax-oracle: unknown option \(a)"); usage() }
        argFiles.append(a)
    }
}

var files: [String] = []
for list in listFiles {
    let data: [UInt8]?
    if list == "-" {
        var buf: [UInt8] = []
        var c = getchar()
        while c != EOF { buf.append(UInt8(truncatingIfNeeded: c)); c = getchar() }
        data = buf
    } else {
        data = readFileBytes(list)
    }
    guard let data else { printErr("syntax-oracle: cannot read list \(list)"); exit(2) }
    for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
        files.append(String(decoding: line, as: UTF8.self))
    }
}
files.append(contentsOf: argFiles)
if files.isEmpty { usage() }

if let outDir {
    if mkdir(outDir, 0o755) != 0 && errno != EEXIST {
        printErr("syntax-oracle: cannot create \(outDir): \(errnoMessage())")
        exit(2)
    }
}

/// Shared mutable slots written by disjoint indices from worker threads.
final class Slots: @unchecked Sendable {
    var results: [FileResult?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
}

final class Counters: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    var parseErrors = 0
    var ioErrors = 0
    init() { pthread_mutex_init(&lock, nil) }
    func add(_ r: FileResult) {
        pthread_mutex_lock(&lock)
        switch r {
        case .tokens: break
        case .parseError: parseErrors += 1
        case .ioError: ioErrors += 1
        }
        pthread_mutex_unlock(&lock)
    }
}

/// Work queue index shared by the workers of one batch.
final class NextIndex: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var next = 0
    init() { pthread_mutex_init(&lock, nil) }
    func take() -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let v = next
        next += 1
        return v
    }
}

var startTime = timespec()
clock_gettime(CLOCK_MONOTONIC, &startTime)
let counters = Counters()
let allFiles = files
let batchSize = 256

var batchStart = 0
while batchStart < allFiles.count {
    let batchEnd = min(batchStart + batchSize, allFiles.count)
    let base = batchStart
    let slots = Slots(count: batchEnd - batchStart)
    let dir = outDir
    let fileCount = batchEnd - batchStart
    // Files vary a lot in size, so each worker pulls the next index.
    let nextIndex = NextIndex()
    DispatchQueue.concurrentPerform(iterations: min(jobs, fileCount)) { _ in
        while true {
            let i = nextIndex.take()
            if i >= fileCount { break }
            let path = allFiles[base + i]
            let r = process(path)
            counters.add(r)
            if let dir {
                let idx = base + i
                var ok = true
                switch r {
                case .tokens(let bytes):
                    ok = writeFileBytes("\(dir)/\(idx).tok", bytes)
                case .parseError(let loc, let dump):
                    ok = writeFileBytes("\(dir)/\(idx).err", Array("PARSE-ERROR \(loc)\n".utf8) + dump)
                case .ioError(let msg):
                    ok = writeFileBytes("\(dir)/\(idx).err", Array("IO-ERROR \(msg)\n".utf8))
                }
                if !ok { printErr("syntax-oracle: cannot write output for #\(idx) in \(dir)") }
            } else {
                slots.results[i] = r
            }
        }
    }
    if outDir == nil {
        for (i, r) in slots.results.enumerated() {
            let path = allFiles[base + i]
            if parseOnly { continue }
            switch r! {
            case .tokens(let bytes):
                writeStdout(Array("=== OK \(path)\n".utf8))
                writeStdout(bytes)
            case .parseError(let loc, let dump):
                writeStdout(Array("=== PARSE-ERROR \(path) \(loc)\n".utf8))
                writeStdout(dump)
            case .ioError(let msg):
                writeStdout(Array("=== IO-ERROR \(path) \(msg)\n".utf8))
            }
        }
    }
    batchStart = batchEnd
}

var endTime = timespec()
clock_gettime(CLOCK_MONOTONIC, &endTime)
let secs = Double(endTime.tv_sec - startTime.tv_sec) + Double(endTime.tv_nsec - startTime.tv_nsec) / 1e9
let secsText = String(Int(secs * 100) / 100) + "." + String(100 + Int(secs * 100) % 100).dropFirst()
printErr("syntax-oracle: \(allFiles.count) files, \(counters.parseErrors) parse errors, \(counters.ioErrors) IO errors, \(secsText) s")
exit(0)
