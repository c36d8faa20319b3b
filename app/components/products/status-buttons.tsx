import { StatusButton } from '~/components/forms/button'
import { RowForm } from '~/components/list/row-actions'

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
    <RowForm fields={{ intent, pId }}>
      {(pending) => (
        <StatusButton
          size="small"
          className={intent === 'disable' ? 'btn--danger' : undefined}
          pending={pending}
          disabled={inactive}
          aria-label={`${label} product ${pId}`}
        >
          {label}
        </StatusButton>
      )}
    </RowForm>
  )
}
