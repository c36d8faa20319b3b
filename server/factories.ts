/**
 * Factories shared by the demo seed, the tests and the benchmark. They go through the model
 * functions, so demo data obeys the same rules as data made in the app.
 */
import sharp from 'sharp'
import {
  preparePicture,
  storePicture,
  writeWithPictures,
  type PictureKind,
} from '../app/models/picture.server'
import { insertOrder } from '../app/models/order.server'
import {
  DEFAULT_COMMISSION_POLICY,
  DEFAULT_INSTRUCTION,
  DEFAULT_REFUND_POLICY,
  insertProduct,
  type NewProductRow,
} from '../app/models/product.server'
import { ok, unwrap } from '../app/core/result'
import { createUser, type User } from '../app/models/user.server'
import { hashPassword } from '../app/core/password.server'
import type { Role } from '../db/schema'

export const DEMO_PASSWORD = 'password123'

let counter = 0
const next = () => ++counter

let demoHash: Promise<string> | undefined
/** One hash of the demo password, reused so that seeding many users stays fast. */
export const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD))

export async function makeUser(
  overrides: Partial<Parameters<typeof createUser>[0]> & { role?: Role } = {},
) {
  const n = next()
  const password = overrides.password ?? DEMO_PASSWORD
  const created = await createUser(
    {
      name: `Test User ${n}`,
      email: `user${n}-${Date.now()}@example.test`,
      cnic: '3520212345671',
      address: `House ${n}, Street 4`,
      city: 'Lahore',
      country: 'Pakistan',
      phone: '+92 300 1234567',
      role: 'pm',
      ...overrides,
      password,
    },
    password === DEMO_PASSWORD ? { passwordHash: await demoPasswordHash() } : {},
  )
  return unwrap(created).user
}

/** A real picture (a coloured pattern) of the given size (square unless a height is given), as PNG bytes. */
export async function makePictureBytes(seed: number, size = 480, height = size): Promise<Buffer> {
  const width = size
  const short = Math.min(width, height)
  const hue = (seed * 47) % 360
  const hue2 = (hue + 140) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${hue2},60%,42%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.35}" cy="${height * 0.4}" r="${short * (0.12 + (seed % 5) * 0.03)}" fill="rgba(255,255,255,0.75)"/>
    <rect x="${width * 0.45}" y="${height * 0.55}" width="${width * 0.35}" height="${height * 0.25}" rx="${short * 0.04}" fill="rgba(0,0,0,0.25)"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** A picture no row points to yet (see storePicture), stored; its id. */
export async function makePicture(seed: number, kind: PictureKind = 'product') {
  return storePicture(await makePictureBytes(seed), { kind })
}

/** The bytes of a product's two pictures, by the column that shows each. */
type ProductPictureBytes = { imageId: Buffer; screenshotId: Buffer }

let defaultPictures: Promise<ProductPictureBytes> | undefined
/**
 * One picture pair reused by products made without their own, so tests stay fast: a landscape
 * product picture and a portrait marketplace picture, as the ADD form's fixtures are.
 */
function sharedPictures() {
  defaultPictures ??= Promise.all([
    makePictureBytes(240180, 240, 180),
    makePictureBytes(180240, 180, 240),
  ]).then(([imageId, screenshotId]) => ({ imageId, screenshotId }))
  return defaultPictures
}

/**
 * A product of `owner` showing `pictures` (a shared pair by default), stored the way pages store
 * them: the pictures' rows and the product's in one transaction, uploaded by the owner. Tests run
 * beside a server that removes a picture once no row points to it, and pictures are shared by
 * content: a picture stored first and pointed to later could be gone in between.
 */
export async function makeProduct(
  owner: Pick<User, 'id' | 'role'>,
  refs: { marketId: number; categoryId: number; chineseSellerId: number },
  overrides: Partial<Omit<NewProductRow, 'imageId' | 'screenshotId'>> = {},
  pictures?: ProductPictureBytes,
) {
  const bytes = pictures ?? (await sharedPictures())
  const prepare = (input: Buffer) =>
    preparePicture(input, { kind: 'product', uploadedBy: owner.id })
  const uploads = {
    imageId: await prepare(bytes.imageId),
    screenshotId: await prepare(bytes.screenshotId),
  }
  const n = next()
  const made = await writeWithPictures(owner, uploads, (tx, ids) =>
    ok({
      product: insertProduct(
        {
          ownerId: owner.id,
          keywords: `sample product ${n}`,
          brandName: `Sample Brand ${n}`,
          soldBy: `Sample Store ${n}`,
          commission: 800,
          websiteCommission: 200,
          limitPerDay: 5,
          limit: 100,
          instruction: DEFAULT_INSTRUCTION,
          refundPolicy: DEFAULT_REFUND_POLICY,
          commissionPolicy: DEFAULT_COMMISSION_POLICY,
          imageId: ids.imageId,
          screenshotId: ids.screenshotId,
          ...refs,
          ...overrides,
        },
        tx,
      ),
    }),
  )
  return unwrap(made).product
}

export function makeOrder(
  row: {
    product: { id: number; marketId: number; commission: number }
    user: Pick<User, 'id'>
    statusId?: string
    createdAt?: Date
    updatedAt?: Date
  } & Partial<{
    orderNumber: string
    customerEmail: string
    buyerContact: string
    remark: string
    orderPictureId: string
  }>,
) {
  const n = next()
  const createdAt = row.createdAt ?? new Date()
  return insertOrder(
    {
      orderNumber:
        row.orderNumber ?? `113-${String(1000000 + n).slice(-7)}-${String(Date.now()).slice(-7)}`,
      productId: row.product.id,
      marketId: row.product.marketId,
      userId: row.user.id,
      customerEmail: row.customerEmail ?? `buyer${n}@example.test`,
      buyerContact: row.buyerContact ?? '',
      remark: row.remark ?? '',
      statusId: row.statusId ?? 'ordered',
      commission: row.product.commission,
      orderPictureId: row.orderPictureId,
      createdAt,
      updatedAt: row.updatedAt ?? createdAt,
    },
    row.user.id,
  )
}
