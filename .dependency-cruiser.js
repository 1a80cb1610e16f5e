/**
 * The layers of docs/ARCHITECTURE.md, checked by `npm run deps` (part of `npm test`): a lower layer never
 * imports a higher one, adapters do not import each other, no import cycle between files (type-only imports
 * count), and a test takes its helpers from test/support (besides src and its own folder).
 */
/** The Etherscan contract: wire shapes, the API interface, its refusals and their reading. Pure, no I/O. */
const etherscanContract = '^src/etherscan/(wire|WireAddressTag|EtherscanApi|errors|classifyEnvelope|OptionalFeatures)[.]ts$';
const base = `^src/(errors|chains)/|^src/(packageRoot|startWorker|childMap)[.]ts$|${etherscanContract}`;
const domain = '^src/(config|ledger|holdings|templates|reconcile|filing|prices|costbasis|outputs|yearreport)/';
const adapterFolders = ['etherscan', 'store', 'db', 'output', 'alerts', 'priceSources'];
const adapters = `^src/(${adapterFolders.join('|')})/`;
const application = '^src/(sync|pipeline|runs)/';
const workspace = '^src/workspace/';
const delivery = '^src/(cli|server)/';
const sandbox = '^src/sandbox/';

/** One rule per layer: its files import nothing from the layers above it (the Etherscan contract is base). */
const upward = (name, from, above) => ({
  name: `no-upward-from-${name}`,
  comment: `${name} is below ${above.length} layer(s) in docs/ARCHITECTURE.md and may not import them.`,
  severity: 'error',
  from: { path: from },
  to: { path: above.join('|'), pathNot: base },
});

export default {
  forbidden: [
    upward('base', base, [domain, adapters, application, workspace, delivery, sandbox]),
    upward('domain', domain, [adapters, application, workspace, delivery, sandbox]),
    upward('adapters', adapters, [application, workspace, delivery, sandbox]),
    upward('application', application, [workspace, delivery, sandbox]),
    upward('workspace', workspace, [delivery, sandbox]),
    upward('sandbox', sandbox, [adapters, application, workspace, delivery]),
    // The database (connections, drivers, migrations) sits under the other adapters: the store and the shared
    // limiter open it; it imports none of them.
    ...adapterFolders.map((folder) => ({
      name: `no-adapter-to-adapter-from-${folder}`,
      comment:
        'Adapters stand side by side and meet in the application layer; a piece two of them share belongs a layer down (src/db is that layer for the database).',
      severity: 'error',
      from: { path: `^src/${folder}/` },
      to: { path: adapters, pathNot: [`^src/${folder}/`, base, ...(folder === 'db' ? [] : ['^src/db/'])] },
    })),
    {
      name: 'outputs-domain-only',
      comment:
        'An output (src/outputs) is pure: it imports the domain, the base and typebox (its result schema), never a file, a store or Node; the application layer writes its files.',
      severity: 'error',
      from: { path: '^src/outputs/' },
      to: { pathNot: [domain, base, '^(node_modules/)?typebox(/|$)'] },
    },
    {
      name: 'output-consumers-without-typebox',
      comment:
        "A part's thread imports an output's consumer module (`OutputConsumerSource`) to feed it the part's entries: TypeBox (a result schema's) would cost every thread ≈ 0.2 s of CPU before its first row.",
      severity: 'error',
      from: { path: '^src/outputs/[^/]+Consumer[.]ts$' },
      to: { path: '^(node_modules/)?typebox(/|$)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'test-helpers-from-support',
      comment:
        'A test imports src, test/support and files of its own folder (fixtures, samples, children); a helper two folders share lives in test/support.',
      severity: 'error',
      from: { path: '^test/([^/]+)/' },
      to: { path: '^test/', pathNot: ['^test/$1/', '^test/support/'] },
    },
    {
      name: 'bench-helpers-from-support',
      comment: 'The bench may share a helper with the tests only through test/support.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^test/', pathNot: '^test/support/' },
    },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'no-cycle',
      comment: 'Files import each other in a circle (type-only imports count): move the shared piece to a file of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
