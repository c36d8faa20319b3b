/**
 * Demo data: realistic and varied, so that every screen shows something. Goes through the same
 * factories (and so the same model functions) as the tests.
 */
import { insertCategory, insertChineseSeller, insertMarket } from '../app/models/lookup.server'
import { listStatuses } from '../app/models/order.server'
import { unwrap } from '../app/core/result'
import { addScammer } from '../app/models/scammer.server'
import { setUserEnabled } from '../app/models/admin-users.server'
import { RESERVATION_MINUTES, reserveProduct } from '../app/models/reservation.server'
import { createUser, type User } from '../app/models/user.server'
import {
  demoPasswordHash,
  makeOrder,
  makePicture,
  makePictureBytes,
  makeProduct,
  DEMO_PASSWORD,
} from '../server/factories'
import { addDays, businessDate, startOfBusinessDay } from '../app/core/business-day.server'
import { db, sqlite } from '../db/client'
import { DEMO_SEEDED_AT, demoMark } from './restore'
import { appMeta, type Role } from '../db/schema'
import { seededRandom } from '../app/core/seeded-random'

export const DEMO_ACCOUNTS: Array<{ email: string; role: Role; name: string }> = [
  { email: 'admin@example.com', role: 'admin', name: 'Amna Siddiqui' },
  { email: 'pmm@example.com', role: 'pmm', name: 'Bilal Ahmed' },
  { email: 'pmm2@example.com', role: 'pmm', name: 'Nguyễn Thị Lan' },
  { email: 'pm@example.com', role: 'pm', name: 'Usman Tariq' },
  { email: 'pm2@example.com', role: 'pm', name: 'فاطمہ زہرا' },
]

const EXTRA_USERS: Array<{
  email: string
  role: Role
  name: string
  city: string
  country: string
}> = [
  {
    email: 'minh.tran@example.com',
    role: 'pm',
    name: 'Trần Văn Minh',
    city: 'Hà Nội',
    country: 'Vietnam',
  },
  {
    email: 'hamza.ali@example.com',
    role: 'pm',
    name: 'Hamza Ali',
    city: 'Karachi',
    country: 'Pakistan',
  },
  { email: 'li.na@example.com', role: 'pmm', name: '李娜', city: '深圳', country: 'China' },
]

/** Reported PayPal emails, newest last; the demo pmm reported them over the last weeks. */
const SCAMMERS: Array<[email: string, reason: string, daysAgo: number]> = [
  ['refund.chaser77@gmail.com', 'Opened a PayPal dispute after the refund was paid.', 41],
  ['quickreviews.buyer@outlook.com', 'Deleted the review the day after the refund.', 33],
  ['m.khan.deals@yahoo.com', 'Claimed the parcel never arrived; tracking shows delivered.', 24],
  ['lisa.freebies@hotmail.com', 'Same buyer behind several PayPal accounts.', 15],
  ['chargeback.pro@gmail.com', 'Filed a chargeback on the product and the fee.', 6],
  ['dealhunter.2024@proton.me', 'Sent an edited order screenshot.', 2],
]

const MARKETS = [
  ['Amazon United States', 'US'],
  ['Amazon United Kingdom', 'UK'],
  ['Amazon Germany', 'DE'],
  ['Amazon France', 'FR'],
  ['Amazon Italy', 'IT'],
  ['Amazon Spain', 'ES'],
  ['Amazon Canada', 'CA'],
] as const

const CATEGORIES = [
  'Electronics',
  'Home & Kitchen',
  'Beauty & Personal Care',
  'Toys & Games',
  'Sports & Outdoors',
  'Pet Supplies',
  'Tools & Home Improvement',
]

const SELLERS = [
  '深圳市优品科技有限公司',
  '广州美妆贸易有限公司',
  '义乌市乐玩玩具厂',
  '杭州家居用品有限公司',
  '东莞运动器材有限公司',
  '宁波宠物用品有限公司',
]

