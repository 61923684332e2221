// Skills in the real extension host, against the skills fixture (test/fixtures/servers/skillsFixture.ts, the
// SDK v2 McpServer with its SkillsExtension): the Skills view lists a server's skills without reading a
// file; expanding a skill loads it, each file checked against the entry; a file whose digest does not
// match is refused with the reason, and a SKILL.md whose frontmatter differs stops the skill from loading.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandIds } from '../../../src/common/commandIds';
import { until } from '../../shared/until';
import { callTool, chatResponses, hooks, hostSuite } from '../helpers';
import { testModel } from '../testModel';

interface Row {
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  contextValue?: string;
  icon?: string;
  command?: string;
}

const rows = async (children?: string) => (await vscode.commands.executeCommand<Row[]>(hooks.skillsTree, children === undefined ? {} : { children })) ?? [];
const reads = async () => JSON.parse(/## Result\n\n(.*)\n/.exec((await callTool('skills', 'skill_reads', {})).markdown ?? '')?.[1] ?? 'null') as string[];

describe('Skills', () => {
  hostSuite({ server: 'skills', tools: ['skill_reads'] });
  let skills: Row[];

  it('lists the server and its skills, and reads no file to do so', async () => {
    const server = await until('the skills server in the Skills view', async () => (await rows()).find((r) => r.label === 'skills'), 20_000);
    skills = await rows(server.id);
    assert.deepEqual(skills.map((s) => [s.label, s.description, s.contextValue]), [
      ['pdf-forms', 'Fill and check PDF forms', 'mcpSkill'],
      ['tampered', 'One of its files was changed', 'mcpSkill'],
      ['impostor', 'Says what it is', 'mcpSkill'],
      ['dynamic-notes', 'Built on request', 'mcpSkill'],
    ]);
    assert.deepEqual(await reads(), [], 'no skill file was read before a skill was loaded');
  });

  it('loads a skill when it is expanded: every file verified, and a file opens as read-only source', async () => {
    const files = await rows(skills.find((s) => s.label === 'pdf-forms')!.id);
    assert.deepEqual(files.map((f) => [f.label, f.description, f.contextValue]), [
      ['SKILL.md', 'verified', 'mcpSkillFile'],
      ['references/FORMS.md', 'verified', 'mcpSkillFile'],
    ]);
    assert.deepEqual(await reads(), ['skill://pdf-forms/SKILL.md', 'skill://pdf-forms/references/FORMS.md']);
    const uri = await vscode.commands.executeCommand<string>(CommandIds.openSkillFile, files[1]!.id);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.equal(document?.getText(), '# Forms\n\nEvery field has a name and a type.\n');
  });

  it('refuses a file whose digest does not match its entry, saying so', async () => {
    const files = await rows(skills.find((s) => s.label === 'tampered')!.id);
    assert.deepEqual(files.map((f) => [f.label, f.description, f.contextValue]), [
      ['SKILL.md', 'verified', 'mcpSkillFile'],
      ['references/DATA.md', 'refused', 'mcpSkillFileRefused'],
    ]);
    assert.match(files[1]!.tooltip ?? '', /skill:\/\/tampered\/references\/DATA\.md was refused: its digest does not match the skill's entry/);
    assert.equal(files[1]!.command, undefined, 'a refused file cannot be opened');
  });

  it('does not load a skill whose SKILL.md frontmatter differs from its entry, and reads nothing else of it', async () => {
    const before = (await reads()).length;
    const [problem, ...rest] = await rows(skills.find((s) => s.label === 'impostor')!.id);
    assert.deepEqual(rest, []);
    assert.equal(problem?.icon, 'error');
    assert.match(problem?.label ?? '', /The skill 'impostor' was not loaded: .*its frontmatter does not match.*description: the entry has "Says what it is", SKILL\.md has "Says something else"/);
    assert.deepEqual((await reads()).slice(before), ['skill://impostor/SKILL.md']);
  });

  it('@mcp /skill attaches the skill’s checked files to the question, and leaves out a refused one, saying so', async () => {
    const model = await testModel();
    const sent = model.requests.length;
    await vscode.commands.executeCommand('workbench.action.chat.open', {
      query: '@mcp /skill skills skill://tampered/SKILL.md what is in it?',
      modelSelector: { vendor: 'mcp-test' },
      blockOnResponse: true,
    });
    const texts = model.requests.slice(sent)[0]?.messages.flatMap((m) => m.parts.map((p) => p.text ?? '')) ?? [];
    assert.ok(texts.some((t) => t.includes('Skill file skill://tampered/SKILL.md') && t.includes('# Tampered')), JSON.stringify(texts));
    assert.ok(!texts.some((t) => t.includes('TAMPERED bytes')), 'the refused file never reaches the model');
    assert.equal(texts.at(-1), 'what is in it?');
    const response = await until('the /skill answer to be recorded', async () => (await chatResponses()).find((r) => r.command === 'skill' && r.markdown.length > 0), 10_000);
    assert.match(response.markdown.join('').replace(/\\/g, ''), /Left out \(failed their check\): skill:\/\/tampered\/references\/DATA\.md/);
  });

  it('shows a "dynamic" skill’s SKILL.md as not verified, its hidden characters written out, cut visibly', async () => {
    const files = await rows(skills.find((s) => s.label === 'dynamic-notes')!.id);
    assert.deepEqual(files.map((f) => [f.label, f.description, f.contextValue, f.icon]), [['SKILL.md', 'not verified', 'mcpSkillFileUnverified', 'warning']]);
    assert.match(files[0]!.tooltip ?? '', /Not verified: this is a "dynamic" skill/);
    const uri = await vscode.commands.executeCommand<string>(CommandIds.openSkillFile, files[0]!.id);
    const text = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.getText() ?? '';
    assert.match(text, /Visible\\u\{E0049\}\\u\{E0067\}\\u\{E006E\} text\./);
    assert.ok(!/[\u{E0000}-\u{E007F}]/u.test(text), 'no tag character is left hidden');
    assert.match(text, /… \([\d,]+ more characters\)$/);
    assert.ok(text.length < 100_100, `${text.length} characters shown`);
    assert.ok(!text.includes('THE END'));
  });
});
