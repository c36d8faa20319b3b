import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  MaxPartSizeExceededError,
  type UploadHandler,
} from '@remix-run/node'
import { MAX_PICTURE_BYTES, TOO_LARGE_TYPE } from '~/models/picture.server'

export const REQUEST_TOO_LARGE_MESSAGE = 'The form is too large to send.'
const MAX_FILES = 4

/**
 * Keeps each uploaded file in memory up to the picture limit. A larger file is drained and
 * replaced by an empty marker file, so the form's other fields survive and the page can say
 * which picture was too large. An empty file input (no file chosen) yields no value.
 */
function pictureUploadHandler(): UploadHandler {
  let files = 0
  return async ({ filename, contentType, data }) => {
    if (filename === undefined) return undefined
    const chunks: Uint8Array[] = []
    let size = 0
    let tooLarge = false
    for await (const chunk of data) {
      size += chunk.byteLength
      if (size > MAX_PICTURE_BYTES) tooLarge = true
      else chunks.push(chunk)
    }
    if (!filename && size === 0) return undefined
    files += 1
    if (tooLarge || files > MAX_FILES) return new File([], filename, { type: TOO_LARGE_TYPE })
    return new File([Buffer.concat(chunks)], filename, { type: contentType })
  }
}

export class RequestTooLargeError extends Error {
  constructor() {
    super(REQUEST_TOO_LARGE_MESSAGE)
  }
}

/** Parses a multipart form with files; text fields are capped at 100 kB each. */
export async function parseUploadForm(request: Request): Promise<FormData> {
  try {
    return await parseMultipartFormData(
      request,
      composeUploadHandlers(
        pictureUploadHandler(),
        createMemoryUploadHandler({ maxPartSize: 100_000 }),
      ),
    )
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new RequestTooLargeError()
    throw error
  }
}

/** A posted form, multipart (with pictures) or URL-encoded. */
export function readForm(request: Request) {
  const type = request.headers.get('Content-Type') ?? ''
  return type.startsWith('multipart/form-data') ? parseUploadForm(request) : request.formData()
}
