// The protocol half of a diagnosis, on any transport: the era probe (the SDK's own negotiation:
// `server/discover` first, `initialize` when the server does not know it), what the server says it can
// do, and each list it offers read page by page and checked against the protocol's schema (the SDK's
// specTypeSchemas), so a malformed tool names its index and field. No `vscode` import.
import { Client, specTypeSchemas, type Transport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { traceTransport } from '../../mcp/protocolTrace';
import { maskingLogger } from '../../mcp/logger';
import { schemaProblem } from '../../tools/schemaValidation';
import { ProtocolRecorder } from '../protocol/protocolRecorder';
import { timed, type Step } from './report';

const MAX_PAGES = 50;
const ISSUES_SHOWN = 10;
/** The doctor writes no log: the recorder below is how it sees the negotiation. */
const quiet = maskingLogger({ trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, traceEnabled: false }, () => []);

const LISTS = [
  { capability: 'tools', method: 'tools/list', key: 'tools', schema: 'ListToolsResult' },
  { capability: 'prompts', method: 'prompts/list', key: 'prompts', schema: 'ListPromptsResult' },
  { capability: 'resources', method: 'resources/list', key: 'resources', schema: 'ListResourcesResult' },
  { capability: 'resources', method: 'resources/templates/list', key: 'resourceTemplates', schema: 'ListResourceTemplatesResult' },
] as const;

/** The era probe, capabilities and lists as steps; the client is closed (the caller stops the process). */
export async function probeProtocol(transport: Transport, timeoutMs: number, beforeClose?: () => void): Promise<Step[]> {
  const recorder = new ProtocolRecorder('doctor');
  recorder.watch();
  traceTransport(transport, quiet, recorder);
  const client = new Client({ name: 'mcp-client-vscode-doctor', version: '1' }, { capabilities: {}, listMaxPages: 0, versionNegotiation: { mode: 'auto', probe: { timeoutMs: Math.min(10_000, timeoutMs) } } });
  const steps: Step[] = [];
  try {
    const era = await timed('Era probe (server/discover, then initialize)', async () => {
      try {
        await client.connect(transport, { timeout: timeoutMs });
      } catch (error) {
        return { status: 'fail', details: [...probeLines(recorder), `The handshake failed: ${(error as Error).message}`], fix: 'Read what the server wrote (above); a server must answer server/discover or initialize on its protocol channel.' };
      }
      const version = client.getNegotiatedProtocolVersion();
      const info = client.getServerVersion();
      return { status: 'ok', details: [...probeLines(recorder), `Negotiated protocol ${version} (${client.getProtocolEra() === 'modern' ? 'stateless 2026 era' : '2025 era, initialize'}).`, `Server: ${info?.name ?? '?'} ${info?.version ?? ''}`.trim()] };
    });
    steps.push(era);
    if (era.status === 'fail') return steps;
    steps.push(await timed('Capabilities', async () => capabilitiesStep(client)));
    const caps = client.getServerCapabilities() ?? {};
    for (const list of LISTS) {
      if (!(list.capability in caps)) continue;
      steps.push(await timed(`${list.method} validates against the protocol schema`, () => checkList(client, list, timeoutMs)));
    }
    return steps;
  } finally {
    beforeClose?.();
    await client.close().catch(() => undefined);
    recorder.dispose();
  }
}

/** What the negotiation sent and got, in order: "server/discover → -32601 method not found". */
function probeLines(recorder: ProtocolRecorder): string[] {
  return recorder.timeline
    .entries()
    .filter((e) => e.kind === 'request' && (e.method === 'server/discover' || e.method === 'initialize'))
    .map((e) => `${e.method} → ${e.status === 'pending' ? 'no answer' : e.status === 'ok' ? `answered in ${Math.round(e.durationMs ?? 0)} ms` : (e.errorClass ?? e.status)}`);
}

function capabilitiesStep(client: Client): Omit<Step, 'title' | 'ms'> {
  const caps = client.getServerCapabilities() ?? {};
  const names = Object.entries(caps).map(([name, value]) => {
    const flags = value && typeof value === 'object' ? Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] === true) : [];
    return flags.length ? `${name} (${flags.join(', ')})` : name;
  });
  const offers = ['tools', 'prompts', 'resources'].filter((c) => c in caps);
  const instructions = client.getInstructions();
  return {
    status: offers.length ? 'ok' : 'warn',
    details: [names.length ? `Declared: ${names.join(', ')}.` : 'The server declared no capabilities.', ...(instructions ? [`Instructions: ${instructions.length} characters.`] : [])],
    ...(!offers.length && { fix: 'A server that offers nothing shows nothing: declare tools, prompts or resources in its capabilities (the SDK does when you register one).' }),
  };
}

async function checkList(client: Client, list: (typeof LISTS)[number], timeoutMs: number): Promise<Omit<Step, 'title' | 'ms'>> {
  const validate = specTypeSchemas[list.schema]['~standard'].validate;
  const issues: string[] = [];
  let count = 0;
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = (await client.request({ method: list.method, params: cursor === undefined ? {} : { cursor } } as never, z.looseObject({}), { timeout: timeoutMs })) as Record<string, unknown>;
    pages++;
    const verdict = validate(page) as { issues?: readonly { message: string; path?: readonly unknown[] }[] };
    for (const issue of verdict.issues ?? []) issues.push(`page ${pages}: ${(issue.path ?? []).map((p) => (typeof p === 'object' && p ? (p as { key: unknown }).key : p)).join('.') || '(the result)'}: ${issue.message}`);
    const items = Array.isArray(page[list.key]) ? (page[list.key] as Record<string, unknown>[]) : [];
    if (list.key === 'tools') {
      items.forEach((tool, i) => {
        for (const key of ['inputSchema', 'outputSchema'] as const) {
          const problem = tool[key] === undefined ? undefined : schemaProblem(tool[key] as Record<string, unknown>);
          if (problem) issues.push(`tools.${count + i} (${String(tool.name)}): ${key} cannot be used: ${problem}`);
        }
      });
    }
    count += items.length;
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
  } while (cursor !== undefined && pages < MAX_PAGES);
  const pageNote = pages > 1 ? ` over ${pages} pages${cursor !== undefined ? ` (stopped after ${MAX_PAGES}; there are more)` : ''}` : '';
  if (!issues.length) return { status: 'ok', details: [`${count} ${list.key}${pageNote}, all valid.`] };
  return {
    status: 'fail',
    details: [`${count} ${list.key}${pageNote}; ${issues.length} problem${issues.length === 1 ? '' : 's'}${issues.length > ISSUES_SHOWN ? ` (the first ${ISSUES_SHOWN} below)` : ''}:`],
    output: issues.slice(0, ISSUES_SHOWN),
    fix: `Fix the ${list.key} the server lists: clients that check the protocol schema (this one included) may refuse the whole list.`,
  };
}
