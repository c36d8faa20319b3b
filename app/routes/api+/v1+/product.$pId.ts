import { api, endpoint } from '~/api/endpoint.server'
import { PidParams } from '~/api/params'
import { productWire } from '~/api/serializers.server'
import { ProductWire } from '~/api/wire-schemas'
import { getProductView } from '~/models/product.server'
import { fail, ok } from '~/core/result'
import { z } from 'zod'

const endpoints = api(
  endpoint({
    method: 'GET',
    path: '/product/{pId}',
    tag: 'Products',
    summary: 'One product',
    description:
      'A published product is open to every signed-in user; a disabled one only to its owner and admins. Unknown or not visible: 404.',
    params: PidParams,
    refusals: [404],
    response: z.object({ data: ProductWire }),
    handler: ({ user, params }) => {
      const product = getProductView(user, params.pId)
      if (!product) return fail('not_found', `No product found with ID ${params.pId}.`)
      return ok({ data: productWire(product) })
    },
  }),
)

export const loader = endpoints.loader
export const action = endpoints.action
