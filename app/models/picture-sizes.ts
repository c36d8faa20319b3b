/**
 * The sizes the server keeps of a picture, shared with the browser, which shrinks a chosen
 * picture to them before it uploads it (no point sending more pixels than any variant uses).
 */

/** medium: the whole picture inside this box (a large view). */
export const MEDIUM_BOX = 800
/** small: this many pixels on the shorter side (cards, detail and order pictures). */
export const SMALL_SHORT_SIDE = 320

/**
 * The largest size any kept variant needs of a `width` by `height` picture: medium's 800 px box,
 * or more for a long panorama, whose small variant needs 320 px on the short side. Never larger
 * than the picture itself.
 */
export function keptSize(width: number, height: number) {
  const long = Math.max(width, height)
  const short = Math.min(width, height)
  const scale = Math.min(1, Math.max(MEDIUM_BOX / long, SMALL_SHORT_SIDE / short))
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}
