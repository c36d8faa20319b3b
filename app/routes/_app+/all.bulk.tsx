import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { setProductsStatus, setUsersEnabled } from '~/models/admin-bulk.server'
import { can } from '~/models/permissions'
import { positiveInt } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { safeRedirect } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormOrRefuse } from '~/utils/upload.server'

/**
 * An admin's bulk Enable / Disable (issue 30), posted by All Products, All PMM and All PM: the
 * rows ticked (`id`: a product's pId or a user's id), and back to the list with the answer as a
 * toast, with JavaScript or without.
 */
const BulkAdminForm = z.object({
  kind: z.enum(['product', 'user']),
  intent: z.enum(['enable', 'disable']),
  id: z.array(positiveInt).max(1000).default([]),
})

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request, { allow: can.useAdminArea })
  const read = await readFormOrRefuse(args)
  if ('refused' in read) return read.refused
  const { form } = read
  const back = safeRedirect(form.get('back'), '/admin/dashboard')
  const parsed = BulkAdminForm.safeParse({
    kind: form.get('kind'),
    intent: form.get('intent'),
    id: form.getAll('id'),
  })
  if (!parsed.success) {
    throw new Response('Please send kind, intent and the ids.', { status: 400 })
  }
  const { kind, intent, id } = parsed.data
  const result =
    kind === 'product'
      ? setProductsStatus(user, id, intent === 'enable')
      : setUsersEnabled(user, id, intent === 'enable')
  return redirectWithToast(back, {
    type: result.ok && result.changed > 0 ? 'success' : 'error',
    message: result.message,
  })
}
