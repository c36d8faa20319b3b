// The server's logs are best effort. Its standard output and error are pipes to whatever collects
// them (a process manager, a container's log driver, `npm start | tee`); when that reader goes away
// a write fails (EPIPE), and with no listener the failure is an uncaught error that ends the
// process, the primary's too: every request in flight lost and the server gone over a log line.
// `npm start` (scripts/start.js) and the server (server.ts, in the primary and in each worker) call
// `keepServingWithoutLogs` first, before anything writes.

/** Failed writes to stdout and stderr are dropped: the lines are lost, the process goes on. */
export function keepServingWithoutLogs() {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount('error') === 0) stream.on('error', () => {})
  }
}
