import CImagingShim
import Foundation
import Imaging

// Decode benchmark: a generated iPhone-size screenshot (1290 × 2796, as an iPhone 15 Pro Max
// captures it) decoded by ImageDecoder and by libpng's simplified API on the same bytes.
//
//   swift run -c release screenaudit-benchmark [--iterations N] [--file PNG]
//   swift run -c release screenaudit-benchmark --write-sample PATH [--size WxH]

var iterations = 20
var samplePath: String?
var inputPath: String?
var sampleSize = (width: 1290, height: 2796)
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--iterations":
        guard let text = arguments.first, let value = Int(text), value > 0 else {
            FileHandle.standardError.write(Data("error: --iterations needs a positive number\n".utf8))
            exit(2)
        }
        arguments.removeFirst()
        iterations = value
    case "--write-sample":
        guard let path = arguments.first else {
            FileHandle.standardError.write(Data("error: --write-sample needs a path\n".utf8))
            exit(2)
        }
        arguments.removeFirst()
        samplePath = path
    case "--file":
        guard let path = arguments.first else {
            FileHandle.standardError.write(Data("error: --file needs a path\n".utf8))
            exit(2)
        }
        arguments.removeFirst()
        inputPath = path
    case "--size":
        let parts = (arguments.first ?? "").split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 8192 }) else {
            FileHandle.standardError.write(Data("error: --size needs WIDTHxHEIGHT\n".utf8))
            exit(2)
        }
        arguments.removeFirst()
        sampleSize = (parts[0], parts[1])
    default:
        FileHandle.standardError.write(Data("error: unknown argument '\(argument)'\nUSAGE: screenaudit-benchmark [--iterations N] [--file PNG] | --write-sample PATH [--size WxH]\n".utf8))
        exit(2)
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

@MainActor func measure(_ label: String, _ body: () throws -> Void) rethrows -> Double {
    try body() // warm-up
    var samples: [Double] = []
    for _ in 0..<iterations {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
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
let ours = try measure("ImageDecoder PNG → RGBA") {
    let image = try decoder.decode(png, file: "benchmark.png")
    precondition(image.pixels.width == width)
}
let simplified = measure("libpng simplified API PNG → RGBA") {
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
_ = try measure("ImageDecoder JPEG → RGBA") {
    let image = try decoder.decode(jpeg, file: "benchmark.jpg")
    precondition(image.pixels.width == width)
}
let ratio = ours / simplified
print("ImageDecoder / simplified API: \(String(format: "%.3f", ratio)) (target ≤ 1.10)")
