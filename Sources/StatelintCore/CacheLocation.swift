import Foundation
import StatelintSyntax

/// Where the analysis cache lives, and the secret that signs it.
///
/// By default the cache is in the user's cache home (`$XDG_CACHE_HOME/statelint`, else
/// `~/Library/Caches/statelint` on macOS and `~/.cache/statelint` elsewhere), in one folder per project
/// named after the project root's real path, as SwiftLint keeps its cache: no file a repository commits
/// can be the cache or point into it. `--cache-dir` and `STATELINT_CACHE_DIR` name another folder.
///
/// Every pack carries a MAC (SipHash-2-4) under a secret key that is made once per user, mode 0600, in the
/// cache home: a pack someone else wrote (planted in a repository, or in a shared cache folder) is not
/// signed with it and is ignored.
public enum CacheLocation {
    /// The user's cache home (`$XDG_CACHE_HOME` when it is absolute, else the platform's), or nil.
    public static func userCacheHome(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg }
        guard let home = homeFolder(environment: environment) else { return nil }
        #if canImport(Darwin)
        return home + "/Library/Caches"
        #else
        return home + "/.cache"
        #endif
    }

    /// `$HOME`, else the user's entry in the password database.
    public static func homeFolder(environment: [String: String]) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/"), home != "/" { return home }
        guard let entry = getpwuid(geteuid()), let dir = entry.pointee.pw_dir else { return nil }
        let home = String(cString: dir)
        return home.hasPrefix("/") && home != "/" ? home : nil
    }

    /// statelint's folder in the cache home (its packs' folders and its key), or nil.
    static func statelintHome(environment: [String: String]) -> String? {
        userCacheHome(environment: environment).map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/statelint" }
    }

    /// The default cache folder of a project: `<cache home>/statelint/<name>-<hash of the root's real path>`.
    public static func defaultFolder(root: String, environment: [String: String]) -> String? {
        guard let home = statelintHome(environment: environment) else { return nil }
        let real = FilePath.fsRealpath(root) ?? root
        var name = String((real as NSString).lastPathComponent.unicodeScalars.map {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") ? Character($0) : "_"
        }.prefix(40))
        if name.isEmpty { name = "root" }
        return home + "/" + name + "-" + DiskCache.hex(StableHash.of(real))
    }

    /// The disk cache of a project (what the command line and the language server share): `named` (a
    /// `--cache-dir`, else `STATELINT_CACHE_DIR`) or the project's folder in the cache home, none with
    /// `STATELINT_NO_CACHE` (not `0`) or, by default, for a root that is no project (`/`, a home folder, a
    /// folder without git or build files). `note` says why there is none when the cache cannot be used.
    public static func diskCache(project: Project.Root, named: String?, environment: [String: String], version: String)
        -> (cache: DiskCache?, note: String?) {
        if let off = environment["STATELINT_NO_CACHE"], !off.isEmpty, off != "0" { return (nil, nil) }
        let named = named ?? environment["STATELINT_CACHE_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        guard let folder = named ?? (project.isCacheable(home: homeFolder(environment: environment))
                ? defaultFolder(root: project.folder, environment: environment) : nil) else { return (nil, nil) }
        switch secret(environment: environment) {
        case .success(let secret): return (DiskCache(folder: folder, version: version, secret: secret, makingParents: named == nil), nil)
        case .failure(let refusal): return (nil, "no analysis cache: " + refusal.message)
        }
    }

    /// The user's secret key for the cache's MACs: read from `<cache home>/statelint/key`, made there when
    /// missing (16 random bytes, mode 0600). Refused when the file is a link, another user's, or readable
    /// by others.
    public static func secret(environment: [String: String]) -> Result<CacheSecret, CacheFolder.Refusal> {
        guard let home = statelintHome(environment: environment) else {
            return .failure(CacheFolder.Refusal(message: "no cache home is known (HOME and XDG_CACHE_HOME are not set)"))
        }
        let folder: CacheFolder
        switch CacheFolder.open(home, makingParents: true) {
        case .success(let opened): folder = opened
        case .failure(let refusal): return .failure(refusal)
        }
        for _ in 0..<2 {
            let (bytes, distrusted) = folder.read("key")
            if let distrusted { return .failure(CacheFolder.Refusal(message: "the cache key \(distrusted)")) }
            if let bytes {
                guard let secret = CacheSecret(hex: bytes) else {
                    return .failure(CacheFolder.Refusal(message: "the cache key \(home)/key is not a key of statelint's; remove it to make a new one"))
                }
                return .success(secret)
            }
            // Missing: made once (a run at the same time that made it first wins: read again).
            var generator = SystemRandomNumberGenerator()
            let secret = CacheSecret(k0: generator.next(), k1: generator.next())
            let made = openat(folder.fd, "key", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if made >= 0 {
                let error = FileWriting.writeAllError(made, secret.hex)
                close(made)
                if let error { return .failure(CacheFolder.Refusal(message: "cannot write the cache key \(home)/key: \(FileWriting.reason(error))")) }
                return .success(secret)
            }
            if errno != EEXIST { return .failure(CacheFolder.Refusal(message: "cannot write the cache key \(home)/key: \(FileWriting.reason(errno))")) }
        }
        return .failure(CacheFolder.Refusal(message: "the cache key \(home)/key cannot be read"))
    }
}

/// A user's secret key for the cache's MACs (SipHash-2-4's 128-bit key).
public struct CacheSecret: Sendable, Equatable {
    var k0: UInt64
    var k1: UInt64

    public init(k0: UInt64, k1: UInt64) {
        (self.k0, self.k1) = (k0, k1)
    }

    /// The key as 32 lowercase hex digits and a newline (how it is kept).
    var hex: [UInt8] { Array((DiskCache.hex(k0) + DiskCache.hex(k1) + "\n").utf8) }

    init?(hex bytes: [UInt8]) {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        guard text.utf8.count == 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              let k0 = UInt64(text.prefix(16), radix: 16), let k1 = UInt64(text.suffix(16), radix: 16) else { return nil }
        (self.k0, self.k1) = (k0, k1)
    }

    /// SipHash-2-4 of `bytes` under this key (Aumasson and Bernstein's MAC for short inputs).
    func mac(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var v0: UInt64 = 0x736f_6d65_7073_6575 ^ k0
        var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ k1
        var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ k0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ k1
        @inline(__always) func round() {
            v0 = v0 &+ v1; v1 = (v1 << 13) | (v1 >> 51); v1 ^= v0; v0 = (v0 << 32) | (v0 >> 32)
            v2 = v2 &+ v3; v3 = (v3 << 16) | (v3 >> 48); v3 ^= v2
            v0 = v0 &+ v3; v3 = (v3 << 21) | (v3 >> 43); v3 ^= v0
            v2 = v2 &+ v1; v1 = (v1 << 17) | (v1 >> 47); v1 ^= v2; v2 = (v2 << 32) | (v2 >> 32)
        }
        let count = bytes.count
        var i = 0
        while i + 8 <= count {
            let m = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
            v3 ^= m
            round(); round()
            v0 ^= m
            i += 8
        }
        var last = UInt64(truncatingIfNeeded: count) << 56
        var shift: UInt64 = 0
        while i < count {
            last |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        v3 ^= last
        round(); round()
        v0 ^= last
        v2 ^= 0xff
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    func mac(_ bytes: ArraySlice<UInt8>) -> UInt64 { bytes.withUnsafeBytes { mac($0) } }
}
