/**
 * Runs tasks one at a time, in the order they arrive: the scans of a screen, and its writes.
 *
 * A scan that arrives while another is being looked up waits here instead of being dropped or
 * typed into the same field (two codes joined into one). A write queued behind the scans made
 * before it sees every one of them, and scans made while it is on its way wait for its answer, so
 * the reset that follows a validation never wipes a scan.
 *
 * A task that finishes synchronously on an idle queue answers synchronously: the scan-to-feedback
 * budget (a tone within 50 ms of the Enter) does not pay for a promise when nothing is waiting.
 */
export class SerialQueue {
  private running = false
  private readonly waiting: (() => void)[] = []
  private readonly listeners = new Set<() => void>()

  /** Tasks waiting or under way. */
  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0)
  }

  run<T>(task: () => T | Promise<T>): T | Promise<T> {
    if (!this.running && this.waiting.length === 0) return this.start(task)
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        try {
          Promise.resolve(this.start(task)).then(resolve, reject)
        } catch (error) {
          reject(error)
        }
      })
      this.changed()
    })
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private start<T>(task: () => T | Promise<T>): T | Promise<T> {
    let result: T | Promise<T>
    try {
      result = task()
    } catch (error) {
      this.next()
      throw error
    }
    if (!(result instanceof Promise)) {
      this.next()
      return result
    }
    this.running = true
    this.changed()
    return result.finally(() => {
      this.running = false
      this.next()
    })
  }

  private next(): void {
    const task = this.waiting.shift()
    this.changed()
    task?.()
  }

  private changed(): void {
    for (const listener of this.listeners) listener()
  }
}
