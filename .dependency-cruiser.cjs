/**
 * The architecture as a rule (ADR 023): what may import what. `npm run lint` fails on
 * any violation; there is no exceptions file.
 */
const SERVICES = '^(payments-service|web|cms)/'

module.exports = {
  // Every rule is an error: the lint fails on any violation, none is only a warning.
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle means two modules are one module with two names.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-share-only-packages',
      comment: 'Services talk over HTTP; what they share lives in packages/.',
      from: { path: SERVICES },
      to: { path: SERVICES, pathNot: '^$1/' },
    },
    {
      name: 'packages-below-services',
      comment:
        'Packages are what services share, so they cannot depend on one. The launcher’s tests may ' +
        'read a service’s env schema: they check the .env.example files against it.',
      from: { path: '^packages/', pathNot: '\\.test\\.ts$' },
      to: { path: SERVICES },
    },
    {
      name: 'models-below-modules',
      comment: 'Models are the data layer; modules build on them, never the other way round.',
      from: { path: '^payments-service/src/models/' },
      to: { path: '^payments-service/src/(modules|http)/' },
    },
    {
      name: 'http-knows-no-domain',
      comment:
        'HTTP plumbing gets domain behaviour from composition; it may name the shapes it is ' +
        'handed (type-only imports), never call a module itself.',
      from: { path: '^payments-service/src/http/', pathNot: '\\.test\\.ts$' },
      to: { path: '^payments-service/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'payments-foundations-below-domains',
      comment: 'lib/ and db/ are what every module stands on; they know no domain.',
      from: { path: '^payments-service/src/(lib|db)/' },
      to: { path: '^payments-service/src/(modules|models|http)/' },
    },
    {
      name: 'source-never-imports-test-helpers',
      from: {
        path: '^payments-service/src/',
        pathNot: '(\\.test\\.ts$|^payments-service/src/(test|fuzz)/)',
      },
      to: { path: '^payments-service/src/(test|fuzz)/' },
    },
    {
      name: 'web-components-never-import-server-code',
      comment:
        'A component ends up in the browser bundle; server modules hold secrets and Node APIs.',
      from: { path: '^web/app/(components|features/[^/]+/components)/' },
      to: { path: '\\.server\\.tsx?$' },
    },
    {
      name: 'web-utils-are-generic',
      from: { path: '^web/app/utils/' },
      to: { path: '^web/app/(routes|features|components)/' },
    },
    {
      name: 'web-features-never-import-routes',
      from: { path: '^web/app/(features|components)/' },
      to: { path: '^web/app/routes/' },
    },
  ].map((rule) => ({ severity: 'error', ...rule })),
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/build/|/dist/|\\.cache|cms/\\.strapi|cms/types/generated)' },
    tsPreCompilationDeps: true,
    // web's tsconfig carries the `~/` alias (its baseUrl is there for this resolver); the other
    // workspaces import by relative path or package name.
    tsConfig: { fileName: `${__dirname}/web/tsconfig.json` },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
}
