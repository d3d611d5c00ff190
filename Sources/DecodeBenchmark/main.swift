import CImagingShim
import Foundation
import Imaging
import ScreenAuditCLI
import ScreenAuditKit

// Decode benchmark: a generated iPhone-size screenshot (1290 × 2796, as an iPhone 15 Pro Max
// captures it) decoded by ImageDecoder and by libpng's simplified API on the same bytes.
//
//   swift run -c release screenaudit-benchmark [--iterations N] [--file PNG]
//   swift run -c release screenaudit-benchmark --write-sample PATH [--size WxH]
//   swift run -c release screenaudit-benchmark --write-suite DIR [--screens N]   (scripts/memory-benchmark.sh)
//
// Then the suite benchmark (`SuiteBenchmark`): the whole audit, run by the `screenaudit` binary
// built beside this one, against libpng's decode of the same files, as ratios.
//   swift build -c release && swift run -c release screenaudit-benchmark [--suite-screens N] [--repeats N]

let usage = "USAGE: screenaudit-benchmark [--iterations N] [--file PNG] [--suite-screens N] [--repeats N] [--no-suite] | --write-sample PATH [--size WxH] | --write-suite DIR [--screens N]\n"
let options = [
    OptionSpec("--iterations", value: "N", help: "timed decodes per decoder (default 20)"),
    OptionSpec("--file", value: "PNG", help: "benchmark decoding (and detecting the text of) this PNG instead of the generated card"),
    OptionSpec("--write-sample", value: "PATH", help: "write the generated card as a PNG and stop"),
    OptionSpec("--size", value: "WxH", help: "size of the card --write-sample writes (default 1290x2796)"),
    OptionSpec("--write-suite", value: "DIR", help: "write N audit screens (PNG) and their contracts, and stop"),
    OptionSpec("--screens", value: "N", help: "screens --write-suite writes (default 200)"),
    OptionSpec("--suite-screens", value: "N", help: "screenshots the suite benchmark audits (default 24)"),
    OptionSpec("--repeats", value: "N", help: "runs of each suite figure, the median reported (default 3)"),
    OptionSpec("--no-suite", help: "stop after the decode and contrast figures"),
]
let iterations: Int
let inputPath: String?
let samplePath: String?
var sampleSize = (width: 1290, height: 2796)
var suitePath: String?
var suiteScreens = 200
var suiteBenchmark = SuiteBenchmark(screens: 24, repeats: 3)
var runSuite = true
do {
    let parsed = try parseArguments(Array(CommandLine.arguments.dropFirst()), options: options)
    guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
    iterations = try positiveInteger(parsed, "--iterations") ?? 20
    inputPath = parsed.value("--file")
    samplePath = parsed.value("--write-sample")
    suitePath = parsed.value("--write-suite")
    suiteScreens = try positiveInteger(parsed, "--screens") ?? 200
    suiteBenchmark.screens = try positiveInteger(parsed, "--suite-screens") ?? 24
    suiteBenchmark.repeats = try positiveInteger(parsed, "--repeats") ?? 3
    runSuite = !parsed.has("--no-suite")
    if let size = parsed.value("--size") {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 8192 }) else {
            throw UsageError("option '--size' needs WIDTHxHEIGHT (each 1-8192), got '\(size)'")
        }
        sampleSize = (parts[0], parts[1])
    }
} catch let error as UsageError {
    FileHandle.standardError.write(Data("error: \(error.message)\n\(usage)".utf8))
    exit(2)
}

