@testable import RainCLI

/// libFuzzer entry: the first byte picks a width, the rest split at NUL into command-line
/// arguments, parsed as rain parses them, with the help or error text rendered; nothing runs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let width = Int(bytes.first ?? 80) % 200
    let arguments = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        switch try CommandParser(root: RainCommand.self).parse(arguments) {
        case .version: break
        case .help(let path): _ = HelpGenerator(path: path, width: width).help
        case .run(let type, let values, let path):
            do {
                _ = try type.init(parsed: values)
            } catch {
                _ = HelpGenerator(path: path, width: width).errorMessage("\(error)")
            }
        }
    } catch {
        _ = HelpGenerator(path: error.path, width: width).errorMessage("\(error.error)")
    }
    return 0
}
