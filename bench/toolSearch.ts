// Issue 27, part 3: what the tool definitions of one @mcp request take with 300 tools across 10 servers, all at
// once vs tool search. The definitions are generated (10 servers × 30 tools, descriptions and schemas of the
// size public servers have) and measured as a request sends them (common/toolTokens.ts definitionText), with
// the estimate of 4 characters a token (no tokenizer in plain Node; the same estimate the view labels "≈").
// All at once: every definition, each step (a model takes at most 128, which the participant then keeps by
// relevance). Tool search: the search tool alone in the first step; the search tool and what one search loaded
// (chat/toolNames.ts relatedTools, as the participant's search does) in the next.
import { definitionText, estimateTokens, LOADED_PER_SEARCH, searchToolDefinition, type ToolDefinition } from '../src/common/toolTokens';
import { modelToolNames, mostRelevant, relatedTools } from '../src/chat/toolNames';
import type { Row } from './scenarios';

const SERVERS = ['github', 'filesystem', 'jira', 'slack', 'postgres', 'browser', 'docker', 'kubernetes', 'sentry', 'notion'];
const VERBS = ['list', 'get', 'create', 'update', 'delete', 'search', 'comment_on', 'close', 'assign', 'export'];
const NOUNS = ['issues', 'items', 'records'];

function tool(server: string, i: number): ToolDefinition & { server: string } {
  const verb = VERBS[i % VERBS.length]!;
  const noun = NOUNS[Math.floor(i / VERBS.length)]!;
  const properties: Record<string, unknown> = {
    owner: { type: 'string', description: `The account or organisation that owns the ${noun} in ${server}.` },
    target: { type: 'string', description: `Which ${noun.slice(0, -1)} to ${verb.replace('_', ' ')}: its id, key or full path as ${server} shows it.` },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 30, description: 'At most this many results per page.' },
    cursor: { type: 'string', description: 'The page to continue from, as the previous result gave it.' },
  };
  if (i % 2) properties.fields = { type: 'array', items: { type: 'string' }, description: 'Only these fields in the result.' };
  return {
    server,
    name: `${verb}_${noun}`,
    description: `${verb[0]!.toUpperCase()}${verb.slice(1).replace('_', ' ')} ${noun} in ${server}. Returns the matching ${noun} with their ids, titles, authors, dates and links; paginated (follow the cursor). Needs read${verb === 'list' || verb === 'get' || verb === 'search' ? '' : ' and write'} access to the ${server} account.`,
    inputSchema: { type: 'object', properties, required: ['owner', 'target'] },
  };
}

const tokensOf = (tools: readonly ToolDefinition[]) => tools.reduce((sum, t) => sum + estimateTokens(definitionText(t)), 0);
const n = (tokens: number) => `≈${tokens.toLocaleString('en')} tokens`;

export function toolSearchRows(prompt = 'list the open github issues assigned to me'): Row[] {
  const tools = SERVERS.flatMap((server) => Array.from({ length: 30 }, (_, i) => tool(server, i)));
  const all = tokensOf(tools);
  const capped = tokensOf(mostRelevant(tools, prompt, 128));
  const byName = modelToolNames(tools.map((t) => ({ server: t.server, name: t.name, value: t })));
  const entries = [...byName].map(([name, t]) => ({ name, description: t.value.description, title: `${t.server} ${t.name}` }));
  const loaded = relatedTools(entries, 'github issues list', LOADED_PER_SEARCH).map((e) => byName.get(e.name)!.value);
  const search = tokensOf([searchToolDefinition(tools.length)]);
  const afterSearch = search + tokensOf(loaded);
  return [
    { what: '@mcp, 300 tools on 10 servers: tool definitions, first step (tool search vs all at once)', ours: n(search), baseline: `${n(all)} (all 300)`, ratio: `${(search / all).toFixed(3)}×`, goal: 'report', value: search },
    { what: '@mcp, 300 tools on 10 servers: tool definitions after one search (search tool + 8 loaded) vs the 128 a model takes', ours: n(afterSearch), baseline: `${n(capped)} (128 most related)`, ratio: `${(afterSearch / capped).toFixed(3)}×`, goal: 'report', value: afterSearch },
  ];
}

if (require.main === module) console.log(JSON.stringify(toolSearchRows(), null, 2));
