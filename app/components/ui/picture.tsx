import type { PictureUrls } from '~/models/picture.server'

/**
 * A stored picture in a box `width` by `height` CSS pixels at most (its proportions reserve the
 * place before the picture arrives; `sizes` tells how wide the box is on each screen): the browser
 * takes the 320 px size, or the 800 px one where that box needs more device pixels.
 *
 * `lazy` is for pictures below the first screen: the browser's own lazy loading asks for them as
 * they come near the screen. The address is always in the HTML, so every picture loads with and
 * without JavaScript (Chromium then ignores `loading="lazy"` and loads them all at once).
 */
export function StoredPicture({
  urls,
  alt,
  sizes,
  width,
  height,
  className,
  lazy = false,
}: {
  urls: Pick<PictureUrls, 'small' | 'medium'>
  alt: string
  sizes: string
  width: number
  height: number
  className?: string
  lazy?: boolean
}) {
  return (
    <img
      src={urls.small}
      srcSet={`${urls.small} 320w, ${urls.medium} 800w`}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      className={className}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  )
}

/** A 50 by 50 table thumbnail, loaded by the browser as it comes near the screen. */
export function Thumb({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      width={50}
      height={50}
      loading="lazy"
      decoding="async"
      className="thumb"
    />
  )
}
