import type { LoaderFunctionArgs } from '@remix-run/node'
import { reportResponse } from '~/reports/response.server'

export const loader = ({ request }: LoaderFunctionArgs) => reportResponse(request, 'pdf')
