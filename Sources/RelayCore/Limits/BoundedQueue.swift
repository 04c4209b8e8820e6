/// At most `slots` tasks at once, and at most `waiting` more queued for a slot; a task beyond both is turned away
/// at once instead of waiting without bound.
public actor BoundedQueue {
    private let slots: Int
    private let waiting: Int
    private var running = 0
    private var queue: [CheckedContinuation<Void, Never>] = []

    /// A queue of `slots` running and `waiting` queued tasks.
    public init(slots: Int, waiting: Int) {
        self.slots = max(1, slots)
        self.waiting = max(0, waiting)
    }

    /// Takes a slot, waiting in line for one if needed; false (at once) when the line is full. A true answer must
    /// be followed by ``leave()``.
    public func enter() async -> Bool {
        if running < slots {
            running += 1
            return true
        }
        guard queue.count < waiting else { return false }
        await withCheckedContinuation { queue.append($0) }
        return true
    }

    /// Gives the slot to the next in line, or frees it.
    public func leave() {
        if queue.isEmpty {
            running -= 1
        } else {
            queue.removeFirst().resume()
        }
    }

    /// Tasks running and queued now.
    public var load: (running: Int, queued: Int) { (running, queue.count) }
}
