/**
 * Names and emails no other test uses: the test files share one database and run at the same
 * time, so whatever must be unique carries a random tag.
 */
export const uid = () => Math.random().toString(36).slice(2, 8)

export const uniqueName = (prefix: string) => `${prefix} ${uid()}`

export const uniqueEmail = (prefix: string) => `${prefix}-${uid()}@example.test`
