import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// Screenshots resolve inside the --screenshots root, symbolic links included.
struct ScreenshotPathTests {
    @Test func testSymlinkOutOfTheRootIsRefused() throws {
        let directory = try TemporaryDirectory()
        try directory.write(try PNGEncoder.encode(PixelBuffer(width: 4, height: 4, fill: RGBA(red: 1, green: 2, blue: 3))), to: "outside/secret.png")
        try FileManager.default.createDirectory(atPath: directory.path("shots"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("shots/link.png"), withDestinationPath: directory.path("outside/secret.png"))
        try directory.write(try PNGEncoder.encode(PixelBuffer(width: 4, height: 4, fill: RGBA(red: 1, green: 2, blue: 3))), to: "shots/real.png")
        try FileManager.default.createSymbolicLink(atPath: directory.path("shots/inner.png"), withDestinationPath: directory.path("shots/real.png"))
        #expect(throws: AuditError.screenshotRefused(file: "link.png", reason: "resolves outside the screenshots folder (a symbolic link?); refused")) {
            try AuditRunner.requireInside(root: directory.path("shots"), path: directory.path("shots/link.png"), relative: "link.png")
        }
        try AuditRunner.requireInside(root: directory.path("shots"), path: directory.path("shots/inner.png"), relative: "inner.png")
        try AuditRunner.requireInside(root: directory.path("shots"), path: directory.path("shots/real.png"), relative: "real.png")
    }
}
