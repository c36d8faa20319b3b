import { DetailFields } from '~/components/ui/detail-fields'

type Facts = {
  orderNumber: string
  pId: number
  brandName: string
  market: { name: string; shortName: string }
  sellerId: number
  marketerName: string
  customerEmail: string
  buyerContact: string
  status: { name: string }
  commission: string
  remark: string
  createdAt: string
  updatedAt: string
  refundDate: string | null
}

/** View mode: what the order says (dates as year-month-day hour:minute). */
export function OrderFacts({ order }: { order: Facts }) {
  const rows: Array<[string, string | number]> = [
    ['Order Number', order.orderNumber],
    ['Product ID', order.pId],
    ['Brand', order.brandName],
    ['Market', `${order.market.name} (${order.market.shortName})`],
    ['Seller ID', order.sellerId],
    ['Marketer', order.marketerName],
    ['Order Date', order.createdAt],
    ['Update Date', order.updatedAt],
    ['Refund Date', order.refundDate ?? '—'],
    ['Customer Email', order.customerEmail],
    ['Buyer Contact', order.buyerContact || '—'],
    ['Status', order.status.name],
    ['Commission', order.commission],
    ['Remark', order.remark || '—'],
  ]
  return <DetailFields fields={rows} />
}
