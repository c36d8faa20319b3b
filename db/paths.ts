import path from 'node:path'

/**
 * The data directory (DATA_DIR, default ./data); app/core/env.server.ts reads the same. Its own
 * module: importing db/client.ts opens the database, and the start-up restore must run before.
 */
export const dataDir = () => path.resolve(process.env.DATA_DIR || './data')
