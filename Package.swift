// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "rain",
    products: [
        .executable(name: "rain", targets: ["rain"]),
        .executable(name: "forecast-simulator", targets: ["forecast-simulator"]),
        .library(name: "RainKit", targets: ["RainKit"]),
    ],
    targets: [
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .systemLibrary(
            name: "CMalloc"
        ),
        .systemLibrary(
            name: "CThreads"
        ),
        .target(
            name: "RainKit",
            dependencies: ["CCurl", "CThreads"]
        ),
        .target(
            name: "RainTerminal",
            dependencies: ["RainKit"]
        ),
        .target(
            name: "RainCLI",
            dependencies: ["RainKit", "RainTerminal"]
        ),
        .executableTarget(
            name: "rain",
            dependencies: ["CMalloc", "RainCLI", "RainKit", "RainTerminal"]
        ),
        .executableTarget(
            name: "rain-manual",
            dependencies: ["RainCLI"]
        ),
        .target(
            name: "ForecastSimulator"
        ),
        .executableTarget(
            name: "forecast-simulator",
            dependencies: ["ForecastSimulator"]
        ),
        // `make fuzz`: libFuzzer on what FuzzEntry puts each input through; `make stress`: the long
        // fault runs against the real binary.
        .target(
            name: "RainFuzzing",
            dependencies: ["RainCLI", "RainKit", "RainTerminal"],
            path: "Fuzz/RainFuzzing"
        ),
        .executableTarget(
            name: "rain-fuzz",
            dependencies: ["RainFuzzing"],
            path: "Fuzz/rain-fuzz"
        ),
        .executableTarget(
            name: "Stress",
            dependencies: ["RainKit"],
            path: "Stress"
        ),
        .target(
            name: "RainTestSupport",
            dependencies: ["RainKit"],
            path: "Tests/RainTestSupport"
        ),
        .testTarget(
            name: "RainKitTests",
            dependencies: ["RainKit", "ForecastSimulator", "RainTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "RainTerminalTests",
            dependencies: ["RainTerminal", "RainKit", "RainTestSupport"],
            exclude: ["Meteograms"]
        ),
        .testTarget(
            name: "RainCLITests",
            dependencies: ["RainCLI", "RainKit", "RainTerminal", "RainFuzzing", "ForecastSimulator", "RainTestSupport", "rain", "forecast-simulator"],
            exclude: ["FuzzRegressions", "Support/notification-stand-in.py", "Support/resize-storm.py"]
        ),
        .testTarget(
            name: "ForecastSimulatorTests",
            dependencies: ["ForecastSimulator", "RainTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
