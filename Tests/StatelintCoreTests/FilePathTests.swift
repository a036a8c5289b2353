import Foundation
import StatelintCore
import Testing

/// File names are bytes: a name that is not UTF-8 must reach the file system unchanged.
@Suite("File paths")
struct FilePathTests {
    @Test func everyNameRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [
            Array("plain/Name.swift".utf8), Array("café/ünï.swift".utf8),
            [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x73],  // Latin-1 é
            [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xFF, 0xFE],
            Array("\u{F7E9}literal".utf8),  // a name that holds an escape scalar itself
        ]
        var all = samples
        for _ in 0..<500 {
            all.append((0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) })
        }
        for bytes in all {
            let path = FilePath.string(fromBytes: bytes)
            #expect(FilePath.bytes(path) == bytes, "\(bytes)")
            // Valid UTF-8 without escape scalars is the plain string.
            if let text = String(validatingCString: bytes.map { CChar(bitPattern: $0) } + [0]),
               !text.unicodeScalars.contains(where: { FilePath.rawByte(of: $0) != nil }) {
                #expect(path == text)
            }
        }
        #expect(FilePath.string(fromBytes: [0x61, 0xE9]).unicodeScalars.map(\.value) == [0x61, 0xF7E9])
    }

    @Test func aFileWithANameThatIsNotUTF8IsReadAndWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statelint-names-\(UUID().uuidString)").path
        mkdir(folder, 0o755)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = FilePath.string(fromBytes: Array(folder.utf8) + [0x2F, 0x63, 0x61, 0x66, 0xE9, 0x2E, 0x73, 0x77, 0x69, 0x66, 0x74])
        let fd = FilePath.fsOpen(name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        _ = write(fd, "let x = 1\n", 10)
        close(fd)
        // The directory walk finds it under the same name, and it reads back.
        let found = try Discovery.swiftFiles(in: [folder])
        #expect(found.count == 1 && FilePath.bytes(found[0]) == FilePath.bytes(name), "\(found)")
        guard case .success(let bytes) = FileReading.bytes(of: found[0]) else {
            Issue.record("not readable")
            return
        }
        #expect(bytes == Array("let x = 1\n".utf8))
    }

    /// A folder stream's last record can end where its buffer (and a page) ends, shorter than `dirent`:
    /// the name must be read in place. (A walk that copied `d_name` crashed on such a folder.)
    @Test func aFolderEntrysNameIsReadInPlaceUpToTheEndOfItsRecord() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let memory = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(memory == MAP_FAILED ? nil : memory)
        defer { munmap(base, 2 * page) }
        // The page after the record is unreadable: a read past the record faults.
        #expect(mprotect(base + page, page, PROT_NONE) == 0)
        let nameOffset = try #require(MemoryLayout<dirent>.offset(of: \dirent.d_name))
        let name = Array("Row.swift".utf8CString)
        let recordLength = (nameOffset + name.count + 7) / 8 * 8
        #expect(recordLength < MemoryLayout<dirent>.size)
        let record = base + page - recordLength
        memset(record, 0, recordLength)
        name.withUnsafeBytes { bytes in (record + nameOffset).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
        let entry = record.assumingMemoryBound(to: dirent.self)
        #expect(FilePath.name(of: entry) == "Row.swift")
    }

    /// Every reader of folder entries reads names through `FilePath.name(of:)` or `namePointer(of:)`.
    @Test func noSourceCopiesAFolderEntrysName() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            #expect(!text.contains("pointee.d_name"), "\(file) copies d_name out of a readdir record")
        }
    }
}
