import type { ServerResponse } from 'node:http'

/**
 * Waits until less than 1 MB is queued on the response's connection (see AppLoadContext.room),
 * or until the connection is gone. A client that takes nothing for `stallMs` (one that opened a
 * download and stopped reading, on purpose or not) is cut off: the response is destroyed, which
 * aborts its request's signal, so the writer stops and its export place is given back within
 * seconds instead of never.
 */
export function roomToWrite(res: ServerResponse, stallMs: number) {
  const socket = res.socket
  if (!socket || socket.destroyed || socket.writableLength < 1 << 20) {
    return new Promise<void>((resolve) => setImmediate(resolve))
  }
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(stalled)
      socket.off('drain', done)
      socket.off('close', done)
      resolve()
    }
    const stalled = setTimeout(() => {
      res.destroy()
      done()
    }, stallMs)
    socket.once('drain', done)
    socket.once('close', done)
  })
}