if let suitePath {
    // The memory benchmark's input: N iPhone-size screenshots (distinct files, one picture) and
    // one contract file declaring them all.
    do {
        let screen = AuditScreen.make()
        try SuiteBenchmark(screens: suiteScreens, repeats: 1).writeSuite(screen, screens: suiteScreens, to: suitePath)
        print("wrote \(suiteScreens) screens of \(screen.image.width)×\(screen.image.height) px to \(suitePath)")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
}

if let samplePath {
    let card = TestCard.make(width: sampleSize.width, height: sampleSize.height)
    do {
        try Data(try PNGEncoder.encode(card)).write(to: URL(fileURLWithPath: samplePath))
        print("wrote \(samplePath) (\(sampleSize.width)×\(sampleSize.height))")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
}

var width = 1290, height = 2796
var source = "generated test card"
var png: Data
if let inputPath {
    // A real screenshot instead of the generated card (PNG, so both decoders can read it).
    guard let data = FileManager.default.contents(atPath: inputPath), ImageFormat.detect(data) == .png else {
        FileHandle.standardError.write(Data("error: \(inputPath) is not a readable PNG\n".utf8))
        exit(2)
    }
    let probe = try ImageDecoder().decode(data, file: inputPath)
    width = probe.pixels.width
    height = probe.pixels.height
    png = data
    source = inputPath
} else {
    png = Data(try PNGEncoder.encode(TestCard.make(width: width, height: height)))
}
let megapixels = Double(width * height) / 1_000_000
let decodedCard = try ImageDecoder().decode(png, file: "benchmark.png").pixels
var rgb = [UInt8]()
rgb.reserveCapacity(width * height * 3)
for index in stride(from: 0, to: decodedCard.pixels.count, by: 4) { rgb += decodedCard.pixels[index..<(index + 3)] }
let jpeg = Data(try JPEGEncoder.encode(width: width, height: height, components: .rgb, samples: rgb, quality: 90))

/// The wall time `body` takes, in seconds.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

@MainActor func measure(_ label: String, megapixels: Double = megapixels, _ body: () throws -> Void) rethrows -> Double {
    try body() // warm-up
    var samples: [Double] = []
    for _ in 0..<iterations { samples.append(try seconds(body) * 1000) }
    samples.sort()
    let median = samples[samples.count / 2]
    let line = "\(label.padding(toLength: 34, withPad: " ", startingAt: 0))"
        + "median \(String(format: "%7.2f", median)) ms   min \(String(format: "%7.2f", samples[0])) ms   "
        + "\(String(format: "%6.1f", megapixels / (median / 1000))) MP/s"
    print(line)
    return median
}

print("decode benchmark (\(source)): \(width)×\(height) px (\(String(format: "%.2f", megapixels)) MP), \(iterations) iterations after one warm-up")
print("PNG \(png.count) bytes; JPEG of the same pixels \(jpeg.count) bytes (quality 90)")

let decoder = ImageDecoder()
let decodeOurs = {
    let image = try decoder.decode(png, file: "benchmark.png")
    precondition(image.pixels.width == width)
}
_ = try measure("ImageDecoder PNG → RGBA", decodeOurs)
@MainActor func decodeSimplified() {
    png.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let status = sak_png_simplified_decode_rgba(bytes.baseAddress!, bytes.count, buffer.baseAddress!, width * 4)
            precondition(status == SAK_OK)
            count = width * height * 4
        }
        precondition(pixels.count == width * height * 4)
    }
}
_ = measure("libpng simplified API PNG → RGBA") { decodeSimplified() }

/// The median, over `iterations` pairs run back to back, of the time of `first` over `second`: a
/// ratio that a drift in the machine's speed between two phases of the benchmark cannot move.
@MainActor func pairedRatio(_ first: () throws -> Void, _ second: () throws -> Void) rethrows -> Double {
    var ratios: [Double] = []
    for _ in 0..<iterations { ratios.append(try seconds(first) / seconds(second)) }
    return ratios.sorted()[ratios.count / 2]
}
_ = try measure("ImageDecoder JPEG → RGBA") {
    let image = try decoder.decode(jpeg, file: "benchmark.jpg")
    precondition(image.pixels.width == width)
}
let ratio = try pairedRatio(decodeOurs, decodeSimplified)
print("ImageDecoder / simplified API: \(String(format: "%.3f", ratio)) (median of \(iterations) back-to-back pairs; target ≤ 1.10)")
if inputPath != nil {
    // Finding the text of the real screenshot, at its device's scale (2 when its size is no
    // known Apple screenshot's).
    let fileScale = KnownScreenSizes.entry(width: width, height: height)?.scale ?? 2
    let detectFile = { _ = TextDetector(scale: fileScale).detect(in: decodedCard) }
    _ = measure("detect the text (scan, @\(Int(fileScale))x)", detectFile)
    let fileRatio = try pairedRatio(detectFile, decodeOurs)
    print("text detection / decode of this file: \(String(format: "%.1f", fileRatio * 100)) % (target ≤ 100 %)")
}

