import type { LoaderFunctionArgs } from '@remix-run/node'
import { listStatuses } from '~/models/order.server'
import { apiJson, methodNotAllowedFor, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'

/**
 * GET /api/v1/status/: the order statuses in their fixed order →
 * `{ data: [{ _id, id, name, chosenBy }] }`. `_id` and `id` are the fixed text ids
 * (`ordered`, `review_deleted`, …) that clients send back; `chosenBy` says which role picks it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, 'GET')
  await requireApiUser(request)
  return apiJson({
    data: listStatuses().map((s) => ({ _id: s.id, id: s.id, name: s.name, chosenBy: s.chosenBy })),
  })
}

export const action = () => methodNotAllowedFor('GET')
