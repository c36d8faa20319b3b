import fs from 'node:fs'
import path from 'node:path'
import express, { type NextFunction, type Request, type Response } from 'express'

/**
 * The hashed build files (/assets): a name never changes what it holds, so browsers keep them a
 * year without asking again. Scripts and stylesheets are sent as the build compressed them at the
 * highest level (.br, .gz beside each file; see vite.config.ts) when the browser takes it. They
 * carry only the headers a script or a stylesheet uses: the page policies (CSP, framing, referrer)
 * apply to documents, and sending them with every file cost more bytes than many files hold.
 */
export function assets(dir: string) {
  const files = express.static(dir, {
    immutable: true,
    maxAge: '1y',
    // Never asked again, so nothing to revalidate with.
    etag: false,
    lastModified: false,
    // Nothing here is worth resuming: no Accept-Ranges line on every file.
    acceptRanges: false,
    setHeaders: (res, file) => {
      res.set('X-Content-Type-Options', 'nosniff')
      res.set('Cross-Origin-Resource-Policy', 'same-origin')
      const encoding = ENCODINGS.find((e) => file.endsWith(e.ext))
      if (encoding) {
        res.set('Content-Encoding', encoding.name)
        res.type(path.extname(file.slice(0, -encoding.ext.length)))
      }
      // The short standard type: a module script is UTF-8 whatever the header says.
      if (/\.js(\.br|\.gz)?$/.test(file)) res.set('Content-Type', 'text/javascript')
      if (/\.(js|css)(\.br|\.gz)?$/.test(file)) res.set('Vary', 'Accept-Encoding')
    },
  })
  return (req: Request, res: Response, next: NextFunction) => {
    const accepted = req.get('Accept-Encoding') ?? ''
    const encoding = /\.(js|css)$/.test(req.path)
      ? ENCODINGS.find((e) => new RegExp(`\\b${e.name}\\b`).test(accepted))
      : undefined
    if (encoding && fs.existsSync(path.join(dir, `${req.path}${encoding.ext}`))) {
      req.url = `${req.path}${encoding.ext}`
    }
    files(req, res, next)
  }
}

const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const
