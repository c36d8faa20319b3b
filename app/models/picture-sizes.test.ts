import { describe, expect, it } from 'vitest'
import { keptSize } from './picture-sizes'

describe('keptSize', () => {
  it('fits a phone photo in the medium box, either way round', () => {
    expect(keptSize(4000, 3000)).toEqual({ width: 800, height: 600 })
    expect(keptSize(3000, 4000)).toEqual({ width: 600, height: 800 })
  })

  it('keeps 320 px on the short side of a panorama, for the small variant', () => {
    expect(keptSize(8000, 1000)).toEqual({ width: 2560, height: 320 })
  })

  it('never enlarges a small picture', () => {
    expect(keptSize(240, 180)).toEqual({ width: 240, height: 180 })
    expect(keptSize(1000, 200)).toEqual({ width: 1000, height: 200 })
  })
})
