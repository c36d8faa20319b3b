import cluster from 'node:cluster'

/**
 * Questions a worker process asks the primary (backup state, the metrics of every process), over
 * the cluster's IPC channel. With one process there is no primary to ask: the answer comes from
 * the handler registered in this process. Handlers live on globalThis because the Remix build and
 * the server build each load their own copy of this module.
 */
type Handler = () => unknown | Promise<unknown>
type Shared = { handlers: Map<string, Handler>; waiting: Map<number, (answer: unknown) => void> }
const g = globalThis as typeof globalThis & { __reviewDeskPrimary?: Shared }
const shared = (g.__reviewDeskPrimary ??= { handlers: new Map(), waiting: new Map() })

type Message = { type?: unknown; id?: unknown; question?: unknown; answer?: unknown }
let nextId = 0
let listening = false

/** In the primary: answers `question` for itself and for every worker. */
export function answerWorkers(question: string, handler: Handler) {
  shared.handlers.set(question, handler)
  if (listening || !cluster.isPrimary) return
  listening = true
  cluster.on('message', (worker, message: Message) => {
    if (message?.type !== 'ask-primary' || typeof message.question !== 'string') return
    const found = shared.handlers.get(message.question)
    void Promise.resolve(found ? found() : undefined)
      .catch(() => undefined)
      .then((answer) => {
        if (worker.isConnected()) worker.send({ type: 'primary-answer', id: message.id, answer })
      })
  })
}

/** The primary's answer, or undefined when nobody answers within `timeoutMs`. */
export async function askPrimary<T>(question: string, timeoutMs = 3000): Promise<T | undefined> {
  const local = shared.handlers.get(question)
  if (local) return (await local()) as T
  if (!cluster.isWorker || !process.send) return undefined
  if (!listening) {
    listening = true
    process.on('message', (message: Message) => {
      if (message?.type !== 'primary-answer' || typeof message.id !== 'number') return
      shared.waiting.get(message.id)?.(message.answer)
    })
  }
  const id = ++nextId
  return new Promise<T | undefined>((resolve) => {
    const timer = setTimeout(() => done(undefined), timeoutMs)
    function done(answer: unknown) {
      clearTimeout(timer)
      shared.waiting.delete(id)
      resolve(answer as T | undefined)
    }
    shared.waiting.set(id, done)
    process.send!({ type: 'ask-primary', id, question })
  })
}

/** Tells the primary something, without waiting (or, with one process, tells this process). */
export function tellPrimary(question: string, value: unknown) {
  const local = shared.handlers.get(question) as ((value: unknown) => unknown) | undefined
  if (local) return void local(value)
  if (cluster.isWorker && process.send) process.send({ type: 'tell-primary', question, value })
}

/** In the primary: receives what workers tell it. */
export function hearWorkers(question: string, handler: (value: unknown) => void) {
  shared.handlers.set(question, handler as Handler)
  if (!cluster.isPrimary) return
  cluster.on('message', (_worker, message: Message & { value?: unknown }) => {
    if (message?.type === 'tell-primary' && message.question === question) handler(message.value)
  })
}
