/**
 * Runs at most `limit` tasks at a time; the others wait their turn in order. Heavy work (decoding
 * pictures) goes through one of these so a burst of requests queues instead of exhausting memory
 * and CPU for every other request.
 */
export function concurrencyLimit(limit: number) {
  let active = 0
  const waiting: Array<() => void> = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < limit) active += 1
    // A finishing task hands its slot straight to the next waiting one.
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}
