/*
 * The browser's half of a picture upload, fetched only once a picture is chosen (see
 * picture-input.tsx and upload-form.tsx): shrinking the picture, sending the form with progress,
 * and handing the server's answer to Remix.
 */
import { keptSize } from '~/models/picture-sizes'

/*
 * Quality of the re-encoded picture. The server makes its medium variant (WebP 80) from what it
 * receives; from a JPEG at 0.9 that variant is as close to the original as when the server gets
 * the full photo (PSNR 37.3 dB against 37.2 dB on a 12-megapixel noisy photo), at a tenth of a
 * megabyte. Pictures that may be transparent (PNG, WebP) become WebP, which keeps the alpha.
 */
const JPEG_QUALITY = 0.9
const WEBP_QUALITY = 0.9

export type Shrunk = { file: File; width: number; height: number }

/**
 * The picture as it will be sent: at most the largest size the server keeps, with its EXIF
 * orientation applied, re-encoded (so without its metadata: no GPS position). A file the browser
 * cannot decode, or a GIF (which may be animated), is sent as it is: the server decides.
 */
export async function shrinkPicture(file: File): Promise<Shrunk | null> {
  if (!file.type.startsWith('image/') || file.type === 'image/gif') return null
  let decoded: ImageBitmap | undefined
  let resized: ImageBitmap | undefined
  try {
    decoded = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const { width, height } = keptSize(decoded.width, decoded.height)
    resized = await createImageBitmap(decoded, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'high',
    })
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) return null
    const transparent = file.type === 'image/png' || file.type === 'image/webp'
    if (!transparent) {
      // JPEG has no alpha: a transparent corner would otherwise turn black.
      context.fillStyle = '#fff'
      context.fillRect(0, 0, width, height)
    }
    context.drawImage(resized, 0, 0)
    let blob = transparent ? await encode(canvas, 'image/webp', WEBP_QUALITY) : null
    if (!blob) blob = await encode(canvas, 'image/jpeg', JPEG_QUALITY)
    if (!blob) return null
    const extension = blob.type === 'image/webp' ? 'webp' : 'jpg'
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'picture'}.${extension}`
    return { file: new File([blob], name, { type: blob.type }), width, height }
  } catch {
    return null
  } finally {
    decoded?.close()
    resized?.close()
  }
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number) {
  return new Promise<Blob | null>((resolve) =>
    // A browser that cannot write `type` gives a PNG instead: refuse it, the caller falls back.
    canvas.toBlob((blob) => resolve(blob && blob.type === type ? blob : null), type, quality),
  )
}

/** What the server answered to a sent form, kept to be handed to Remix. */
export type Answer = { status: number; statusText: string; headers: Headers; body: ArrayBuffer }

/**
 * Posts the form to the URL Remix itself would use for the action (single fetch: the path plus
 * `.data`), through XMLHttpRequest, the one browser API that reports upload progress. The answer
 * is read whole, whatever its status; a lost connection, or an abort through `signal`, rejects.
 */
export function sendForm(
  action: string,
  body: FormData,
  { onProgress, signal }: { onProgress: (fraction: number) => void; signal: AbortSignal },
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', dataUrl(action).href)
    request.responseType = 'arraybuffer'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    request.onload = () =>
      resolve({
        status: request.status,
        statusText: request.statusText,
        headers: parseHeaders(request.getAllResponseHeaders()),
        body: request.response as ArrayBuffer,
      })
    request.onerror = () => reject(new Error('The connection was lost.'))
    request.onabort = () => reject(new Error('The upload was cancelled.'))
    signal.addEventListener('abort', () => request.abort(), { once: true })
    request.send(body)
  })
}

/** Remix's single-fetch URL of an action (the same rule as its own client). */
function dataUrl(action: string) {
  const url = new URL(action, window.location.href)
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`
  return url
}

function parseHeaders(text: string) {
  const headers = new Headers()
  for (const line of text.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return headers
}

/** Whether Remix will treat the answer as a redirect (single fetch sends those as a 202). */
export const isRedirect = (answer: Answer) => answer.status === 202

/*
 * Handing the answer to Remix: the form is then submitted through Remix as usual, and its request
 * for the action is answered from here instead of the network, so Remix does what it always does
 * (follows the redirect and shows its toast, or gives the field errors to the page). Only the next
 * POST to that action's URL within a few seconds is answered; anything else goes to the network.
 */
let armed: { pathname: string; answer: Answer; until: number } | null = null
const NO_BODY = new Set([101, 204, 205, 304])

export function answerNextSubmit(action: string, answer: Answer) {
  armed = { pathname: dataUrl(action).pathname, answer, until: Date.now() + 10_000 }
}

const networkFetch = window.fetch.bind(window)
window.fetch = function fetchOrAnswer(input: RequestInfo | URL, init?: RequestInit) {
  const answer = armed && Date.now() < armed.until ? takeAnswer(input, init) : null
  if (!answer) return networkFetch(input, init)
  const { status, statusText, headers, body } = answer
  return Promise.resolve(
    new Response(NO_BODY.has(status) ? null : body, { status, statusText, headers }),
  )
}

function takeAnswer(input: RequestInfo | URL, init?: RequestInit) {
  const request = input instanceof Request ? input : null
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
  const url = new URL(request ? request.url : String(input), window.location.href)
  if (method !== 'POST' || url.pathname !== armed?.pathname) return null
  const { answer } = armed
  armed = null
  return answer
}
