// The Skills view: each running server that offers skills (the io.modelcontextprotocol/skills
// extension), its skills as the server lists them, and a skill's files once it is expanded. Listing
// reads no file; expanding a skill loads it (SKILL.md checked against the entry, then the other files,
// each checked) and a file that fails a check shows as refused, with the reason, and never opens.
import * as vscode from 'vscode';
import { CommandIds } from '../common/commandIds';
import { describeError } from '../mcp/errors';
import type { SessionManager } from '../mcp/sessionManager';
import { SessionState } from '../mcp/sessionState';
import { MAX_UNVERIFIED_SKILL_CHARS, skillName, type LoadedSkill, type Skill, type SkillFile } from '../mcp/skills/serverSkills';
import { shownTooltip, ShownTreeItem } from '../common/shownUi';
import { l10n } from '../common/shownL10n';
import { fullText, shownLine, TextCaps, truncateVisibly, shownText } from '../common/serverText';
import { md, mdText } from '../common/shownMarkdown';

export type SkillsNode =
  | { kind: 'server'; id: string; server: string }
  | { kind: 'skill'; id: string; server: string; skill: Skill }
  | { kind: 'file'; id: string; server: string; skill: Skill; uri: string; text?: string; refused?: string; manifest?: boolean; verified?: boolean }
  | { kind: 'problem'; id: string; server: string; message: string };

