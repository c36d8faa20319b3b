import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { LoaderFunctionArgs } from '@remix-run/node'
import {
  getPicture,
  PICTURE_VARIANTS,
  readyPictureFile,
  type PictureVariant,
} from '~/models/picture.server'
import { canSeePicture } from '~/models/picture-access.server'
import { requireUser } from '~/utils/auth.server'

/**
 * Serves a stored picture to signed-in users who may see it (order pictures: those who may see
 * the order; anyone else gets the same 404 as for a picture that does not exist). Names are content hashes, so a URL never changes
 * what it shows and browsers may keep it for a year.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const variant = params.variant as PictureVariant
  const picture =
    /^[0-9a-f]{64}$/.test(params.pictureId ?? '') && canSeePicture(user, params.pictureId!)
      ? getPicture(params.pictureId!)
      : undefined
  if (!picture || !PICTURE_VARIANTS.includes(variant)) {
    throw new Response('Not found', { status: 404 })
  }
  const file = await readyPictureFile(picture, variant)
  if (!file) throw new Response('Not found', { status: 404 })
  // The page policies are not sent with pictures (server/security.ts, exceptPictures): these two
  // are the ones a picture needs. No ETag: the address names the content, so the browser keeps it
  // a year and never has anything to revalidate (it was a tenth of a thumbnail's bytes).
  const headers = new Headers({
    'Content-Type': file.contentType,
    'Cache-Control': 'private, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  })
  const download = new URL(request.url).searchParams.get('download')
  if (download !== null) {
    // A name the page suggests (e.g. product-123456), kept to safe characters.
    const base = download.replace(/[^\w.-]+/g, '').slice(0, 60)
    const name = base ? `${base}.${file.downloadName.split('.').pop()}` : file.downloadName
    headers.set('Content-Disposition', `attachment; filename="${name}"`)
  }
  headers.set('Content-Length', String(file.size))
  const body = Readable.toWeb(fs.createReadStream(file.path)) as ReadableStream<Uint8Array>
  return new Response(body, { headers })
}
