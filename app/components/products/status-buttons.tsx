import { RowButton } from '~/components/list/row-actions'

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
  return (
    <RowButton
      fields={{ intent, pId }}
      className={intent === 'disable' ? 'btn--danger' : undefined}
      disabled={inactive}
      aria-label={`${label} product ${pId}`}
    >
      {label}
    </RowButton>
  )
}
