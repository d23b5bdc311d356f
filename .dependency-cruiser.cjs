// The import rules of docs/architecture.md, checked by `npm run lint:deps` (part of `npm run lint`,
// so of `npm test`): domain <- contract <- (widget, server, embed); domain <- connector-kit <-
// (server, testkit, connector packages such as examples/), which import nothing else of ours
// from a connector's own code; the widget and the server
// never import each other; server <- testkit <- the server's tests, never the server's production
// code; inside the widget a feature never imports another feature (app/ composes them); inside
// the server a module (src/modules/<name>/) is used by others only through its entry (index.ts),
// the platform layer (db/, http/, platform/) imports no module and only the route registry
// imports routes; and no module imports itself through a cycle. Test files are held to the same
// rules. scripts/dependency-rules.test.ts proves each rule fails on a violation.

const FEATURE = '^packages/widget/src/features/([^/]+)/';
// The server's modules (packages/server/src/modules/<name>/), each used from outside only through
// its entry.
const SERVER_MODULES = '^packages/server/src/modules/';
const MODULE_ENTRY = `${SERVER_MODULES}[^/]+/index\\.ts$`;
// A module's wire protocol with a party outside the cashier (its protocol.ts: the operator's
// wallet, the messaging service) is public too: the server's protocols entry re-exports it for
// the testkit's stand-ins of those parties, without loading the module.
const MODULE_PROTOCOLS = [
  `${SERVER_MODULES}[^/]+/protocol\\.ts$`,
  `${SERVER_MODULES}[^/]+/[^/]+/protocol\\.ts$`,
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties modules into one: split out what both need (docs/architecture.md).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: '@cashdesk/domain imports no other package of ours (docs/architecture.md).',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/(contract|widget|server|embed)/' },
    },
    {
      name: 'contract-on-domain-only',
      severity: 'error',
      comment:
        "@cashdesk/contract depends on @cashdesk/domain only (docs/architecture.md). It reads the widget's locale files as data (widget-texts.ts: the text keys an operator may override and their default texts), never the widget's code (docs/decisions/0100-brand-defaults-and-text-keys.md).",
      from: { path: '^packages/contract/' },
      to: {
        path: '^packages/(widget|server|embed)/',
        pathNot: '^packages/widget/src/i18n/locales/[a-z]+/[a-z-]+\\.json$',
      },
    },
    {
      name: 'connector-kit-on-domain-only',
      severity: 'error',
      comment:
        '@cashdesk/connector-kit is what a connector imports: it depends on @cashdesk/domain only, never on the server that loads connectors (docs/decisions/0103-connector-kit.md).',
      from: { path: '^packages/connector-kit/' },
      to: { path: '^(packages/(contract|widget|server|embed|testkit)|examples)/' },
    },
    {
      name: 'connector-imports-only-the-kit',
      severity: 'error',
      comment:
        'A connector package imports @cashdesk/connector-kit and nothing else of Cashdesk; only its tests may use @cashdesk/testkit to steer a PSP (docs/decisions/0103-connector-kit.md).',
      from: { path: '^examples/[^/]+/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/', pathNot: '^packages/connector-kit/' },
    },
    {
      name: 'widget-not-server-or-embed',
      severity: 'error',
      comment: 'The widget depends on domain and contract only; never on the server.',
      from: { path: '^packages/widget/' },
      to: { path: '^packages/(server|embed)/' },
    },
    {
      name: 'back-office-on-contract-only',
      severity: 'error',
      comment:
        'The back office depends on the contract only (docs/decisions/0106-back-office-app.md): never the server, the widget or the embed SDK, and nothing imports it.',
      from: { path: '^packages/back-office/' },
      to: { path: '^packages/(server|widget|embed|testkit|domain)/' },
    },
    {
      name: 'nothing-imports-the-back-office',
      severity: 'error',
      comment: 'The back office is an app: the server serves its build, never its code.',
      from: { pathNot: '^packages/back-office/' },
      to: { path: '^packages/back-office/' },
    },
    {
      name: 'server-not-widget-or-embed',
      severity: 'error',
      comment: 'The server never imports the widget or the embed SDK (docs/architecture.md).',
      from: { path: '^packages/server/' },
      to: { path: '^packages/(widget|embed)/' },
    },
    {
      name: 'embed-not-widget-or-server',
      severity: 'error',
      comment: 'The embed SDK runs on host pages: domain and contract only.',
      from: { path: '^packages/embed/' },
      to: { path: '^packages/(widget|server)/' },
    },
    {
      name: 'server-production-not-testkit',
      severity: 'error',
      comment:
        'The server ships only what production runs: its production code never imports @cashdesk/testkit; only its tests (*.test.ts, src/test/, the providers’ test-support.ts) do (docs/decisions/0093-testkit-package.md).',
      from: {
        path: '^packages/server/',
        pathNot: [
          '\\.test\\.ts$',
          '^packages/server/src/test/',
          '^packages/server/src/providers/[^/]+/test-support\\.ts$',
        ],
      },
      to: { path: '^packages/testkit/' },
    },
    {
      name: 'testkit-through-server-entries',
      severity: 'error',
      comment:
        'The testkit uses the server through its public entries only: @cashdesk/server, @cashdesk/server/protocols and @cashdesk/server/sandbox, never a module inside it (docs/decisions/0093-testkit-package.md).',
      from: { path: '^packages/testkit/' },
      to: {
        path: '^packages/server/',
        pathNot: '^packages/server/src/(index|protocols|sandbox)\\.ts$',
      },
    },
    {
      // The operator command-line client speaks to the server over HTTP only.
      name: 'operator-cli-is-an-http-client',
      severity: 'error',
      comment:
        'The operator command-line client (npm run operator) is a client of the operator API over HTTP: it imports the contract, never the server’s own modules (docs/decisions/0027-operator-command-line-client.md).',
      from: { path: '^packages/server/src/cli/operator\\.ts$' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'server-platform-imports-no-server-code',
      severity: 'error',
      comment:
        'platform/ holds helpers every server layer may use; it imports nothing of the server outside itself (docs/architecture.md).',
      from: { path: '^packages/server/src/platform/' },
      to: { path: '^packages/server/src/', pathNot: '^packages/server/src/platform/' },
    },
    {
      name: 'server-platform-not-modules',
      severity: 'error',
      comment:
        'The platform layer (db/, http/, platform/) is below the modules: it imports none. Only the demo seed writes through the modules that own the rows (docs/architecture.md).',
      from: {
        path: '^packages/server/src/(db|http|platform)/',
        pathNot: ['^packages/server/src/db/seed\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: SERVER_MODULES },
    },
    {
      name: 'server-module-not-into-other-module',
      severity: 'error',
      comment:
        'A module uses another module only through its entry (modules/<name>/index.ts), never its files or its routes (docs/architecture.md).',
      from: { path: `${SERVER_MODULES}([^/]+)/`, pathNot: '\\.test\\.ts$' },
      to: {
        path: `${SERVER_MODULES}[^/]+/.`,
        pathNot: [`${SERVER_MODULES}$1/`, MODULE_ENTRY],
      },
    },
    {
      name: 'server-module-only-through-entry',
      severity: 'error',
      comment:
        'Outside the modules (the app, the commands, the seed, the benchmarks, the browser tests) a module is imported only through its entry, modules/<name>/index.ts, or its wire protocol (protocol.ts); the route registry imports routes, and the server’s own tests may import anything (docs/architecture.md).',
      from: {
        path: ['^packages/server/src/', '^bench/', '^e2e/'],
        pathNot: [
          SERVER_MODULES,
          '^packages/server/src/test/',
          '^packages/server/src/.+\\.test\\.ts$',
          '^packages/server/src/register-routes\\.ts$',
        ],
      },
      to: { path: `${SERVER_MODULES}[^/]+/.`, pathNot: [MODULE_ENTRY, ...MODULE_PROTOCOLS] },
    },
    {
      name: 'server-routes-only-from-composition',
      severity: 'error',
      comment:
        'Routes are the outermost layer: only the route registry (register-routes.ts), the app, other routes of the same module and tests import a module’s routes/; no module’s rules, http, db or providers do (docs/architecture.md).',
      from: {
        path: '^packages/server/src/',
        pathNot: [
          `${SERVER_MODULES}[^/]+/routes/`,
          '^packages/server/src/test/',
          '^packages/server/src/(app|index|register-routes)\\.ts$',
          '\\.test\\.ts$',
        ],
      },
      to: { path: `${SERVER_MODULES}[^/]+/routes/` },
    },
    {
      name: 'server-db-below-business',
      severity: 'error',
      comment:
        'db/ is below the business: it imports no module and nothing of http/. Only the demo seed writes through the modules that own the rows (docs/architecture.md).',
      from: {
        path: '^packages/server/src/db/',
        pathNot: ['^packages/server/src/db/seed\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: '^packages/server/src/(modules|http)/' },
    },
    {
      name: 'domain-testing-entry-in-tests-only',
      severity: 'error',
      comment:
        'Product code calls the domain through its public API (@cashdesk/domain); @cashdesk/domain/testing exposes internals for tests only (scripts/check-domain-api.ts).',
      from: { pathNot: ['\\.test\\.tsx?$', '/test/', '^e2e/', '^packages/domain/src/'] },
      to: { path: '^packages/domain/src/testing\\.ts$' },
    },
    {
      name: 'feature-not-other-feature',
      severity: 'error',
      comment:
        'A widget feature never imports another feature: shared parts go to ui/, fields/ or domain; app/ composes features (docs/architecture.md).',
      from: { path: FEATURE },
      to: { path: '^packages/widget/src/features/', pathNot: '^packages/widget/src/features/$1/' },
    },
    {
      name: 'only-app-composes-features',
      severity: 'error',
      comment:
        'Only app/ (and the features themselves) import a feature; shared layers stay below them.',
      from: {
        path: '^packages/widget/src/',
        pathNot: ['^packages/widget/src/(app|features|test)/', '^packages/widget/src/main\\.tsx$'],
      },
      to: { path: '^packages/widget/src/features/' },
    },
    {
      name: 'only-entry-imports-app',
      severity: 'error',
      comment:
        'app/ is the top of the widget: only its entries (src/main.tsx, the page; src/server-entry.tsx, the server render of the first screen) and app/ itself import it (tests too); what lower layers need lives below it (store/, startup/, browser/, route-state/, ui/).',
      from: {
        path: '^packages/widget/src/',
        pathNot: [
          '^packages/widget/src/app/',
          '^packages/widget/src/main\\.tsx$',
          '^packages/widget/src/server-entry\\.tsx$',
        ],
      },
      to: { path: '^packages/widget/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // scripts/fixtures/ holds deliberate violations for the tests of the tooling itself.
    exclude: {
      path: [
        '(^|/)node_modules/',
        '(^|/)dist/',
        '(^|/)dist-server/',
        '(^|/)\\.process-build-',
        '^e2e/artifacts/',
        '^coverage/',
        '^scripts/fixtures/',
      ],
    },
    // Type-only imports count too: a cycle or a crossing through types is still a coupling.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
