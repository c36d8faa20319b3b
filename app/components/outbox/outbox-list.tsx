import { Link } from '@remix-run/react'
import type { OutboxItem } from './outbox.client'
import { useOutbox, type OutboxState } from './use-outbox'
import './outbox.css'

/** This user's outbox list (fetched only when it holds something: outbox-gate.tsx). */
export function OutboxListFor({
  owner,
  onEdit,
}: {
  owner: number
  onEdit: (item: OutboxItem) => void
}) {
  return <OutboxList outbox={useOutbox(owner)} onEdit={onEdit} />
}

const time = (ms: number) =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })

/** What a kept order says of itself: its market's and product's fields as typed. */
function summary(item: OutboxItem) {
  const value = (name: string) => {
    const found = item.entries.find(([n]) => n === name)?.[1]
    return typeof found === 'string' ? found : ''
  }
  return `Product ID ${value('pId')}, customer ${value('paypal')}`
}

/**
 * The outbox's orders on the new-order page (issue 31): those waiting for the network, those the
 * server refused (its message, with Edit to correct the order in the form and Discard), and those
 * created since (a link to each, until dismissed). Nothing when empty.
 */
export function OutboxList({
  outbox,
  onEdit,
}: {
  outbox: OutboxState | null
  onEdit: (item: OutboxItem) => void
}) {
  if (!outbox || outbox.items.length === 0) return null
  const { mod, owner, items } = outbox
  const discard = (item: OutboxItem) => void mod.discardItem(owner, item.id!)
  return (
    <section id="outbox" className="outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title">Outbox</h2>
      <ul className="outbox__list">
        {items.map((item) => (
          <li key={item.id} className={`outbox__item outbox__item--${item.state}`}>
            {item.state === 'waiting' ? (
              <>
                <p>
                  Order {item.label}: waiting to be sent (kept at {time(item.keptAt)}).{' '}
                  {summary(item)}.
                </p>
                <button type="button" className="btn btn--small" onClick={() => discard(item)}>
                  Discard order {item.label}
                </button>
              </>
            ) : null}
            {item.state === 'refused' ? (
              <>
                <p>
                  Order {item.label} was refused: {item.message} {summary(item)}.
                </p>
                <button
                  type="button"
                  className="btn btn--small btn--primary"
                  onClick={() => void mod.takeBack(owner, item.id!).then((i) => i && onEdit(i))}
                >
                  Edit order {item.label}
                </button>
                <button type="button" className="btn btn--small" onClick={() => discard(item)}>
                  Discard order {item.label}
                </button>
              </>
            ) : null}
            {item.state === 'created' ? (
              <>
                <p>
                  Order {item.label}: {item.message}{' '}
                  <Link to={item.link ?? '/orders'}>View order {item.label}</Link>
                </p>
                <button type="button" className="btn btn--small" onClick={() => discard(item)}>
                  Dismiss
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
