import { sqlite } from './db/client'
import { listOrders } from './app/models/order.server'
import { HEAVY_MANAGER } from './bench/dataset'
const hm = sqlite.prepare('select id from users where email = ?').pluck().get(HEAVY_MANAGER)
const some = sqlite.prepare('select order_number, customer_email from orders where product_id in (select id from products where owner_id = ?) limit 1').get(hm) as any
const admin = { id: 1, role: 'admin' } as any
const part = some.order_number.slice(4, 11)
console.log('part', part)
const pmm = { id: hm, role: 'pmm' } as any
const t = (label: string, f: () => unknown, n = 30) => {
  f(); const xs: number[] = []
  for (let i = 0; i < n; i++) { const a = performance.now(); f(); xs.push(performance.now() - a) }
  xs.sort((a, b) => a - b); console.log(label, 'p50', xs[n >> 1].toFixed(2), 'max', xs[n - 1].toFixed(2))
}
t('admin list part', () => listOrders(admin, { orderNumber: part } as any))
t('pmm list part', () => listOrders(pmm, { orderNumber: part } as any))
t('admin list email part', () => listOrders(admin, { customerEmail: some.customer_email.slice(0, 6) } as any))
const tri = (s: string) => { const r = []; for (let i = 0; i + 3 <= s.length; i++) r.push(s.slice(i, i + 3)); return r }
for (const g of tri(part.toLowerCase())) t('count ' + g, () => sqlite.prepare(`select count(*) from (select 1 from orders_number_search where orders_number_search match ? limit 50000)`).pluck().get(`"${g}"`), 3)
