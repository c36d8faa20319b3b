import { sqlite } from './db/client'
import { listOrders } from './app/models/order.server'
const admin = { id: 1, role: 'admin' } as any
listOrders(admin, { orderNumber: '900' } as any)
const a = performance.now()
for (let i = 0; i < 200; i++) listOrders(admin, { orderNumber: '900' } as any)
console.log('per call', ((performance.now() - a) / 200).toFixed(2))
console.log(sqlite.prepare(`select count(*) from (select 1 from orders_number_search where orders_number_search match '"900"' limit 50000)`).pluck().get())
