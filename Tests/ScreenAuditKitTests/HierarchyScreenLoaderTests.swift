import ColorScience
import Foundation
@testable import ScreenAuditKit
import TestSupport
import Testing

/// Pairing screenshots with dumps: every file becomes a screen, with the problem when there is one.
struct HierarchyScreenLoaderTests {
    static func folder() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        var screen = ScreenBuilder(id: "a", width: 393, height: 852, scale: 1, background: RGB8(red: 255, green: 255, blue: 255))
        screen.label("t", "Hello", x: 10, y: 10, pointSize: 17, color: RGB8(red: 0, green: 0, blue: 0))
        let png = try screen.png()
        try directory.write(png, to: "shots/en/signin.png")
        try directory.write(HierarchyFixtures.signIn, to: "dumps/en/signin.txt")
        try directory.write(png, to: "shots/en/twice.png")
        try directory.write(HierarchyFixtures.signIn, to: "dumps/en/twice.txt")
        try directory.write(HierarchyFixtures.settings, to: "dumps/en/twice.xml")
        try directory.write(png, to: "shots/big.png")
        try directory.write(String(repeating: "x", count: 5000), to: "dumps/big.txt")
        try directory.write([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3], to: "shots/cut.jpg")
        try directory.write(HierarchyFixtures.signIn, to: "dumps/cut.txt")
        try directory.write("ignored", to: "shots/notes.md")
        // Hidden files and everything in hidden folders are no screens (a tool's thumbnails, a cache).
        try directory.write(png, to: "shots/.thumbnails/signin.png")
        try directory.write(HierarchyFixtures.signIn, to: "dumps/.cache/en/signin.txt")
        try directory.write(png, to: "shots/.draft.png")
        return directory
    }

    @Test func testEveryFileIsAScreen_withItsProblem() throws {
        let directory = try Self.folder()
        let loader = HierarchyScreenLoader(limits: HierarchyLimits(maxBytes: 4096))
        let screens = try loader.load(screenshots: directory.path("shots"), hierarchies: directory.path("dumps"))
        #expect(screens.map(\.contract.id) == ["big", "cut", "en/signin", "en/twice"])
        #expect(screens[0].problem == .hierarchyUnreadable(format: "unknown",
                                                           reason: "\(directory.path("dumps/big.txt")): the file is 5000 bytes, over the limit of 4096 bytes"))
        // A screenshot whose header cannot be read is left to the audit, which reports it unreadable.
        #expect(screens[1].problem == nil && screens[1].contract.elements.isEmpty && screens[1].contract.screenshot == "cut.jpg")
        // The sign-in dump is a 393 × 852 pt window: the 393 × 852 px screenshot is @1x.
        #expect(screens[2].problem == nil && screens[2].contract.device.scale == 1 && screens[2].contract.elements.count == 15)
        #expect(screens[2].source == "en/signin.txt" && screens[2].contract.screenshot == "en/signin.png")
        #expect(screens[2].notes.isEmpty && screens[2].hierarchy?.leftOut.map(\.reason) == [.notVisible, .windowEdge])
        #expect(screens[3].problem == .hierarchyUnreadable(format: "unknown", reason: "en/twice.txt and en/twice.xml are one screen: keep one of them"))
    }

    @Test func testTooManyScreens_andMissingFolders_stopTheRun() throws {
        let directory = try Self.folder()
        let error = #expect(throws: AuditError.self) {
            try HierarchyScreenLoader(maxScreens: 3).load(screenshots: directory.path("shots"), hierarchies: directory.path("dumps"))
        }
        #expect(error?.limits == [.screens])
        let missing = #expect(throws: AuditError.self) {
            try HierarchyScreenLoader().load(screenshots: directory.path("shots"), hierarchies: directory.path("nowhere"))
        }
        #expect(missing?.description == "\(directory.path("nowhere")): the hierarchies folder does not exist")
    }
}
