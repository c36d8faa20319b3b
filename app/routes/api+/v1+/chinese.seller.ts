import type { LoaderFunctionArgs } from '@remix-run/node'
import { listChineseSellers } from '~/models/lookup.server'
import { apiJson, methodNotAllowedFor, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'

/** GET /api/v1/chinese/seller/: the Chinese sellers → `{ data: [{ _id, name }] }`, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, 'GET')
  await requireApiUser(request)
  return apiJson({
    data: listChineseSellers().map((s) => ({ _id: String(s.id), name: s.name })),
  })
}

export const action = () => methodNotAllowedFor('GET')
