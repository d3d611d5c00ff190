/// The text size a screenshot was taken at, read from a folder of its path: screenshots taken at
/// each size in a folder named by it (`AX3/home.png`, `UICTContentSizeCategoryAccessibilityXL/…`,
/// `accessibility-extra-large/…`), beside or instead of the default size's. Screens whose paths
/// are alike but for that folder are one screen's variants: the one without a size folder (the
/// default, `L`), else the smallest, is the others' `variantOf`.
public enum ContentSizeFolders {
    /// The size a folder of `path` (a screen id: a relative path without its extension) names, and
    /// the path without that folder; nil when no folder names a size. A one-letter folder counts
    /// only in capitals (`S`, `M`, `L`).
    public static func split(_ path: String) -> (size: ContentSize, rest: String)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { return nil }
        for (index, part) in parts.dropLast().enumerated() {
            guard let size = ContentSize(name: part), part.count > 1 || part == part.uppercased() else { continue }
            var rest = parts
            rest.remove(at: index)
            return (size, rest.joined(separator: "/"))
        }
        return nil
    }

    /// `screens` with the sizes their folders name and their variants paired, for screens whose
    /// contracts declare neither `contentSize` nor `variantOf`.
    public static func assign(_ screens: [LoadedScreen]) -> [LoadedScreen] {
        var result = screens
        var groups: [String: [(index: Int, size: ContentSize?)]] = [:]
        var order: [String] = []
        for (index, screen) in screens.enumerated() where screen.contract.contentSize == nil && screen.contract.variantOf == nil {
            let found = split(screen.contract.id)
            if let found { result[index].contract.contentSize = found.size }
            let key = found?.rest ?? screen.contract.id
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((index, found?.size))
        }
        for key in order {
            guard let members = groups[key], members.count >= 2, members.contains(where: { $0.size != nil }) else { continue }
            let base = members.first { $0.size == nil } ?? members.min { ($0.size!, $0.index) < ($1.size!, $1.index) }!
            var seen: Set<ContentSize> = [base.size ?? .default]
            for member in members where member.index != base.index {
                // Two screens at one size are no pair: the second stays on its own.
                guard seen.insert(member.size ?? .default).inserted else { continue }
                result[member.index].contract.variantOf = screens[base.index].contract.id
            }
        }
        return result
    }
}
