// Large tool results in an `@mcp` request (issue 27, part 4). A result over the size limit
// (`mcpClient.chat.maxResultTokens`, about 25k tokens by default, as Claude Code's MAX_MCP_OUTPUT_TOKENS) is not
// sent whole to the model: it gets the start and a tool, `mcp_read_result`, to read the rest on demand, page by
// page. Images and audio over `mcpClient.chat.maxResultMediaKB` are held back the same way, by bytes. The user
// always sees the whole result: the answer says what was cut and offers "Open Whole Result".
import * as vscode from 'vscode';
import { SettingKeys } from '../common/settingKeys';

/** The tool the model reads the rest with. */
export const READ_RESULT_TOOL = 'mcp_read_result';
/** Characters per token, for the estimate (labelled "≈" wherever it is shown). */
export const CHARS_PER_TOKEN = 4;

type Part = vscode.LanguageModelTextPart;
interface MediaPart {
  data: Uint8Array;
  mimeType: string;
}

interface Held {
  /** Every text part of the result, joined: what the model reads page by page. */
  text: string;
  media: Part[];
}

export interface ResultLimits {
  tokens: number;
  mediaBytes: number;
}

export function readLimits(): ResultLimits {
  const config = vscode.workspace.getConfiguration();
  return { tokens: Math.max(1000, config.get<number>(SettingKeys.chatMaxResultTokens, 25_000)), mediaBytes: Math.max(1, config.get<number>(SettingKeys.chatMaxResultMediaKB, 1024)) * 1024 };
}

const isMedia = (part: unknown): part is MediaPart => !(part instanceof vscode.LanguageModelTextPart) && !!part && typeof part === 'object' && (part as MediaPart).data instanceof Uint8Array;

/** One request's held results: what the model did not get yet, by id. */
export class ResultPager {
  private readonly held = new Map<string, Held>();

  constructor(private readonly limits: ResultLimits) {}

  /** Whether a result was cut in this request (the model then gets the read tool). */
  get holdsAny(): boolean {
    return this.held.size > 0;
  }

  /** The read tool, as the model is offered it. */
  readTool(): vscode.LanguageModelChatTool {
    return {
      name: READ_RESULT_TOOL,
      description: 'Reads more of an MCP tool result that was too large to send whole: give the result id and the character offset to read from (as the cut result says). Returns the next page, or the held image or audio.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' }, offset: { type: 'integer', minimum: 0 } }, required: ['id'] },
    };
  }

  /**
   * The parts the model gets for one result: whole when under the limits; else the start of its text and the
   * media under the byte limit, with a note saying how to read the rest. `cut` says what was held back, for the user.
   */
  fit(parts: Part[]): { parts: Part[]; cut?: { tokens: number; mediaHeld: number } } {
    const budget = this.limits.tokens * CHARS_PER_TOKEN;
    const text = parts.filter((p) => p instanceof vscode.LanguageModelTextPart).map((p) => p.value).join('\n');
    const bigMedia = parts.filter((p) => isMedia(p) && p.data.byteLength > this.limits.mediaBytes);
    if (text.length <= budget && bigMedia.length === 0) return { parts };
    const id = `r${this.held.size + 1}`;
    this.held.set(id, { text, media: bigMedia });
    const out: Part[] = [];
    if (text.length > budget) {
      out.push(new vscode.LanguageModelTextPart(text.slice(0, budget)));
      out.push(new vscode.LanguageModelTextPart(`[Result cut: this is characters 0–${budget} of ${text.length} (≈${Math.round(text.length / CHARS_PER_TOKEN)} tokens). Call ${READ_RESULT_TOOL} with {"id":"${id}","offset":${budget}} to read on.]`));
    } else {
      out.push(...parts.filter((p) => p instanceof vscode.LanguageModelTextPart));
    }
    out.push(...parts.filter((p) => isMedia(p) && !bigMedia.includes(p)));
    bigMedia.forEach((p, i) => {
      const media = p as unknown as MediaPart;
      out.push(new vscode.LanguageModelTextPart(`[${media.mimeType} of ${Math.round(media.data.byteLength / 1024)} KB held back (over ${Math.round(this.limits.mediaBytes / 1024)} KB). Call ${READ_RESULT_TOOL} with {"id":"${id}","media":${i}} to receive it.]`));
    });
    return { parts: out, cut: { tokens: Math.round(text.length / CHARS_PER_TOKEN), mediaHeld: bigMedia.length } };
  }

  /** A call of the read tool: the next page of text, or a held medium. */
  read(input: unknown): Part[] {
    const { id, offset, media } = (input ?? {}) as { id?: unknown; offset?: unknown; media?: unknown };
    const held = typeof id === 'string' ? this.held.get(id) : undefined;
    if (!held) return [new vscode.LanguageModelTextPart(`There is no held result '${String(id)}'. Ids are given in the cut results of this request.`)];
    if (typeof media === 'number') return held.media[media] ? [held.media[media]] : [new vscode.LanguageModelTextPart(`Result '${id}' has no held medium ${media}.`)];
    const budget = this.limits.tokens * CHARS_PER_TOKEN;
    const from = typeof offset === 'number' && offset >= 0 ? Math.floor(offset) : 0;
    const to = Math.min(held.text.length, from + budget);
    const page = held.text.slice(from, to);
    const more = to < held.text.length ? `[Characters ${from}–${to} of ${held.text.length}. Call ${READ_RESULT_TOOL} with {"id":"${id}","offset":${to}} to read on.]` : `[Characters ${from}–${to} of ${held.text.length}: the end of the result.]`;
    return [new vscode.LanguageModelTextPart(page), new vscode.LanguageModelTextPart(more)];
  }
}
