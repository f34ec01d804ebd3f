import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import rule from '../../../eslint-rules/no-outside-pointers.js'

/**
 * The comment rule of eslint.config.js (eslint-rules/): a comment points only where a reader of
 * the repository can follow. The pointers below are in strings, which the rule never reads.
 */

// The pointers the rule refuses, assembled here so that the repository's own text holds none.
const ISSUE = 'issue'
const ISSUE_AT_START = 'Issue'
const SPEC = 'spec \u00a7'

RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const tester = new RuleTester({
  languageOptions: {
    ecmaVersion: 2023,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
})

tester.run('no-outside-pointers', rule, {
  valid: [
    '// The price the customer saw is the price they get (ADR 013).',
    '/** Blank text is ignored (docs/product/blog-and-comments.md). */',
    '// SEP asks for this policy (docs/product/domain.md).',
    `const title = 'quote token (${ISSUE} 15), ${SPEC}5, domain.md'`,
    '// RFC 9110, section 7.6.1: hop-by-hop headers.',
    // Not a pointer: the word inside another word, and a count before it.
    `// A t${ISSUE} 5 cm wide; 4 ${ISSUE}s were fixed.`,
    '/* docs/decisions/014-a-ledger-and-a-settlement-in-steps.md */',
  ],
  invalid: [
    { code: `// Where is my money (${ISSUE} #15).`, errors: [{ messageId: 'issue', column: 23 }] },
    { code: `/** ${ISSUE_AT_START} 18: level 1 and above. */`, errors: [{ messageId: 'issue' }] },
    { code: `// Rate safety (${ISSUE} 15, ADR 013)`, errors: [{ messageId: 'issue' }] },
    { code: `// The four statuses (${SPEC}4).`, errors: [{ messageId: 'section' }] },
    { code: '/** Spec §8 successes. */', errors: [{ messageId: 'section' }] },
    { code: 'const a = 1 // §5 Phone', errors: [{ messageId: 'section', line: 1, column: 16 }] },
    {
      code: '/**\n * Kavenegar "verify lookup" (domain.md §2.a)\n */',
      errors: [
        { messageId: 'sharedNote', line: 2, column: 31 },
        { messageId: 'section', line: 2, column: 41 },
      ],
    },
    { code: '// The ledger (shared ledger.md).', errors: [{ messageId: 'sharedNote' }] },
    { code: `const page = <div>{/* the header of ${SPEC}2 */}</div>`, errors: 1 },
  ],
})