// The audit on top of the decode: 40 text elements, contrast.text on each.
let auditScreen = AuditScreen.make()
let auditPNG = Data(try PNGEncoder.encode(auditScreen.image))
let textElements = auditScreen.contract.elements.count
let auditedPixels = auditScreen.contract.elements.reduce(0) { total, element in
    let rect = ScreenContext(screen: auditScreen.contract, image: auditScreen.image, textParts: []).pixelRect(for: element.frame)
    return total + rect.area
}
print("")
print("audit benchmark: 1290×2796 screen, \(textElements) text elements covering \(String(format: "%.2f", Double(auditedPixels) / 1_000_000)) MP")
let screenMegapixels = Double(auditScreen.image.width * auditScreen.image.height) / 1_000_000
let decodeScreen = { _ = try decoder.decode(auditPNG, file: "audit.png") }
_ = try measure("decode the screen PNG", megapixels: screenMegapixels, decodeScreen)
let check = TextContrastRule()
// The context measures every text element as it is built (the analysis the text checks share),
// so building it is part of the time.
let contrastOnly = {
    let context = ScreenContext(screen: auditScreen.contract, image: auditScreen.image, textParts: [.contrast, .otherColors])
    precondition(check.run(context).count == textElements)
}
_ = measure("contrast.text on 40 elements", megapixels: Double(auditedPixels) / 1_000_000, contrastOnly)
let textChecks: [any AuditCheck] = [check, TextSizeRule(), TextClippedRule()]
let threeTextChecks = {
    let context = ScreenContext(screen: auditScreen.contract, image: auditScreen.image)
    precondition(textChecks.flatMap { $0.run(context) }.count == textElements * 3)
}
_ = measure("the three text checks on 40", megapixels: Double(auditedPixels) / 1_000_000, threeTextChecks)
let detector = TextDetector(scale: AuditScreen.scale)
let detectScreen = {
    let found = detector.detect(in: auditScreen.image)
    precondition(found.lines.count >= textElements)
}
_ = measure("detect the text (scan)", megapixels: screenMegapixels, detectScreen)
// Writing an overlay-sized PNG: libpng with zlib at level 1 and the Up filter (what overlays used),
// and the run-length encoder overlays use now.
let zlibEncode = try measure("encode the screen: zlib level 1", megapixels: screenMegapixels) {
    _ = try PNGEncoder.encode(auditScreen.image, effort: .fast)
}
let fastEncode = try measure("encode the screen: FastPNGEncoder", megapixels: screenMegapixels) {
    _ = try FastPNGEncoder.encode(auditScreen.image)
}
print("FastPNGEncoder / zlib level 1: \(String(format: "%.2f", fastEncode / zlibEncode)); "
    + "bytes \(try FastPNGEncoder.encode(auditScreen.image).count) / \(try PNGEncoder.encode(auditScreen.image, effort: .fast).count)")
// The ratios to the decode, each the median of back-to-back pairs (the medians above are measured
// one phase after another, and this machine's speed drifts between phases).
let textChecksRatio = try pairedRatio(threeTextChecks, decodeScreen)
let detectionRatio = try pairedRatio(detectScreen, decodeScreen)
let contrastRatio = try pairedRatio(contrastOnly, decodeScreen)
print("the three text checks / decode: \(String(format: "%.1f", textChecksRatio * 100)) %")
print("text detection / decode: \(String(format: "%.1f", detectionRatio * 100)) % (target ≤ 100 %)")
print("contrast.text / decode: \(String(format: "%.1f", contrastRatio * 100)) % (target ≤ 30 %)")

if runSuite {
    do {
        try suiteBenchmark.run()
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
}
