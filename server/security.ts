/**
 * Express guards that run before Remix reads a request: body caps, allowed content types, cookie
 * writes only from our own origin, and the headers every answer carries.
 */
import type { NextFunction, Request, Response } from 'express'

export const FORM_BODY_LIMIT = 1024 * 1024
export const MULTIPART_BODY_LIMIT = 12 * 1024 * 1024

export const SECURITY_MESSAGES = {
  tooLarge: 'The request is too large. Forms may send at most 1 MB, pictures at most 12 MB.',
  contentType: 'Please send this form as a web form (urlencoded or multipart).',
  crossOrigin: 'Cross-origin requests are not allowed.',
  badUrl: 'The address is malformed.',
} as const

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const isApi = (req: Request) => req.path.startsWith('/api/')

function refuse(req: Request, res: Response, status: number, message: string) {
  res.status(status)
  if (isApi(req)) res.json({ success: false, message })
  else res.type('text/plain; charset=utf-8').send(message)
}

/** A URL with broken percent-encoding is a 400, not a framework error. */
export function wellFormedUrl(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path)
  } catch {
    return refuse(req, res, 400, SECURITY_MESSAGES.badUrl)
  }
  next()
}

/**
 * Writes that the session cookie authenticates are accepted only from our own origin (a page on
 * another site, or another port of this host, cannot act for the user). Bearer-token calls carry
 * no ambient credential and are not affected.
 */
export function sameOriginWrites(req: Request, res: Response, next: NextFunction) {
  if (!WRITES.has(req.method) || /^Bearer\s/i.test(req.get('Authorization') ?? '')) return next()
  const ours = `${req.protocol}://${req.get('Host')}`
  const origin = req.get('Origin') ?? refererOrigin(req.get('Referer'))
  const crossSite = req.get('Sec-Fetch-Site') === 'cross-site'
  if ((origin && origin !== ours) || (!origin && crossSite)) {
    return refuse(req, res, 403, SECURITY_MESSAGES.crossOrigin)
  }
  next()
}

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return 'null'
  }
}

/**
 * Bodies are capped before anything reads them: 1 MB for forms and JSON, 12 MB for multipart
 * (pictures). A declared length over the cap is refused at once; a chunked body is counted as it
 * arrives and cut off at the cap. Page forms must be urlencoded or multipart.
 */
export function bodyLimits(req: Request, res: Response, next: NextFunction) {
  if (!WRITES.has(req.method)) return next()
  const type = (req.get('Content-Type') ?? '').toLowerCase()
  const multipart = type.startsWith('multipart/form-data')
  const limit = multipart ? MULTIPART_BODY_LIMIT : FORM_BODY_LIMIT
  const hasBody = Number(req.get('Content-Length') ?? 0) > 0 || req.get('Transfer-Encoding')
  if (
    !isApi(req) &&
    hasBody &&
    !multipart &&
    !type.startsWith('application/x-www-form-urlencoded')
  ) {
    return refuse(req, res, 415, SECURITY_MESSAGES.contentType)
  }
  if (Number(req.get('Content-Length') ?? 0) > limit) {
    res.set('Connection', 'close')
    return refuse(req, res, 413, SECURITY_MESSAGES.tooLarge)
  }
  if (req.get('Content-Length')) return next()
  // A chunked body has no declared length: count it as it arrives.
  let received = 0
  req.on('data', (chunk: Buffer) => {
    received += chunk.length
    if (received > limit && !res.headersSent) {
      res.set('Connection', 'close')
      refuse(req, res, 413, SECURITY_MESSAGES.tooLarge)
      req.destroy()
    }
  })
  next()
}

/** Signed-in pages and JSON must not be kept by the browser (Back after logout shows nothing). */
export function noStore(req: Request, res: Response, next: NextFunction) {
  if (!req.path.startsWith('/assets/') && !req.path.startsWith('/resources/pictures/')) {
    res.set('Cache-Control', 'no-store')
  }
  res.set(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  )
  next()
}
