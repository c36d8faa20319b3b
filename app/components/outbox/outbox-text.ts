/** The outbox's texts and limits (issue 31), shared by the page, its lazily loaded code and tests. */
export const OUTBOX_TEXT = {
  kept: 'No connection. The order is kept on this device and will be sent when you are back online',
  full: 'The outbox is full: it keeps at most 20 orders or 50 MB on this device. This order was not kept; send or discard the waiting orders first.',
  created: 'Order created successfully.',
  refused: 'The server refused this order.',
  signOutQuestion: (n: number) =>
    `${n === 1 ? 'One order waits' : `${n} orders wait`} in the Outbox on this device. Keep ${n === 1 ? 'it' : 'them'} for your next sign-in here, or discard ${n === 1 ? 'it' : 'them'}?`,
} as const

export const OUTBOX_LIMITS = { orders: 20, bytes: 50 * 1024 * 1024 } as const
