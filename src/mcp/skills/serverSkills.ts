// A server's skills (the io.modelcontextprotocol/skills extension, SEP-2640) on one connection, through
// the SDK's SkillsClient, which owns the wire and the checks. What is ours is the loading policy the
// extension leaves to the host: listing fetches no file; loading a skill reads its SKILL.md first
// (size, digest and frontmatter field by field against the entry), and only if that passed reads the
// skill's other listed files, each checked the same way. A file that fails is refused, never shown.
import { SkillsClient, SkillVerificationError } from '@modelcontextprotocol/client/ext/skills';
import type { Skill, SkillFile } from '@modelcontextprotocol/client/ext/skills';
import type { Client, RequestOptions } from '@modelcontextprotocol/client';

export type { Skill, SkillFile };

/** One file of a loaded skill: its checked content, or why it was refused. */
export type LoadedSkillFile = { uri: string; file: SkillFile; refused?: undefined } | { uri: string; file?: undefined; refused: string };

export interface LoadedSkill {
  skill: Skill;
  /** The checked SKILL.md (frontmatter and body). */
  manifest: SkillFile;
  /** The skill's other listed files, in the entry's order ("dynamic" skills list none). */
  files: LoadedSkillFile[];
}

/**
 * The most of an unverified file ("dynamic" skills: no size or digest in the entry) that is shown or
 * given to a model; a verified file is bounded by the size its entry declares.
 */
export const MAX_UNVERIFIED_SKILL_CHARS = 100_000;

/** Why a skill could not be loaded: its SKILL.md failed a check (nothing else was read) or could not be read. */
export class SkillLoadError extends Error {
  constructor(
    message: string,
    readonly uri: string,
    /** 'size' | 'digest' | 'frontmatter' | 'unlisted' when a check failed; undefined for a read that failed. */
    readonly reason: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SkillLoadError';
  }
}

/** The skill's name, as its entry gives it (the frontmatter's `name`), else the last folder of its URI. */
export function skillName(skill: Skill): string {
  const name = skill.frontmatter?.name;
  return typeof name === 'string' && name ? name : skill.uri.replace(/\/SKILL\.md$/i, '').split('/').pop() ?? skill.uri;
}

/** Says what a failed check means for the person looking at it. */
export function describeSkillFailure(error: unknown): string {
  if (error instanceof SkillVerificationError) {
    const what = {
      size: "its size does not match the skill's entry",
      digest: "its digest does not match the skill's entry",
      frontmatter: "its frontmatter does not match the skill's entry",
      unlisted: "the skill's entry does not list it",
    }[error.reason];
    const details = error.differences.some((d) => !error.message.includes(d)) ? ` (${error.differences.join('; ')})` : '';
    return `${error.uri} was refused: ${what}. ${error.message}${details}`;
  }
  return (error as Error)?.message ?? String(error);
}

export class ServerSkills {
  private readonly skills: SkillsClient;

  constructor(client: Client) {
    this.skills = new SkillsClient(client, { skipInvalid: true });
  }

  /** The server declared the skills extension. */
  get supported(): boolean {
    return this.skills.supported;
  }

  /** Every skill the server lists (all pages); no file is read. Invalid entries are dropped and reported. */
  async list(options?: RequestOptions): Promise<{ skills: Skill[]; invalid: string[] }> {
    if (!this.supported) return { skills: [], invalid: [] };
    const listing = await this.skills.list(undefined, options);
    return { skills: listing.skills, invalid: listing.invalid.map((i) => `${i.uri ?? `entry ${i.index}`}: ${i.reason}`) };
  }

  /**
   * Loads a skill: SKILL.md, checked, then (only then) its other listed files, each checked. Throws
   * SkillLoadError when SKILL.md fails; a later file that fails is kept as refused, with the reason.
   */
  async load(skill: Skill, options?: RequestOptions): Promise<LoadedSkill> {
    let manifest: SkillFile;
    try {
      manifest = await this.skills.read(skill, 'SKILL.md', { ...options, cacheMode: 'bypass' });
    } catch (error) {
      const reason = error instanceof SkillVerificationError ? error.reason : undefined;
      throw new SkillLoadError(`The skill '${skillName(skill)}' was not loaded: ${describeSkillFailure(error)}`, skill.uri, reason, { cause: error });
    }
    const files: LoadedSkillFile[] = [];
    const listed = Array.isArray(skill.resources) ? skill.resources.filter((r) => r.uri !== skill.uri) : [];
    for (const entry of listed) {
      try {
        files.push({ uri: entry.uri, file: await this.skills.read(skill, entry.uri, { ...options, cacheMode: 'bypass' }) });
      } catch (error) {
        files.push({ uri: entry.uri, refused: describeSkillFailure(error) });
      }
    }
    return { skill, manifest, files };
  }
}
