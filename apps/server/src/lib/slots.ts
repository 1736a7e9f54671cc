/**
 * A fixed number of slots for one kind of heavy work (map images read from the database): a
 * caller waits for a free slot at most `waitMs`, then gets undefined and should answer "busy".
 * Keeps a burst of expensive requests from filling the database's queue for everyone else.
 */
export function createSlots(size: number) {
  let used = 0
  const waiting: Array<() => void> = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else used--
  }
  return {
    /** Resolves to a release function once a slot is free, or to undefined after `waitMs`. */
    acquire(waitMs: number): Promise<(() => void) | undefined> {
      if (used < size) {
        used++
        return Promise.resolve(once(release))
      }
      return new Promise((resolve) => {
        const grant = () => {
          clearTimeout(timer)
          resolve(once(release))
        }
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(grant), 1)
          resolve(undefined)
        }, waitMs)
        waiting.push(grant)
      })
    },
  }
}

function once(fn: () => void): () => void {
  let done = false
  return () => {
    if (!done) {
      done = true
      fn()
    }
  }
}
