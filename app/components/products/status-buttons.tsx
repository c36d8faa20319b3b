import { Form } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { useIsPending } from '~/components/forms/use-is-pending'

/**
 * The admin product list's Enable and Disable (intent=enable|disable with pId): Enable is inactive
 * while the product is published, Disable while it is disabled. Forms, so they work without
 * JavaScript.
 */
export function StatusButtons({ pId, published }: { pId: number; published: boolean }) {
  return (
    <div className="row-actions">
      <StatusForm pId={pId} intent="enable" label="Enable" inactive={published} />
      <StatusForm pId={pId} intent="disable" label="Disable" inactive={!published} />
    </div>
  )
}

function StatusForm({
  pId,
  intent,
  label,
  inactive,
}: {
  pId: number
  intent: 'enable' | 'disable'
  label: string
  inactive: boolean
}) {
  const pending = useIsPending({ formData: { intent, pId: String(pId) } })
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="pId" value={pId} />
      <StatusButton
        size="small"
        className={intent === 'disable' ? 'btn--danger' : undefined}
        pending={pending}
        disabled={inactive}
        aria-label={`${label} product ${pId}`}
      >
        {label}
      </StatusButton>
    </Form>
  )
}
