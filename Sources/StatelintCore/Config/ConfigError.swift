/// A configuration file that cannot be used: where, why, and the closest valid spelling.
///
/// Printed as `PATH:LINE:COL: error: MESSAGE; did you mean 'X'?` (the suggestion only when there
/// is one). A file that cannot be read at all has line and column 0 and prints as
/// `PATH: error: MESSAGE`. The command line exits with status 2 on this error.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configuration file's path as given.
    public var path: String
    /// 1-based line, or 0 when the error concerns the whole file.
    public var line: Int
    /// 1-based UTF-8 byte column, or 0 when the error concerns the whole file.
    public var column: Int
    /// What is wrong.
    public var message: String
    /// The closest valid spelling of what was written, when one is close enough.
    public var suggestion: String?
    /// More problems of the same kind in the same file, each printed on its own line after this one
    /// (every SwiftLint key of a `.lintrc` is named in one run).
    public var more: [ConfigError] = []

    /// Creates an error.
    public init(path: String, line: Int, column: Int, message: String, suggestion: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.suggestion = suggestion
    }

    /// `PATH:LINE:COL: error: MESSAGE; did you mean 'X'?`
    public var description: String {
        let place = line > 0 ? "\(path):\(line):\(column)" : path
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        return "\(place): error: \(ConfigError.abbreviated(message))\(hint)" + more.map { "\n" + $0.description }.joined()
    }

    /// The message with every quoted value longer than 80 characters cut to its first 60 (a 10 MB value
    /// is not echoed whole).
    static func abbreviated(_ message: String) -> String {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3, message.count > 120 else { return message }
        var out = ""
        for (i, part) in parts.enumerated() {
            if i > 0 { out += "'" }
            // Odd parts are inside quotes (when the quotes pair up).
            if i % 2 == 1 && i < parts.count - 1 && part.count > 80 {
                out += part.prefix(60) + "… (\(part.count) characters)"
            } else {
                out += part
            }
        }
        return out
    }
}

/// Finds the valid spelling closest to a misspelt word (config keys, rule ids, options, commands).
public enum Spelling {
    /// `; did you mean 'x'?` for the closest candidate, or an empty string.
    public static func didYouMean(_ word: String, _ candidates: [String]) -> String {
        suggestion(for: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate closest to `word` by edit distance (ignoring case), when it is close enough:
    /// at most a third of the candidate's length (at least 1), or `word` is a prefix of it of
    /// three characters or more (`warn` → `warning`). Ties go to the earlier candidate.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased().utf8)
        guard !typed.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates {
            let target = Array(candidate.lowercased().utf8)
            let limit = max(1, target.count / 3)
            var distance: Int? = nil
            if let d = editDistance(typed, target, limit: limit) {
                distance = d
            } else if typed.count >= 3 && target.starts(with: typed) {
                distance = target.count - typed.count
            }
            if let distance, best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The Levenshtein distance, or `nil` when it exceeds `limit` (checked cheaply first by length).
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
