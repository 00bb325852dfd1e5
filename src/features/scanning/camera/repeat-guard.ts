/**
 * The camera sees the same code in frame after frame: report it once. A code is ignored while it
 * was last seen less than windowMs ago (each sighting extends the window), so a label held in
 * front of the lens counts once, and counts again once it has been out of sight for windowMs.
 */
export type RepeatGuard = (text: string, now: number) => boolean

export function createRepeatGuard(windowMs = 1500): RepeatGuard {
  const lastSeen = new Map<string, number>()
  return (text, now) => {
    // Forget codes out of sight for longer than the window: the map stays small.
    for (const [code, at] of lastSeen) if (now - at >= windowMs) lastSeen.delete(code)
    const fresh = !lastSeen.has(text)
    lastSeen.set(text, now)
    return fresh
  }
}
