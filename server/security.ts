/**
 * Express guards that run before Remix reads a request: body caps, allowed content types, cookie
 * writes only from our own origin, and the headers every answer carries.
 */
import crypto from 'node:crypto'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { API_MESSAGES } from '../app/utils/http-errors'
import { METHOD_NOT_ALLOWED_TEXT } from '../app/components/error-boundary'
import {
  CLIENT_ADDRESS_HEADER,
  DATA_REQUEST_HEADER,
  logError,
  REQUEST_KEY_HEADER,
} from '../app/utils/request.server'

export const FORM_BODY_LIMIT = 1024 * 1024
export const MULTIPART_BODY_LIMIT = 12 * 1024 * 1024
/** An oversized body up to this size is read and dropped before the 413; a larger one is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024
/** How long a connection cut off mid-body stays open for its client to read the 413. */
const LINGER_MS = 1000
/**
 * Fields of a form (urlencoded) or parts of a multipart body. Our largest form has about 20; each
 * field costs parsing, validation and (for a refused form) echoing, so 150,000 tiny fields in
 * 1 MB cost seconds of CPU (docs/decisions: harden-form-field-cap).
 */
export const MAX_FORM_FIELDS = 1000

export const SECURITY_MESSAGES = {
  tooLarge: 'The request is too large. Forms may send at most 1 MB, pictures at most 12 MB.',
  contentType: 'Please send this form as a web form (urlencoded or multipart).',
  crossOrigin: 'Cross-origin requests are not allowed.',
  badUrl: 'The address is malformed.',
  tooManyFields: 'The form has too many fields. A form may send at most 1,000.',
  uploadsBusy: 'The server is busy receiving other uploads. Please try again in a moment.',
  badContentType:
    'The Content-Type header is malformed: one media type, each parameter once, and a multipart body names one valid boundary.',
  method: METHOD_NOT_ALLOWED_TEXT,
  serverError: 'Something went wrong on our side. Please try again in a moment.',
} as const

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const isApi = (req: Request) => req.path.startsWith('/api/')

/** What the fetch API (and so Remix) can represent; TRACE and TRACK it refuses to construct. */
const KNOWN_METHODS = new Set([...WRITES, 'GET', 'HEAD', 'OPTIONS'])

/**
 * Methods no page or endpoint answers (TRACE, PROPFIND, MKCOL...) are a 405 naming the ones that
 * are used (pages: read and post; the API: the REST verbs), never a framework error.
 */
export function knownMethods(req: Request, res: Response, next: NextFunction) {
  if (KNOWN_METHODS.has(req.method)) return next()
  const api = isApi(req)
  res.set('Allow', api ? 'GET, HEAD, POST, PUT, PATCH, DELETE' : 'GET, HEAD, POST')
  req.resume()
  return refuse(req, res, 405, api ? API_MESSAGES.method : SECURITY_MESSAGES.method)
}

