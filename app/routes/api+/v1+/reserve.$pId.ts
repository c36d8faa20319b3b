import { api, endpoint } from '~/api/endpoint.server'
import { PidParams } from '~/api/params'
import { MessageWire } from '~/api/wire-schemas'
import { ok } from '~/core/result'
import { releaseReservation, reserveProduct } from '~/models/reservation.server'

const message = (result: { ok: true; message: string }) =>
  ok({ success: true, message: result.message })

const endpoints = api(
  endpoint({
    method: 'POST',
    path: '/reserve/{pId}',
    tag: 'Reservations',
    summary: 'Reserve one unit of a product (pm)',
    description:
      'Refusals: 403 not a pm, 404 unknown product, 409 disabled, marketing ended, already held, or no unit left today or overall.',
    params: PidParams,
    refusals: [403, 404, 409],
    status: 201,
    response: MessageWire,
    handler: ({ user, params }) => {
      const reserved = reserveProduct(user, params.pId)
      return reserved.ok ? message(reserved) : reserved
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/reserve/{pId}',
    tag: 'Reservations',
    summary: 'Release a reservation on a product',
    description:
      'Releases the caller’s active reservation on that product; the owner pmm or an admin may release one someone else holds on it. None: 404.',
    params: PidParams,
    refusals: [404],
    response: MessageWire,
    handler: ({ user, params }) => {
      const released = releaseReservation(user, { pId: params.pId })
      return released.ok ? message(released) : released
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action
