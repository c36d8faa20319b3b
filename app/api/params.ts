import { z } from 'zod'
import { positiveInt, productIdParam } from '~/schemas/list-queries'

/** `{pId}` in a path, read with the product id rules and messages. */
export const PidParams = z.object({ pId: productIdParam.describe('The 6-digit product ID') })

/** `{id}` in a path: a record id. */
export const IdParams = z.object({ id: positiveInt.describe('The record id') })

/** A user's ID (their `count`): `{userId}` in a path, or `?userId=` of the enable/disable calls. */
export const UserIdParams = z.object({ userId: positiveInt.describe("The user's ID (count)") })