const PRODUCTS: Array<[brandName: string, keywords: string, category: number]> = [
  ['Wireless Earbuds Pro', 'wireless earbuds bluetooth noise cancelling', 0],
  ['USB-C Fast Charger 65W', 'usb c charger gan 65w', 0],
  ['Magnetic Phone Mount', 'car phone holder magnetic', 0],
  ['Smart LED Strip 5m', 'led strip lights rgb app', 0],
  ['Silicone Baking Mat Set', 'silicone baking mat non stick', 1],
  ['Stainless Steel Garlic Press', 'garlic press stainless', 1],
  ['Vacuum Food Storage Bags', 'vacuum seal bags food', 1],
  ['Bamboo Cutting Board', 'bamboo cutting board large', 1],
  ['Jade Face Roller', 'jade roller gua sha', 2],
  ['Hair Scalp Massager', 'scalp massager shampoo brush', 2],
  ['Vitamin C Serum', 'vitamin c serum face', 2],
  ['Magnetic Building Tiles', 'magnetic tiles kids building', 3],
  ['Kids Walkie Talkies', 'walkie talkie kids 2 pack', 3],
  ['Dinosaur Puzzle 100 pcs', 'dinosaur puzzle kids', 3],
  ['Resistance Bands Set', 'resistance bands workout', 4],
  ['Insulated Water Bottle 1L', 'insulated water bottle steel', 4],
  ['Yoga Mat Non-Slip', 'yoga mat thick non slip', 4],
  ['Dog Slow Feeder Bowl', 'slow feeder dog bowl', 5],
  ['Cat Water Fountain', 'cat water fountain filter', 5],
  ['Pet Grooming Glove', 'pet grooming glove deshedding', 5],
  ['Cordless Drill Bit Set', 'drill bit set titanium', 6],
  ['Digital Laser Measure', 'laser measure 40m', 6],
  ['LED Work Light', 'rechargeable work light led', 6],
  ['Portable Blender', 'portable blender usb', 1],
]

const DAY = 24 * 60 * 60 * 1000

const MINUTE = 60 * 1000

/** The product (by its place in PRODUCTS) whose daily limit today's orders use up. */
const FULL_TODAY = 3

/**
 * Today's orders, so that the views a newcomer opens first (the dashboards, the orders list, the
 * report's default dates) are not empty: product, marketer, status, and how far into the day.
 */
const TODAY_ORDERS: Array<[product: number, marketer: string, status: string, share: number]> = [
  [FULL_TODAY, 'pm@example.com', 'ordered', 0.9],
  [FULL_TODAY, 'pm@example.com', 'reviewed', 0.75],
  [FULL_TODAY, 'pm2@example.com', 'delivered', 0.6],
  [0, 'pm@example.com', 'ordered', 0.5],
  [0, 'pm2@example.com', 'cancelled', 0.4],
  [9, 'pm2@example.com', 'onhold', 0.3],
  [1, 'pm@example.com', 'ordered', 0.2],
  [2, 'pm2@example.com', 'pending', 0.1],
]

/**
 * Reservations made through the model (the same rules as a pm's): product, marketer, and how many
 * minutes before the seed they were made. Two held now, one about to expire (5 minutes left) and
 * one that expired two hours ago and may still become a late order.
 */
const RESERVATIONS: Array<[product: number, marketer: string, minutesAgo: number]> = [
  [12, 'pm@example.com', 10],
  [15, 'pm@example.com', 25],
  [16, 'pm2@example.com', 5],
  [18, 'pm@example.com', RESERVATION_MINUTES - 5],
  [4, 'pm@example.com', RESERVATION_MINUTES + 120],
]

/** The account an admin has disabled (it cannot sign in; the admin lists show it). */
const DISABLED_EMAIL = 'hamza.ali@example.com'

