import type { LoaderFunctionArgs } from '@remix-run/node'
import { listMarkets } from '~/models/lookup.server'
import { apiJson, methodNotAllowedFor, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'

/** GET /api/v1/market/: the markets → `{ data: [{ _id, name, shortName }] }`, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, 'GET')
  await requireApiUser(request)
  return apiJson({
    data: listMarkets().map((m) => ({ _id: String(m.id), name: m.name, shortName: m.shortName })),
  })
}

export const action = () => methodNotAllowedFor('GET')
