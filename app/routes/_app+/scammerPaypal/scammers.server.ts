import { submitForm } from '~/components/forms/reply.server'
import { readUrlStep } from '~/components/list/url-step'
import { can } from '~/models/permissions'
import { pageOrNotFound } from '~/utils/not-found.server'
import {
  addScammer,
  getScammer,
  listScammers,
  removeScammer,
  SCAMMER_ADDED_MESSAGE,
  SCAMMER_NOT_FOUND_MESSAGE,
  SCAMMER_REMOVED_MESSAGE,
} from '~/models/scammer.server'
import type { User } from '~/models/user.server'
import { positiveInt, readQueryLenient, ScammerListQuery } from '~/schemas/list-queries'
import { samePageWithout } from '~/utils/product-actions.server'
import { redirectWithToast } from '~/utils/toast.server'
import { ScammerSchema } from '~/validation/scammer'
import { SCAMMER_STEPS } from './scammer-table'

/** The list as the page shows it (dates as YYYY-MM-DD), and the entry Remove asks about. */
export function scammerPageData(user: User, params: URLSearchParams) {
  const filters = readQueryLenient(ScammerListQuery, params)
  const list = pageOrNotFound(listScammers(user, filters))
  const canManage = can.manageScammers(user)
  const toConfirm = readUrlStep(params, SCAMMER_STEPS, (step, id) => {
    const entry = canManage ? getScammer(id) : undefined
    return entry && { step, id: entry.id, email: entry.email }
  })
  return {
    canManage,
    scammers: {
      ...list,
      rows: list.rows.map((r) => ({
        id: r.id,
        email: r.email,
        reason: r.reason,
        reportedBy: r.reportedBy.name,
        date: r.createdAt.toISOString().slice(0, 10),
      })),
    },
    step: toConfirm,
  }
}

function requireManager(user: User) {
  if (!can.manageScammers(user)) {
    throw new Response('Only managers and admins can change the Scammer PayPal list.', {
      status: 403,
    })
  }
}

/** intent=add: the new entry shows at the top of the whole list. */
export function addEntry(user: User, form: FormData) {
  requireManager(user)
  return submitForm(form, ScammerSchema, {
    run: (value) => addScammer(user, value),
    done: () =>
      redirectWithToast('/scammerPaypal', { type: 'success', message: SCAMMER_ADDED_MESSAGE }),
  })
}

/** intent=remove (after the confirm step): back to the same page of the list. */
export function removeEntry(user: User, form: FormData, request: Request) {
  requireManager(user)
  const backTo = samePageWithout(request, SCAMMER_STEPS)
  const id = positiveInt.safeParse(String(form.get('id') ?? ''))
  const removed = id.success
    ? removeScammer(user, id.data)
    : ({ ok: false, message: SCAMMER_NOT_FOUND_MESSAGE } as const)
  return removed.ok
    ? redirectWithToast(backTo, { type: 'success', message: SCAMMER_REMOVED_MESSAGE })
    : redirectWithToast(backTo, { type: 'error', message: removed.message })
}
