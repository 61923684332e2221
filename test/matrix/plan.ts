// What the compatibility matrix's runner (scripts/matrix/runMatrix.mjs) hands the run inside VS Code, and
// what that run hands back: the plan (one row per server of test/matrix/servers.json, its placeholders
// resolved) and the results, both JSON files whose paths are in MCP_MATRIX_PLAN and the plan itself.
import { readFileSync, writeFileSync } from 'node:fs';

/** One representative tool call and the check on its result (test/matrix/servers.json's `call`). */
export interface CallRecipe {
  tool: string;
  arguments?: Record<string, unknown>;
  /** A regular expression the result, as the extension shows it (its Markdown document), must match. */
  expect: string;
}

/** How an app is shown, recognised, and seen to take an update (servers.json's `app`). */
export interface AppRecipe {
  tool: string;
  arguments?: Record<string, unknown>;
  /** A selector in the app's frame, and the pattern its text must match once the app has rendered. */
  ready: { selector: string; text?: string };
  /**
   * Something the app receives after it rendered: a click or choice in the app, a tool called from outside
   * (its arguments may use `${result.<key>}` of the app tool's structured result), or nothing (a poll);
   * `watch` (text or input value, matching `text`) must then show a new value.
   */
  update: { click?: string; select?: [string, string]; call?: { tool: string; arguments?: Record<string, unknown> }; watch: string; text?: string };
}

export interface PlanRow {
  name: string;
  /** The value of MCP_CLIENT_MATRIX_SERVER in the server's environment (and its children's). */
  marker: string;
  /** stdio: the extension starts it; http / sse: the runner serves it and the extension connects. */
  transport: 'stdio' | 'http' | 'sse';
  /** Process ids of a server the runner serves (its processes are counted from there). */
  servedPids?: number[];
  call?: CallRecipe;
  app?: AppRecipe;
}

export interface MatrixPlan {
  resultsFile: string;
  /** Where the light and dark screenshots of each app go. */
  shotsDir: string;
  /** Servers started and checked at once. */
  concurrency: number;
  lightTheme: string;
  darkTheme: string;
  rows: PlanRow[];
}

export interface Check {
  ok: boolean;
  detail?: string;
}

/** A process of a server, as found while it ran: enough to tell it from a later process with its pid. */
export interface ProcessRecord {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: the start time, in clock ticks since boot. */
  started: number;
  command: string;
}

export interface RowResult {
  name: string;
  start?: Check & { ms?: number };
  /** What the server said it is, and the protocol revision it and the extension agreed on. */
  server?: { name: string; version: string };
  protocolVersion?: string;
  processes?: number;
  /** The same after the recipe's call (a browser server has launched its browser by then). */
  processesAfterCall?: number;
  lists?: Check & { tools?: number; prompts?: number; resources?: number; templates?: number };
  call?: Check;
  /** A stdio server's lines on stdout that are no MCP message, from its start to the recipe's call (not a check). */
  stdout?: { dropped: number; first?: string };
  app?: Check & { violations?: string[]; errors?: string[] };
  /** How long the app's checks took, in ms. */
  appMs?: number;
  theme?: Check & { light?: number; dark?: number };
  update?: Check;
  /** Processes of the server still alive after Stop, and after a window reload (descriptions). */
  stop?: Check & { leftovers?: string[] };
  reload?: Check & { leftovers?: string[] };
}

export interface MatrixResults {
  /** The processes each server had when the window was reloaded (the second phase checks them). */
  beforeReload?: Record<string, ProcessRecord[]>;
  /** Set by the second phase, once the reload was checked. */
  finished?: boolean;
  /** How long each phase took inside VS Code, in ms. */
  timings: Record<string, number>;
  rows: Record<string, RowResult>;
}

export function readPlan(): MatrixPlan {
  const file = process.env.MCP_MATRIX_PLAN;
  if (!file) throw new Error('MCP_MATRIX_PLAN is not set: run the matrix with scripts/matrix/runMatrix.mjs (npm run test:matrix)');
  return JSON.parse(readFileSync(file, 'utf8')) as MatrixPlan;
}

export function readResults(plan: MatrixPlan): MatrixResults | undefined {
  try {
    return JSON.parse(readFileSync(plan.resultsFile, 'utf8')) as MatrixResults;
  } catch {
    return undefined;
  }
}

export function writeResults(plan: MatrixPlan, results: MatrixResults): void {
  writeFileSync(plan.resultsFile, JSON.stringify(results, null, 2));
}

/** The row's result, made on first use. */
export function rowResult(results: MatrixResults, name: string): RowResult {
  return (results.rows[name] ??= { name });
}

/** The first line of an error, for a table cell. */
export function reason(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 300);
}
