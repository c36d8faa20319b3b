import { text, type FormChecks } from './check'

export const MARKET_NAME_MAX = 100
export const MARKET_SHORT_NAME_MAX = 20
export const MARKET_MESSAGES = {
  name: 'Please enter the market name.',
  nameTooLong: `The market name must be at most ${MARKET_NAME_MAX} characters.`,
  shortName: 'Please enter the short name.',
  shortNameTooLong: `The short name must be at most ${MARKET_SHORT_NAME_MAX} characters.`,
} as const
const M = MARKET_MESSAGES

const name = text(M.name, [MARKET_NAME_MAX, M.nameTooLong])
export const MARKET_RENAME_CHECKS = { fields: { name } } satisfies FormChecks
export const MARKET_CHECKS = {
  fields: { name, shortName: text(M.shortName, [MARKET_SHORT_NAME_MAX, M.shortNameTooLong]) },
} satisfies FormChecks
