// One flat config for every workspace: typescript-eslint's recommended rules, React hooks rules
// for the web app, our own rules (eslint-rules/), and Prettier owning formatting.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import noOutsidePointers from './eslint-rules/no-outside-pointers.js'

// payments-service's tables, for the data-access rule below; payments-service/src/models/
// models.test.ts checks this list against the migrated schema.
const PAYMENTS_TABLES = [
  'catalog_changes',
  'customer_cards',
  'customer_identities',
  'gateway_transactions',
  'idempotency_keys',
  'identity_documents',
  'identity_inquiries',
  'identity_inquiry_charges',
  'identity_level_changes',
  'identity_levels',
  'identity_review_audit',
  'identity_reviews',
  'journal_entries',
  'ledger_accounts',
  'login_attempts',
  'otp_challenges',
  'otp_failures',
  'otp_locks',
  'payment_documents',
  'payment_events',
  'payment_type_changes',
  'payment_type_settings',
  'payments',
  'postings',
  'prepared_messages',
  'rates',
  'refresh_tokens',
  'refunds',
  'staff_audit_log',
  'staff_enrolment_links',
  'staff_proposals',
  'staff_recovery_codes',
  'staff_second_factors',
  'ticket_attachments',
  'ticket_categories',
  'ticket_messages',
  'tickets',
  'user_audit',
  'users',
]
const TABLE_NAME = `/^(${PAYMENTS_TABLES.join('|')})( as \\w+)?$/`
// The names payments-service gives a knex instance or transaction.
const KNEX_HANDLE = '/^(db|trx|tx|knex|runner|database|connection)$/'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.cache/**',
      '**/.data/**',
      '**/.tmp/**',
      'cms/.strapi/**',
      'cms/types/generated/**',
      'tests/test-results/**',
      'tests/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Comments point only where a reader of the repository can follow: no issue numbers, no
    // specification sections, no shared notes outside it (docs/product/, docs/decisions/).
    plugins: { arzpol: { rules: { 'no-outside-pointers': noOutsidePointers } } },
    rules: { 'arzpol/no-outside-pointers': 'error' },
  },
  {
    // The receipt's print button script is plain JavaScript the browser runs as it is.
    files: ['web/app/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One data-access style in payments-service (ADR 027): SQL lives in the models'
    // files. Elsewhere code calls a model's static method; it never builds a query itself nor
    // opens a table with knex (`db('payments')`, `.from('refunds')`) nor writes raw SQL.
    files: ['payments-service/src/**/*.ts'],
    ignores: [
      'payments-service/src/models/**',
      'payments-service/src/db/**',
      'payments-service/src/test/**',
      'payments-service/src/fuzz/**',
      'payments-service/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // Calling the knex handle itself (`db('payments')`, `trx(table)`, `this.db(...)`)
          // opens a table; `db.transaction(...)` and passing `trx` to a model stay allowed.
          selector: `CallExpression:matches([callee.name=${KNEX_HANDLE}], [callee.property.name=${KNEX_HANDLE}])`,
          message: 'Open a table through its model (models/*.model.ts), not with knex (ADR 027).',
        },
        {
          selector: `CallExpression[callee.property.name=/^(from|into|table|join|leftJoin|innerJoin)$/][arguments.0.value=${TABLE_NAME}]`,
          message: 'A query that names another table lives in a model file (ADR 027).',
        },
        {
          selector: "CallExpression[callee.property.name='raw']",
          message: 'Raw SQL lives in a model file (ADR 027).',
        },
        {
          // objection's builder too: a query is a named static of its model, so the call site
          // says what it asks and the statement sits beside its table's columns.
          selector:
            'CallExpression:matches([callee.object.name=/^[A-Z]/][callee.property.name=/^(query|relatedQuery|knexQuery)$/], [callee.property.name=/^\\$(query|relatedQuery)$/])',
          message:
            'Ask the model through a named static (models/*.model.ts), not its query builder (ADR 027).',
        },
      ],
    },
  },
  {
    // A use case reads as one small function (ADR 037): a service, a step or a handler longer
    // than this hides the steps it should name. Not counted: blank lines and comments.
    files: ['payments-service/src/**/*.ts', 'web/app/**/*.server.ts', 'web/server/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'payments-service/src/test/**',
      'payments-service/src/fuzz/**',
      // One schema change, read top to bottom.
      'payments-service/src/db/migrations/**',
      // Local stand-ins of outside parties: each holds the party's protocol in one place.
      'payments-service/src/sandbox-*/**',
    ],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // A route table and a page are lists of declarations (most of a route's lines are its
    // OpenAPI text, most of a component's its markup): a wider limit, still a limit.
    files: ['payments-service/src/**/*.routes.ts', 'web/app/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Strapi's config files and admin entry are CommonJS-flavoured TypeScript run by Strapi.
    files: ['cms/**/*.{js,ts}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
)
