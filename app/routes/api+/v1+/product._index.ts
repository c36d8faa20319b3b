import { api, endpoint } from '~/api/endpoint.server'
import { productListEndpoint } from '~/api/products.server'
import { productWire } from '~/api/serializers.server'
import { ProductChangeWire } from '~/api/wire-schemas'
import { createProduct, getProductView } from '~/models/product.server'
import { fail, ok } from '~/core/result'
import { ProductSchema } from '~/validation/product'

const endpoints = api(
  productListEndpoint('/product/', 'catalog', 'The catalog as the caller’s role sees it'),
  endpoint({
    method: 'POST',
    path: '/product/',
    tag: 'Products',
    summary: 'Add a product (pmm)',
    roles: ['pmm'],
    description:
      'A multipart form with the ADD form’s fields and the pictures `image` and `screenShot`. Numbers are read from the form strings as on the page.',
    body: {
      type: 'multipart',
      schema: ProductSchema,
      wrongTypeMessage:
        'Please send the product as a multipart form (multipart/form-data) with its pictures.',
    },
    status: 201,
    response: ProductChangeWire,
    handler: async ({ user, body }) => {
      const created = await createProduct(user, body)
      if (!created.ok) return created
      const view = getProductView(user, created.product.pId)
      if (!view) return fail('not_found', 'The product could not be read back.')
      return ok({ success: true, message: 'Product added successfully.', data: productWire(view) })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action
