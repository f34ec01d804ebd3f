import path from 'node:path'

export const cmsDir = path.resolve(import.meta.dirname, '..')
/** Where the tests' global setup compiles config/ and src/ (Strapi runs compiled JavaScript). */
export const testDistDir = path.join(cmsDir, '.tmp', 'test-dist')
