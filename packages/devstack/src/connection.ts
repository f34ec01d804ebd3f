import pg from 'pg'

/**
 * One short-lived connection to a PostgreSQL database: opened for `use`, closed after it even
 * when it throws. For admin statements and test checks, where a pool would outlive its use.
 */
export async function withConnection<T>(
  url: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}
