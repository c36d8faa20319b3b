import type { LoaderFunctionArgs } from '@remix-run/node'
import { reportResponse } from '~/reports/response.server'

export const loader = (args: LoaderFunctionArgs) => reportResponse(args, 'xlsx')
