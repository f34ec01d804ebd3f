import type { Core } from '@strapi/strapi'

import { loadCmsEnv, sqliteFilename } from '../src/env'

// SQLite (a file under the git-ignored .data/ folder when started by the dev launcher) for one
// machine; PostgreSQL through CMS_DATABASE_CLIENT=postgres + CMS_DATABASE_URL in production.
export default (): Core.Config.Database => {
  const env = loadCmsEnv()
  if (env.CMS_DATABASE_CLIENT === 'postgres' && env.CMS_DATABASE_URL) {
    const url = new URL(env.CMS_DATABASE_URL)
    return {
      connection: {
        client: 'postgres',
        connection: {
          host: url.hostname,
          port: Number(url.port || 5432),
          database: decodeURIComponent(url.pathname.replace(/^\//, '')),
          user: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password),
          schema: url.searchParams.get('schema') ?? 'public',
          ssl: env.CMS_DATABASE_SSL ? { rejectUnauthorized: true } : false,
        },
        pool: { min: 0, max: 10 },
      },
    }
  }
  return {
    connection: {
      client: 'sqlite',
      connection: { filename: sqliteFilename(env) },
      useNullAsDefault: true,
    },
  }
}
