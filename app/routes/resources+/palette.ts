import type { LoaderFunctionArgs } from '@remix-run/node'
import { paletteSearch } from '~/models/palette.server'
import { requireUser } from '~/utils/auth.server'

/**
 * The command palette's JSON (issue 30): `GET /resources/palette?q=` answers `{ hits }`, the
 * screens, product and orders the signed-in user may open, by the lists' rules and indexes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const q = new URL(request.url).searchParams.get('q') ?? ''
  return Response.json({ hits: paletteSearch(user, q) })
}
