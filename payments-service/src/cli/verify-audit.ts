import { z } from 'zod'
import { createKnex } from '../db/knex.ts'
import { verifyChain } from '../modules/staff-audit/chain.ts'
import { newestPublishedHead } from '../modules/staff-audit/publish.ts'
import { checkStorageEnv, storageEnvShape } from '../storage/config.ts'
import { createFileStorage } from '../storage/index.ts'
import { runIfScript, runOnDb } from './run-cli.ts'

/**
 * Checks the staff audit chain link by link and against the newest head published to the
 * object store (or one given with `--head <id>:<hash>`, as read from the log), and names the
 * first broken link. Read-only; exits 1 when the chain does not hold:
 *
 *   DATABASE_URL=postgres://… npm run audit:verify -w @arzpol/payments-service
 */
const HEAD_ARGUMENT = /^(\d+):([0-9a-f]{64})$/

export async function main(argv = process.argv.slice(2), env = process.env): Promise<void> {
  const url = env.DATABASE_URL
  if (!url) {
    console.error('audit:verify: set DATABASE_URL to the payments database')
    process.exitCode = 2
    return
  }
  const given = argv[0] === '--head' ? HEAD_ARGUMENT.exec(argv[1] ?? '') : null
  if (argv[0] === '--head' && !given) {
    console.error('audit:verify: --head takes <id>:<64 hex digits>')
    process.exitCode = 2
    return
  }
  const storageEnv = z.object(storageEnvShape).superRefine(checkStorageEnv).parse(env)
  const db = createKnex({ url, poolMax: 1 })
  await runOnDb('audit:verify', db, async () => {
    const published = given
      ? { id: Number(given[1]), hash: given[2]! }
      : await newestPublishedHead(createFileStorage(storageEnv), new Date())
    const report = await verifyChain(db, published)
    const against = published ? `published head ${published.id}` : 'no published head yet'
    if (report.broken) {
      console.error(
        `audit:verify: BROKEN at link ${report.broken.id} (${report.broken.why}); ${report.links} link(s) hold before it; ${against}`,
      )
      process.exitCode = 1
      return
    }
    console.log(
      `audit:verify: ${report.links} link(s) hold${report.head ? `, head ${report.head.id} ${report.head.hash}` : ''}; checked against ${against}`,
    )
  })
}

await runIfScript(import.meta.url, () => main())
