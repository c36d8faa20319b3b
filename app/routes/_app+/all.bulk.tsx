import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { offThread } from '~/models/bulk-thread.server'
import { can } from '~/models/permissions'
import { positiveInt } from '~/schemas/list-queries'
import { requireUser } from '~/utils/auth.server'
import { safeRedirect } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import { readFormOrRefuse } from '~/utils/upload.server'

/**
 * An admin's bulk Enable / Disable (issue 30), posted by All Products, All PMM and All PM: the
 * rows ticked (`id`: a product's pId or a user's id), and back to the list with the answer as a
 * toast, with JavaScript or without. The toast holds an Undo form (intent `undo`, the change's
 * `batch`) for 10 seconds, which posts here too. Both run in the bulk thread (decision 104).
 */
const BulkAdminForm = z.object({
  kind: z.enum(['product', 'user']),
  intent: z.enum(['enable', 'disable']),
  id: z.array(positiveInt).max(1000).default([]),
})
const BulkUndoForm = z.object({ intent: z.literal('undo'), batch: positiveInt })

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request, { allow: can.useAdminArea })
  const read = await readFormOrRefuse(args)
  if ('refused' in read) return read.refused
  const { form } = read
  const back = safeRedirect(form.get('back'), '/admin/dashboard')
  if (form.get('intent') === 'undo') {
    const parsed = BulkUndoForm.safeParse({ intent: 'undo', batch: form.get('batch') })
    if (!parsed.success) throw new Response('Please send the batch to undo.', { status: 400 })
    const result = await offThread('undoAdminBulk', user, parsed.data.batch)
    return redirectWithToast(back, {
      type: result.ok ? 'success' : 'error',
      message: result.message,
    })
  }
  const parsed = BulkAdminForm.safeParse({
    kind: form.get('kind'),
    intent: form.get('intent'),
    id: form.getAll('id'),
  })
  if (!parsed.success) {
    throw new Response('Please send kind, intent and the ids.', { status: 400 })
  }
  const { kind, intent, id } = parsed.data
  const result = await offThread(
    kind === 'product' ? 'setProductsStatus' : 'setUsersEnabled',
    user,
    id,
    intent === 'enable',
  )
  const batch = result.ok ? result.batchId : null
  return redirectWithToast(back, {
    type: result.ok && result.changed > 0 ? 'success' : 'error',
    message: result.message,
    undo: batch
      ? { action: '/all/bulk', fields: { intent: 'undo', batch: String(batch), back } }
      : undefined,
  })
}
