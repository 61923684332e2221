// The code-fence language for an embedded resource: from its MIME type, else from the file extension
// of its URI, else plain text. The names are VS Code's language ids (the Markdown preview uses them
// for highlighting).

const BY_MIME: Record<string, string> = {
  'application/json': 'json',
  'application/ld+json': 'json',
  'application/javascript': 'javascript',
  'text/javascript': 'javascript',
  'application/typescript': 'typescript',
  'text/typescript': 'typescript',
  'text/x-typescript': 'typescript',
  'text/html': 'html',
  'text/css': 'css',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'text/x-yaml': 'yaml',
  'application/toml': 'toml',
  'text/x-python': 'python',
  'text/x-script.python': 'python',
  'application/x-python': 'python',
  'application/x-sh': 'shellscript',
  'application/x-shellscript': 'shellscript',
  'text/x-shellscript': 'shellscript',
  'text/x-sh': 'shellscript',
  'text/x-c': 'c',
  'text/x-csrc': 'c',
  'text/x-c++': 'cpp',
  'text/x-c++src': 'cpp',
  'text/x-java': 'java',
  'text/x-java-source': 'java',
  'text/x-rust': 'rust',
  'text/rust': 'rust',
  'text/x-go': 'go',
  'text/x-ruby': 'ruby',
  'application/sql': 'sql',
  'text/x-sql': 'sql',
  'text/csv': 'csv',
  'text/x-diff': 'diff',
  'text/x-patch': 'diff',
  'application/graphql': 'graphql',
  'text/plain': '',
};

const BY_EXTENSION: Record<string, string> = {
  json: 'json', js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascriptreact',
  ts: 'typescript', tsx: 'typescriptreact', html: 'html', htm: 'html', css: 'css', md: 'markdown',
  xml: 'xml', yaml: 'yaml', yml: 'yaml', toml: 'toml', py: 'python', sh: 'shellscript', bash: 'shellscript',
  c: 'c', h: 'c', cpp: 'cpp', cc: 'cpp', hpp: 'cpp', java: 'java', rs: 'rust', go: 'go', rb: 'ruby',
  sql: 'sql', csv: 'csv', diff: 'diff', patch: 'diff', cs: 'csharp', php: 'php', swift: 'swift', kt: 'kotlin',
};

export function languageFor(mimeType: string | undefined, uri: string | undefined): string {
  const mime = mimeType?.split(';')[0]!.trim().toLowerCase();
  if (mime && mime !== 'text/plain' && mime !== 'application/octet-stream') {
    if (mime in BY_MIME) return BY_MIME[mime]!;
    if (mime.endsWith('+json')) return 'json';
    if (mime.endsWith('+xml')) return 'xml';
    if (mime.endsWith('+yaml')) return 'yaml';
  }
  const extension = /\.([a-z0-9]+)$/i.exec(uri?.replace(/[?#].*$/, '') ?? '')?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || '';
}
