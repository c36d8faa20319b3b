import type { Readable } from 'node:stream'
import type { AppLoadContext } from '@remix-run/node'
import {
  describeReportFilters,
  reportRange,
  reportRows,
  type ReportFilters,
  reportSummaryInBatches,
  startReportExport,
} from '~/models/report.server'
import { OrderReportQuery, readQueryStrict } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { User } from '~/models/user.server'
import type { ReportColumn, StreamControl } from './columns'
import { delimitedText } from './text'

export type ReportFormat = 'txt' | 'csv' | 'xlsx' | 'pdf'

const CONTENT_TYPE: Record<ReportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
}

/**
 * The body as it is sent; `done` runs once when it ends, fails, is cancelled or its request is
 * aborted.
 */
function whileStreaming(body: ReadableStream<Uint8Array>, signal: AbortSignal, done: () => void) {
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    done()
  }
  signal.addEventListener('abort', end, { once: true })
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read()
        if (next.done) {
          end()
          controller.close()
        } else controller.enqueue(next.value)
      } catch (error) {
        end()
        controller.error(error)
      }
    },
    async cancel(reason) {
      end()
      await reader.cancel(reason)
    },
  })
}

function textStream(chunks: AsyncGenerator<string>) {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

/**
 * A Node stream as a web stream, read as the response is sent. Not `Readable.toWeb`: when the
 * download is cancelled it closes its side while pdfkit still emits, and the next chunk threw
 * "Controller is already closed" as an uncaught exception.
 */
function nodeStream(readable: Readable) {
  const chunks = readable[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    async cancel() {
      await chunks.return?.()
    },
  })
}

/**
 * A report refused because too many are running: a browser that navigated to the file (no
 * JavaScript) goes back to the report page, same filters, with the message as a toast, rather than
 * getting a failed download; scripts and the page's COPY get a 429 with the message as JSON.
 */
function busy(request: Request, backTo: string, message: string) {
  if (request.headers.get('Sec-Fetch-Mode') === 'navigate') {
    return redirectWithToast(backTo, { type: 'error', message })
  }
  return Response.json(
    { success: false, message },
    { status: 429, headers: { 'Retry-After': '10', 'Cache-Control': 'no-store' } },
  )
}

/**
 * Reports take turns: one step of one report (a chunk of rows, a PDF page) per turn of the event
 * loop, however many are running, so requests that arrived meanwhile are read between two steps
 * rather than after a step of every report. With 4 PDFs on a process, GET /login waited behind
 * all 4 pages at each of its own turns.
 */
const waiting: Array<() => void> = []
function reportTurn() {
  return new Promise<void>((resolve) => {
    waiting.push(resolve)
    if (waiting.length === 1) setImmediate(nextTurn)
  })
}
function nextTurn() {
  const resolve = waiting.shift()
  // Queued from this check phase, the next one runs after the next poll for I/O.
  if (waiting.length) setImmediate(nextTurn)
  resolve?.()
}

/** The file's body: the rows in the format asked for. */
async function reportBody(
  user: User,
  filters: ReportFilters,
  format: ReportFormat,
  control: StreamControl,
): Promise<ReadableStream<Uint8Array>> {
  const rows = reportRows(user, filters)
  if (format === 'txt' || format === 'csv') {
    return textStream(delimitedText(rows, format === 'csv' ? 'csv' : 'tsv', control))
  }
  // exceljs and pdfkit load on the first report that needs them, not with every process: they
  // were a fifth of a worker's start-up, which a restart waits for.
  if (format === 'xlsx') {
    const { xlsxStream } = await import('./xlsx')
    return nodeStream(xlsxStream(rows, control))
  }
  // The totals and the first page's charts come from one read, before the first page: a client
  // gone meanwhile stops it too.
  let read: ReturnType<typeof reportSummaryInBatches> | undefined
  const totalsAndChart = () =>
    (read ??= reportSummaryInBatches(user, filters, async () => {
      await control.room()
      control.signal.throwIfAborted()
    }))
  const summary = {
    title: `Order report ${filters.from} to ${filters.to}`,
    filters: describeReportFilters(user, filters),
    totals: async () => (await totalsAndChart()).totals,
    chart: async () => (await totalsAndChart()).chart,
  }
  const { pdfStream } = await import('./pdf.server')
  return nodeStream(pdfStream(rows, summary, control))
}

/**
 * One report file (/orderReport/export.txt|csv|xlsx|pdf): signed-in users only, the page's
 * filters (strictly: a bad one is a 400 with its message, which the page also shows), the orders the user may see, streamed. COPY's text
 * opens in the browser; the others download with a name that says what they hold.
 */
export async function reportResponse(
  { request, context }: { request: Request; context: AppLoadContext },
  format: ReportFormat,
) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  // A file is what was asked or nothing: a filter that does not parse is a 400 before any byte.
  const query = readQueryStrict(OrderReportQuery, url.searchParams)
  if (!query.ok) {
    return new Response(query.message, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const filters = reportRange(query.value)
  return exportResponse({ request, context }, user, {
    format,
    name: `orders-${filters.from}-to-${filters.to}.${format}`,
    backTo: `/orderReport${url.search}`,
    body: (control) => reportBody(user, filters, format, control),
  })
}

/**
 * A file streamed to a user, within the export limits (at most 2 per user across the processes,
 * 4 per process; the next is refused with a 429, or back to `backTo` with a toast when the
 * browser navigated), written in turns with the other exports: the reports and the list exports.
 */
export async function exportResponse(
  { request, context }: { request: Request; context: AppLoadContext },
  user: User,
  file: {
    format: ReportFormat
    name: string
    backTo: string
    body: (control: StreamControl) => Promise<ReadableStream<Uint8Array>>
  },
) {
  const room = context.room ?? (() => new Promise<void>((resolve) => setImmediate(resolve)))
  const control = {
    signal: request.signal,
    room: async () => {
      await room()
      await reportTurn()
    },
  }
  const disposition = file.format === 'txt' ? 'inline' : 'attachment'
  const headers = {
    'Content-Type': CONTENT_TYPE[file.format],
    'Content-Disposition': `${disposition}; filename="${file.name}"`,
    'X-Content-Type-Options': 'nosniff',
  }
  // A HEAD's body is never read (nor cancelled): writing one would hold an export place for ever.
  if (request.method === 'HEAD') return new Response(null, { headers })
  const place = startReportExport(user)
  if (!place.ok) return busy(request, file.backTo, place.message)
  let body: ReadableStream<Uint8Array>
  try {
    body = await file.body(control)
  } catch (error) {
    place.release()
    throw error
  }
  return new Response(whileStreaming(body, request.signal, place.release), { headers })
}

/** A list's rows as CSV (the report's writer: BOM, neutralised and quoted cells, in chunks). */
export function csvBody<Row>(rows: Iterable<Row>, columns: ReadonlyArray<ReportColumn<Row>>) {
  return async (control: StreamControl) => textStream(delimitedText(rows, 'csv', control, columns))
}
