import type { LoaderFunctionArgs } from '@remix-run/node'
import { listCategories } from '~/models/lookup.server'
import { apiJson, methodNotAllowedFor, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'

/** GET /api/v1/cat/: the categories → `{ data: [{ _id, name }] }`, by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  requireMethod(request, 'GET')
  await requireApiUser(request)
  return apiJson({ data: listCategories().map((c) => ({ _id: String(c.id), name: c.name })) })
}

export const action = () => methodNotAllowedFor('GET')
