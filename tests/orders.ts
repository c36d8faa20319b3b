/** Helpers for the order tests: a product with its manager and marketer, and orders on it. */
import { makePictureBytes, makeProduct } from '../server/factories'
import { createOrder } from '~/models/order.server'
import { reserveProduct } from '~/models/reservation.server'
import { unwrap } from '~/core/result'
import type { User } from '~/models/user.server'
import type { NewOrderInput } from '~/validation/order'
import { makeRefs, signedIn } from './api'
import { uid } from './unique'

/** A real PNG as an uploaded file. */
export async function pngFile(seed: number, size = 48) {
  return new File([new Uint8Array(await makePictureBytes(seed, size))], 'picture.png', {
    type: 'image/png',
  })
}

/** A fresh pmm's product (commission 45.50) and a fresh pm, both signed in. */
export async function orderWorld() {
  const refs = makeRefs()
  const pmm = await signedIn('pmm')
  const pm = await signedIn('pm')
  const product = await makeProduct(pmm.user, refs, { commission: 4550 })
  return { refs, pmm, pm, product }
}

/** The pm reserves the product and records an order of it. */
export async function placeOrder(
  w: Awaited<ReturnType<typeof orderWorld>>,
  over: Partial<NewOrderInput> = {},
  pm: User = w.pm.user,
) {
  unwrap(reserveProduct(pm, w.product.pId))
  const created = await createOrder(pm, {
    orderNumber: `T-${uid()}`,
    market: w.refs.marketId,
    pId: w.product.pId,
    paypal: `buyer-${uid()}@example.test`,
    orderScreenshot: await pngFile(7),
    buyerContact: 'wa',
    remark: '',
    ...over,
  })
  return unwrap(created).order
}
