#if canImport(Glibc)
    import Glibc
#endif

// One entry point for both builds.
//
// - Fuzz build (`scripts/fuzz`: `-sanitize=fuzzer,address -D FUZZING`): `main` hands control to
//   libFuzzer's driver, `LLVMFuzzerRunDriver`, so every libFuzzer flag works as usual. Because this
//   executable defines `main` itself, the linker never pulls libFuzzer's own `main` out of the
//   runtime archive, and SwiftPM links it like any other executable target.
// - Normal build (`swift build`): a replayer. `InsetFuzz FILE|DIR...` runs each input through the same
//   target without instrumentation (a crash file from the fuzzer, or the whole seed corpus), so a
//   failure can be reproduced and debugged without the sanitizer toolchain.

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif

@main
enum InsetFuzzMain {
    static func main() {
        #if FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { data, count in
                    // libFuzzer may pass a null pointer for the empty input.
                    guard let data, count > 0 else {
                        var empty: UInt8 = 0
                        return fuzz(&empty, 0)
                    }
                    return fuzz(data, count)
                })
        #else
            replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    /// Runs every file named, or found directly in a directory named, through the target.
    static func replay(_ paths: [String]) {
        guard !paths.isEmpty else {
            print("usage: InsetFuzz FILE|DIR...  (replays inputs; scripts/fuzz builds the libFuzzer binary)")
            exit(2)
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let bytes = read(file) else {
                    print("cannot read \(file)")
                    exit(1)
                }
                // Padded with a byte so even an empty input has an address; the count stays exact.
                (bytes + [0]).withUnsafeBytes { raw in
                    if let base = raw.baseAddress { _ = fuzz(base, bytes.count) }
                }
                count += 1
            }
        }
        print("replayed \(count) inputs, no failure")
    }

    static func files(at path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return bytes
    }
}