export async function seedDemo(now = new Date()) {
  const rand = seededRandom(20261122)
  const today = businessDate(now)
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]
  const passwordHash = await demoPasswordHash()

  const people = [
    ...DEMO_ACCOUNTS.map((a) => ({ ...a, city: 'Lahore', country: 'Pakistan' })),
    ...EXTRA_USERS,
  ]
  const users: User[] = []
  for (const [i, p] of people.entries()) {
    const created = unwrap(
      await createUser(
        {
          name: p.name,
          email: p.email,
          password: DEMO_PASSWORD,
          role: p.role,
          cnic: String(3520200000000 + i * 7919),
          address: `${12 + i} Main Boulevard`,
          city: p.city,
          country: p.country,
          phone: `+92 300 55${String(10000 + i * 137).slice(-5)}`,
        },
        { passwordHash },
      ),
    )
    users.push(created.user)
  }
  const managers = users.filter((u) => u.role === 'pmm')
  const demoManager = users.find((u) => u.email === 'pmm@example.com')!
  for (const [email, reason, daysAgo] of SCAMMERS) {
    unwrap(addScammer(demoManager, { email, reason }, new Date(now.getTime() - daysAgo * DAY)))
  }
  const marketers = users.filter((u) => u.role === 'pm')

  const markets = MARKETS.map(([name, short]) => insertMarket(name, short))
  const categories = CATEGORIES.map((name) => insertCategory(name))
  const sellers = SELLERS.map((name) => insertChineseSeller(name))

  const products = []
  for (const [i, [brandName, keywords, category]] of PRODUCTS.entries()) {
    const owner = managers[i % managers.length]
    const limitPerDay =
      i === FULL_TODAY ? TODAY_ORDERS.filter(([p]) => p === i).length : 2 + Math.floor(rand() * 9)
    const ended = i % 11 === 10
    products.push(
      await makeProduct(
        owner,
        {
          marketId: pick(markets).id,
          categoryId: categories[category].id,
          chineseSellerId: pick(sellers).id,
        },
        {
          brandName,
          keywords,
          soldBy: `${brandName.split(' ')[0]} Direct`,
          commission: 500 + Math.floor(rand() * 20) * 50,
          websiteCommission: 100 + Math.floor(rand() * 4) * 50,
          limitPerDay,
          limit: 120 + Math.floor(rand() * 200),
          status: i % 7 === 6 ? 'disabled' : 'published',
          marketingEndDate: ended
            ? addDays(today, -20)
            : i % 3 === 0
              ? addDays(today, 30 + i * 5)
              : null,
        },
        {
          imageId: await makePictureBytes(i + 1),
          screenshotId: await makePictureBytes(i + 101),
        },
      ),
    )
  }

  // Orders in every status, spread over the last two years.
  const statuses = listStatuses()
  const screenshots = []
  for (let i = 0; i < 6; i++) screenshots.push(await makePicture(500 + i, 'order'))
  const ORDER_COUNT = 360
  for (let i = 0; i < ORDER_COUNT; i++) {
    const product = pick(products)
    const createdAt = new Date(now.getTime() - (2 * DAY + rand() * 728 * DAY))
    const updatedAt = new Date(
      Math.min(now.getTime() - DAY, createdAt.getTime() + rand() * 60 * DAY),
    )
    const status = i < statuses.length ? statuses[i] : pick(statuses)
    makeOrder({
      product,
      user: pick(marketers),
      statusId: status.id,
      createdAt,
      updatedAt,
      orderNumber: `${100 + Math.floor(rand() * 900)}-${String(Math.floor(rand() * 1e7)).padStart(7, '0')}-${String(i).padStart(7, '0')}`,
      customerEmail: `${pick(['sarah', 'mike', 'jenny', 'tom', 'lucas', 'emma', 'noah'])}.${pick(['miller', 'smith', 'garcia', 'brown', 'lee'])}${Math.floor(rand() * 90 + 10)}@gmail.com`,
      buyerContact:
        rand() < 0.5
          ? `WhatsApp +1 555 01${Math.floor(rand() * 90 + 10)}`
          : `facebook.com/buyer.${i}`,
      remark: rand() < 0.2 ? 'Buyer asked for the refund by PayPal.' : '',
      orderPictureId: pick(screenshots),
    })
  }

  // Today, relative to the seed's moment: orders, reservations, a disabled account.
  const byEmail = (email: string) => users.find((u) => u.email === email)!
  const dayStart = startOfBusinessDay(now).getTime()
  for (const [i, [p, email, statusId, share]] of TODAY_ORDERS.entries()) {
    const createdAt = new Date(now.getTime() - (now.getTime() - dayStart) * share)
    makeOrder({
      product: products[p],
      user: byEmail(email),
      statusId,
      createdAt,
      orderNumber: `114-${String(2000000 + i * 7331).padStart(7, '0')}-${businessDate(now).replaceAll('-', '').slice(2)}${i}`,
      customerEmail: `${['olivia', 'james', 'ava', 'liam'][i % 4]}.today${i}@gmail.com`,
      buyerContact: `WhatsApp +1 555 02${String(10 + i)}`,
      orderPictureId: screenshots[i % screenshots.length],
    })
  }
  for (const [p, email, minutesAgo] of RESERVATIONS) {
    unwrap(
      reserveProduct(
        byEmail(email),
        products[p].pId,
        new Date(now.getTime() - minutesAgo * MINUTE),
      ),
    )
  }
  const admin = users.find((u) => u.role === 'admin')!
  unwrap(setUserEnabled(admin, byEmail(DISABLED_EMAIL).id, false))
  // A restore tells this database's demo rows from what its users write later (server/restore.ts).
  const seeded = JSON.stringify(demoMark(sqlite))
  db.insert(appMeta)
    .values({ key: DEMO_SEEDED_AT, value: seeded })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: seeded } })
    .run()

  return {
    users: users.length,
    products: products.length,
    orders: ORDER_COUNT + TODAY_ORDERS.length,
    reservations: RESERVATIONS.length,
    scammers: SCAMMERS.length,
  }
}
