import type { PictureUrls } from '~/models/picture.server'

/**
 * A stored picture in a box `width` by `height` CSS pixels at most (its proportions reserve the
 * place before the picture arrives; `sizes` tells how wide the box is on each screen): the browser
 * takes the 320 px size, or the 800 px one where that box needs more device pixels.
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
    />
  )
}
