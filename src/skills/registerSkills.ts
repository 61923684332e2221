// Wires skills into the extension: the Skills view (servers → skills → files, loaded on expand), Open
// Skill File (a checked file as read-only source: server text, never rendered), Refresh Skills, and Ask
// about This Skill, which types `@mcp /skill <server> <skill>` into the chat.
import * as vscode from 'vscode';
import { quoteIfNeeded } from '../common/chatInvocation';
import { CommandIds, VscodeCommandIds } from '../common/commandIds';
import { ResultDocuments } from '../common/resultDocuments';
import { ViewIds } from '../common/viewIds';
import type { SessionManager } from '../mcp/sessionManager';
import { SkillsTreeProvider } from './skillsTree';

export interface SkillsFeature {
  tree: SkillsTreeProvider;
  disposables: vscode.Disposable[];
}

export function registerSkills(sessions: SessionManager): SkillsFeature {
  const tree = new SkillsTreeProvider(sessions);
  const documents = new ResultDocuments({
    scheme: 'mcp-client-skill',
    readonlyNotice: vscode.l10n.t('A skill file as its server served it (checked against the skill entry).'),
    expired: vscode.l10n.t('only recent skill files are kept. Open the file from the Skills view again.'),
  });
  return {
    tree,
    disposables: [
      tree,
      documents,
      vscode.window.registerTreeDataProvider(ViewIds.skills, tree),
      vscode.commands.registerCommand(CommandIds.refreshSkills, () => tree.refresh()),
      vscode.commands.registerCommand(CommandIds.openSkillFile, async (id?: string) => {
        const node = id ? tree.node(id) : undefined;
        if (node?.kind !== 'file' || node.text === undefined) return undefined;
        const name = node.uri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
        return (await documents.show(node.text, node.server, name.replace(/\.md$/i, ''), { preview: false })).toString();
      }),
      vscode.commands.registerCommand(CommandIds.askAboutSkill, async (node?: { server: string; skill: { uri: string } }) => {
        if (!node) return;
        const query = `@mcp /skill ${quoteIfNeeded(node.server)} ${quoteIfNeeded(node.skill.uri)} `;
        await vscode.commands.executeCommand(VscodeCommandIds.openChat, { query, isPartialQuery: true });
      }),
    ],
  };
}
