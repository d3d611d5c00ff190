/// `transform` over `items` with at most `width` running at once, the results in the items'
/// order whatever order they finish in: the one bounded task-group loop for plain work (rendering
/// frames, for one). The audit runner schedules its own way, as it also numbers findings in screen
/// order and hands frames on to overlays (see `AuditRunner.audit`).
public func boundedMap<Item: Sendable, Output: Sendable>(_ items: [Item], width: Int,
                                                          _ transform: @escaping @Sendable (Int, Item) async throws -> Output)
    async throws -> [Output] {
    var results = [Output?](repeating: nil, count: items.count)
    try await withThrowingTaskGroup(of: (Int, Output).self) { group in
        var next = 0
        func start() {
            let index = next
            let item = items[index]
            group.addTask { (index, try await transform(index, item)) }
            next += 1
        }
        while next < min(max(1, width), items.count) { start() }
        while let (index, output) = try await group.next() {
            results[index] = output
            if next < items.count { start() }
        }
    }
    return results.map { $0! }
}
