import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { parseWithZod } from '@conform-to/zod'
import { PICTURE_TOO_LARGE_MESSAGE } from '~/models/picture.server'
import { createProduct, getProductView } from '~/models/product.server'
import { apiError, apiJson, fieldErrorsResponse, requireMethod } from '~/utils/api.server'
import { requireApiUser } from '~/utils/auth.server'
import { parseUploadForm, RequestTooLargeError } from '~/utils/upload.server'
import { ProductSchema } from '~/validation/product'
import { productListLoader } from './product-api.server'

/**
 * GET /api/v1/product/ (with or without the slash): the catalog as the caller's role sees it.
 * Query: chineseSeller, market, categoryId, searchByKey, productId, page →
 * `{ data, total, page, pageCount }`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return productListLoader(request, 'catalog')
}

/**
 * POST /api/v1/product/: a pmm adds a product with a multipart form (the ADD form's fields and
 * the pictures `image` and `screenShot`). Numbers are read from the form strings as on the page.
 * 201 `{ success, message, data }`; 400 with the first message and `errors` by field; 413 when
 * the form or a picture is too large.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, 'GET', 'POST')
  const user = await requireApiUser(request, 'pmm')
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get('Content-Type') ?? '')) {
    return apiError(
      400,
      'Please send the product as a multipart form (multipart/form-data) with its pictures.',
    )
  }
  let form: FormData
  try {
    form = await parseUploadForm(request)
  } catch (error) {
    if (error instanceof RequestTooLargeError) return apiError(413, error.message)
    // Only the body is read here, so any failure is a malformed request.
    return apiError(400, 'The multipart form could not be read.')
  }

  const submission = parseWithZod(form, { schema: ProductSchema })
  if (submission.status !== 'success') return fieldErrorsResponse(submission.error ?? {})

  const result = await createProduct(user, submission.value)
  if (!result.ok) {
    const tooLarge = Object.values(result.fieldErrors).some((messages) =>
      messages.includes(PICTURE_TOO_LARGE_MESSAGE),
    )
    return fieldErrorsResponse(result.fieldErrors, tooLarge ? 413 : result.status)
  }
  return apiJson(
    {
      success: true,
      message: 'Product added successfully.',
      data: getProductView(user, result.product.pId),
    },
    201,
  )
}
