/// `transform` over `items` with at most `width` running at once, the results in the items'
/// order whatever order they finish in: the one bounded task-group loop for plain work (rendering
/// frames, decoding the screens a check samples, for two). The audit runner schedules its own way,
/// as it also numbers findings in screen order and hands frames on to overlays (see
/// `AuditRunner.audit`).
public func boundedMap<Item: Sendable, Output: Sendable>(_ items: [Item], width: Int,
                                                          _ transform: @escaping @Sendable (Int, Item) async -> Output)
    async -> [Output] {
    await boundedRun(items, width: width, stopping: { _ in false }, transform).outputs.map { $0! }
}

/// As above for work that can fail: at the first error no item is started and the running ones
/// are cancelled; the error is thrown once they have finished.
public func boundedMap<Item: Sendable, Output: Sendable>(_ items: [Item], width: Int,
                                                          _ transform: @escaping @Sendable (Int, Item) async throws -> Output)
    async throws -> [Output] {
    let run = await boundedRun(items, width: width, stopping: { (result: Result<Output, any Error>) in
        if case .failure = result { true } else { false }
    }) { index, item in
        do { return .success(try await transform(index, item)) } catch { return .failure(error) }
    }
    if let first = run.stoppedAt { _ = try run.outputs[first]!.get() }
    return try run.outputs.map { try $0!.get() }
}

/// The loop itself: each item's output at its index, nil for the items never started once an
/// output met `stop`; `stoppedAt`, the index of that output (the first to finish that met it).
private func boundedRun<Item: Sendable, Output: Sendable>(_ items: [Item], width: Int, stopping stop: (Output) -> Bool,
                                                          _ transform: @escaping @Sendable (Int, Item) async -> Output)
    async -> (outputs: [Output?], stoppedAt: Int?) {
    var results = [Output?](repeating: nil, count: items.count)
    var stoppedAt: Int?
    await withTaskGroup(of: (Int, Output).self) { group in
        var next = 0
        func start() {
            let index = next
            let item = items[index]
            group.addTask { (index, await transform(index, item)) }
            next += 1
        }
        while next < min(max(1, width), items.count) { start() }
        while let (index, output) = await group.next() {
            results[index] = output
            if stoppedAt == nil && stop(output) {
                stoppedAt = index
                group.cancelAll()
            }
            if stoppedAt == nil && next < items.count { start() }
        }
    }
    return (results, stoppedAt)
}
