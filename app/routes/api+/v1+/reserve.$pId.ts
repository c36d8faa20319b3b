import type { ActionFunctionArgs } from '@remix-run/node'
import { releaseReservation, reserveProduct } from '~/models/reservation.server'
import { apiJson, methodNotAllowedFor, pathProductId, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'

export const loader = () => methodNotAllowedFor('POST', 'DELETE')

/**
 * POST /api/v1/reserve/:pId: a pm reserves one unit → 201 `{ success: true, message }`, or the
 * refusal's status (400 bad id, 403 not a pm, 404 unknown, 409 full/disabled/ended/duplicate)
 * with `{ success: false, message }`.
 *
 * DELETE /api/v1/reserve/:pId: releases the caller's active reservation on that product (the
 * owner pmm or an admin may release one that someone else holds on it) →
 * `{ success: true, message: 'Product release successfully.' }`; none → 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST', 'DELETE')
  const user = await requireApiUser(request)
  const result =
    request.method === 'POST'
      ? reserveProduct(user, params.pId)
      : releaseReservation(user, { pId: pathProductId(params.pId) })
  return apiJson({ success: result.success, message: result.message }, result.status)
}
