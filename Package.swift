// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ScreenAuditKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ScreenAuditKit", targets: ["ScreenAuditKit"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "ColorScience", targets: ["ColorScience"]),
        .library(name: "ScreenContracts", targets: ["ScreenContracts"]),
        .library(name: "QuestEngine", targets: ["QuestEngine"]),
        .executable(name: "screenaudit", targets: ["screenaudit"]),
        .executable(name: "screenaudit-benchmark", targets: ["DecodeBenchmark"]),
    ],
    targets: [
        // The C side: system libraries found through pkg-config, and one small shim for what Swift
        // cannot do (libpng's and libjpeg's setjmp/longjmp error exits, function-like macros).
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        // zlib (libpng's own dependency, in every system that has libpng) for the CRC-32 of the
        // chunks the fast PNG encoder writes.
        .target(name: "CImagingShim", dependencies: ["CPNG", "CJPEG"], linkerSettings: [.linkedLibrary("z")]),

        .target(name: "ColorScience"),
        .target(name: "Imaging", dependencies: ["CImagingShim", "ColorScience"]),
        // The screen model (contracts, devices, elements, provenance) and its JSON form: what the
        // kit audits and the quest engine renders, with no audit code.
        .target(name: "ScreenContracts", dependencies: ["Imaging", "ColorScience"]),
        .target(name: "ScreenAuditKit", dependencies: ["Imaging", "ColorScience", "ScreenContracts"]),
        .target(name: "QuestEngine", dependencies: ["Imaging", "ScreenContracts", "ColorScience"]),
        .target(name: "ScreenAuditCLI", dependencies: ["ScreenAuditKit", "Imaging", "ColorScience", "QuestEngine"]),
        .executableTarget(name: "screenaudit", dependencies: ["ScreenAuditCLI", "Imaging"]),
        .executableTarget(name: "DecodeBenchmark", dependencies: ["Imaging", "CImagingShim", "ScreenAuditCLI", "ScreenAuditKit", "ColorScience"]),

        // Builders shared by the test targets (synthetic screens, temporary folders); not shipped.
        .target(name: "TestSupport", dependencies: ["ScreenAuditKit", "Imaging", "ColorScience"], path: "Tests/TestSupport"),

        .testTarget(name: "ColorScienceTests", dependencies: ["ColorScience"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CImagingShim", "ColorScience", "TestSupport"]),
        .testTarget(name: "ScreenAuditKitTests", dependencies: ["ScreenAuditKit", "ScreenContracts", "Imaging", "ColorScience", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "QuestEngineTests", dependencies: ["QuestEngine", "ScreenAuditKit", "ScreenContracts", "Imaging", "ColorScience",
                                                             "TestSupport", "ScreenAuditCLI"],
                    exclude: ["Golden"]),
        .testTarget(name: "ScreenAuditCLITests", dependencies: ["ScreenAuditCLI", "screenaudit", "Imaging", "ColorScience", "ScreenAuditKit", "TestSupport",
                                                              "QuestEngine"],
                    exclude: ["Golden", "Schemas"]),
    ],
    swiftLanguageModes: [.v6]
)

// A member of a module (Foundation's `trimmingCharacters`, say) is usable only in a file that
// imports that module, as on every platform: without this, one file's import made the members
// visible to the whole module on Linux, which macOS's compiler need not accept (SE-0444).
for target in package.targets where target.type != .system && target.name != "CImagingShim" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
