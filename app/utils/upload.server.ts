import { MAX_PICTURE_BYTES, TOO_LARGE_TYPE } from '~/models/picture.server'
import { dataWithToast } from './toast.server'

export const REQUEST_TOO_LARGE_MESSAGE = 'The form is too large to send.'
export const FORM_UNREADABLE_MESSAGE = 'The form could not be read.'
const MAX_FILES = 4
const MAX_TEXT_FIELD = 100_000

export class RequestTooLargeError extends Error {
  constructor() {
    super(REQUEST_TOO_LARGE_MESSAGE)
  }
}

/** A body that is not the multipart form it claims to be (the API answers its own JSON 400). */
const unreadableForm = () => new Response(FORM_UNREADABLE_MESSAGE, { status: 400 })

/**
 * Parses a multipart form with files. The server has already capped the body (12 MB), so the
 * platform's parser reads it whole; unlike Remix's own parser it understands quoted file names
 * such as `holiday;beach.png`. A file over the picture limit (or past the fourth) is replaced by
 * an empty marker file, so the form's other fields survive and the page can say which picture
 * was too large; an empty file input (no file chosen) yields no value; a text field over 100 kB
 * is a RequestTooLargeError. A body that cannot be parsed throws a 400 Response.
 */
export async function parseUploadForm(request: Request): Promise<FormData> {
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get('Content-Type') ?? '')) {
    throw unreadableForm()
  }
  let parsed: FormData
  try {
    parsed = await request.formData()
  } catch {
    throw unreadableForm()
  }
  const form = new FormData()
  let files = 0
  for (const [name, value] of parsed) {
    if (typeof value === 'string') {
      if (value.length > MAX_TEXT_FIELD) throw new RequestTooLargeError()
      form.append(name, value)
      continue
    }
    if (!value.name && value.size === 0) continue
    files += 1
    // Only the base name, as the multipart/form-data spec recommends (RFC 7578, 4.2).
    const filename = value.name.split(/[/\\]/).pop() ?? ''
    form.append(
      name,
      value.size > MAX_PICTURE_BYTES || files > MAX_FILES
        ? new File([], filename, { type: TOO_LARGE_TYPE })
        : new File([value], filename, { type: value.type }),
    )
  }
  return form
}

/**
 * The one way a page reads what was posted: a multipart form (with pictures) or a URL-encoded
 * one. A body that cannot be read as either throws a 400 Response; a text field too large to
 * read, a 413 Response (never an unexpected error).
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? ''
  if (type.startsWith('multipart/form-data')) {
    try {
      return await parseUploadForm(request)
    } catch (error) {
      if (error instanceof RequestTooLargeError) {
        throw new Response(error.message, { status: 413 })
      }
      throw error
    }
  }
  try {
    return await request.formData()
  } catch {
    throw unreadableForm()
  }
}

/**
 * readForm for a page whose form can carry pictures: a form too large to read is answered in the
 * page itself (a toast, status 413, nothing typed lost on the client) instead of the error page.
 */
export async function readFormOrRefuse(args: { request: Request; context: object }) {
  try {
    return { form: await readForm(args.request) }
  } catch (error) {
    if (!(error instanceof Response) || error.status !== 413) throw error
    const toast = { type: 'error', message: REQUEST_TOO_LARGE_MESSAGE } as const
    return { refused: await dataWithToast(args, { result: null }, toast, { status: 413 }) }
  }
}
