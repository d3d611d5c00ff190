import CImagingShim

/// How a file's colour chunks or embedded profile decide the interpretation of its pixels.
struct ColorInterpretation: Equatable {
    var space: ImageColorSpace
    /// Where the decision came from, for `info` and reports.
    var tag: String
    var notes: [String] = []

    /// PNG: an `sRGB` chunk wins, then `iCCP`, then `gAMA`/`cHRM` (PNG 3rd edition, 11.3.2 and 12.2).
    init(pngHeader header: sak_image_header) {
        if header.has_srgb != 0 {
            self.init(space: .sRGB, tag: "sRGB chunk")
            return
        }
        if let profile = Self.profileBytes(header) {
            self.init(iccProfile: profile, name: Self.profileName(header))
            return
        }
        if header.has_gama != 0 || header.has_chrm != 0 {
            self.init(gamma: header.has_gama != 0 ? header.gamma : nil,
                      chromaticities: header.has_chrm != 0 ? Self.chromaticities(header) : nil)
            return
        }
        self.init(space: .untagged, tag: "none")
    }

    /// JPEG: an ICC profile in APP2 markers, or nothing.
    init(jpegHeader header: sak_image_header) {
        if let profile = Self.profileBytes(header) {
            self.init(iccProfile: profile, name: nil)
        } else {
            self.init(space: .untagged, tag: "none")
        }
    }

    init(space: ImageColorSpace, tag: String, notes: [String] = []) {
        self.space = space
        self.tag = tag
        self.notes = notes
    }

    init(iccProfile bytes: [UInt8], name: String?) {
        guard let profile = ICCProfile(bytes) else {
            self.init(space: .other("unreadable ICC profile"), tag: "ICC profile (unreadable)",
                      notes: ["the embedded ICC profile could not be read; pixels used as sRGB without conversion"])
            return
        }
        let label = profile.description ?? name ?? "unnamed"
        let tag = "ICC profile '\(label)'"
        switch profile.identity {
        case .sRGB:
            self.init(space: .sRGB, tag: tag)
        case .displayP3:
            self.init(space: .displayP3, tag: tag)
        case .unknown:
            self.init(space: .other("ICC profile '\(label)'"), tag: tag,
                      notes: ["unrecognised ICC profile '\(label)' (\(profile.dataColorSpace.trimmingSpaces)); pixels used as sRGB without conversion"])
        }
    }

    /// gAMA 1/2.2 and Rec. 709 chromaticities are how many tools tag sRGB without an sRGB chunk.
    init(gamma: Double?, chromaticities: [Double]?) {
        let srgbGamma = gamma.map { abs($0 - 0.45455) <= 0.005 } ?? true
        let described = [gamma.map { "gAMA \(Self.format($0))" }, chromaticities.map { _ in "cHRM" }]
            .compactMap { $0 }.joined(separator: "/")
        let primaries = chromaticities.map(Self.classify) ?? .sRGB
        switch (srgbGamma, primaries) {
        case (true, .sRGB):
            self.init(space: .sRGB, tag: "\(described) (sRGB values)")
        case (true, .displayP3):
            self.init(space: .displayP3, tag: "\(described) (Display P3 primaries)")
        default:
            self.init(space: .other(described), tag: described,
                      notes: ["\(described) do not describe sRGB; pixels used as sRGB without conversion"])
        }
    }

    private static func classify(_ c: [Double]) -> ICCProfile.Identity {
        func near(_ p: RGBPrimariesXY) -> Bool { zip(c, p.values).allSatisfy { abs($0 - $1) <= 0.005 } }
        if near(.sRGB) { return .sRGB }
        if near(.displayP3) { return .displayP3 }
        return .unknown
    }

    private static func chromaticities(_ header: sak_image_header) -> [Double] {
        withUnsafeBytes(of: header.chrm) { Array($0.bindMemory(to: Double.self)) }
    }

    private static func profileBytes(_ header: sak_image_header) -> [UInt8]? {
        guard let icc = header.icc, header.icc_length > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: icc, count: Int(header.icc_length)))
    }

    private static func profileName(_ header: sak_image_header) -> String? {
        let name = withUnsafeBytes(of: header.icc_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return name.isEmpty ? nil : name
    }

    private static func format(_ value: Double) -> String {
        String(Double((value * 100_000).rounded()) / 100_000)
    }
}

/// White and primaries in the order libpng's cHRM gives them.
private struct RGBPrimariesXY {
    var values: [Double]
    static let sRGB = RGBPrimariesXY(values: [0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06])
    static let displayP3 = RGBPrimariesXY(values: [0.3127, 0.3290, 0.68, 0.32, 0.265, 0.69, 0.15, 0.06])
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
