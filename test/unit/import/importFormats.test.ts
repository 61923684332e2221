// Import of real-world MCP configurations (test/fixtures/configs): VS Code mcp.json with inputs,
// Claude Desktop, Cursor. What cannot be carried over is reported, and what is carried over is a
// valid `mcpClient.servers` entry.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseServerEntry } from '../../../src/config/serverSchema';
import { freeName, parseConfig, referencedInputIds, type ConfigFormat } from '../../../src/import/importFormats';
import { configLocations, guessFormat, userSettingsFolderFromGlobalStorage } from '../../../src/import/importSources';
import { parseInputDefinitions } from '../../../src/inputs/inputDefinitions';

const configs = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'configs');
const read = (format: ConfigFormat, file: string) => parseConfig(format, readFileSync(join(configs, file), 'utf8'));

function assertValid(config: ReturnType<typeof parseConfig>) {
  for (const s of config.servers) {
    const parsed = parseServerEntry(s.name, s.entry);
    assert.ok(parsed.ok, `${s.name}: ${parsed.ok ? '' : parsed.errors.join('; ')}`);
  }
}

describe('import: VS Code mcp.json', () => {
  const config = read('vscode', 'vscode-mcp.json');

  it('reads servers and inputs from JSON with comments and trailing commas', () => {
    assert.deepEqual(config.warnings, []);
    assert.deepEqual(config.servers.map((s) => s.name), ['github', 'weather', 'fetch']);
    assert.equal(config.inputs.length, 3);
    assert.deepEqual(parseInputDefinitions(config.inputs).errors, []);
    assertValid(config);
  });

  it('keeps the VS Code-only fields (dev, gallery, version) and the ${input:…} references as written', () => {
    const weather = config.servers.find((s) => s.name === 'weather')!;
    assert.deepEqual(weather.entry.dev, { watch: 'weather/**/*.js' });
    assert.deepEqual(weather.dropped, []);
    assert.deepEqual([...referencedInputIds(config.servers)].sort(), ['github-token', 'region']);
  });
});

describe('import: Claude Desktop', () => {
  const config = read('claude', 'claude_desktop_config.json');

  it('reads mcpServers and reports fields it cannot carry over', () => {
    assert.deepEqual(config.servers.map((s) => s.name), ['filesystem', 'brave-search', 'sqlite']);
    assert.deepEqual(config.servers.find((s) => s.name === 'sqlite')!.dropped, ['alwaysAllow']);
    assert.deepEqual(config.warnings, ['top-level "theme" is not imported']);
    assert.deepEqual(config.servers.find((s) => s.name === 'brave-search')!.entry.env, { BRAVE_API_KEY: 'BSA-example-key' });
    assertValid(config);
  });
});

describe('import: Cursor', () => {
  const config = read('cursor', 'cursor-mcp.json');

  it('reads stdio and remote servers, mapping "streamable-http" to http', () => {
    assert.deepEqual(config.servers.map((s) => [s.name, s.entry.type]), [['linear', undefined], ['context7', 'http'], ['postgres', undefined]]);
    assert.deepEqual(config.servers.find((s) => s.name === 'postgres')!.dropped, ['autoApprove']);
    assertValid(config);
  });
});

describe('import: helpers', () => {
  it('reports a file that is not an object of servers', () => {
    assert.deepEqual(parseConfig('cursor', '[1, 2]').warnings, ['the file does not hold a JSON object']);
    assert.match(parseConfig('vscode', '{"servers": {').warnings[0]!, /syntax error/);
    assert.deepEqual(parseConfig('vscode', '{"servers": {"a": 3}}').warnings, ['server "a" is not an object and was skipped']);
  });

  it('picks free names, guesses formats, and knows where each tool keeps its file', () => {
    assert.equal(freeName('github', new Set(['github', 'github-2'])), 'github-3');
    assert.equal(guessFormat('/x/claude_desktop_config.json'), 'claude');
    assert.equal(guessFormat('/p/.cursor/mcp.json'), 'cursor');
    assert.equal(userSettingsFolderFromGlobalStorage('/h/.config/Code/User/globalStorage/mcp-client.mcp-client'), '/h/.config/Code/User');
    const mac = configLocations([{ name: 'app', path: '/w/app' }], '/u/User', 'darwin', '/Users/ada', {});
    assert.deepEqual(mac.map((l) => l.path), [
      '/w/app/.vscode/mcp.json',
      '/w/app/.cursor/mcp.json',
      '/u/User/mcp.json',
      '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
      '/Users/ada/.cursor/mcp.json',
    ]);
    assert.equal(configLocations([], undefined, 'linux', '/home/ada', {})[0]!.path, '/home/ada/.config/Claude/claude_desktop_config.json');
  });
});
