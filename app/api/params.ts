import { z } from 'zod'
import { productIdParam } from '~/schemas/list-queries'

/** `{pId}` in a path, read with the product id rules and messages. */
export const PidParams = z.object({ pId: productIdParam.describe('The 6-digit product ID') })
