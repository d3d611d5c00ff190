import CImagingShim
import Foundation
import Imaging
import ScreenAuditKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole audit against a bare decode, as ratios measured in one run: a suite of iPhone-size
/// screenshots (`AuditScreen`: 40 labels each, so every text check has work) is written to a
/// temporary folder, decoded by libpng's simplified API in this process, then audited by the
/// `screenaudit` binary built beside this one, whose CPU time (user + system) comes from `wait4`,
/// and its peak memory from one more, untimed run of each configuration (on Linux from /proc, see
/// `spawn`). Every figure is the median of `repeats` runs, every ratio the median of the
/// ratios of runs to the decode measured around each (the mean of the decodes just before and
/// just after it), the range of those ratios printed beside the two main ones.
struct SuiteBenchmark {
    var screens: Int
    var repeats: Int

    struct Run {
        var cpu: Double
        var wall: Double
        var peakKiB: Int
    }

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenaudit-suite-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try writeSuite(AuditScreen.make(), screens: screens, to: folder)
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("screenaudit").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkError("\(binary) is missing: build it first (swift build -c release --product screenaudit)")
        }
        let files = (0..<screens).map { "\(folder)/shots/screen-\($0).png" }
        let configurations: [(label: String, extra: [String], jobs: Int)] = [
            ("audit: all checks, report.json + report.md", ["--format", "json,md"], 1),
            ("audit: every default output", [], 1),
            ("audit: every report, no overlays", ["--format", "json,md,junit,sarif,html"], 1),
            ("audit: every output, --overlays all", ["--overlays", "all"], 1),
            ("audit: every default output, --jobs 2", [], 2),
        ]
        // Rounds of every configuration once, so a drift in the machine's speed (a shared host's
        // varies by 10-25 % over minutes) weighs on every figure alike; and each run paired with
        // the decodes of the suite just before and just after it, so every ratio is taken between
        // figures measured seconds apart, and a drift during the run weighs on both sides. The
        // ratios quoted are the medians of those pairs.
        var decodes = [[Double]](repeating: [], count: configurations.count)
        var runs = [[Run]](repeating: [], count: configurations.count)
        func arguments(_ configuration: (label: String, extra: [String], jobs: Int)) -> [String] {
            ["audit", "--contracts", "\(folder)/contracts.json", "--screenshots", "\(folder)/shots",
             "--out", "\(folder)/out", "--today", "2026-01-01", "--jobs", "\(configuration.jobs)"] + configuration.extra
        }
        var before = decodeCPU(files)
        for _ in 0..<repeats {
            for (index, configuration) in configurations.enumerated() {
                runs[index].append(try spawn(binary, arguments(configuration)))
                let after = decodeCPU(files)
                decodes[index].append((before + after) / 2)
                before = after
                if ProcessInfo.processInfo.environment["SUITE_ROUNDS"] != nil {
                    FileHandle.standardError.write(String(format: "%d decode %.3f run %.3f\n", index, decodes[index].last!, runs[index].last!.cpu).data(using: .utf8)!)
                }
            }
        }
        // Peak memory from one more run of each configuration, untimed.
        let peaks = try configurations.map { try spawn(binary, arguments($0), measuringMemory: true).peakKiB }
        // What the process holds before it audits anything: the runtime and libraries. `--version`
        // exits within about 10 ms, so readings every 2 ms could land before the libraries were
        // loaded (one run read 13 MiB, others 20): it is read every 0.1 ms, the largest of five runs.
        let runtimeKiB = try (0..<5).map { _ in
            try spawn(binary, ["--version"], measuringMemory: true, pollMicroseconds: 100).peakKiB
        }.max() ?? 0
        let decode = median(decodes.flatMap { $0 })
        /// The median over rounds of `value` for each round's run and the decode paired with it.
        func ratio(_ index: Int, _ value: (Run, Double) -> Double) -> Double {
            median(zip(runs[index], decodes[index]).map { value($0, $1) })
        }
        /// The lowest and highest of those ratios of CPU time, as text.
        func spread(_ index: Int) -> String {
            let ratios = zip(runs[index], decodes[index]).map { $0.cpu / $1 }
            return String(format: "rounds %.2f–%.2f", ratios.min() ?? 0, ratios.max() ?? 0)
        }
        print("")
        print("suite benchmark: \(screens) screenshots of 1290×2796 px, 40 text labels each; CPU seconds, median of \(repeats) rounds")
        print(figure("libpng simplified API, decode only", decode))
        for (index, configuration) in configurations.enumerated() {
            let cpu = median(runs[index].map(\.cpu))
            print(figure(configuration.label, cpu, ratio: ratio(index) { $0.cpu / $1 }) + String(format: "   peak %6.1f MiB", Double(peaks[index]) / 1024))
        }
        let (reports, outputs, noOverlays, overlays, twoWorkers) = (0, 1, 2, 3, 4)
        let overlayCost = median((0..<repeats).map { round in
            runs[overlays][round].cpu / decodes[overlays][round] - runs[noOverlays][round].cpu / decodes[noOverlays][round]
        })
        let speedUp = median((0..<repeats).map { runs[outputs][$0].wall / runs[twoWorkers][$0].wall })
        let peakGrowth = peaks[twoWorkers] - peaks[outputs]
        print("")
        print(String(format: "whole audit (json, md) / decode:        %.2f (target ≤ 1.3; ", ratio(reports) { $0.cpu / $1 }) + spread(reports) + ")")
        print(String(format: "every default output / decode:          %.2f (target ≤ 1.6; ", ratio(outputs) { $0.cpu / $1 }) + spread(outputs) + ")")
        print(String(format: "an overlay for every screen adds:       %.2f × decode (target ≤ 1.0)", overlayCost))
        // Every screen of this suite has findings, so its default outputs hold an overlay for
        // each. A suite where fewer screens have findings draws fewer overlays: the share at
        // which every default output still stays within 1.6 ×, from this run's figures.
        let reportsRatio = ratio(noOverlays) { $0.cpu / $1 }
        let overlayPerScreen = overlayCost / Double(screens)
        let share = overlayPerScreen > 0 ? (1.6 - reportsRatio) / overlayPerScreen : Double(screens)
        let screensWithin = share.isFinite ? Int(min(Double(screens), max(0, share)).rounded(.down)) : screens
        print(String(format: "every default output ≤ 1.6 when:        at most %d of %d screens (%.0f %%) have findings "
                        + "(every report %.2f, an overlay %.3f each)",
                     screensWithin, screens, 100 * Double(screensWithin) / Double(screens), reportsRatio, overlayPerScreen))
        print(String(format: "two workers, throughput over one:       %.2f (target ≥ 1.8 on two cores; %d cores here)",
                     speedUp, ProcessInfo.processInfo.activeProcessorCount))
        let frameMiB = Double(1290 * 2796 * 4) / 1_048_576
        // The whole process, then what the worker adds to the runtime and libraries.
        let oneWorkerMiB = Double(peaks[outputs]) / 1024, runtimeMiB = Double(runtimeKiB) / 1024
        print(String(format: "peak memory, one worker, every output:  %.1f MiB in all, %.1f MiB of it the runtime (--version)",
                     oneWorkerMiB, runtimeMiB))
        print(String(format: "peak memory, one worker's own:          %.1f MiB (%.2f decoded frames' worth, report included; target ≤ 2 + the report)",
                     oneWorkerMiB - runtimeMiB, (oneWorkerMiB - runtimeMiB) / frameMiB))
        print(String(format: "peak memory, second worker adds:        %.1f MiB (one decoded frame: %.1f MiB)",
                     Double(peakGrowth) / 1024, frameMiB))
    }

    func figure(_ label: String, _ seconds: Double, ratio: Double? = nil) -> String {
        var line = label.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%7.3f s", seconds)
        if let ratio { line += String(format: "   %5.2f× decode", ratio) }
        return line
    }

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// The suite: `count` copies of one screen (distinct files) and one contract file for them all.
    func writeSuite(_ screen: (image: PixelBuffer, contract: ScreenContract), screens count: Int, to folder: String) throws {
        let png = Data(try PNGEncoder.encode(screen.image))
        try FileManager.default.createDirectory(atPath: folder + "/shots", withIntermediateDirectories: true)
        var contracts: [ScreenContract] = []
        for index in 0..<count {
            var contract = screen.contract
            contract.id = "screen-\(index)"
            contract.screenshot = "screen-\(index).png"
            try png.write(to: URL(fileURLWithPath: folder + "/shots/" + contract.screenshot))
            contracts.append(contract)
        }
        try JSONText.encode(ContractDocument(screens: contracts)).write(to: URL(fileURLWithPath: folder + "/contracts.json"))
    }

    /// CPU seconds this process spends reading and decoding `files` with libpng's simplified API.
    func decodeCPU(_ files: [String]) -> Double {
        let start = processCPU()
        for file in files {
            guard let png = FileManager.default.contents(atPath: file) else { preconditionFailure("cannot read \(file)") }
            png.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let (width, height) = (1290, 2796)
                let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                    let status = sak_png_simplified_decode_rgba(bytes.baseAddress!, bytes.count, buffer.baseAddress!, width * 4)
                    precondition(status == SAK_OK)
                    count = width * height * 4
                }
                precondition(pixels.count == width * height * 4)
            }
        }
        return processCPU() - start
    }

    func processCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `binary` with its output discarded; its CPU time, wall time and, with `measuringMemory`,
    /// its peak resident set (0 without; on Linux read every `pollMicroseconds`).
    func spawn(_ binary: String, _ arguments: [String], measuringMemory: Bool = false, pollMicroseconds: UInt32 = 2000) throws -> Run {
        // Darwin declares the file actions as an opaque pointer that `init` allocates, glibc as a
        // struct; both take its address.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, binary, &actions, nil, argv, Self.environment) == 0 else { throw BenchmarkError("cannot start \(binary)") }
        var status: Int32 = 0
        var usage = rusage()
        var peakKiB = 0
        #if os(Linux)
        // Linux counts in a child's `ru_maxrss` the memory of the process it was spawned from (the
        // high-water mark of the address space it left at `exec`): this benchmark's own, larger
        // than the audit's. The child's own high-water mark is read from /proc while it runs; it
        // only ever grows, so the last reading is its peak to within the last few milliseconds.
        // The readings take the benchmark's CPU away from the workers, so timed runs take none.
        while measuringMemory {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            guard reaped == 0 else { throw BenchmarkError("lost \(binary)") }
            peakKiB = max(peakKiB, Self.highWaterKiB(of: pid) ?? 0)
            usleep(pollMicroseconds)
        }
        if !measuringMemory {
            guard wait4(pid, &status, 0, &usage) == pid else { throw BenchmarkError("lost \(binary)") }
        }
        #else
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchmarkError("lost \(binary)") }
        if measuringMemory { peakKiB = Int(usage.ru_maxrss) / 1024 }   // bytes on macOS
        #endif
        let elapsed = ContinuousClock.now - start
        let exitCode = (status >> 8) & 0xFF
        // The suite's screens have findings (grey labels under 4.5:1): exit 1 is the expected gate.
        guard status & 0x7F == 0, exitCode <= 1 else { throw BenchmarkError("screenaudit \(arguments.joined(separator: " ")) exited \(exitCode)") }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Run(cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                   wall: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, peakKiB: peakKiB)
    }
}

extension SuiteBenchmark {
    /// This process's environment, for the child: Darwin does not export `environ` to programs
    /// (only to the C library), and gives it through `_NSGetEnviron()`.
    static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        UnsafePointer(_NSGetEnviron().pointee)
        #else
        UnsafePointer(environ)
        #endif
    }

    /// The `VmHWM` line of /proc/<pid>/status (the peak resident set of the process's address
    /// space, in KiB); nil once the process has exited.
    static func highWaterKiB(of pid: pid_t) -> Int? {
        guard let status = FileManager.default.contents(atPath: "/proc/\(pid)/status"),
              let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
