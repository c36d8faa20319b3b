import type { LoaderFunctionArgs } from '@remix-run/node'
import { listExportResponse } from '~/reports/list-exports.server'

/** A list's Export (CSV): /lists/<name>/export.csv with the list page's query. */
export const loader = (args: LoaderFunctionArgs) => listExportResponse(args)
