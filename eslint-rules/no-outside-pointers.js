/**
 * Comments point only where a reader of the repository can follow. Three kinds of pointer lead
 * outside it, and each is reported where it stands in the comment:
 *
 * - an issue number (the word "issue" and a number, with or without "#"): the tracker is not in
 *   the repository, so the comment says the reason itself, or cites the decision record
 *   (`ADR 024`);
 * - a section sign with a number, or "spec" with one: the specification is not in the
 *   repository either; the product rules are in docs/product/ (the one place section numbers
 *   appear, as "(spec 5)");
 * - a bare file name of the team's shared notes (domain, ledger, architecture, toolchain,
 *   style, each with the `.md` ending): what the code relies on of them lives in
 *   docs/product/ and docs/decisions/. A path inside the repository (`docs/product/…`) is fine.
 *
 * Only comments are checked: strings are data (a test may well quote a pointer).
 */

const PATTERNS = [
  { messageId: 'issue', regex: /\b[Ii]ssues? ?#?\d+/g },
  { messageId: 'section', regex: /\bspec ?§|§ ?\d/gi },
  {
    messageId: 'sharedNote',
    regex: /(?<![\w/.-])(?:domain|ledger|architecture|toolchain|style)\.md\b/g,
  },
]

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Disallow comments that point to issues, specification sections or shared notes',
    },
    schema: [],
    messages: {
      issue: 'An issue number leads outside the repository: say the reason, or cite the ADR.',
      section:
        'A spec section leads outside the repository: state the rule, or cite docs/product/.',
      sharedNote: 'Shared notes are outside the repository: cite docs/product/ or an ADR instead.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode
    return {
      Program() {
        for (const comment of sourceCode.getAllComments()) {
          // The text starts after `//` or `/*`.
          const textStart = comment.range[0] + 2
          for (const { messageId, regex } of PATTERNS) {
            for (const match of comment.value.matchAll(regex)) {
              const start = textStart + match.index
              context.report({
                messageId,
                loc: {
                  start: sourceCode.getLocFromIndex(start),
                  end: sourceCode.getLocFromIndex(start + match[0].length),
                },
              })
            }
          }
        }
      },
    }
  },
}

export default rule
