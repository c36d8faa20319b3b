import type { OutboxItem } from './outbox.client'
import { useOutbox, useOutboxList } from './use-outbox'

/**
 * Where the outbox's list goes on the new-order page: nothing until this user's outbox code (and
 * the list's) is in. A component of its own, so that its updates re-render only itself: the form
 * next to it may still be the server's HTML waiting for its code (clientLazy), which an update from
 * its parent would throw away.
 */
export function OutboxSlot({
  owner,
  onEdit,
}: {
  owner: number | null
  onEdit: (item: OutboxItem) => void
}) {
  const outbox = useOutbox(owner)
  const OutboxList = useOutboxList(outbox)
  return OutboxList ? <OutboxList outbox={outbox} onEdit={onEdit} /> : null
}