/** A refusal in the API's JSON, or a small page with the message (messages are our own text). */
function refuse(req: Request, res: Response, status: number, message: string) {
  res.status(status)
  if (isApi(req)) return res.json({ success: false, message })
  res
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${status}</title>` +
        `<link rel="icon" href="/favicon.svg"></head><body><main><h1>${status}</h1>` +
        `<p>${message}</p><p><a href="/">Go to the start page</a></p></main></body></html>`,
    )
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
  // A sibling subdomain or port is "same-site" but not ours.
  const site = req.get('Sec-Fetch-Site')
  const foreign = site === 'cross-site' || site === 'same-site'
  if ((origin && origin !== ours) || foreign) {
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
 * (pictures), and at most MAX_FORM_FIELDS fields or parts. A declared length over the cap is
 * refused at once; a chunked body is counted as it arrives and cut off at the cap, and so is a
 * form whose fields pass their cap. Page forms must be urlencoded or multipart.
 */
export function bodyLimits(req: Request, res: Response, next: NextFunction) {
  if (!WRITES.has(req.method)) return next()
  const header = req.get('Content-Type')
  const media = header === undefined ? { type: '', params: new Map() } : mediaType(header)
  const boundary: string | undefined = media?.params.get('boundary')
  const multipart = media?.type === 'multipart/form-data'
  // Refused before any of the body is read.
  if (!media || (multipart && !VALID_BOUNDARY.test(boundary ?? ''))) {
    return cutOff(req, res, 400, SECURITY_MESSAGES.badContentType)
  }
  // The parser behind (undici's, through Remix) reads the header as written here: the boundary
  // the parts are counted by is the one they are split by.
  if (multipart) req.headers['content-type'] = `multipart/form-data; boundary="${boundary}"`
  const type = media.type
  const limit = multipart ? MULTIPART_BODY_LIMIT : FORM_BODY_LIMIT
  // A page write is a form: a browser always sends one of these two types, even for an empty form.
  if (!isApi(req) && !multipart && type !== 'application/x-www-form-urlencoded') {
    return refuse(req, res, 415, SECURITY_MESSAGES.contentType)
  }
  const declared = Number(req.get('Content-Length') ?? 0)
  if (declared > limit) {
    // Read and drop a moderately oversized body, so the client gets to see the answer (a browser
    // that is cut off mid-upload shows a connection error instead); a huge one is cut off.
    if (declared <= DRAIN_LIMIT) req.resume()
    else res.set('Connection', 'close')
    return refuse(req, res, 413, SECURITY_MESSAGES.tooLarge)
  }
  if (multipart) {
    // Held in memory whole while parsed: the bytes of the bodies read at once are bounded.
    return withUploadBudget(req, res, Math.min(declared || limit, limit), () => {
      watchBody(req, res, limit, fieldCounter(type, boundary))
      next()
    })
  }
  watchBody(req, res, limit, fieldCounter(type, boundary))
  next()
}

/**
 * Bytes of multipart bodies (pictures) a process reads and holds at once: each is parsed whole
 * in memory. Past it a body waits its turn, unread (the client's upload waits with it), up to
 * UPLOAD_WAIT_MS, then it is a 503 to try again. Sixty 4.6 MB uploads at once took 671 MB.
 */
export const UPLOAD_MEMORY_BUDGET = 48 * 1024 * 1024
const UPLOAD_WAIT_MS = 30_000
const uploads = { inUse: 0, peak: 0, waiting: [] as Array<{ bytes: number; go: () => void }> }
/** The most bytes of bodies held at once since the last call (for the tests). */
export function uploadPeak() {
  const peak = uploads.peak
  uploads.peak = uploads.inUse
  return peak
}

function withUploadBudget(req: Request, res: Response, bytes: number, start: () => void) {
  const grant = () => {
    uploads.inUse += bytes
    uploads.peak = Math.max(uploads.peak, uploads.inUse)
    res.once('close', () => {
      uploads.inUse -= bytes
      admitWaiting()
    })
    start()
  }
  if (uploads.waiting.length === 0 && uploads.inUse + bytes <= UPLOAD_MEMORY_BUDGET) return grant()
  const entry = {
    bytes,
    go: () => {
      clearTimeout(timer)
      grant()
    },
  }
  uploads.waiting.push(entry)
  const leave = () => {
    const at = uploads.waiting.indexOf(entry)
    if (at !== -1) uploads.waiting.splice(at, 1)
    clearTimeout(timer)
  }
  const timer = setTimeout(() => {
    leave()
    res.set('Retry-After', '5')
    cutOff(req, res, 503, SECURITY_MESSAGES.uploadsBusy)
  }, UPLOAD_WAIT_MS)
  // A client that gives up while waiting leaves the line.
  res.once('close', leave)
}

/** Lets in the bodies that wait, in order, while they fit (one at least when none is held). */
function admitWaiting() {
  while (uploads.waiting.length) {
    const next = uploads.waiting[0]!
    if (uploads.inUse > 0 && uploads.inUse + next.bytes > UPLOAD_MEMORY_BUDGET) return
    uploads.waiting.shift()
    next.go()
  }
}

/**
 * Counts a body as it arrives: a chunked one past its cap, or a form past MAX_FORM_FIELDS, is cut
 * off (see cutOff).
 */
function watchBody(
  req: Request,
  res: Response,
  limit: number,
  counter: ((chunk: Buffer) => number) | undefined,
) {
  const chunked = !req.get('Content-Length')
  let received = 0
  const onData = (chunk: Buffer) => {
    if (res.headersSent) return
    received += chunk.length
    if (chunked && received > limit) return cutOff(req, res, 413, SECURITY_MESSAGES.tooLarge)
    if (counter && counter(chunk) > MAX_FORM_FIELDS) {
      cutOff(req, res, 413, SECURITY_MESSAGES.tooManyFields)
    }
  }
  if (chunked || counter) req.on('data', onData)
}

/**
 * Counts the fields of a urlencoded body (its `&`s) or the parts of a multipart one (its boundary
 * lines, one of which closes the body) as the bytes arrive, before anything parses them.
 */
function fieldCounter(type: string, boundary?: string): ((chunk: Buffer) => number) | undefined {
  if (type === 'application/x-www-form-urlencoded') {
    let fields = 1
    return (chunk) => {
      for (let at = chunk.indexOf(0x26); at !== -1; at = chunk.indexOf(0x26, at + 1)) fields++
      return fields
    }
  }
  if (type !== 'multipart/form-data' || !boundary) return undefined
  // The boundary as sent: it is case-sensitive.
  const delimiter = Buffer.from(`--${boundary}`)
  let lines = 0
  let tail: Buffer = Buffer.alloc(0)
  return (chunk) => {
    // A delimiter may straddle two chunks: keep the end of the last one.
    const data = tail.length ? Buffer.concat([tail, chunk]) : chunk
    for (let at = data.indexOf(delimiter); at !== -1; at = data.indexOf(delimiter, at + 1)) lines++
    tail = data.subarray(Math.max(0, data.length - delimiter.length + 1))
    return lines - 1
  }
}

// RFC 9110: a token, a quoted string (no control characters; a backslash quotes one character).
const TOKEN = String.raw`[!#$%&'*+.^_\`|~0-9A-Za-z-]+`
const QUOTED = String.raw`"((?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\[^\x00-\x08\x0a-\x1f\x7f])*)"`
const MEDIA_TYPE = new RegExp(String.raw`^(${TOKEN}/${TOKEN})[ \t]*`)
const PARAMETER = new RegExp(String.raw`^;[ \t]*(?:(${TOKEN})=(?:(${TOKEN})|${QUOTED}))?[ \t]*`)
/** RFC 2046: 1 to 70 characters of these, not ending in a space. */
const VALID_BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/

/**
 * A Content-Type header read strictly (RFC 9110): one media type, then parameters, each of them
 * once (names in any case). Anything else is undefined: a header that two parsers could read
 * two ways is refused rather than guessed at.
 */
export function mediaType(header: string) {
  const head = MEDIA_TYPE.exec(header.trim())
  if (!head) return undefined
  const params = new Map<string, string>()
  let rest = header.trim().slice(head[0].length)
  while (rest) {
    const param = PARAMETER.exec(rest)
    if (!param) return undefined
    rest = rest.slice(param[0].length)
    if (!param[1]) continue
    const name = param[1].toLowerCase()
    if (params.has(name)) return undefined
    params.set(name, param[2] ?? param[3].replace(/\\(.)/g, '$1'))
  }
  return { type: head[1].toLowerCase(), params }
}

/**
 * Refuses a request whose body is still arriving. The app stops getting it, the answer goes out
 * with `Connection: close`, and the connection is half-closed: our side ends, the client's bytes
 * are no longer read, and it is closed for good a moment later. Closing at once while the client
 * is still sending would reset the connection, and the client could lose the answer it had not
 * read yet.
 */
function cutOff(req: Request, res: Response, status: number, message: string) {
  req.removeAllListeners('data')
  req.removeAllListeners('end')
  req.pause()
  const socket = req.socket
  // Nothing reads this connection again (the app's body reader would resume it otherwise).
  req.resume = () => req
  socket.resume = () => socket
  socket.pause()
  // Node ends a `Connection: close` answer's socket with destroySoon: end it instead.
  socket.destroySoon = () => {
    socket.end()
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  }
  res.set('Connection', 'close')
  res.locals.bodyRefused = true
  refuse(req, res, status, message)
}

/** Signed-in pages and JSON must not be kept by the browser (Back after logout shows nothing). */
export function noStore(req: Request, res: Response, next: NextFunction) {
  if (!isFile(req)) {
    res.set('Cache-Control', 'no-store')
    res.set(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    )
  }
  next()
}

/**
 * Runs `middleware` (the page policies: CSP, framing, referrer...) for everything but stored
 * pictures and the route manifest. A picture is no document: those headers do nothing there, yet they were three times
 * the bytes of a thumbnail. The picture route sets the few it needs.
 */
export function exceptPictures(middleware: RequestHandler): RequestHandler {
  return (req, res, next) =>
    isPicture(req) || isRouteManifest(req) ? next() : middleware(req, res, next)
}

const isPicture = (req: Request) => req.path.startsWith('/resources/pictures/')
/** The answers that are files, not documents: build files, pictures, the route manifest. */
const isFile = (req: Request) =>
  req.path.startsWith('/assets/') || isPicture(req) || isRouteManifest(req)
/**
 * Remix's route manifest (`/__manifest?p=...&version=...`, asked on every first visit for the
 * links on the page): JSON of the build's routes, the same for everyone, addressed by the build's
 * version, which Remix marks immutable. The page policies and no-store were twice its size and
 * made every visit ask again.
 */
const isRouteManifest = (req: Request) => req.path === '/__manifest'

/**
 * Every request gets a short id (the `X-Request-Id` header, shown on error pages and in the log),
 * and the client's address (Express `req.ip`, which honours a reverse proxy on loopback only) in a
 * header that only the server sets, so the sign-in limits can count per client. Remix's own data
 * requests (`/path.data`) are marked the same way (a refused form's toast travels differently).
 * Each also gets its number in this process (REQUEST_KEY_HEADER), which its loaders share.
 */
let requests = 0
export function requestContext(req: Request, res: Response, next: NextFunction) {
  const id = crypto.randomUUID().slice(0, 8)
  res.locals.requestId = id
  if (isFile(req)) {
    // A build file, a picture or the route manifest: no id (no error page shows one; the log
    // takes it from res.locals), and no `Connection: keep-alive` / `Keep-Alive: timeout=5` lines,
    // which HTTP/1.1 keeps alive without: 70 bytes on each of a page's 8 to 30 such answers.
    res.removeHeader('Connection')
  } else {
    res.set('X-Request-Id', id)
  }
  delete req.headers[CLIENT_ADDRESS_HEADER]
  if (req.ip) req.headers[CLIENT_ADDRESS_HEADER] = req.ip
  delete req.headers[DATA_REQUEST_HEADER]
  if (req.path.endsWith('.data')) req.headers[DATA_REQUEST_HEADER] = '1'
  requests += 1
  req.headers[REQUEST_KEY_HEADER] = String(requests)
  next()
}

/** The last resort: an error no one answered is logged on one line and gets a plain 500. */
export function errorHandler(error: unknown, req: Request, res: Response, next: NextFunction) {
  // The app still tried to answer a request whose body was refused (and answered) here.
  if (res.locals.bodyRefused) return
  if (res.headersSent) return next(error)
  const requestId = res.locals.requestId as string | undefined
  logError(error, { requestId, method: req.method, path: req.path })
  refuse(req, res, 500, `${SECURITY_MESSAGES.serverError} Reference: ${requestId}`)
}
