import Foundation
import Imaging

/// The screens of `scan`: every PNG or JPEG named, or found below a folder named, with the scale
/// its pixel size implies (`KnownScreenSizes`) or the one given. Their elements come from the
/// pixels when they are audited (`LoadedScreen.detectsText`).
public struct ScanScreenLoader: Sendable {
    /// Pixels per point for every screenshot (`--scale`, or Android's `--density`); nil: from the
    /// known Apple screenshot sizes.
    public var scale: Double?
    public var decoder: ImageDecoder
    public var maxScreens: Int

    public init(scale: Double?, decoder: ImageDecoder = ImageDecoder(), maxScreens: Int = 10_000) {
        self.scale = scale
        self.decoder = decoder
        self.maxScreens = maxScreens
    }

    public struct Screens: Sendable {
        /// The folder the screenshots' paths are relative to: the deepest one holding them all.
        public var root: String
        public var screens: [LoadedScreen]
        /// Screenshots whose scale is not known (no `scale` given and not an Apple device's size),
        /// each with its size: `scan` cannot judge points on them.
        public var unknownScale: [(file: String, width: Int, height: Int)]
    }

    /// Throws for a path that does not exist, a folder that holds no screenshot, or more than
    /// `maxScreens` screenshots.
    public func load(paths: [String]) throws(AuditError) -> Screens {
        var files: [String] = []
        var issues: [InputIssue] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                issues.append(InputIssue(file: path, location: "", message: "no such file or folder"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(Self.absolute(path))
                continue
            }
            let found = try HierarchyScreenLoader.files(in: path, extensions: HierarchyScreenLoader.screenshotExtensions, what: "screenshots")
            if found.isEmpty {
                issues.append(InputIssue(file: path, location: "", message: "the folder holds no PNG or JPEG screenshot"))
            }
            files += found.values.flatMap { $0 }.map { Self.absolute((path as NSString).appendingPathComponent($0)) }
        }
        guard issues.isEmpty else { throw .invalidInput(issues) }
        files = Array(Set(files)).sorted()
        guard files.count <= maxScreens else {
            throw .invalidInput([InputIssue(file: paths.joined(separator: " "), location: "",
                                            message: "\(files.count) screenshots, more than the limit of \(maxScreens) screens in one run")])
        }
        let root = Self.commonFolder(files)
        var screens: [LoadedScreen] = []
        var unknown: [(file: String, width: Int, height: Int)] = []
        var ids = Set<String>()
        for file in files {
            let relative = String(file.dropFirst(root == "/" ? 1 : root.count + 1))
            var id = (relative as NSString).deletingPathExtension
            if !ids.insert(id).inserted { id = relative } // NAME.png and NAME.jpg side by side
            ids.insert(id)
            var device = DeviceSpec(scale: scale ?? 1, width: 0, height: 0)
            let size = try? decoder.pixelSize(ofFileAt: file)
            if let size {
                let known = KnownScreenSizes.entry(width: size.width, height: size.height)
                guard let scale = scale ?? known?.scale else {
                    unknown.append((relative, size.width, size.height))
                    continue
                }
                device = DeviceSpec(name: scale == known?.scale ? known?.devices : nil, scale: scale,
                                    width: Double(size.width) / scale, height: Double(size.height) / scale)
            }
            // A file whose size cannot be read is still a screen: the audit reports it unreadable.
            // No contract: the report's `contract` is empty for a screen whose text is found.
            var screen = LoadedScreen(contract: ScreenContract(id: id, screenshot: relative, device: device, elements: []),
                                      file: relative, source: "", path: "")
            screen.detectsText = true
            screen.framed = Self.isFramed(file)
            if !screen.framed, let size, let known = KnownScreenSizes.entry(width: size.width, height: size.height),
               known.scale == device.scale {
                screen.statusBarHeight = known.statusBar(landscape: size.width > size.height)
            }
            screens.append(screen)
        }
        let collisions = ScreenFileNames.collisions(screens.map {
            ScreenFileNames.Declared(id: $0.contract.id, file: (root as NSString).appendingPathComponent($0.file), location: "")
        })
        guard collisions.isEmpty else { throw .invalidInput(collisions) }
        // Screenshots in folders named by a text size (AX3/home.png) are that size's variants.
        return Screens(root: root, screens: ContentSizeFolders.assign(screens), unknownScale: unknown)
    }

    /// A marketing image fastlane's frameit made from a screenshot: the screen scaled into a
    /// device frame under a title, written beside it as `NAME_framed.png` (frameit's own naming;
    /// the real corpus's KKid App Store images are such). Its pixels are the app's colours at
    /// another size: the device's scale does not give the text's points, and its top is the
    /// title, not the status bar.
    static func isFramed(_ file: String) -> Bool {
        ((file as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased().hasSuffix("_framed")
    }

    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The deepest folder holding every file.
    static func commonFolder(_ files: [String]) -> String {
        guard var common = files.first.map({ ($0 as NSString).deletingLastPathComponent.split(separator: "/", omittingEmptySubsequences: true) }) else {
            return "/"
        }
        for file in files.dropFirst() {
            let parts = (file as NSString).deletingLastPathComponent.split(separator: "/", omittingEmptySubsequences: true)
            var shared = 0
            while shared < min(common.count, parts.count), common[shared] == parts[shared] { shared += 1 }
            common = Array(common.prefix(shared))
        }
        return "/" + common.joined(separator: "/")
    }
}
