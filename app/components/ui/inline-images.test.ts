import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_AVATAR_INLINE, FAVICON_URL } from './inline-images'

const markupOf = (url: string) => decodeURIComponent(url.replace(/^data:image\/svg\+xml,/, ''))

describe('the images inlined in the page', () => {
  it('are the files of public/', () => {
    expect(markupOf(FAVICON_URL)).toBe(fs.readFileSync('public/favicon.svg', 'utf8').trim())
    expect(markupOf(DEFAULT_AVATAR_INLINE)).toBe(
      fs.readFileSync('public/default-avatar.svg', 'utf8').trim(),
    )
  })
})