export class SkillsTreeProvider implements vscode.TreeDataProvider<SkillsNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<SkillsNode | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly nodes = new Map<string, SkillsNode>();
  private readonly listings = new Map<string, Promise<SkillsNode[]>>();
  private readonly loaded = new Map<string, Promise<SkillsNode[]>>();
  private readonly listener: vscode.Disposable;
  private running = '';

  constructor(private readonly sessions: SessionManager) {
    // A server started or stopped: its skills may have changed (and a new connection reads them anew).
    this.listener = sessions.onDidChange(() => {
      const running = this.runningServers().join('\n');
      if (running !== this.running) this.refresh();
      this.running = running;
    });
  }

  private runningServers(): string[] {
    return this.sessions.entries().filter((e) => e.session && SessionState.isRunning(e.session.state)).map((e) => e.name);
  }

  refresh(): void {
    this.listings.clear();
    this.loaded.clear();
    this.changeEmitter.fire(undefined);
  }

  node(id: string): SkillsNode | undefined {
    return this.nodes.get(id);
  }

  /** A loaded skill's files (loading it if needed), for @mcp. */
  async loadedFiles(server: string, skill: Skill): Promise<SkillsNode[]> {
    return this.getChildren(this.remember({ kind: 'skill', id: `skill/${server}/${skill.uri}`, server, skill }));
  }

  async getChildren(node?: SkillsNode): Promise<SkillsNode[]> {
    if (!node) {
      const running = this.sessions.entries().filter((e) => e.session && SessionState.isRunning(e.session.state));
      const offering = running.filter((e) => e.session!.withClientSync((c) => c.getServerCapabilities()?.extensions?.['io.modelcontextprotocol/skills'] !== undefined));
      return offering.map((e) => this.remember({ kind: 'server', id: `server/${e.name}`, server: e.name }));
    }
    if (node.kind === 'server') return this.cached(this.listings, node.id, () => this.list(node.server));
    if (node.kind === 'skill') return this.cached(this.loaded, node.id, () => this.load(node.server, node.skill));
    return [];
  }

  private cached(cache: Map<string, Promise<SkillsNode[]>>, id: string, make: () => Promise<SkillsNode[]>): Promise<SkillsNode[]> {
    let entry = cache.get(id);
    if (!entry) cache.set(id, (entry = make()));
    return entry;
  }

  private async list(server: string): Promise<SkillsNode[]> {
    const session = this.sessions.get(server);
    if (!session) return [];
    try {
      const { skills, invalid } = await session.listSkills();
      const nodes: SkillsNode[] = skills.map((skill) => this.remember({ kind: 'skill', id: `skill/${server}/${skill.uri}`, server, skill }));
      for (const problem of invalid) nodes.push(this.remember({ kind: 'problem', id: `problem/${server}/${problem}`, server, message: vscode.l10n.t('Invalid entry: {0}', problem) }));
      return nodes;
    } catch (error) {
      return [this.remember({ kind: 'problem', id: `problem/${server}/list`, server, message: describeError(error) })];
    }
  }

  private async load(server: string, skill: Skill): Promise<SkillsNode[]> {
    const session = this.sessions.get(server);
    if (!session) return [];
    let loaded: LoadedSkill;
    try {
      loaded = await session.loadSkill(skill);
    } catch (error) {
      const message = ((error as { reason?: string }).reason ?? describeError(error)).replace(/^.*?failed: /, '');
      return [this.remember({ kind: 'problem', id: `problem/${server}/${skill.uri}`, server, message })];
    }
    const base = `file/${server}/${skill.uri}`;
    return [
      this.remember({ kind: 'file', id: `${base}/SKILL.md`, server, skill, uri: skill.uri, text: shownFile(loaded.manifest), manifest: true, verified: loaded.manifest.verified }),
      ...loaded.files.map((f) =>
        this.remember(
          f.file
            ? { kind: 'file', id: `${base}/${f.uri}`, server, skill, uri: f.uri, text: shownFile(f.file), verified: f.file.verified }
            : { kind: 'file', id: `${base}/${f.uri}`, server, skill, uri: f.uri, refused: f.refused },
        ),
      ),
    ];
  }

  private remember<N extends SkillsNode>(node: N): N {
    this.nodes.set(node.id, node);
    return node;
  }

  getTreeItem(node: SkillsNode): vscode.TreeItem {
    const collapsed = vscode.TreeItemCollapsibleState.Collapsed;
    if (node.kind === 'server') {
      const item = new ShownTreeItem(shownLine(node.server), vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('server');
      item.contextValue = 'mcpSkillServer';
      return item;
    }
    if (node.kind === 'problem') {
      // The row says why, whole enough to read (a refused SKILL.md names the field that differs).
      const item = new ShownTreeItem(shownLine(node.message, TextCaps.description), vscode.TreeItemCollapsibleState.None);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
      item.tooltip = shownText(node.message, TextCaps.description);
      item.contextValue = 'mcpSkillProblem';
      return item;
    }
    if (node.kind === 'skill') {
      const item = new ShownTreeItem(shownLine(skillName(node.skill)), collapsed);
      item.id = node.id;
      const description = typeof node.skill.frontmatter?.description === 'string' ? node.skill.frontmatter.description : '';
      item.description = shownLine(description, TextCaps.rowDescription);
      item.iconPath = new vscode.ThemeIcon('book');
      item.tooltip = shownTooltip(
        md`**${mdText(skillName(node.skill), TextCaps.name)}** · ${mdText(node.server, TextCaps.name)}\n\n${mdText(description)}\n\n${mdText(vscode.l10n.t('Expand to load the skill: its files are read and checked against the entry only then.'))}`,
      );
      item.contextValue = 'mcpSkill';
      return item;
    }
    const name = node.manifest ? 'SKILL.md' : node.uri.slice(node.skill.uri.replace(/SKILL\.md$/i, '').length) || node.uri;
    const item = new ShownTreeItem(shownLine(name), vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    if (node.refused) {
      item.description = l10n.t('refused');
      item.iconPath = new vscode.ThemeIcon('shield', new vscode.ThemeColor('errorForeground'));
      item.tooltip = shownText(node.refused, TextCaps.description);
      item.contextValue = 'mcpSkillFileRefused';
      return item;
    }
    if (node.verified === false) {
      // A "dynamic" skill: its entry lists no size or digest, so nothing vouches for these bytes.
      item.description = l10n.t('not verified');
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.tooltip = l10n.t('{0}\n\nNot verified: this is a "dynamic" skill, whose entry lists no size or digest for its files. Shown as the server served it, up to {1} characters.', shownLine(node.uri, TextCaps.description), l10n.count(MAX_UNVERIFIED_SKILL_CHARS));
      item.contextValue = 'mcpSkillFileUnverified';
    } else {
      item.description = l10n.t('verified');
      item.iconPath = new vscode.ThemeIcon('file');
      item.tooltip = shownLine(node.uri, TextCaps.description);
      item.contextValue = 'mcpSkillFile';
    }
    item.command = { command: CommandIds.openSkillFile, title: vscode.l10n.t('Open Skill File'), arguments: [node.id] };
    return item;
  }

  dispose(): void {
    this.listener.dispose();
    this.changeEmitter.dispose();
  }
}

/**
 * A skill file's text as the document shows it: invisible characters written out; an unverified file
 * (a "dynamic" skill) cut at MAX_UNVERIFIED_SKILL_CHARS with the cut said.
 */
export function shownFile(file: SkillFile): string {
  const text = fullText(file.text ?? new TextDecoder().decode(file.bytes));
  return file.verified ? text : truncateVisibly(text, MAX_UNVERIFIED_SKILL_CHARS);
}
