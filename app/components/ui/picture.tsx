import { useEffect, useRef, useState, type RefObject } from 'react'
import type { PictureUrls } from '~/models/picture.server'

/**
 * A stored picture in a box `width` by `height` CSS pixels at most (its proportions reserve the
 * place before the picture arrives; `sizes` tells how wide the box is on each screen): the browser
 * takes the 320 px size, or the 800 px one where that box needs more device pixels.
 *
 * `later` is for pictures below the first screen: the page comes with the empty box only, and the
 * picture is asked for once the box comes on screen. Without JavaScript Chromium loads
 * every picture of a page at once (it ignores `loading="lazy"` then), so a list's pictures below
 * the first screen would cost more than the rest of the page; with it, `loading="lazy"` still
 * fetches a screenful or two ahead, this only what is seen (a first visit costs what its first
 * screen shows).
 */
export function StoredPicture({
  urls,
  alt,
  sizes,
  width,
  height,
  className,
  lazy = false,
  later = false,
}: {
  urls: Pick<PictureUrls, 'small' | 'medium'>
  alt: string
  sizes: string
  width: number
  height: number
  className?: string
  lazy?: boolean
  later?: boolean
}) {
  const ref = useRef<HTMLImageElement>(null)
  const seen = useOnScreen(ref, later)
  const shown = !later || seen
  return (
    <img
      ref={ref}
      src={shown ? urls.small : undefined}
      srcSet={shown ? `${urls.small} 320w, ${urls.medium} 800w` : undefined}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      className={className}
      loading={lazy ? 'lazy' : undefined}
    />
  )
}

/** Rows of a table whose thumbnails come with the page (about a screen's worth). */
const FIRST_SCREEN_ROWS = 6

/**
 * A 50 by 50 table thumbnail in the table's row `row` (from 0): below the first screen's rows it
 * comes `later`, as for StoredPicture.
 */
export function Thumb({ src, row }: { src: string; row: number }) {
  const ref = useRef<HTMLImageElement>(null)
  const later = row >= FIRST_SCREEN_ROWS
  const seen = useOnScreen(ref, later)
  return (
    <img
      ref={ref}
      src={!later || seen ? src : undefined}
      alt=""
      width={50}
      height={50}
      loading="lazy"
      className="thumb"
    />
  )
}

/** Whether the element has come on screen (watched when `watch`). */
function useOnScreen(ref: RefObject<Element>, watch: boolean) {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!watch || seen || !element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, watch, seen])
  return seen
}
