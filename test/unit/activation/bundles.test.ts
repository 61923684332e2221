// What activation loads. `npm test` builds dist/ without minifying first, and esbuild then marks each
// module of a bundle with a `// <path>` line, so the bundle says what went into it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
const modulesOf = (bundle: string) => [
  ...new Set([...readFileSync(join(root, 'dist', bundle), 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+\.[cm]?[jt]s)$/gm)].map((m) => m[1]!)),
];

/**
 * Everything the first moment needs (src/activation/activate.ts): the session manager, the Servers view,
 * the status bar, notifications, the stand-ins and the tables they name. A module that joins this list
 * makes every VS Code start slower: add it only on purpose.
 */
const ACTIVATION_MODULES = [
  'src/activation/activate.ts',
  'src/activation/contributionLoader.ts',
  'src/activation/standInFileSystem.ts',
  'src/activation/testSwitch.ts',
  'src/api/publicApi.ts',
  'src/chat/participant.ts',
  'src/common/commandIds.ts',
  'src/common/readYourWritesMemento.ts',
  // Result documents (issue 25): a result tab the window restores reads its result before anything else loads.
  'src/common/resultDocuments.ts',
  'src/common/serverText.ts',
  'src/common/settingKeys.ts',
  'src/common/shownL10n.ts',
  'src/common/shownMarkdown.ts',
  'src/common/shownUi.ts',
  'src/common/treeRefresh.ts',
  'src/common/userAnswers.ts',
  'src/common/userMessages.ts',
  'src/common/viewIds.ts',
  'src/config/configurationReader.ts',
  // The administrator's rules, which configurationReader reads (issue 27): patterns, no imports but node:path.
  'src/config/serverPolicy.ts',
  'src/mcp/errors.ts',
  'src/mcp/lifecycle.ts',
  'src/mcp/redact.ts',
  // The defaults of a sandbox, named in the consent question (issue 28): a table, no imports.
  'src/mcp/sandbox/sandboxDefinition.ts',
  'src/mcp/serverDefinition.ts',
  'src/mcp/serverIdentity.ts',
  'src/mcp/sessionManager.ts',
  'src/mcp/sessionState.ts',
  'src/prompts/promptDocuments.ts',
  'src/resources/resourceUri.ts',
  'src/servers/effectiveState.ts',
  'src/servers/errorNotifier.ts',
  'src/servers/serverLogs.ts',
  'src/servers/serverPresentation.ts',
  'src/servers/serversTree.ts',
  'src/servers/statusBar.ts',
  'src/tools/toolResultDocuments.ts',
  'src/trust/commandLookup.ts',
  'src/trust/consentMaterial.ts',
  'src/trust/consentPolicy.ts',
  'src/trust/consentText.ts',
  // The consent question says what a server's sandbox allows (issue 28): a few lines, no dependencies.
  'src/trust/sandboxText.ts',
  'src/trust/vscodeConsentHost.ts',
];

describe('bundles', () => {
  it('activation loads only the first moment: no SDK, no zod, no feature UI', () => {
    assert.deepEqual(modulesOf('extension.js').sort(), ACTIVATION_MODULES);
  });

  it('the contributions bundle holds the features, the session layer, the SDK and zod, and not the first moment again', () => {
    const modules = modulesOf('contributions.js');
    for (const expected of ['src/activation/contributions.ts', 'src/mcp/session.ts', 'src/prompts/registerPrompts.ts']) assert.ok(modules.includes(expected), expected);
    assert.ok(modules.some((m) => m.startsWith('node_modules/@modelcontextprotocol/client/')));
    assert.ok(modules.some((m) => m.startsWith('node_modules/zod/')));
    assert.deepEqual(modules.filter((m) => m.startsWith('src/activation/') && m !== 'src/activation/contributions.ts' && m !== 'src/activation/testHooks.ts'), []);
  });
});
