import type { LoaderFunctionArgs } from '@remix-run/node'
import { listReservations } from '~/models/reservation.server'
import {
  apiError,
  apiJson,
  methodNotAllowedFor,
  queryInt,
  queryProductId,
  requireMethod,
} from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'

/**
 * GET /api/v1/reserve/: the active reservations the caller may see (a pm their own, a pmm those
 * on their products, an admin all) → `{ data: [...] }`. Query: market (market id), sellerName
 * (the managing pmm's id), and the product id as searchByID or productId (two spellings of one
 * filter; when both are sent they must agree), page (25 rows a page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, 'GET')
  const user = await requireApiUser(request)
  const params = new URL(request.url).searchParams
  const market = queryInt(params, 'market')
  const sellerName = queryInt(params, 'sellerName')
  const searchByID = queryProductId(params, 'searchByID')
  const productId = queryProductId(params, 'productId')
  if (searchByID && productId && searchByID !== productId) {
    return apiError(400, 'searchByID and productId are the same filter; please send one of them.')
  }
  const page = queryInt(params, 'page')
  const {
    rows,
    total,
    page: shown,
    pageCount,
  } = listReservations(user, {
    market,
    sellerName,
    productId: searchByID ?? productId,
    page,
  })
  return apiJson({ data: rows, total, page: shown, pageCount })
}

export const action = () => methodNotAllowedFor('GET')
