import { Form } from '@remix-run/react'
import { StatusButton } from '~/components/forms/button'
import { PictureInput } from '~/components/forms/fields'
import { UploadStatus, useUploadForm } from '~/components/forms/upload-form'
import { useIsPending } from '~/components/forms/use-is-pending'
import { StoredPicture } from '~/components/ui/picture'
import type { OrderPictureKind } from '~/models/permissions'
import type { PictureUrls } from '~/models/picture.server'

type Urls = PictureUrls | null

const PANELS: Record<OrderPictureKind, { title: string; whoUploads: string }> = {
  order: { title: 'Order Picture', whoUploads: 'The marketer who made the order uploads it.' },
  refund: { title: 'Refund Picture', whoUploads: "The product's manager uploads it." },
  review: { title: 'Review Picture', whoUploads: 'The marketer who made the order uploads it.' },
}

/** The order, refund and review pictures, each with its upload form (disabled if not yours). */
export function PicturePanels({
  pictures,
  uploads,
  orderNumber,
  refused,
}: {
  pictures: Record<OrderPictureKind, Urls>
  uploads: Record<OrderPictureKind, boolean>
  orderNumber: string
  refused: { kind: OrderPictureKind | null; error: string } | null
}) {
  return (
    <div className="picture-panels">
      {(Object.keys(PANELS) as OrderPictureKind[]).map((kind) => (
        <PicturePanel
          key={kind}
          kind={kind}
          urls={pictures[kind]}
          allowed={uploads[kind]}
          orderNumber={orderNumber}
          error={refused && (refused.kind === kind || refused.kind === null) ? refused.error : null}
        />
      ))}
    </div>
  )
}

function PicturePanel({
  kind,
  urls,
  allowed,
  orderNumber,
  error,
}: {
  kind: OrderPictureKind
  urls: Urls
  allowed: boolean
  orderNumber: string
  error: string | null
}) {
  const { title, whoUploads } = PANELS[kind]
  const pending = useIsPending({ formData: { intent: 'upload', kind } })
  const upload = useUploadForm({ preventScrollReset: true })
  const titleId = `picture-${kind}`
  return (
    <section className="picture-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      {urls ? (
        <a href={urls.original} target="_blank" rel="noreferrer" className="picture-panel__image">
          <StoredPicture
            urls={urls}
            alt={`${title} of order ${orderNumber}`}
            sizes="(min-width: 768px) 320px, 6rem"
            width={320}
            height={320}
            className="detail__picture"
            lazy
          />
        </a>
      ) : (
        <p className="picture-panel__empty">No picture yet.</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        onSubmit={upload.onSubmit()}
      >
        <fieldset disabled={!allowed} className="picture-panel__form">
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="kind" value={kind} />
          <PictureInput
            label={`Upload ${title.toLowerCase()}`}
            inputProps={{ id: `upload-${kind}`, name: 'picture' }}
            errors={error ? [error] : undefined}
            hint={allowed ? undefined : whoUploads}
          />
          <UploadStatus upload={upload} />
          <StatusButton pending={pending || upload.busy} size="small">
            Upload
          </StatusButton>
        </fieldset>
      </Form>
    </section>
  )
}
