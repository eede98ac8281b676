import Foundation

/// Work over a stream of items on several threads, with the results handed back in the items' order.
///
/// `jobs` worker threads of its own take the items (threads rather than a shared dispatch pool, since the
/// work is mostly waiting on the network, which a pool sized to the cores would serialise). At most
/// `2 × jobs` items are between being read and being delivered, so however long the stream, only a bounded
/// number of items and results are held. The items are read from the sequence on the calling thread, as
/// room frees up, and `deliver` runs on the calling thread too, for each result as soon as it and every
/// earlier one are done: with `jobs == 1` everything happens in the order of a plain loop.
public enum OrderedWork {
    public static func run<Items: Sequence, Output: Sendable>(
        _ items: Items, jobs: Int, work: @escaping @Sendable (Items.Element) -> Output, deliver: (Output) -> Void
    ) where Items.Element: Sendable {
        let jobs = max(1, jobs)
        if jobs == 1 {
            for item in items { deliver(work(item)) }
            return
        }
        let state = State<Items.Element, Output>()
        for _ in 0..<jobs {
            Thread {
                while let (index, item) = state.take() {
                    state.finish(index, work(item))
                }
            }.start()
        }
        var submitted = 0, delivered = 0
        /// Delivers every result that is next in order; waits for more while `holding` says so.
        func deliverReady(whileHolding holding: () -> Bool) {
            while let output = state.result(delivered, waiting: holding()) {
                deliver(output)
                delivered += 1
            }
        }
        for item in items {
            deliverReady { submitted - delivered >= 2 * jobs }
            state.add(submitted, item)
            submitted += 1
        }
        state.close()
        deliverReady { delivered < submitted }
    }

    private final class State<Item, Output>: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: [(Int, Item)] = []
        private var head = 0
        private var closed = false
        private var done: [Int: Output] = [:]

        func add(_ index: Int, _ item: Item) {
            condition.withLock {
                queue.append((index, item))
                condition.broadcast()
            }
        }

        /// The next item to work on; `nil` once the stream is closed and every item taken.
        func take() -> (Int, Item)? {
            condition.withLock {
                while head == queue.count && !closed { condition.wait() }
                guard head < queue.count else { return nil }
                defer {
                    head += 1
                    if head == queue.count { queue.removeAll(keepingCapacity: true); head = 0 }
                }
                return queue[head]
            }
        }

        func finish(_ index: Int, _ output: Output) {
            condition.withLock {
                done[index] = output
                condition.broadcast()
            }
        }

        /// The result of item `index`, taken; when `waiting`, waits for it, else `nil` if it is not done.
        func result(_ index: Int, waiting: Bool) -> Output? {
            condition.withLock {
                while waiting && done[index] == nil { condition.wait() }
                return done.removeValue(forKey: index)
            }
        }

        func close() {
            condition.withLock {
                closed = true
                condition.broadcast()
            }
        }
    }
}
