import FoundationEssentials
import Glibc
import RainFuzzing

/// The fuzz target, from `FUZZ_TARGET` (scripts/fuzz.sh sets it): one of `FuzzEntry.targets`.
let fuzzTarget: String = {
    guard let name = getenv("FUZZ_TARGET").map({ String(cString: $0) }), FuzzEntry.targets.contains(name) else {
        fatalError("set FUZZ_TARGET to one of: \(FuzzEntry.targets.joined(separator: ", "))")
    }
    return name
}()

#if FUZZING
/// libFuzzer's entry point (built with `--sanitize fuzzer -Xswiftc -DFUZZING`; libFuzzer has the
/// `main`): every input goes through `FuzzEntry.run`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.run(fuzzTarget, Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
/// Without libFuzzer: replays the files named on the command line, as a crash is reproduced.
@main
enum ReplayInputs {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
            fclose(file)
            FuzzEntry.run(fuzzTarget, bytes)
        }
    }
}
#endif
