import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import ScreenContracts
import TestSupport
import Testing

/// What differs between macOS's file system and Linux's gives the same report on both: names that
/// differ only in case (APFS folds them, ext4 does not) and links in the path to a file that is
/// missing (macOS's `/tmp` is a link to `/private/tmp`).
struct FileSystemPortabilityTests {
    static func contract(_ id: String, screenshot: String) -> String {
        #"{ "id": "\#(id)", "screenshot": "\#(screenshot)", "device": { "name": "x", "scale": 1, "width": 4, "height": 4 }, "elements": [] }"#
    }

    static func document(_ screens: [String]) -> String {
        #"{ "schemaVersion": 1, "screens": [ \#(screens.joined(separator: ", ")) ] }"#
    }

    /// Whether the temporary folder tells `A` from `a` (not on a default macOS disk): files that
    /// differ only in case can only be made where it does.
    static let caseSensitiveDisk: Bool = {
        guard let directory = try? TemporaryDirectory() else { return false }
        _ = try? directory.write("upper", to: "Case")
        _ = try? directory.write("lower", to: "case")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.count ?? 0) == 2
    }()

    // MARK: Screen ids

    @Test func testScreenIDsThatDifferOnlyInCase_areAnInputErrorNamingBoth() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.document([Self.contract("Home", screenshot: "a.png"), Self.contract("settings", screenshot: "b.png")]),
                            to: "contracts/one.json")
        try directory.write(Self.document([Self.contract("home", screenshot: "c.png")]), to: "contracts/two.json")
        let error = #expect(throws: AuditError.self) { try ContractLoader().load(path: directory.path("contracts")) }
        guard case let .invalidInput(issues)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(issues.count == 1)
        #expect(issues.first?.file.hasSuffix("two.json") == true && issues.first?.location == "screens[0].id")
        #expect(issues.first?.message.contains("'Home' (") == true && issues.first?.message.contains("one.json at screens[0].id") == true)
        #expect(issues.first?.message.contains("'home' would write overlays/Home.png and overlays/home.png, one file on a case-insensitive file system") == true,
                "\(issues)")
    }

    @Test func testScreenIDsWhoseOverlaysShareAName_areAnInputError() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.document([Self.contract("iPad/hub", screenshot: "a.png"), Self.contract("iPad__hub", screenshot: "b.png")]),
                            to: "contracts.json")
        let error = #expect(throws: AuditError.self) { try ContractLoader().load(path: directory.path("contracts.json")) }
        #expect(error?.description.contains("screen ids 'iPad/hub' (") == true)
        #expect(error?.description.contains("and 'iPad__hub' would both write overlays/iPad__hub.png") == true, "\(String(describing: error))")
    }

    @Test func testFoldedNames_keepCanonicalEquivalence() {
        // APFS compares names by canonical equivalence as well as without case.
        #expect(FilePaths.folded("Caf\u{E9}") == FilePaths.folded("cafe\u{301}"))
        #expect(ScreenFileNames.collisions([.init(id: "Caf\u{E9}", file: "a", location: ""),
                                            .init(id: "cafe\u{301}", file: "b", location: "")]).count == 1)
        #expect(ScreenFileNames.collisions([.init(id: "hub", file: "a", location: ""), .init(id: "hub.lesson", file: "b", location: "")]).isEmpty)
    }

    /// `shots/Home.png` and `shots/home.png`, on a disk that tells them apart.
    static func twoScreenshotsThatDifferOnlyInCase() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let png = try PNGEncoder.encode(PixelBuffer(width: 4, height: 4, fill: RGBA(red: 9, green: 9, blue: 9)))
        try directory.write(png, to: "shots/Home.png")
        try directory.write(png, to: "shots/home.png")
        return directory
    }

    @Test(.enabled(if: caseSensitiveDisk, "the temporary folder's disk folds case"))
    func testHierarchyScreenshotsThatDifferOnlyInCase_areAnInputError() throws {
        let directory = try Self.twoScreenshotsThatDifferOnlyInCase()
        try directory.write("Application, pid: 1\n", to: "dumps/Home.txt")
        let error = #expect(throws: AuditError.self) {
            try HierarchyScreenLoader().load(screenshots: directory.path("shots"), hierarchies: directory.path("dumps"))
        }
        #expect(error?.description.contains("screen ids 'Home' (") == true && error?.description.contains("shots/Home.png") == true)
        #expect(error?.description.contains("shots/home.png: screen ids") == true, "\(String(describing: error))")
    }

    /// A screenshot and a dump whose names differ in case are a missing pair, as they were, on
    /// every system (neither writes an overlay), and each side names the other.
    @Test func testScreenshotAndDumpNamedInOtherCases_areAMissingPairNamingEachOther() throws {
        let directory = try TemporaryDirectory()
        try directory.write(try PNGEncoder.encode(PixelBuffer(width: 4, height: 4, fill: RGBA(red: 9, green: 9, blue: 9))), to: "shots/Home.png")
        try directory.write("Application, pid: 1\n", to: "dumps/home.txt")
        let screens = try HierarchyScreenLoader().load(screenshots: directory.path("shots"), hierarchies: directory.path("dumps"))
        #expect(screens.map(\.contract.id) == ["Home", "home"])
        guard case let .hierarchyMissing(missing, reason)? = screens.first?.problem else { Issue.record("\(screens)"); return }
        #expect(missing == "hierarchy" && reason.hasSuffix("; home.txt differs only in case: name the pair alike"), "\(reason)")
        guard case let .hierarchyMissing(other, reason2)? = screens.last?.problem else { Issue.record("\(screens)"); return }
        #expect(other == "screenshot" && reason2.hasSuffix("; Home.png differs only in case: name the pair alike"), "\(reason2)")
    }

    @Test func testNamesThatDifferInNormalization_sayIt() {
        #expect(FilePaths.difference(between: "Hub.png", and: "hub.png") == "differs only in case")
        #expect(FilePaths.difference(between: "Caf\u{E9}.png", and: "cafe\u{301}.png")
            == "differs only in case or in Unicode normalization (an accent as one code point or two)")
    }

    @Test(.enabled(if: caseSensitiveDisk, "the temporary folder's disk folds case"))
    func testScannedScreenshotsThatDifferOnlyInCase_areAnInputError() throws {
        let directory = try Self.twoScreenshotsThatDifferOnlyInCase()
        let error = #expect(throws: AuditError.self) { try ScanScreenLoader(scale: 1).load(paths: [directory.path("shots")]) }
        #expect(error?.description.contains("'Home'") == true && error?.description.contains("'home'") == true, "\(String(describing: error))")
    }

    // MARK: Files named in another case

    @Test func testScreenshotNamedInAnotherCase_isRefusedOnEverySystem() throws {
        let directory = try TemporaryDirectory()
        let png = try PNGEncoder.encode(PixelBuffer(width: 4, height: 4, fill: RGBA(red: 9, green: 9, blue: 9)))
        try directory.write(png, to: "shots/en-US/hub.png")
        let root = directory.path("shots")
        #expect(throws: AuditError.screenshotRefused(
            file: "en-US/Hub.png",
            reason: "no file named 'Hub.png'; 'hub.png' differs only in case (a case-insensitive disk would open it, a case-sensitive one would not): name it as on disk")) {
            try AuditRunner.requireExactName(root: root, relative: "en-US/Hub.png")
        }
        #expect(FilePaths.caseDifference(of: "EN-us/hub.png", under: root)! == ("EN-us", "en-US"))
        try AuditRunner.requireExactName(root: root, relative: "en-US/hub.png")
        // Missing in every case: the decoder reports it as it does any missing file.
        try AuditRunner.requireExactName(root: root, relative: "en-US/gone.png")
    }

    @Test func testAuditOfAScreenshotNamedInAnotherCase_reportsItUnreadable() throws {
        let directory = try TemporaryDirectory()
        try directory.write(try PNGEncoder.encode(PixelBuffer(width: 4, height: 4, fill: RGBA(red: 9, green: 9, blue: 9))), to: "shots/hub.png")
        try directory.write(Self.document([Self.contract("hub", screenshot: "Hub.png")]), to: "contracts.json")
        let screen = try #require(try ContractLoader().load(path: directory.path("contracts.json")).first)
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 30))
        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
        let report = runner.auditScreen(screen, root: directory.path("shots"), policy: Policy(today: options.today, provenance: nil))
        #expect(report.status == .unreadable)
        let finding = try #require(report.findings.first)
        #expect(finding.rule == RuleID.screenshotUnreadable && finding.reason?.contains("'hub.png' differs only in case") == true)
    }

    @Test func testCatalogImageNamedInAnotherCase_isNotInspectedOnAnySystem() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.write(try CatalogBuilder.png(width: 20, height: 20), to: "star.imageset/star@2x.png")
        // 31 px where 30 are expected: a size finding, if the file were read.
        try catalog.write(try CatalogBuilder.png(width: 31, height: 31), to: "star.imageset/Star@3x.png")
        try catalog.imageContents("star", entries: [
            #"{ "filename" : "star@2x.png", "idiom" : "universal", "scale" : "2x" }"#,
            #"{ "filename" : "star@3x.png", "idiom" : "universal", "scale" : "3x" }"#,
        ])
        let audit = try AssetAuditor(options: AssetAuditOptions(previewSide: 32)).run(AssetAuditor.Inputs(catalogPath: catalog.path))
        #expect(audit.report.findings.map(\.rule) == [AssetRule.fileMissing], "\(audit.report.findings.map(\.message))")
        #expect(audit.report.findings.first?.message.contains("'Star@3x.png' differs only in case") == true)
        #expect(Array(audit.previews.images.keys) == ["Test.xcassets/star.imageset/star@2x.png"])
    }

    @Test func testPreviewNamesDifferWhenFolded() {
        let names = AssetHTMLReporter.previewNames(for: ["A.xcassets/x.imageset/Icon.png", "A.xcassets/x.imageset/icon.png"])
        #expect(Set(names.values.map(FilePaths.folded)).count == 2, "\(names)")
        #expect(names["A.xcassets/x.imageset/Icon.png"] == "x.imageset-Icon.png")
        #expect(names["A.xcassets/x.imageset/icon.png"] == "x.imageset-icon~2.png")
    }

    // MARK: Links to missing files

    /// macOS's `/tmp` is a link to `/private/tmp`: a root given through a link and a missing file
    /// below it resolve alike, so the file reads as missing, not as outside the root.
    @Test func testMissingFileBelowALinkedRoot_resolvesBelowTheLinksTarget() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("private/tmp/shots"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("tmp"), withDestinationPath: directory.path("private/tmp"))
        let real = FilePaths.resolved(directory.path("private"))
        #expect(FilePaths.resolved(directory.path("tmp/shots")) == real + "/tmp/shots")
        #expect(FilePaths.resolved(directory.path("tmp/shots/missing/hub.png")) == real + "/tmp/shots/missing/hub.png")
        #expect(FilePaths.resolved(directory.path("tmp/shots/../shots/./hub.png")) == real + "/tmp/shots/hub.png")
        try AuditRunner.requireInside(root: directory.path("tmp/shots"), path: directory.path("tmp/shots/missing/hub.png"),
                                      relative: "missing/hub.png")
        try AuditRunner.requireInside(root: directory.path("private/tmp/shots"), path: directory.path("tmp/shots/hub.png"),
                                      relative: "hub.png")
    }

    @Test func testBrokenLink_resolvesToItsTarget() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("shots"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("shots/inside.png"), withDestinationPath: "gone.png")
        try FileManager.default.createSymbolicLink(atPath: directory.path("shots/outside.png"), withDestinationPath: "../elsewhere/gone.png")
        try FileManager.default.createSymbolicLink(atPath: directory.path("shots/loop.png"), withDestinationPath: "loop.png")
        let root = FilePaths.resolved(directory.path("shots"))
        #expect(FilePaths.resolved(directory.path("shots/inside.png")) == root + "/gone.png")
        #expect(FilePaths.resolved(directory.path("shots/outside.png")) == (root as NSString).deletingLastPathComponent + "/elsewhere/gone.png")
        #expect(FilePaths.resolved(directory.path("shots/loop.png")) == root + "/loop.png")
        // `..` after a link is the parent of where the link leads, as the system takes it.
        try FileManager.default.createDirectory(atPath: directory.path("elsewhere/deep"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("shots/sub"), withDestinationPath: directory.path("elsewhere/deep"))
        try FileManager.default.createSymbolicLink(atPath: directory.path("elsewhere/deep/x.png"), withDestinationPath: "../gone.png")
        let elsewhere = FilePaths.resolved(directory.path("elsewhere"))
        #expect(FilePaths.resolved(directory.path("shots/sub/x.png")) == elsewhere + "/gone.png")
        #expect(FilePaths.resolved(directory.path("shots/sub/../missing.png")) == elsewhere + "/missing.png")
        #expect(throws: AuditError.self) {
            try AuditRunner.requireInside(root: directory.path("shots"), path: directory.path("shots/sub/x.png"), relative: "sub/x.png")
        }
        #expect(throws: AuditError.self) {
            try AuditRunner.requireInside(root: directory.path("shots"), path: directory.path("shots/outside.png"), relative: "outside.png")
        }
        try AuditRunner.requireInside(root: directory.path("shots"), path: directory.path("shots/inside.png"), relative: "inside.png")
    }
}
