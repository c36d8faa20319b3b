import { Readable } from 'node:stream'
import type { AppLoadContext } from '@remix-run/node'
import {
  describeReportFilters,
  reportRange,
  reportRows,
  reportTotals,
} from '~/models/report.server'
import { OrderReportQuery, readQueryLenient } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { pdfStream } from './pdf.server'
import { delimitedText } from './text'
import { xlsxStream } from './xlsx'

export type ReportFormat = 'txt' | 'csv' | 'xlsx' | 'pdf'

const CONTENT_TYPE: Record<ReportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
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
 * One report file (/orderReport/export.txt|csv|xlsx|pdf): signed-in users only, the page's
 * filters (read as the page reads them), the orders the user may see, streamed. COPY's text
 * opens in the browser; the others download with a name that says what they hold.
 */
export async function reportResponse(
  { request, context }: { request: Request; context: AppLoadContext },
  format: ReportFormat,
) {
  const user = await requireUser(request)
  const filters = reportRange(readQueryLenient(OrderReportQuery, new URL(request.url).searchParams))
  const rows = reportRows(user, filters)
  const name = `orders-${filters.from}-to-${filters.to}.${format}`
  const control = {
    signal: request.signal,
    room: context.room ?? (() => new Promise<void>((resolve) => setImmediate(resolve))),
  }
  let body: ReadableStream<Uint8Array>
  if (format === 'txt' || format === 'csv') {
    body = textStream(delimitedText(rows, format === 'csv' ? 'csv' : 'tsv', control))
  } else if (format === 'xlsx') {
    body = Readable.toWeb(xlsxStream(rows, control)) as ReadableStream<Uint8Array>
  } else {
    const summary = {
      title: `Order report ${filters.from} to ${filters.to}`,
      filters: describeReportFilters(filters),
      totals: () => reportTotals(user, filters),
    }
    body = Readable.toWeb(pdfStream(rows, summary, control)) as ReadableStream<Uint8Array>
  }
  return new Response(body, {
    headers: {
      'Content-Type': CONTENT_TYPE[format],
      'Content-Disposition': `${format === 'txt' ? 'inline' : 'attachment'}; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
