import { describe, expect, test } from 'vitest'
import { readUrlStep } from './url-step'

const NAMES: Record<number, string> = { 3: 'Amazon US', 12: 'eBay' }
const find = (step: 'rename' | 'delete', id: number) =>
  NAMES[id] ? { step, id, name: NAMES[id] } : undefined

describe('readUrlStep', () => {
  test('names which step the URL opens, about which row', () => {
    const params = new URLSearchParams('q=a&page=2&rename=3')
    expect(readUrlStep(params, ['rename', 'delete'], find)).toEqual({
      step: 'rename',
      id: 3,
      name: 'Amazon US',
    })
  })

  test('an id that is not a positive whole number or not a known row opens nothing', () => {
    for (const query of ['rename=abc', 'rename=0', 'rename=-3', 'rename=3.5', 'rename=99', '']) {
      expect(readUrlStep(new URLSearchParams(query), ['rename', 'delete'], find)).toBeNull()
    }
  })

  test('the first step whose row is known wins', () => {
    const params = new URLSearchParams('rename=99&delete=12')
    expect(readUrlStep(params, ['rename', 'delete'], find)).toMatchObject({
      step: 'delete',
      id: 12,
    })
  })
})
