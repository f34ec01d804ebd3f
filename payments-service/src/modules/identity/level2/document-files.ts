import type { AppConfig } from '../../../config/env.ts'
import { parsePreviousKeys } from '../../../config/env.ts'
import type { FileStorage } from '../../../storage/index.ts'
import { createSealedFiles, type SealedFiles } from '../../../storage/sealed.ts'

/**
 * The identity documents' sealing keys: the credential keys (current and previous, by id) with
 * this purpose. Without CREDENTIALS_ENCRYPTION_KEY (development and tests; production refuses
 * to start, env.ts) the material comes from the JWT key, so documents survive a restart.
 */
export function identityDocumentFilesFromConfig(
  config: Pick<
    AppConfig,
    | 'CREDENTIALS_ENCRYPTION_KEY'
    | 'CREDENTIALS_KEY_ID'
    | 'CREDENTIALS_PREVIOUS_KEYS'
    | 'JWT_PRIVATE_KEY'
  >,
  storage: FileStorage,
): SealedFiles {
  const keys = new Map(
    config.CREDENTIALS_PREVIOUS_KEYS ? parsePreviousKeys(config.CREDENTIALS_PREVIOUS_KEYS) : [],
  )
  let currentKeyId = config.CREDENTIALS_KEY_ID
  if (config.CREDENTIALS_ENCRYPTION_KEY) {
    keys.set(currentKeyId, Buffer.from(config.CREDENTIALS_ENCRYPTION_KEY, 'base64'))
  } else {
    currentKeyId = 'dev-jwt'
    keys.set(currentKeyId, config.JWT_PRIVATE_KEY.export({ type: 'pkcs8', format: 'der' }))
  }
  return createSealedFiles({ storage, purpose: 'identity-document', currentKeyId, keys })
}
